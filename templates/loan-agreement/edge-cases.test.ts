/**
 * The loan agreement against the preconditions in PRECONDITIONS.md: each is refused with its message
 * or drafted for, across the states, lender and borrower types (individual, company, trust), related
 * or not, interest, repayment, default interest and security options, and the dates that matter.
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  JURISDICTIONS,
  person,
  refusal,
} from "../edge-cases.ts";

const SLUG = "loan-agreement";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

const COMPANY_LENDER = {
  party_type: "company",
  name: "Smith Holdings",
  legal_element: "PTY LTD",
  acn: "656345676",
  street: "9 Example Close",
  suburb: "Mosman",
  state: "NSW",
  postcode: "2088",
  director_type: "sole",
  sole_director_name: "Robert James Smith",
  sole_director_email: "robert.smith@example.com",
  sole_director_is_secretary: "Yes",
};
const TRUST_BORROWER = {
  party_type: "trust",
  name: "Smith Family Trust",
  trustees: [person("Anna", "", "Smith"), person("Robert", "James", "Smith")],
  witness_name: "Claire Donnelly",
  witness_email: "claire.donnelly@example.com",
};

describe("loan agreement: loans this template refuses", () => {
  it("refuses a superannuation fund as lender (s65, Part 8, s109 SIS Act), whatever the borrower", () => {
    const issues = refused((a) => {
      a.lender_super = "Yes";
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe("lender_super");
    expect(issues[0]?.message).toContain(
      "must not lend to a member or a relative of a member (s65(1) SIS Act)",
    );
    expect(issues[0]?.message).toContain(
      "in-house asset limited to 5 % of the fund's assets (Part 8 SIS Act)",
    );
  });

  it("refuses a superannuation fund as borrower (s67 SIS Act)", () => {
    const issues = refused((a) => {
      a.borrower_super = "Yes";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["borrower_super"]);
    expect(issues[0]?.message).toContain("must not borrow money (s67(1) SIS Act)");
  });

  it("points a company's loan to its shareholder or associate to the Division 7A template, and asks nothing of a loan to a company", () => {
    const issues = refused((a) => {
      a.lender = COMPANY_LENDER;
      a.borrower = TRUST_BORROWER;
      a.shareholder_borrower = "Yes";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["shareholder_borrower"]);
    expect(issues[0]?.message).toContain("Use the Division 7A Loan Agreement template instead.");
    // Company to company: outside Division 7A (s109K), the question is not asked.
    expect(
      paths((a) => {
        a.lender = { ...COMPANY_LENDER, name: "Smith Finance", acn: "690678909" };
        a.shareholder_borrower = "Yes";
      }),
    ).toEqual([]);
  });

  it("refuses a loan regulated by the National Credit Code, asked only of an individual borrower", () => {
    const individual = (credit: string) =>
      paths((a) => {
        a.borrower = person("Tom", "", "Smith");
        a.consumer_credit = credit;
      });
    expect(individual("Yes")).toEqual(["consumer_credit"]);
    expect(individual("No")).toEqual([]);
    expect(
      paths((a) => {
        a.consumer_credit = "Yes";
      }),
    ).toEqual([]);
  });

  it("refuses the same party on both sides, and a party as a witness", () => {
    expect(
      paths((a) => {
        a.borrower = structuredClone(a.lender);
      }),
    ).toContain("borrower");
    expect(
      issuesOf((a) => {
        (a.lender as Answers).witness_name = "Robert James Smith";
      }),
    ).toEqual([
      {
        path: "lender.witness_name",
        message:
          "A party cannot witness a signature on this agreement: choose an adult witness who is not a party.",
      },
    ]);
    expect(
      paths((a) => {
        a.borrower = TRUST_BORROWER;
        a.lender = person("Robert", "James", "Smith");
        (a.lender as Answers).witness_name = "Anna Smith";
      }),
    ).toEqual([]);
  });

  it("refuses a witness who is the company Borrower (by its name)", () => {
    expect(
      paths((a) => {
        (a.lender as Answers).witness_name = "Smith Holdings Pty Ltd";
      }),
    ).toEqual(["lender.witness_name"]);
  });
});

describe("loan agreement: dates", () => {
  it("refuses an advance before the agreement, and accepts one on its date", () => {
    expect(
      refused((a) => {
        a.advance_date = "01/12/2025";
      }).map((issue) => issue.path),
    ).toEqual(["advance_date"]);
    expect(
      paths((a) => {
        a.advance_date = "02/12/2025";
      }),
    ).toEqual([]);
  });

  it("records money already lent on or before the agreement, and refuses a later 'past' advance", () => {
    const existing = (on: string) => (a: Answers) => {
      a.advance_kind = "existing";
      a.advanced_on = on;
      delete a.advance_date;
    };
    expect(text(existing("01/07/2025"))).toContain(
      "On 1 July 2025 the Lender lent the Borrower $150,000.00, and the parties record",
    );
    expect(paths(existing("02/12/2025"))).toEqual([]);
    expect(paths(existing("03/12/2025"))).toEqual(["advanced_on"]);
  });

  // A date_before check reports beside its earlier date, the agreement's.
  it("refuses a repayment date or first instalment on or before the agreement", () => {
    expect(
      paths((a) => {
        a.repayment = "date";
        a.repayment_date = "02/12/2025";
      }),
    ).toEqual(["agreement_date"]);
    expect(
      issuesOf((a) => {
        a.first_instalment = "02/12/2025";
      }),
    ).toEqual([
      {
        path: "agreement_date",
        message: "The first instalment must fall due after the date of the agreement.",
      },
    ]);
  });
});

describe("loan agreement: terms", () => {
  it("caps default interest at 4 points, on overdue amounts only, as a genuine pre-estimate", () => {
    expect(
      issuesOf((a) => {
        a.default_margin = 4.5;
      }),
    ).toEqual([{ path: "default_margin", message: "Please enter a number no more than 4." }]);
    const loan = text(() => {});
    expect(loan).toContain("at the Interest Rate plus 2 percentage points a year");
    expect(loan).toContain(
      "is charged only on the overdue amount and not on the rest of the Loan, and is not a penalty",
    );
    const none = text((a) => {
      a.default_interest = "No";
    });
    expect(none).not.toContain("genuine pre-estimate");
  });

  it("drafts no interest, a fixed rate and a variable rate", () => {
    const free = text((a) => {
      a.interest_type = "none";
    });
    expect(free).toContain("No interest is payable on the Loan, except under clause");
    expect(free).not.toContain("Interest Rate means");
    expect(
      text((a) => {
        a.interest_type = "variable";
        a.variable_margin = 3;
      }),
    ).toContain(
      "the cash rate target published by the Reserve Bank of Australia, as in effect on the first day of each Interest Period, plus 3 percentage points a year",
    );
  });

  it("repays on a date, by instalments or on demand", () => {
    expect(text(() => {})).toContain("in 60 equal monthly instalments of principal of $2,500.00 each");
    expect(
      text((a) => {
        a.repayment = "date";
        a.repayment_date = "30/06/2030";
      }),
    ).toContain("must repay the Outstanding Money in full on 30 June 2030");
    expect(
      text((a) => {
        a.repayment = "demand";
        a.demand_days = 90;
      }),
    ).toContain("in full 90 days after the Lender gives it written notice demanding repayment");
  });

  it("secures by mortgage or PPSR registration, or is unsecured", () => {
    expect(text(() => {})).toContain("Personal Property Securities Register");
    const mortgage = text((a) => {
      a.security_kind = "mortgage";
      a.security_description =
        "a first registered mortgage by the Borrower over the land at 4 Example Street, Hobart TAS 7000";
    });
    expect(mortgage).toContain("for the mortgage to be registered");
    const unsecured = text((a) => {
      a.secured = "No";
    });
    expect(unsecured).not.toContain("Security means");
    expect(unsecured).toContain("Security Unsecured");
  });

  it("has a trust borrower's trustees borrow as trustees and personally; an unrelated loan omits the related-party recital", () => {
    const loan = text((a) => {
      a.borrower = TRUST_BORROWER;
      a.related = "No";
    });
    expect(loan).toContain(
      "The Borrower enters into this agreement as trustee of the Smith Family Trust and in its own capacity",
    );
    expect(loan).toContain("as trustees for the Smith Family Trust");
    expect(loan).not.toContain("The Lender and the Borrower are related.");
    expect(text(() => {})).toContain("not a gift or a contribution of capital");
  });

  for (const state of JURISDICTIONS) {
    it(`is governed by the law of ${state}`, () => {
      expect(
        text((a) => {
          a.jurisdiction = state;
        }),
      ).toMatch(/This agreement is governed by the laws of [A-Z][A-Za-z ]+\./);
    });
  }
});
