/**
 * The Division 7A loan agreement against the preconditions in PRECONDITIONS.md: each row is either
 * refused with its message or drafted for, across the dates, borrowers and securities that matter.
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  refusal,
} from "../edge-cases.ts";

const SLUG = "div7a-loan-agreement";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
/** The text of a document that validates. */
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const LATE =
  "The agreement must be made before the Lender's lodgment day for the income year of the loan (s109N(1)(a) ITAA 1936; lodgment day: s109D(6)). Dated on or after that day it cannot stop the loan being treated as a dividend: date it earlier, cover a later income year's loans instead, or ask the Commissioner to disregard the deemed dividend under s109RB.";
const BEFORE_YEAR_END =
  "The lodgment day for an income year falls after the year ends on 30 June: check the income year of the loan and the lodgment day.";
const PAST_DUE =
  "A company's return is due no later than 15 May after the income year ends unless the Commissioner has deferred it (s109D(6) takes the earlier of the due date and the day of lodgment): enter that due date, or answer Yes to the deferral question.";

describe("Division 7A: the lodgment day (s109N(1)(a), s109D(6))", () => {
  it("refuses a 2022-year loan put in writing in November 2026", () => {
    const issues = refused((a) => {
      a.loan_income_year = 2022;
      a.agreement_date = "16/11/2026";
      a.lodgment_day = "15/05/2023";
    });
    expect(issues).toEqual([{ path: "agreement_date", message: LATE }]);
  });

  it("refuses an agreement made on the lodgment day itself, and accepts one the day before", () => {
    const on = issuesOf((a) => {
      a.agreement_date = "15/05/2026";
      a.lodgment_day = "15/05/2026";
    });
    expect(on).toEqual([{ path: "agreement_date", message: LATE }]);
    expect(
      issuesOf((a) => {
        a.agreement_date = "14/05/2026";
        a.lodgment_day = "15/05/2026";
      }),
    ).toEqual([]);
  });

  it("asks for the lodgment day", () => {
    expect(
      issuesOf((a) => {
        delete a.lodgment_day;
      }),
    ).toEqual([{ path: "lodgment_day", message: "This field cannot be blank." }]);
  });

  it("refuses a lodgment day on or before the end of the income year", () => {
    expect(
      issuesOf((a) => {
        a.agreement_date = "01/06/2025";
        a.lodgment_day = "30/06/2025";
      }),
    ).toEqual([{ path: "lodgment_day", message: BEFORE_YEAR_END }]);
  });

  it("refuses a lodgment day after 15 May of the next year unless the due date was deferred", () => {
    const late = (deferred: string) =>
      issuesOf((a) => {
        a.loan_income_year = 2022;
        a.agreement_date = "16/11/2026";
        a.lodgment_day = "01/12/2026";
        a.lodgment_deferred = deferred;
      });
    expect(late("No")).toEqual([{ path: "lodgment_day", message: PAST_DUE }]);
    expect(late("Yes")).toEqual([]);
    expect(
      issuesOf((a) => {
        a.lodgment_day = "15/05/2026";
        a.lodgment_deferred = "No";
      }),
    ).toEqual([]);
  });

  it("recites the lodgment day in the particulars, for a facility and for existing advances", () => {
    for (const basis of ["facility", "existing"]) {
      const loan = text((a) => {
        a.loan_basis = basis;
      });
      expect(loan).toContain("Lodgment Day for the Income Year of the first Loan 15 May 2026");
      expect(loan).toContain("before the Lodgment Day");
    }
  });
});

describe("Division 7A: parties", () => {
  it("refuses a company borrower (s109K: a loan to a company is outside Division 7A)", () => {
    const issues = issuesOf((a) => {
      a.borrower = { ...(a.lender as Answers) };
    });
    expect(issues.map((issue) => issue.path)).toContain("borrower.party_type");
  });

  it("has a trust borrower's trustees sign as trustees, and an individual borrower sign personally", () => {
    const trust = text(() => {});
    expect(trust).toContain("Trustee Borrower");
    expect(trust).toContain("as trustee of the Menon Family Trust");
  });

  it("refuses security worth less than 110 % of the loan in every state", () => {
    for (const state of ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"]) {
      const issues = issuesOf((a) => {
        a.jurisdiction = state;
        a.property_value = 439_999;
      });
      expect(issues.map((issue) => issue.path)).toEqual(["property_value"]);
    }
  });

  it("refuses an unsecured term over 7 years and a secured term over 25", () => {
    expect(
      issuesOf((a) => {
        a.secured = "No";
        a.term_years = 8;
      }),
    ).toEqual([{ path: "term_years", message: "Please enter a number no more than 7." }]);
    expect(
      issuesOf((a) => {
        a.term_years_secured = 26;
      }),
    ).toEqual([{ path: "term_years_secured", message: "Please enter a number no more than 25." }]);
  });
});
