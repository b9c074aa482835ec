/**
 * The change of trustee deed's preconditions (PRECONDITIONS.md), each row tested: a deed dated on
 * or after the trust deed; a retiring trustee never also new or continuing; individual and
 * corporate trustees, with and without continuing trustees; assets to transfer or none; the duty
 * guidance for every jurisdiction in the interview, not in the deed.
 */
import { describe, expect, it } from "vitest";
import { type Answers, assembles, JURISDICTIONS, load, person, refusal, text } from "../edge-cases.ts";

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
      (answers.new_trustees as Answers[]).push({
        new_trustee: structuredClone(retiring),
        ...(retiring.party_type === "individual" ? { date_of_birth: "01/01/1960" } : {}),
      });
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

describe("a sole individual new trustee, by the kind of trust (issue 30)", () => {
  const soleIndividual = (born: string) => (answers: Answers) => {
    answers.new_trustees = [{ new_trustee: person("Amelia", "Rose", "Okafor"), date_of_birth: born }];
    answers.continuing_trustees = [];
  };
  it("lets a discretionary trust have one individual as its only trustee", () => {
    const deed = text(SLUG, soleIndividual("09/04/1994"));
    expect(assembles(SLUG, soleIndividual("09/04/1994"))).toBe(true);
    expect(deed).toContain("Amelia Rose Okafor");
    expect(deed).toContain("including any requirement as to notice, consent, form or the number of trustees");
  });
  it("refuses a self managed superannuation fund, which can never have a sole individual trustee (s17A)", () => {
    const issues = refusal(SLUG, (answers) => {
      soleIndividual("09/04/1994")(answers);
      answers.trust_kind = "smsf";
    });
    expect(issues).toEqual([
      {
        path: "trust_kind",
        message:
          "This deed is for a discretionary trust. A self managed superannuation fund's trustees must be all its members (or a company whose directors they are), and it can never have a sole individual trustee: a one-member fund needs a second individual trustee or a company (s17A(1), (2) SIS Act). Change its trustees under the fund's own deed, with each new trustee's declaration within 21 days (s104A SIS Act).",
      },
    ]);
  });
  it("refuses an individual new trustee under 18", () => {
    const issues = refusal(SLUG, soleIndividual("01/01/2010"));
    expect(issues.map((issue) => issue.path)).toEqual(["new_trustees[0].date_of_birth"]);
    expect(issues[0]?.message).toContain("(s6(2)(e) Trustee Act 1925 (NSW))");
  });
});

describe("an individual appointor's age", () => {
  it("refuses an appointor under 18 on the deed's date, and asks no age of a company", () => {
    const issues = refusal(SLUG, (answers) => {
      const [first] = answers.appointors as Answers[];
      if (first) first.date_of_birth = "01/01/2010";
    });
    expect(issues).toEqual([
      {
        path: "appointors[0].date_of_birth",
        message:
          "An individual appointor must be 18 or older on the date of this deed: a person under 18 can repudiate the removal and appointment of a trustee on coming of age, leaving it in doubt who holds the trust property. Name the adult, or the company, who holds the power under the trust deed.",
      },
    ]);
    // A company appointor (here the sample's new trustee company) is asked no date of birth.
    expect(
      assembles(SLUG, (answers) => {
        const company = (answers.new_trustees as Answers[])[0]?.new_trustee as Answers;
        answers.appointors = [{ appointor: structuredClone(company) }];
      }),
    ).toBe(true);
  });
});
