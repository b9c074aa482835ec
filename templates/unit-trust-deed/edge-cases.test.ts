/**
 * The unit trust deed's preconditions (PRECONDITIONS.md), each row tested across the jurisdictions,
 * individual and corporate trustees, one class or three, and the deed's date where the law changed:
 * perpetuity and vesting (South Australia's s62, Queensland's Act of 2023), the bodies that nominate
 * a mediator and a valuer, the classes' stated rights, the application form, one certificate per
 * holding, and a unitholder's liability stated once and consistently.
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

const SLUG = "unit-trust-deed";

const inState =
  (jurisdiction: string, extra: Answers = {}) =>
  (answers: Answers) => {
    answers.jurisdiction = jurisdiction;
    delete answers.vesting_years_sa;
    delete answers.vesting_years;
    if (jurisdiction === "SA") answers.vesting_years_sa = 80;
    else if (jurisdiction === "QLD") answers.vesting_years_qld = 80;
    else answers.vesting_years = 80;
    Object.assign(answers, extra);
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

describe("the bodies that nominate a mediator and a valuer exist, in every jurisdiction", () => {
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
                    { trustee: person("Alex", "Anne", "Moreau"), date_of_birth: "04/05/1980" },
                    { trustee: person("Tomas", "Karl", "Berg"), date_of_birth: "19/10/1977" },
                  ],
                  trustee_decisions: "unanimous",
                }
              : {}),
          }),
        );
        expect(deed).toContain(NOMINATORS[jurisdiction]);
        expect(deed).toContain("the President of Chartered Accountants Australia and New Zealand");
        expect(deed).not.toContain("institute of chartered accountants");
        expect(deed).not.toContain("the president of the law society of");
        const numbered = new Set([...deed.matchAll(/ (\d+)\.(\d+) /g)].map(([, a, b]) => `${a}.${b}`));
        const tops = new Set([...deed.matchAll(/ (\d+)\. [A-Z]/g)].map(([, a]) => a));
        for (const reference of clauseReferences(deed)) {
          expect(reference.includes(".") ? numbered.has(reference) : tops.has(reference), reference).toBe(
            true,
          );
        }
      });
    }
  }
});

describe("perpetuity and vesting against the deed's state and date", () => {
  it("South Australia: drafts the court's power under s62 Law of Property Act 1936 (SA)", () => {
    const deed = text(SLUG, inState("SA", { vesting_years_sa: 125 }));
    expect(deed).toContain("Under section 62 of that Act, the Supreme Court of South Australia may");
    expect(deed).toContain(
      "A Vesting Date more than 80 years after the date of this deed is subject to that power",
    );
  });
  it("Queensland before 1 August 2025: 80 years under the Property Law Act 1974 (Qld), and no 125", () => {
    const deed = text(SLUG, inState("QLD", { deed_date: "15/05/2025" }));
    expect(deed).toContain("80 years from the date of this deed, as the Property Law Act 1974 (Qld) permits");
    expect(deed).not.toContain("125 years");
    const issues = refusal(SLUG, inState("QLD", { deed_date: "15/05/2025", vesting_years_qld: 125 }));
    expect(issues.map((issue) => issue.path)).toEqual(["vesting_years_qld"]);
  });
  it("Queensland from 1 August 2025: 125 years under the Property Law Act 2023 (Qld)", () => {
    const deed = text(SLUG, inState("QLD", { deed_date: "01/08/2025", vesting_years_qld: 125 }));
    expect(deed).toContain(
      "125 years from the date of this deed, as the Property Law Act 2023 (Qld) provides",
    );
  });
});

const withClasses = (answers: Answers) => {
  answers.unit_classes = "classes";
  answers.unitholders = [
    {
      name: "Nadia Anne Petrov",
      address: "9 Example Lane, Norwood SA 5067",
      units: 50,
      unit_class: "ordinary",
    },
    { name: "Tomas Karl Berg", address: "3 Sample Road, Unley SA 5061", units: 30, unit_class: "income" },
    {
      name: "Berg Holdings Pty Ltd",
      address: "3 Sample Road, Unley SA 5061",
      units: 20,
      unit_class: "capital",
    },
  ];
};

describe("classes of units, with their rights stated", () => {
  it("one class: says so, and no class clause", () => {
    const deed = text(SLUG);
    expect(deed).toContain("All Units are of one class");
    expect(deed).not.toContain("Income Units");
  });
  it("ordinary, income and capital units: each class's rights to income, capital and votes", () => {
    const deed = text(SLUG, withClasses);
    expect(deed).not.toContain("All Units are of one class");
    expect(deed).toContain(
      "an Income Unit confers a share in the Distributable Income of each Financial Year equal to that of an Ordinary Unit, and no share in capital other than the repayment of its Paid Amount",
    );
    expect(deed).toContain("a Capital Unit confers no share in income");
    expect(deed).toContain(
      "The rights attaching to a class of Units may be varied only by a variation under clause",
    );
    expect(deed).toMatch(/Nadia Anne Petrov .* 50 .* Ordinary/);
    expect(deed).toContain("30 fully paid Income Units");
  });
});

describe("the application form and one certificate for each holding", () => {
  it("prints an application form for further Units", () => {
    const deed = text(SLUG);
    expect(deed).toContain("Application for Units");
    expect(deed).toContain("The applicant applies for the Units stated above, at the issue price clause");
    expect(deed).toContain("is or is not a foreign person");
  });
  it("prints a numbered certificate for each initial holding, not a list of particulars", () => {
    const deed = text(SLUG, withClasses);
    expect(deed).not.toContain("A certificate for Units should state");
    expect(deed).toContain("Unit Certificate No. 1");
    expect(deed).toContain("Unit Certificate No. 3");
    expect(deed).toContain(
      "This is to certify that Berg Holdings Pty Ltd of 3 Sample Road, Unley SA 5061 is the registered holder of 20 fully paid Capital Units",
    );
  });
});

describe("a unitholder's liability", () => {
  it("is limited to the amount paid for its Units, stated consistently (cl 4.4 and the indemnity clause)", () => {
    const deed = text(SLUG);
    expect(deed).not.toContain("beyond the amount unpaid on that Unitholder’s Units");
    expect(deed).toContain("A Unitholder’s liability is limited as clause");
  });
  it("keeps drafting notes out of the deed", () => {
    expect(text(SLUG)).not.toContain("not part of the deed");
  });
});

describe("the capacity of the settlor and the trustees (issue 30: ages were not asked)", () => {
  it("refuses a settlor under 18", () => {
    const issues = refusal(SLUG, setAnswer("settlor_date_of_birth", "16/08/2007"));
    expect(issues.map((issue) => issue.path)).toEqual(["settlor_date_of_birth"]);
    expect(issues[0]?.message).toContain("The settlor must be 18 or older on the date of the deed");
    // 18 on the deed's date (15 August 2025): of age.
    expect(assembles(SLUG, setAnswer("settlor_date_of_birth", "15/08/2007"))).toBe(true);
  });
  it("refuses an individual trustee under 18", () => {
    const issues = refusal(SLUG, (answers) => {
      answers.trustees = [
        { trustee: person("Alex", "Anne", "Moreau"), date_of_birth: "04/05/1980" },
        { trustee: person("Tomas", "Karl", "Berg"), date_of_birth: "01/01/2010" },
      ];
      answers.trustee_decisions = "unanimous";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["trustees[1].date_of_birth"]);
    expect(issues[0]?.message).toContain("(s6(2)(e) Trustee Act 1925 (NSW))");
  });
});
