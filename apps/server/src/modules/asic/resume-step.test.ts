import { describe, expect, it } from "vitest";
import { registrationResumeStep } from "./policy.ts";

const base = {
  mayInterview: true,
  nameApplied: false,
  preConsent: false,
  acknowledgementPending: false,
  documentName: "Numbat Flat registration",
  templateName: "Company Registration",
};

describe("registrationResumeStep (documents spec §4's modes)", () => {
  it("'only-consent': the consent with a name and a template name, the name step without either", () => {
    expect(registrationResumeStep({ ...base, mode: "only-consent" })).toBe("consent");
    expect(registrationResumeStep({ ...base, mode: "only-consent", templateName: null })).toBe("name");
    expect(registrationResumeStep({ ...base, mode: "only-consent", templateName: "  " })).toBe("name");
    expect(registrationResumeStep({ ...base, mode: "only-consent", documentName: " " })).toBe("name");
    // The name applied or not, the consents are what this mode asks.
    expect(registrationResumeStep({ ...base, mode: "only-consent", nameApplied: true })).toBe("consent");
  });

  it("'2': the name check until a name is applied, then nothing", () => {
    expect(registrationResumeStep({ ...base, mode: "2" })).toBe("name-check");
    expect(registrationResumeStep({ ...base, mode: "2", nameApplied: true })).toBeNull();
  });

  it("'both': the name check, then the consent, then nothing", () => {
    expect(registrationResumeStep({ ...base, mode: "both" })).toBe("name-check");
    expect(registrationResumeStep({ ...base, mode: "both", nameApplied: true })).toBe("consent");
    expect(registrationResumeStep({ ...base, mode: "both", nameApplied: true, preConsent: true })).toBeNull();
  });

  it("nothing once the consents are recorded, for '1', for no mode, or for a reader who may not interview", () => {
    expect(registrationResumeStep({ ...base, mode: "only-consent", preConsent: true })).toBeNull();
    expect(registrationResumeStep({ ...base, mode: "1" })).toBeNull();
    expect(registrationResumeStep({ ...base, mode: null })).toBeNull();
    expect(registrationResumeStep({ ...base, mode: "both", mayInterview: false })).toBeNull();
  });

  it("the acknowledgement last, once the steps before it are recorded, while the template's is not accepted", () => {
    const pending = { ...base, acknowledgementPending: true };
    // The steps before it come first.
    expect(registrationResumeStep({ ...pending, mode: "both" })).toBe("name-check");
    expect(registrationResumeStep({ ...pending, mode: "only-consent" })).toBe("consent");
    // Then it: in every mode, '1' included (its wizard ends with it as the start wizard's does).
    expect(registrationResumeStep({ ...pending, mode: "both", nameApplied: true, preConsent: true })).toBe(
      "acknowledgement",
    );
    expect(registrationResumeStep({ ...pending, mode: "2", nameApplied: true })).toBe("acknowledgement");
    expect(registrationResumeStep({ ...pending, mode: "1" })).toBe("acknowledgement");
    // Not for a template without a mode, nor for a reader who may not interview.
    expect(registrationResumeStep({ ...pending, mode: null })).toBeNull();
    expect(registrationResumeStep({ ...pending, mode: "1", mayInterview: false })).toBeNull();
  });
});
