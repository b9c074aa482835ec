/**
 * The discretionary trust deed's preconditions (PRECONDITIONS.md), each row tested across the eight
 * jurisdictions, individual and corporate trustees, and the deed's date where the law changed (the
 * Property Law Act 2023 (Qld) from 1 August 2025): the perpetuity period and vesting each state
 * allows, South Australia's s62 court power, the mediator's nominator, a narrowed class of general
 * beneficiaries, a trustee that becomes foreign replaced rather than vanishing, and every clause
 * reference resolving.
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  assembles,
  clauseReferences,
  JURISDICTIONS,
  person,
  refusal,
  setAnswer,
  text,
} from "../edge-cases.ts";

const SLUG = "discretionary-trust-deed";

const inState =
  (jurisdiction: string, extra: Answers = {}) =>
  (answers: Answers) => {
    answers.jurisdiction = jurisdiction;
    delete answers.vesting_years;
    if (jurisdiction === "SA") answers.vesting_years_sa = 80;
    else if (jurisdiction === "QLD") answers.vesting_years_qld = 80;
    else answers.vesting_years = 80;
    Object.assign(answers, extra);
  };

const PERPETUITY: Record<(typeof JURISDICTIONS)[number], string> = {
  NSW: "80 years from the date of this deed, as section 7 of the Perpetuities Act 1984 (NSW) provides",
  VIC: "under section 5 of the Perpetuities and Accumulations Act 1968 (Vic), that the perpetuity period that applies to this deed is 80 years",
  QLD: "The perpetuity period that applies to this deed is 125 years from the date of this deed, as the Property Law Act 2023 (Qld) provides",
  WA: "80 years from the date of this deed, as the Property Law Act 1969 (WA) permits",
  SA: "section 62 of that Act",
  TAS: "under section 6 of the Perpetuities and Accumulations Act 1992 (Tas), that the perpetuity period that applies to this deed is 80 years",
  ACT: "80 years from the date of this deed, as the Perpetuities and Accumulations Act 1985 (ACT) permits",
  NT: "80 years from the date of this deed, as the Perpetuities Act 1994 (NT) permits",
};

const NOMINATORS: Record<(typeof JURISDICTIONS)[number], string> = {
  NSW: "the President of the Law Society of New South Wales",
  VIC: "the President of the Law Institute of Victoria",
  QLD: "the President of the Queensland Law Society",
  WA: "the President of the Law Society of Western Australia",
  SA: "the President of the Law Society of South Australia",
  TAS: "the President of the Law Society of Tasmania",
  ACT: "the President of the ACT Law Society",
  NT: "the President of the Law Society Northern Territory",
};

describe("each jurisdiction's perpetuity period and mediator, for each kind of trustee", () => {
  for (const jurisdiction of JURISDICTIONS) {
    for (const trustee of ["company", "individuals"] as const) {
      it(`${jurisdiction}, ${trustee}`, () => {
        const deed = text(
          SLUG,
          inState(jurisdiction, {
            deed_date: "01/09/2025",
            ...(trustee === "individuals"
              ? {
                  trustees: [
                    { trustee: person("Oliver", "James", "Marlowe"), date_of_birth: "12/03/1970" },
                    { trustee: person("Sienna", "Rose", "Marlowe"), date_of_birth: "28/07/1972" },
                  ],
                }
              : {}),
          }),
        );
        expect(deed).toContain(PERPETUITY[jurisdiction]);
        expect(deed).toContain(NOMINATORS[jurisdiction]);
        expect(deed).not.toContain("the president of the law society of");
        // Every "clause N" resolves to a clause of the deed.
        const headings = new Set([...deed.matchAll(/ (\d+)\.(\d+) /g)].map(([, a, b]) => `${a}.${b}`));
        const tops = new Set([...deed.matchAll(/ (\d+)\. [A-Z]/g)].map(([, a]) => a));
        for (const reference of clauseReferences(deed)) {
          expect(reference.includes(".") ? headings.has(reference) : tops.has(reference), reference).toBe(
            true,
          );
        }
      });
    }
  }
});

describe("Queensland: the period follows the deed's date (Property Law Act 2023 (Qld) from 1 August 2025)", () => {
  it("a deed dated before 1 August 2025 prints 80 years under the Property Law Act 1974 (Qld), never 125", () => {
    const deed = text(SLUG, inState("QLD", { deed_date: "31/07/2025" }));
    expect(deed).toContain(
      "The Settlor specifies that the perpetuity period that applies to this deed is 80 years from the date of this deed, as the Property Law Act 1974 (Qld) permits",
    );
    expect(deed).not.toContain("125 years");
  });
  it("refuses a vesting period over 80 years for a deed dated before 1 August 2025", () => {
    const issues = refusal(SLUG, inState("QLD", { deed_date: "31/07/2025", vesting_years_qld: 100 }));
    expect(issues).toEqual([
      {
        path: "vesting_years_qld",
        message:
          "A Queensland deed dated before 1 August 2025 has the 80-year perpetuity period of the Property Law Act 1974 (Qld) (the Property Law Act 2023 (Qld) and its 125-year period commenced on that day): choose 80 years or fewer, or date the deed on or after 1 August 2025.",
      },
    ]);
  });
  it("allows 125 years for a deed dated on 1 August 2025", () => {
    const deed = text(SLUG, inState("QLD", { deed_date: "01/08/2025", vesting_years_qld: 125 }));
    expect(deed).toContain("the date that is 125 years after the date of this deed");
    expect(deed).toContain("125 years (Queensland)");
  });
});

describe("South Australia: no perpetuity period, but the court's s62 power after 80 years", () => {
  for (const years of [80, 81, 125]) {
    it(`drafts s62 Law of Property Act 1936 (SA) for a ${years}-year vesting`, () => {
      const deed = text(SLUG, inState("SA", { vesting_years_sa: years }));
      expect(deed).toContain("section 61");
      expect(deed).toContain(
        "Under section 62 of that Act, the Supreme Court of South Australia may, on an application the section allows, vary the terms of this deed so that interests that have not vested 80 years after the date of this deed vest immediately, or so that interests that cannot or are unlikely to vest within 80 years after that date vest within that period",
      );
      if (years > 80)
        expect(deed).toContain(
          "A Vesting Date more than 80 years after the date of this deed is subject to that power",
        );
      else expect(deed).not.toContain("A Vesting Date more than 80 years after the date of this deed");
    });
  }
});

describe("the general beneficiaries are a family class, not the world", () => {
  const deed = text(SLUG);
  it("does not make any company in which a beneficiary holds a share a beneficiary", () => {
    expect(deed).not.toContain(
      "a Corporation in which a Beneficiary holds shares or of which a Beneficiary is a director",
    );
    expect(deed).toContain(
      "a Corporation whose shares are not quoted on a stock exchange and in which any one or more of the Primary Beneficiaries and the persons described in paragraph (i) together beneficially hold shares carrying more than 50% of the votes",
    );
  });
  it("does not make the trustee of any trust (a superannuation fund among them) a beneficiary", () => {
    expect(deed).not.toContain(
      "the trustee of a trust under which a Beneficiary is or may become a beneficiary",
    );
    expect(deed).toContain(
      "the trustee, in that capacity, of a trust (other than a superannuation fund, including a self managed superannuation fund, and other than a trust whose units are quoted on a stock exchange) under which the only persons who can benefit are persons described in paragraphs (i), (ii) and (iv) or the Primary Beneficiaries",
    );
  });
});

describe("a trustee that becomes an Excluded Person or a Foreign Person is replaced, not left vacant", () => {
  for (const foreign of ["Yes", "No"]) {
    it(`foreign persons excluded: ${foreign}`, () => {
      const deed = text(SLUG, (answers) => {
        answers.foreign_exclusion = foreign;
      });
      expect(deed).not.toMatch(/\(c\) becomes an Excluded Person/);
      expect(deed).toContain(
        `If a Trustee becomes an Excluded Person${foreign === "Yes" ? " or a Foreign Person" : ""}, it must not exercise any power to distribute or apply Income or Capital`,
      );
      expect(deed).toContain(
        "The Appointor must, within 30 days after becoming aware of it, remove that Trustee and appoint",
      );
    });
  }
});

describe("the settlor, and drafting notes", () => {
  it("refuses the settlor as a primary beneficiary", () => {
    const issues = refusal(SLUG, (answers) => {
      const settlor = answers.settlor as Answers;
      (answers.primary_beneficiaries as Answers[]).push({
        name: `${settlor.first_name} ${settlor.last_name}`,
      });
    });
    expect(issues[0]?.message).toContain("The settlor must not also be a beneficiary or the appointor");
  });
  it("keeps drafting notes out of the deed", () => {
    const deed = text(SLUG);
    expect(deed).not.toContain("not part of the deed");
    expect(deed).not.toContain("not part of this deed");
  });
  it("assembles with two individual trustees and majority decisions", () => {
    expect(
      assembles(SLUG, (answers) => {
        answers.trustees = [
          { trustee: person("Oliver", "James", "Marlowe"), date_of_birth: "12/03/1970" },
          { trustee: person("Sienna", "Rose", "Marlowe"), date_of_birth: "28/07/1972" },
        ];
        answers.trustee_decisions = "majority";
      }),
    ).toBe(true);
  });
});

const MINOR_BORN = "15/03/2012"; // 13 on the sample deed's date, 1 July 2025
const TRUSTEE_MINOR =
  "An individual trustee must be 18 or older on the date of the deed: a person under 18 can repudiate the deed and the trustee's dealings on coming of age, and being a minor is a ground on which a trustee is replaced (s6(2)(e) Trustee Act 1925 (NSW)). Appoint an adult, or a company, as trustee.";

describe("the capacity of the settlor, the trustees and the appointor (issue 30: ages were not asked)", () => {
  it("refuses a settlor under 18", () => {
    expect(refusal(SLUG, setAnswer("settlor_date_of_birth", MINOR_BORN))).toEqual([
      {
        path: "settlor_date_of_birth",
        message:
          "The settlor must be 18 or older on the date of the deed: a gift of the settled sum by a person under 18 can be set aside when they come of age, leaving the trust without the property that constitutes it. Choose an adult settlor.",
      },
    ]);
  });
  it("refuses an individual trustee under 18, and asks no date of birth of a trustee company", () => {
    const issues = refusal(SLUG, (answers) => {
      answers.trustees = [
        { trustee: person("Oliver", "James", "Marlowe"), date_of_birth: "12/03/1970" },
        { trustee: person("Ella", "Rose", "Marlowe"), date_of_birth: MINOR_BORN },
      ];
      answers.trustee_decisions = "unanimous";
    });
    expect(issues).toEqual([{ path: "trustees[1].date_of_birth", message: TRUSTEE_MINOR }]);
    expect(assembles(SLUG, () => {})).toBe(true);
  });
  it("refuses an individual appointor under 18, but not one who turns 18 on the deed's date", () => {
    const issues = refusal(SLUG, setAnswer("appointor_date_of_birth", MINOR_BORN));
    expect(issues.map((issue) => issue.path)).toEqual(["appointor_date_of_birth"]);
    expect(issues[0]?.message).toContain(
      "An individual appointor must be 18 or older on the date of the deed",
    );
    expect(assembles(SLUG, setAnswer("appointor_date_of_birth", "01/07/2007"))).toBe(true);
  });
  it("requires the date of birth of an individual trustee", () => {
    const issues = refusal(SLUG, (answers) => {
      answers.trustees = [{ trustee: person("Oliver", "James", "Marlowe") }];
    });
    expect(issues.map((issue) => issue.path)).toEqual(["trustees[0].date_of_birth"]);
  });
});
