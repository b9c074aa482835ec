import { formatAcn, preview, validate } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import {
  COMPANY_KIT_KINDS,
  COMPANY_KIT_TEMPLATES,
  companyKindOf,
  companyKitAnswers,
  companyKitKindRefusal,
  companyKitRefusal,
  companyNameOf,
  legalElementAsWritten,
} from "./company-kit.ts";

const library = createTemplateLibrary();
const registrationSample = () =>
  structuredClone(library.starter("company-registration")?.sampleAnswers ?? {}) as Record<string, unknown>;
const ACN = "123456780";
const facts = (answers: Record<string, unknown>) => ({
  answers,
  acn: ACN,
  registrationDate: "2025-09-19",
  kitDate: "22/09/2025",
});
/** The assembled text without its markup (and with typographic spaces as plain ones). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/\s+/g, " ");

describe("companyKitAnswers", () => {
  it("answers every required question of each kit template from the registration sample", () => {
    const kit = companyKitAnswers(facts(registrationSample()));
    for (const identifier of COMPANY_KIT_TEMPLATES) {
      const template = library.starter(identifier);
      if (!template) throw new Error(`no template ${identifier}`);
      expect({ identifier, issues: validate(template.definition, kit[identifier] as never) }).toEqual({
        identifier,
        issues: [],
      });
      // The same top-level answers as the template's own sample: nothing the interview does not ask.
      const asked = new Set(template.definition.questions.map((q) => q.id));
      for (const key of Object.keys(kit[identifier])) expect(asked, `${identifier}.${key}`).toContain(key);
    }
  });

  it("puts the ACN, the name and the members in the assembled documents", () => {
    const answers = registrationSample();
    answers.rules = "replaceable";
    const kit = companyKitAnswers(facts(answers));
    for (const identifier of COMPANY_KIT_TEMPLATES) {
      const template = library.starter(identifier);
      if (!template) throw new Error(`no template ${identifier}`);
      const text = textOf(preview(template, kit[identifier] as never));
      // The consents are given before lodgement, so before the ACN exists (s201D, s117(2)(c)).
      if (identifier === "director-consent") expect(text).not.toContain(formatAcn(ACN));
      else expect(text, identifier).toContain(`ACN ${formatAcn(ACN)}`);
      expect(text, identifier).toMatch(/Harbourline Analytics/i);
    }
    const registers = textOf(
      preview(
        library.starter("share-certificates-registers") as never,
        kit["share-certificates-registers"] as never,
      ),
    );
    expect(registers).toContain("Amelia Rose Tran");
    expect(registers).toContain("Daniel Okafor");
  });

  it("records a constitution adopted on registration as the members consented to it (proposed)", () => {
    const kit = companyKitAnswers(facts(registrationSample()));
    expect(kit["company-constitution"]).toMatchObject({
      adoption_on_registration: "Yes",
      adoption_date: "15/09/2025",
    });
    expect(kit["company-constitution"]).not.toHaveProperty("company_acn");
    const text = textOf(
      preview(library.starter("company-constitution") as never, kit["company-constitution"] as never),
    );
    expect(text).toContain("(proposed)");
    expect(kit["first-directors-minutes"]).toMatchObject({ governance: "constitution" });
  });

  it("maps a sole director using the ACN as the name, with a separate secretary", () => {
    const answers = registrationSample();
    answers.name_choice = "acn";
    answers.rules = "replaceable";
    answers.business_same = "Yes";
    const officers = answers.officers as Record<string, unknown>[];
    (officers[0] as Record<string, unknown>).office = "director";
    (officers[1] as Record<string, unknown>).office = "secretary";
    const kit = companyKitAnswers(facts(answers));
    expect(kit["first-directors-minutes"]).toMatchObject({
      company: { name: "123 456 780", director_type: "sole", sole_director_name: "Amelia Rose Tran" },
      principal_same: "Yes",
      has_secretary: "Yes",
      secretary_name: "Daniel Okafor",
    });
    expect(kit["share-certificates-registers"]).toMatchObject({
      signing_method: "director_secretary",
      first_signer: "Amelia Rose Tran",
      second_signer: "Daniel Okafor",
    });
    // The secretary gives no Director ID.
    const consent = kit["director-consent"].officers as Record<string, unknown>[];
    expect(consent[1]).not.toHaveProperty("director_id");
    for (const identifier of COMPANY_KIT_TEMPLATES) {
      const template = library.starter(identifier);
      if (!template) throw new Error(`no template ${identifier}`);
      expect(validate(template.definition, kit[identifier] as never), identifier).toEqual([]);
    }
  });

  it("refuses a company the kit's templates are not written for, naming its type", () => {
    expect(companyKitKindRefusal(companyKindOf(registrationSample()))).toBeUndefined();
    expect(companyKitKindRefusal("pub_shares")).toBe(
      "The company kit is written for a proprietary company limited by shares only; this registration is for a public company limited by shares, so no kit can be made for it.",
    );
    expect(companyKitKindRefusal("pty_unlimited")).toMatch(
      /for a proprietary unlimited company with share capital,/,
    );
    expect(companyKitKindRefusal(companyKindOf({ company_kind: "" }))).toMatch(
      /for another type of company,/,
    );
    expect(companyKitRefusal({ ...registrationSample(), members: [] })).toMatch(/member/);
  });

  it("offers the kit for every type the registration asks about that its templates suit, and no other", () => {
    const question = library
      .starter("company-registration")
      ?.definition.questions.find((q) => q.id === "company_kind");
    const kinds = question?.type === "select" ? question.options.map((o) => o.value) : [];
    expect(kinds).toContain("pty_shares");
    for (const kind of COMPANY_KIT_KINDS) expect(kinds).toContain(kind);
    for (const kind of kinds) {
      expect(companyKitKindRefusal(kind) === undefined, kind).toBe(COMPANY_KIT_KINDS.includes(kind));
      // Each other type is named in the refusal, not "another type".
      expect(companyKitKindRefusal(kind) ?? "", kind).not.toContain("another type");
    }
  });
});

describe("legalElementAsWritten", () => {
  it.each([
    ["PTY LTD", "Pty Ltd"],
    ["PTY. LTD.", "Pty. Ltd."],
    ["PTY LTD.", "Pty Ltd."],
    ["PTY. LIMITED", "Pty. Limited"],
    ["PROPRIETARY LIMITED", "Proprietary Limited"],
    ["PROPRIETARY LTD.", "Proprietary Ltd."],
    ["LIMITED", "Limited"],
    ["LTD", "Ltd"],
    ["NO LIABILITY", "No Liability"],
    ["NL", "NL"],
  ])("%s is written %s", (element, written) => {
    expect(legalElementAsWritten(element)).toBe(written);
  });
});

describe("companyNameOf", () => {
  it("names the company with its legal element as written, for the kit's document names", () => {
    const answers = { name_choice: "name", proposed_name: "Chen Investments", legal_element: "PTY LTD" };
    expect(companyNameOf(answers, ACN)).toBe("Chen Investments Pty Ltd");
    expect(companyNameOf({ ...answers, legal_element: "PTY. LTD." }, ACN)).toBe("Chen Investments Pty. Ltd.");
    expect(companyNameOf({ ...answers, name_choice: "acn" }, ACN)).toBe("123 456 780 Pty Ltd");
  });
});
