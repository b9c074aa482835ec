/**
 * The employment contract against the preconditions in PRECONDITIONS.md: each is refused with its
 * message or drafted for, across full-time, part-time and casual employment, award-covered and
 * award-free roles, salaried and hourly pay, the s117 service bands, the restraint options, the
 * employee's age and every state's long service leave Act.
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  JURISDICTIONS,
  refusal,
} from "../edge-cases.ts";

const SLUG = "employment-contract";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

/** A casual engagement at an hourly rate, with the answers a casual is not asked removed. */
const casual = (a: Answers) => {
  a.employment_type = "casual";
  a.casual_guaranteed = "No";
  a.pay_basis = "hourly";
  a.hourly_rate = 38.5;
  a.award_minimum_hourly = 33.75;
  for (const key of ["salary", "award_minimum_salary", "probation_months", "prior_service", "notice_weeks"])
    delete a[key];
};

describe("employment contract: what the interview refuses", () => {
  it("refuses an employee under 15, and drafts for one of 15 to 17 with a parent's acknowledgement", () => {
    const issues = refused((a) => {
      a.employee_age = "under15";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["employee_age"]);
    expect(issues[0]?.message).toContain("does not employ a child under 15");
    const minor = text((a) => {
      a.employee_age = "minor";
    });
    expect(minor).toContain("The Employee is under 18.");
    expect(minor).toContain("child employment law of New South Wales");
    expect(minor).toContain("Acknowledgement by parent or guardian.");
    expect(text()).not.toContain("Acknowledgement by parent or guardian.");
  });

  it("refuses a casual promised hours or a regular pattern (s15A), and drafts a true casual", () => {
    const issues = refused((a) => {
      casual(a);
      a.casual_guaranteed = "Yes";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["casual_guaranteed"]);
    expect(issues[0]?.message).toContain(
      "absence of a firm advance commitment to continuing and indefinite work (s15A(1)",
    );
    expect(paths(casual)).toEqual([]);
    const doc = text(casual);
    expect(doc).toContain("casual employee within section 15A of the Act");
    expect(doc).toContain("Casual Employment Information Statement");
    expect(doc).toContain("which includes a casual loading");
    expect(doc).not.toContain("probation period");
    expect(doc).not.toContain("weeks’ written notice");
    expect(doc).not.toContain("4 weeks of paid annual leave");
  });

  it("refuses a salary below the award minimum the adviser states, and accepts the minimum itself", () => {
    const issues = refused((a) => {
      a.salary = 56999;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["salary"]);
    expect(issues[0]?.message).toContain("below the award's minimum for the classification");
    expect(paths((a) => (a.salary = 57000))).toEqual([]);
  });

  it("refuses an hourly rate below the award minimum, for a casual too", () => {
    const issues = refused((a) => {
      casual(a);
      a.hourly_rate = 30;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["hourly_rate"]);
    expect(issues[0]?.message).toContain("(s45 Fair Work Act 2009)");
  });

  it("refuses a zero or negative rate whether or not an award applies", () => {
    for (const salary of [0, -100]) {
      expect(
        paths((a) => {
          a.award_coverage = "award_free";
          a.award_free_reason = "the role is outside every award's classifications";
          delete a.award_name;
          delete a.award_classification;
          delete a.award_minimum_salary;
          a.salary = salary;
        }),
      ).toEqual(["salary"]);
    }
  });

  it("refuses notice shorter than the s117(3) table for the service recognised at the start", () => {
    // One notice question, held by the engine to the minimum of the band answered (forbidden_answer
    // with `when`): the band changes the refusal, not the question.
    const bands = [
      { band: "one_to_three", short: ["1"], enough: "2" },
      { band: "three_to_five", short: ["1", "2"], enough: "3" },
      { band: "over_five", short: ["1", "2", "3"], enough: "4" },
    ];
    for (const { band, short, enough } of bands) {
      const at = (weeks: string) => (a: Answers) => {
        a.prior_service = band;
        a.notice_weeks = weeks;
      };
      for (const weeks of short) {
        const issues = refused(at(weeks));
        expect(
          issues.map((issue) => issue.path),
          `${band} ${weeks}`,
        ).toEqual(["notice_weeks"]);
        expect(issues[0]?.message).toContain("s117(3) Fair Work Act 2009");
      }
      expect(paths(at(enough)), band).toEqual([]);
      expect(text(at(enough))).toContain(`giving the other ${enough} weeks’ written notice`);
    }
    // Less than a year's service: one week is the s117 minimum, and is allowed.
    expect(paths((a) => (a.notice_weeks = "1"))).toEqual([]);
  });

  it("refuses a Western Australian employer outside the national system, and asks it only in WA", () => {
    const issues = refused((a) => {
      a.jurisdiction = "WA";
      a.national_system = "No";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["national_system"]);
    expect(issues[0]?.message).toContain("Industrial Relations Act 1979 (WA)");
    expect(
      paths((a) => {
        a.jurisdiction = "WA";
        a.national_system = "Yes";
      }),
    ).toEqual([]);
    expect(paths((a) => (a.jurisdiction = "WA"))).toEqual(["national_system"]);
  });

  it("refuses part-time hours of a full-time week, a start before the contract, and the same person on both sides", () => {
    expect(
      paths((a) => {
        a.employment_type = "part_time";
        a.part_time_hours = 38;
        a.part_time_pattern = "Monday to Friday";
      }),
    ).toEqual(["part_time_hours"]);
    expect(paths((a) => (a.start_date = "23/11/2026"))).toEqual(["start_date"]);
    const issues = refused((a) => {
      a.employer = {
        party_type: "individual",
        first_name: "Olivia",
        middle_name: "Grace",
        last_name: "Nguyen",
        email: "olivia.nguyen@example.com",
        street: "15 Example Lane",
        suburb: "Newtown",
        state: "NSW",
        postcode: "2042",
      };
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "The Employer and the Employee must be different people.",
    );
  });
});

describe("employment contract: what it drafts", () => {
  it("states the award and classification, or the award-free reason", () => {
    const doc = text();
    expect(doc).toContain(
      "covered by the Award, and the Employee is classified as Legal Services Employee Level 2",
    );
    expect(doc).toContain("Award means the Legal Services Award 2020 [MA000116]");
    const free = text((a) => {
      a.award_coverage = "award_free";
      a.award_free_reason = "it is a senior managerial role outside every award's classifications";
      delete a.award_name;
      delete a.award_classification;
      delete a.award_minimum_salary;
    });
    expect(free).toContain(
      "no modern award covers the Employee’s employment, because it is a senior managerial role",
    );
    expect(free).not.toContain("Award means");
  });

  it("keeps every National Employment Standard and says none is reduced", () => {
    const doc = text();
    for (const point of [
      "Nothing in this contract excludes or reduces them",
      "section 62(3) of the Act",
      "4 weeks of paid annual leave",
      "10 days of paid personal/carer’s leave for each year of service (section 96)",
      "2 days for each permissible occasion (section 104)",
      "10 days of paid leave in each 12-month period (section 106A)",
      "public holiday",
      "request flexible working arrangements",
      "never less than the period in the table in section 117(3)",
      "redundancy pay as section 119 of the Act requires",
      "Fair Work Information Statement (section 125 of the Act)",
      "minimum employment period in section 383 of the Act",
      "only as section 324 of the Act permits",
      "Superannuation Guarantee (Administration) Act 1992",
      "The Policies are not terms of this contract",
      "section 333B of the Act",
    ])
      expect(doc).toContain(point);
  });

  it("names the long service leave Act of each state and territory", () => {
    const acts: Record<string, string> = {
      NSW: "Long Service Leave Act 1955 (NSW)",
      VIC: "Long Service Leave Act 2018 (Vic)",
      QLD: "Industrial Relations Act 2016 (Qld)",
      WA: "Long Service Leave Act 1958 (WA)",
      SA: "Long Service Leave Act 1987 (SA)",
      TAS: "Long Service Leave Act 1976 (Tas)",
      ACT: "Long Service Leave Act 1976 (ACT)",
      NT: "Long Service Leave Act 1981 (NT)",
    };
    for (const jurisdiction of JURISDICTIONS)
      expect(
        text((a) => {
          a.jurisdiction = jurisdiction;
          if (jurisdiction === "WA") a.national_system = "Yes";
        }),
        jurisdiction,
      ).toContain(`as the ${acts[jurisdiction]} provides`);
  });

  it("names Norfolk Island's long service leave law (the NSW Act as applied there), not another territory's", () => {
    const norfolk = text((a) => {
      a.jurisdiction = "NFK";
    });
    expect(norfolk).toContain(
      "as the Long Service Leave Act 1955 (NSW) provides, as it applies in Norfolk Island (section 18A of the Norfolk Island Act 1979 (Cth)",
    );
    expect(norfolk).not.toContain("Long Service Leave Act 1981");
    expect(norfolk).toContain("laws of Norfolk Island");
  });

  it("drafts part-time guaranteed hours and pattern", () => {
    const doc = text((a) => {
      a.employment_type = "part_time";
      a.part_time_hours = 22.8;
      a.part_time_pattern = "Monday, Tuesday and Wednesday, 9 am to 5 pm";
    });
    expect(doc).toContain(
      "guaranteed ordinary hours are 22.8 hours a week, worked on Monday, Tuesday and Wednesday",
    );
    expect(doc).toContain("beyond the guaranteed ordinary hours");
  });

  it("drafts no restraint, a non-solicitation, or cascading non-compete periods and areas", () => {
    expect(text((a) => (a.restraint = "none"))).not.toContain("Restraint Period");
    const solicit = text();
    expect(solicit).toContain("12 months; 6 months; 3 months");
    expect(solicit).not.toContain("Restraint Area");
    const compete = text((a) => {
      a.restraint = "non_compete";
      a.restraint_area = "the Sydney metropolitan area";
    });
    expect(compete).toContain(
      "the Sydney metropolitan area; within 20 kilometres of the Employee’s usual place of work; within 10 kilometres of it",
    );
    expect(compete).toContain("Restraints of Trade Act 1976 (NSW)");
    expect(text((a) => (a.jurisdiction = "VIC"))).not.toContain("Restraints of Trade Act");
  });

  it("separates probation from the unfair dismissal minimum employment period", () => {
    expect(text()).toContain("The first 6 months of employment are a probation period");
    expect(text((a) => (a.probation_months = 0))).toContain("There is no probation period.");
    expect(paths((a) => (a.probation_months = 7))).toEqual(["probation_months"]);
  });
});
