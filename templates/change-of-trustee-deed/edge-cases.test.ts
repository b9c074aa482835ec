/**
 * The change of trustee deed's preconditions (PRECONDITIONS.md), each row tested: a deed dated on
 * or after the trust deed; a retiring trustee never also new or continuing; individual and
 * corporate trustees, with and without continuing trustees; assets to transfer or none; the duty
 * guidance for every jurisdiction in the interview, not in the deed.
 */
import { describe, expect, it } from "vitest";
import { type Answers, assembles, JURISDICTIONS, load, refusal, text } from "../edge-cases.ts";

const SLUG = "change-of-trustee-deed";

describe("dates", () => {
  it("refuses a deed dated before the trust deed", () => {
    expect(
      refusal(SLUG, (answers) => {
        answers.deed_date = "11/09/2011";
      }),
    ).toEqual([
      {
        path: "deed_date",
        message:
          "This deed cannot be dated before the trust deed it acts under: check the date of this deed and the date of the trust deed.",
      },
    ]);
  });
  it("accepts a deed dated on the trust deed's date", () => {
    expect(
      assembles(SLUG, (answers) => {
        answers.deed_date = "12/09/2011";
      }),
    ).toBe(true);
  });
});

describe("trustees", () => {
  it("refuses a retiring trustee who is also a new trustee", () => {
    const issues = refusal(SLUG, (answers) => {
      const retiring = (answers.retiring_trustees as Answers[])[0]?.retiring as Answers;
      (answers.new_trustees as Answers[]).push({ new_trustee: structuredClone(retiring) });
    });
    expect(issues[0]?.message).toContain("A retiring trustee cannot also be a new or continuing trustee.");
  });
  it("names continuing trustees, who act jointly with the new trustee", () => {
    const deed = text(SLUG, (answers) => {
      answers.retiring_trustees = [(answers.retiring_trustees as Answers[])[1]];
      answers.continuing_trustees = [{ name: "Harriet Louise Okafor" }];
    });
    expect(deed).toContain("to act jointly with Harriet Louise Okafor");
  });
  it("says when no property needs a transfer", () => {
    const deed = text(SLUG, (answers) => {
      answers.assets = [];
    });
    expect(deed).toContain(
      "No part of the Trust Fund needs a transfer or registration in the New Trustee’s name.",
    );
  });
});

describe("duty guidance in the interview, for every jurisdiction, never in the deed", () => {
  const instruction =
    load(SLUG).template.definition.questions.find((question) => question.id === "jurisdiction")
      ?.instruction ?? "";
  it("the instruction covers each state's Act", () => {
    for (const act of [
      "s54(3) Duties Act 1997 (NSW)",
      "Duties Act 2000 (Vic)",
      "Duties Act 2001 (Qld)",
      "Duties Act 2008 (WA)",
      "Duties Act 2001 (Tas)",
      "Duties Act 1999 (ACT)",
      "Stamp Duties Act 1923 (SA)",
      "Stamp Duty Act 1978 (NT)",
    ]) {
      expect(instruction).toContain(act);
    }
    expect(instruction).toContain("no trustee after the change is or can become a beneficiary");
  });
  for (const jurisdiction of JURISDICTIONS) {
    it(`${jurisdiction}: no duty note in the deed`, () => {
      const deed = text(SLUG, (answers) => {
        answers.jurisdiction = jurisdiction;
      });
      expect(deed).not.toContain("Duty note");
      expect(deed).not.toContain("Lodge this deed");
    });
  }
});
