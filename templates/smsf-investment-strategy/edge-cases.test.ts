/**
 * The SMSF investment strategy against the preconditions in PRECONDITIONS.md: it has regard to each
 * matter of reg 4.09(2) SIS Regulations, holds each current allocation inside its class's range,
 * refuses in-house assets over 5 % (Part 8 SIS Act), asks for reasons where one class may reach half
 * the fund, is signed by every trustee or every director of the corporate trustee, and is reviewed
 * within 12 months.
 */
import { signers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { answersFor, type Change, documentText, issuesOf as issuesIn, load, refusal } from "../edge-cases.ts";

const SLUG = "smsf-investment-strategy";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const signerNames = (change: Change = () => {}) =>
  signers(load(SLUG).template.definition, answersFor(SLUG, change) as never).map((signer) => ({
    name: signer.fullName,
    witnesses: signer.witnesses.length,
  }));

const CLASSES = [
  ["aus_shares", "australian shares"],
  ["intl_shares", "international shares"],
  ["property", "property (direct and listed)"],
  ["fixed_interest", "fixed interest"],
  ["cash", "cash and term deposits"],
  ["other", "other assets"],
] as const;

const belowRange = (name: string) =>
  `The current allocation to ${name} is below the minimum of its range. Each class's range must include what the fund holds now: lower the minimum, or record a plan to rebalance and adopt the strategy after it.`;
const aboveRange = (name: string) =>
  `The maximum for ${name} is below the fund's current allocation to it. Each class's range must include what the fund holds now: raise the maximum, or rebalance first.`;
const IN_HOUSE =
  "The fund's in-house assets are more than 5 % of the market value of its assets. The SIS Act limits them to 5 % (ss 82-84): the trustees must adopt a plan to dispose of the excess, and the strategy cannot be adopted on these figures. Check both values.";
const NOT_A_DIRECTOR =
  "This person is not named as a director of the trustee company. Only the company's directors sign its minutes: check the names here and in the company's details.";
const DIRECTOR_MISSING =
  "Every director of the trustee company must sign the minutes: add this director among the directors signing.";
const SOLE_DIRECTOR_MISSING =
  "The company's sole director must sign the minutes: add them among the directors signing.";

const individualTrustees: Change = (a) => {
  a.trustee_type = "individuals";
  a.trustees = (a.directors as { director: unknown }[]).map(({ director }) => ({ trustee: director }));
  delete a.trustee_company;
  delete a.directors;
};

describe("SMSF investment strategy: what reg 4.09(2) asks the trustees to consider", () => {
  it("has regard to risk and return, diversification, liquidity, liabilities and insurance", () => {
    const strategy = text();
    expect(strategy).toContain(
      "section 52B(2)(f) of the Superannuation Industry (Supervision) Act 1993 (Cth) (the Act) and regulation 4.09 of the Superannuation Industry (Supervision) Regulations 1994 (Cth)",
    );
    expect(strategy).toContain("the risk and likely return of the Fund’s investments");
    expect(strategy).toContain("the risk to the Fund of inadequate diversification");
    expect(strategy).toContain(
      "The Fund’s expected cash flow needs and liabilities are these: A pension to Minh",
    );
    expect(strategy).toContain("discharge its existing and prospective liabilities");
    expect(strategy).toContain(
      "(regulation 4.09(2)(e)) and has decided not to, for these reasons: Linh and Minh",
    );
    expect(strategy).toContain("(a) Linh Nguyen, aged 58, in the accumulation phase;");
  });

  it("records the cover held, when the fund insures its members", () => {
    const insured = text((a) => {
      a.insurance = "held";
      a.insurance_details = "Life cover of $500,000 for each member";
      delete a.insurance_reason;
    });
    expect(insured).toContain(
      "(regulation 4.09(2)(e)) and holds this cover: Life cover of $500,000 for each member",
    );
    expect(
      issuesOf((a) => {
        a.insurance = "held";
      }),
    ).toEqual([{ path: "insurance_details", message: "This field cannot be blank." }]);
  });

  it("states the sole purpose test, s65, s66 and the in-house limit, and an LRBA only when chosen", () => {
    const strategy = text();
    expect(strategy).toContain("solely for the purposes section 62 of the Act allows");
    expect(strategy).toContain("to a member or a relative of a member (section 65 of the Act)");
    expect(strategy).toContain("except as section 66 of the Act allows");
    expect(strategy).toContain("$0.00, out of assets of $850,000.00, within the limit of 5 %");
    expect(strategy).toContain("this strategy does not allow a limited recourse borrowing arrangement");
    const borrowing = text((a) => {
      a.borrowing = "Yes";
      a.borrowing_details = "the fund's commercial premises, with Example Bank as lender";
    });
    expect(borrowing).toContain("a limited recourse borrowing arrangement that meets section 67A of the Act");
    expect(borrowing).toContain("the lender’s rights on default are limited to that asset");
  });
});

describe("SMSF investment strategy: asset allocation ranges", () => {
  for (const [id, name] of CLASSES) {
    it(`refuses a current allocation to ${name} below its minimum or above its maximum`, () => {
      expect(
        refused((a) => {
          a[`${id}_min`] = Number(a[`${id}_current`]) + 1;
          a[`${id}_max`] = Math.max(Number(a[`${id}_max`]), Number(a[`${id}_min`]));
        }),
      ).toEqual([{ path: `${id}_current`, message: belowRange(name) }]);
      expect(
        refused((a) => {
          a[`${id}_max`] = Number(a[`${id}_current`]) - 0.5;
          a[`${id}_min`] = 0;
        }),
      ).toEqual(
        // A maximum below a current of 0 % is also below zero: the question's own limit says so.
        Number(answersFor(SLUG)[`${id}_current`]) === 0
          ? [{ path: `${id}_max`, message: "Please enter a number no less than 0." }]
          : [{ path: `${id}_max`, message: aboveRange(name) }],
      );
    });
  }

  it("accepts a current allocation at either end of its range", () => {
    expect(
      issuesOf((a) => {
        a.aus_shares_min = 30;
        a.intl_shares_max = 15;
      }),
    ).toEqual([]);
  });

  it("prints each class's range and current allocation", () => {
    expect(text()).toContain("Property (direct and listed) 30 % 45 % 60 %");
    expect(text()).toContain("Cash and term deposits 2 % 5 % 15 %");
  });

  it("asks why when a class may reach 50 % of the fund, and says none may otherwise", () => {
    expect(
      issuesOf((a) => {
        delete a.concentration_reason;
      }),
    ).toEqual([
      {
        path: "concentration_reason",
        message:
          "A class's range allows 50 % or more of the fund: say why the strategy allows that concentration and how the trustees have considered its risk (reg 4.09(2)(b) SIS Regulations).",
      },
    ]);
    expect(text()).toContain(
      "This strategy allows 50 % or more of the Fund to be invested in one asset class. The Trustee has considered the risk of that concentration, and adopts it for these reasons: The fund owns the commercial premises",
    );
    const spread = text((a) => {
      a.property_max = 49;
      delete a.concentration_reason;
    });
    expect(spread).toContain("No asset class may make up 50 % or more of the Fund");
    expect(spread).not.toContain("concentration");
  });
});

describe("SMSF investment strategy: in-house assets (Part 8 SIS Act)", () => {
  it("refuses in-house assets over 5 % of the fund, and accepts exactly 5 %", () => {
    expect(
      refused((a) => {
        a.in_house_value = 42_500.01;
      }),
    ).toEqual([{ path: "fund_value", message: IN_HOUSE }]);
    expect(
      issuesOf((a) => {
        a.in_house_value = 42_500;
      }),
    ).toEqual([]);
  });
});

describe("SMSF investment strategy: the minutes and who signs them", () => {
  it("is signed by every director of the corporate trustee, with no witness", () => {
    expect(signerNames()).toEqual([
      { name: "Linh Nguyen", witnesses: 0 },
      { name: "Minh Nguyen", witnesses: 0 },
    ]);
    const minutes = text();
    expect(minutes).toContain("Linh Nguyen and Minh Nguyen, being every director of the Trustee.");
    expect(minutes).toContain(
      "Signed by a director of Nguyen Super Pty Ltd ACN 665 123 473, as trustee of the Nguyen Super Fund:",
    );
  });

  it("refuses a signer who is not a director, and a director who does not sign", () => {
    expect(
      refused((a) => {
        const [first] = a.directors as { director: Record<string, unknown> }[];
        if (first) first.director.first_name = "Lan";
      }),
    ).toEqual([
      { path: "directors[0].director", message: NOT_A_DIRECTOR },
      { path: "trustee_company.directors[0].name", message: DIRECTOR_MISSING },
    ]);
    expect(
      refused((a) => {
        (a.directors as unknown[]).pop();
      }),
    ).toEqual([{ path: "trustee_company.directors[1].name", message: DIRECTOR_MISSING }]);
  });

  it("has a sole director sign, and refuses minutes the sole director does not sign", () => {
    const soleDirector: Change = (a) => {
      const company = a.trustee_company as Record<string, unknown>;
      company.director_type = "sole";
      company.sole_director_name = "Linh Nguyen";
      company.sole_director_is_secretary = "Yes";
      delete company.directors;
      (a.directors as unknown[]).pop();
    };
    expect(issuesOf(soleDirector)).toEqual([]);
    expect(signerNames(soleDirector)).toEqual([{ name: "Linh Nguyen", witnesses: 0 }]);
    expect(
      refused((a) => {
        soleDirector(a);
        (a.trustee_company as Record<string, unknown>).sole_director_name = "Minh Nguyen";
      }),
    ).toEqual([
      { path: "directors[0].director", message: NOT_A_DIRECTOR },
      { path: "trustee_company.sole_director_name", message: SOLE_DIRECTOR_MISSING },
    ]);
  });

  it("is signed by every individual trustee", () => {
    expect(signerNames(individualTrustees)).toEqual([
      { name: "Linh Nguyen", witnesses: 0 },
      { name: "Minh Nguyen", witnesses: 0 },
    ]);
    const minutes = text(individualTrustees);
    expect(minutes).toContain("Linh Nguyen and Minh Nguyen, being every trustee of the Fund.");
    expect(minutes).toContain("Signed by a trustee of the Nguyen Super Fund:");
    expect(minutes).toContain("as trustees of the Nguyen Super Fund (together, the Trustee)");
  });

  it("refuses minutes with no trustee or no director signing", () => {
    expect(
      refused((a) => {
        individualTrustees(a);
        a.trustees = [];
      }),
    ).toEqual([{ path: "trustees", message: "Please add at least 2 entries." }]);
    // One individual trustee is not an SMSF's structure (s17A): two at least, or a company.
    expect(
      refused((a) => {
        individualTrustees(a);
        (a.trustees as unknown[]).pop();
      }),
    ).toEqual([{ path: "trustees", message: "Please add at least 2 entries." }]);
    expect(
      refused((a) => {
        a.directors = [];
      }),
    ).toContainEqual({ path: "directors", message: "Please add at least one entry." });
  });
});

describe("SMSF investment strategy: review within 12 months", () => {
  const REVIEW =
    "The next review must fall on or after the meeting date and no more than 12 months after it: the trustees must review the strategy regularly (s52B(2)(f) SIS Act).";
  it("prints the review date answered, and refuses one more than 12 months after the meeting or before it", () => {
    expect(text()).toContain("The Trustee will review this strategy by 14 November 2026");
    expect(
      text((a) => {
        a.review_date = "12/02/2026";
      }),
    ).toContain("review this strategy by 12 February 2026");
    expect(
      refused((a) => {
        a.review_date = "15/11/2026";
      }),
    ).toEqual([{ path: "review_date", message: REVIEW }]);
    expect(
      refused((a) => {
        a.review_date = "13/11/2025";
      }),
    ).toEqual([{ path: "review_date", message: REVIEW }]);
    // 12 months from 29 February ends on 28 February of the next year, the month's last day.
    const leap = (review: string) => (a: Record<string, unknown>) => {
      a.meeting_date = "29/02/2028";
      a.review_date = review;
    };
    expect(issuesOf(leap("28/02/2029"))).toEqual([]);
    expect(refused(leap("01/03/2029"))).toEqual([{ path: "review_date", message: REVIEW }]);
  });
});

describe("SMSF investment strategy: the ranges hold the whole fund", () => {
  const MINIMUMS =
    "The minimums of the ranges add up to more than 100 % of the fund, so they cannot all be met: lower one or more minimums.";
  const MAXIMUMS =
    "The maximums of the ranges add up to less than 100 % of the fund, so the ranges cannot hold all its assets: raise one or more maximums.";
  const CURRENT =
    'The current allocations must add up to 100 % of the fund (with "Other assets" for anything not in another class): check each current allocation.';
  it("refuses minimums adding up to more than 100 % and maximums to less, and accepts exactly 100 %", () => {
    // Every class at 20 % (minimum, now and maximum): the six minimums add up to 120 %.
    const minimums = refused((a) => {
      for (const [id] of CLASSES) {
        a[`${id}_min`] = 20;
        a[`${id}_current`] = 20;
        a[`${id}_max`] = 20;
      }
    });
    expect(minimums).toContainEqual({ path: "aus_shares_min", message: MINIMUMS });
    expect(minimums).toContainEqual({ path: "aus_shares_current", message: CURRENT });
    const maximums = refused((a) => {
      for (const [id] of CLASSES) {
        a[`${id}_min`] = 0;
        a[`${id}_current`] = 10;
        a[`${id}_max`] = 10;
      }
    });
    expect(maximums).toContainEqual({ path: "aus_shares_max", message: MAXIMUMS });
    expect(maximums).toContainEqual({ path: "aus_shares_current", message: CURRENT });
    // Minimums of exactly 100 % in total, maximums of exactly 100 %: the ranges still hold the fund.
    const exact = (a: Record<string, unknown>) => {
      for (const [id] of CLASSES) {
        a[`${id}_min`] = id === "other" ? 16.65 : 16.67;
        a[`${id}_current`] = id === "other" ? 16.65 : 16.67;
        a[`${id}_max`] = id === "other" ? 16.65 : 16.67;
      }
    };
    expect(issuesOf(exact)).toEqual([]);
  });

  it("refuses current allocations that do not add up to 100 %", () => {
    expect(
      refused((a) => {
        a.cash_current = Number(a.cash_current) + 1;
        a.cash_max = 100;
      }),
    ).toEqual([{ path: "aus_shares_current", message: CURRENT }]);
  });
});
