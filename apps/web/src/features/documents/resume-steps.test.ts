import { describe, expect, it } from "vitest";
import { resumePlanOf } from "./resume-steps";

describe("resumePlanOf: the start wizard reopened on an existing registration", () => {
  it("'only-consent' at the consent: the name step done, the consent and Director ID to go", () => {
    expect(resumePlanOf("only-consent", "consent")).toEqual({
      keys: ["name", "consent", "director-id"],
      start: 1,
      recorded: ["consent", "director-id"],
    });
  });

  it("'only-consent' at step 0 (no template name): every step from the name", () => {
    expect(resumePlanOf("only-consent", "name")).toEqual({
      keys: ["name", "consent", "director-id"],
      start: 0,
      recorded: ["consent", "director-id"],
    });
  });

  it("'2' at the name check, its only ASIC step", () => {
    expect(resumePlanOf("2", "name-check")).toEqual({
      keys: ["name", "name-check"],
      start: 1,
      recorded: ["name-check"],
    });
  });

  it("'both' at the consent once its name is applied: the name check is not asked again", () => {
    expect(resumePlanOf("both", "consent")?.recorded).toEqual(["consent", "director-id"]);
    expect(resumePlanOf("both", "name-check")?.recorded).toEqual(["name-check", "consent", "director-id"]);
  });

  it("nothing when the server names no step, a step the mode does not run, or a mode without steps", () => {
    expect(resumePlanOf("both", null)).toBeNull();
    expect(resumePlanOf("2", "consent")).toBeNull();
    expect(resumePlanOf("1", "name")).toBeNull();
    expect(resumePlanOf(null, "consent")).toBeNull();
  });
});

describe("resumePlanOf: the acknowledgement, last", () => {
  const TEXT = "I/we acknowledge the terms.";

  it("ends the steps when the server still asks for one, after Director ID", () => {
    expect(resumePlanOf("only-consent", "consent", TEXT)).toEqual({
      keys: ["name", "consent", "director-id", "acknowledgement"],
      start: 1,
      recorded: ["consent", "director-id"],
    });
  });

  it("reopens at it alone once the steps before it are recorded, in any mode", () => {
    expect(resumePlanOf("both", "acknowledgement", TEXT)).toEqual({
      keys: ["name", "name-check", "consent", "director-id", "acknowledgement"],
      start: 4,
      recorded: [],
    });
    expect(resumePlanOf("1", "acknowledgement", TEXT)).toEqual({
      keys: ["name", "acknowledgement"],
      start: 1,
      recorded: [],
    });
  });

  it("is not a step without a text to accept", () => {
    expect(resumePlanOf("both", "acknowledgement", null)).toBeNull();
    expect(resumePlanOf("only-consent", "consent", null)?.keys).toEqual(["name", "consent", "director-id"]);
  });
});
