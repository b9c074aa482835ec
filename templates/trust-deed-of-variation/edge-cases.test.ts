/**
 * The deed of variation's preconditions (PRECONDITIONS.md), each row tested: a deed dated on or
 * after the trust deed it varies; the limits of the power confirmed; a consenting party only where
 * the power needs one; each kind of variation; the resettlement guidance in the interview, not in
 * the deed.
 */
import { describe, expect, it } from "vitest";
import { assembles, load, refusal, text } from "../edge-cases.ts";

const SLUG = "trust-deed-of-variation";

describe("dates", () => {
  it("refuses a deed of variation dated before the trust deed", () => {
    expect(
      refusal(SLUG, (answers) => {
        answers.deed_date = "30/06/2015";
      }),
    ).toEqual([
      {
        path: "deed_date",
        message:
          "This deed cannot be dated before the trust deed it varies: check the date of this deed and the date of the trust deed.",
      },
    ]);
  });
  it("accepts one dated on the trust deed's date", () => {
    expect(
      assembles(SLUG, (answers) => {
        answers.deed_date = "01/07/2015";
      }),
    ).toBe(true);
  });
});

describe("the power and its limits", () => {
  it("will not assemble until the limits are confirmed", () => {
    const issues = refusal(SLUG, (answers) => {
      delete answers.limits_confirmed;
    });
    expect(issues.map((issue) => issue.path)).toContain("limits_confirmed");
  });
  it("names a consenting party only where the power needs one", () => {
    const without = text(SLUG, (answers) => {
      answers.consent_needed = "No";
      delete answers.consenting;
      delete answers.consenting_role;
    });
    expect(without).not.toContain("Consenting Party");
  });
  for (const action of ["replace", "insert", "delete"]) {
    it(`prints a variation that will ${action}`, () => {
      const deed = text(SLUG, (answers) => {
        answers.variations = [
          action === "delete"
            ? { clause: "clause 30", action }
            : { clause: "clause 30", action, wording: "The Trustee may lend to a Beneficiary on terms." },
        ];
      });
      expect(deed).toContain("clause 30");
    });
  }
});

describe("drafting notes", () => {
  it("the resettlement guidance is in the interview, not in the deed", () => {
    expect(text(SLUG)).not.toContain("not part of the deed");
    const instruction =
      load(SLUG).template.definition.questions.find((question) => question.id === "limits_confirmed")
        ?.instruction ?? "";
    expect(instruction).toContain("Commissioner of Taxation v Clark [2011] FCAFC 5");
    expect(instruction).toContain("TD 2012/21");
  });
});
