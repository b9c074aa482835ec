/**
 * The SMSF investment strategy review minutes against the preconditions in PRECONDITIONS.md: they
 * record the trustees' consideration of each matter of reg 4.09(2) SIS Regulations (insurance for
 * members included), whether the strategy continues or changes, a plan when the fund is outside its
 * ranges, a chair who is one of the signers, every trustee or director signing, and the next review
 * within 12 months of the meeting, after the strategy it reviews.
 */
import { signers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { answersFor, type Change, documentText, issuesOf as issuesIn, load, refusal } from "../edge-cases.ts";

const SLUG = "smsf-investment-strategy-review-minutes";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const signerNames = (change: Change = () => {}) =>
  signers(load(SLUG).template.definition, answersFor(SLUG, change) as never).map((signer) => signer.fullName);

const NOT_A_DIRECTOR =
  "This person is not named as a director of the trustee company. Only the company's directors sign its minutes: check the names here and in the company's details.";
const DIRECTOR_MISSING =
  "Every director of the trustee company must sign the minutes: add this director among the directors signing.";
const SOLE_DIRECTOR_MISSING =
  "The company's sole director must sign the minutes: add them among the directors signing.";
const CHAIR =
  "The chair must be one of the trustees, or one of the directors of the trustee company, signing these minutes. Check the name.";
const BEFORE_STRATEGY =
  "The review meeting cannot be before the strategy it reviews was adopted: check both dates.";
const REVIEW_TOO_LATE =
  "The next review must be after this meeting and no more than 12 months after it: the trustees must review the strategy regularly (reg 4.09 SIS Regulations), and a yearly review is the least the ATO expects.";
const NO_INSURANCE_REASON =
  "Say why the trustees decided the fund should not hold insurance for its members: the minutes must show it was considered (reg 4.09(2)(e) SIS Regulations).";
const NO_COVER_DETAILS = "Describe the cover the fund holds for each insured member.";
const NO_CHANGES = "Set out the changes to the strategy and the trustees' reasons for them.";
const NO_PLAN =
  "The fund is outside its strategy's ranges: say how and by when the trustees will bring it back within them, so that they give effect to the strategy.";
const NO_MEMBER_CHANGES =
  "Say what changed in the members' circumstances and how the trustees took it into account.";

const individualTrustees: Change = (a) => {
  a.trustee_type = "individuals";
  a.trustees = (a.directors as { director: unknown }[]).map(({ director }) => ({ trustee: director }));
  delete a.trustee_company;
  delete a.directors;
};
const both =
  (...changes: Change[]): Change =>
  (a) => {
    for (const change of changes) change(a);
  };

describe("SMSF investment strategy review minutes: the matters of reg 4.09(2)", () => {
  it("records the trustees' consideration of risk and return, diversification, liquidity and liabilities", () => {
    const minutes = text();
    expect(minutes).toContain(
      "give effect to an investment strategy (section 52B(2)(f) of the Superannuation Industry (Supervision) Act 1993 (Cth)),",
    );
    expect(minutes).toContain(
      "regulation 4.09(2) of the Superannuation Industry (Supervision) Regulations 1994 (Cth)",
    );
    expect(minutes).toContain("Risk and return (regulation 4.09(2)(a)). The Trustee considered the risk");
    expect(minutes).toContain("Diversification (regulation 4.09(2)(b)).");
    expect(minutes).toContain("The commercial property is now 47 % of the Fund");
    expect(minutes).toContain("Liquidity and liabilities (regulation 4.09(2)(c) and (d)).");
    expect(minutes).toContain("existing and prospective liabilities: The Fund holds about $42,000 in cash");
    expect(minutes).toContain("The Fund’s return since the last review was noted: 7.2 %");
  });

  it("records insurance for members as considered, with the cover held or the reasons for none", () => {
    expect(text()).toContain(
      "Insurance for members (regulation 4.09(2)(e)). The Trustee considered whether the Fund should hold a contract of insurance providing cover for one or more members. It resolved that the Fund not hold such cover, for these reasons: Linh and Minh",
    );
    const insured = (a: Record<string, unknown>) => {
      a.insurance = "held";
      a.insurance_details = "Life cover of $500,000 for each member";
      delete a.insurance_reason;
    };
    expect(text(insured)).toContain(
      "It resolved that the Fund continue to hold this cover: Life cover of $500,000 for each member",
    );
    expect(
      issuesOf((a) => {
        a.insurance_reason = "";
      }),
    ).toEqual([{ path: "insurance_reason", message: NO_INSURANCE_REASON }]);
    expect(
      issuesOf(
        both(insured, (a) => {
          a.insurance_details = "";
        }),
      ),
    ).toEqual([{ path: "insurance_details", message: NO_COVER_DETAILS }]);
  });

  it("records changes in the members' circumstances, or that there were none", () => {
    expect(text()).toContain(
      "The Trustee noted these changes in the members’ circumstances since the last review",
    );
    expect(
      text((a) => {
        a.member_changes = "No";
      }),
    ).toContain("the members’ circumstances have not changed in any way that bears on the Strategy");
    expect(
      issuesOf((a) => {
        a.member_changes_details = "";
      }),
    ).toEqual([{ path: "member_changes_details", message: NO_MEMBER_CHANGES }]);
  });
});

describe("SMSF investment strategy review minutes: the outcome", () => {
  it("changes the strategy with the reasons, and adopts the amended strategy", () => {
    const changed = text();
    expect(changed).toContain(
      "it was resolved that the Strategy be changed as follows, with effect from 13 November 2026: The range for cash",
    );
    expect(changed).toContain("the Strategy as amended, tabled at the meeting, be adopted");
    expect(
      issuesOf((a) => {
        a.changes = "";
      }),
    ).toEqual([{ path: "changes", message: NO_CHANGES }]);
  });

  it("confirms an unchanged strategy, and asks for no changes", () => {
    const unchanged = text((a) => {
      a.outcome = "unchanged";
      delete a.changes;
    });
    expect(unchanged).toContain("the Strategy remains appropriate for the Fund and continues unchanged");
    expect(unchanged).not.toContain("Strategy changed.");
  });

  it("asks for a plan to return within the ranges when the fund is outside them, changed or not", () => {
    const outside = (a: Record<string, unknown>) => {
      a.within_ranges = "No";
      a.rebalance_plan =
        "Sell $20,000 of Australian shares by 31 December 2026 and hold the proceeds in cash.";
    };
    expect(text(outside)).toContain(
      "To bring the Fund within the amended strategy’s ranges, it was resolved: Sell $20,000",
    );
    expect(
      text(
        both(outside, (a) => {
          a.outcome = "unchanged";
          delete a.changes;
        }),
      ),
    ).toContain("To bring the Fund within the Strategy’s ranges, it was resolved: Sell $20,000");
    expect(text()).toContain("the Fund’s current allocation to each asset class is within the range");
    expect(
      refused((a) => {
        a.within_ranges = "No";
      }),
    ).toEqual([{ path: "rebalance_plan", message: NO_PLAN }]);
  });
});

describe("SMSF investment strategy review minutes: who signs, and when", () => {
  it("is signed by every director of the corporate trustee, chaired by one of them", () => {
    expect(signerNames()).toEqual(["Linh Nguyen", "Minh Nguyen"]);
    expect(text()).toContain("Linh Nguyen and Minh Nguyen, being every director of Nguyen Super Pty Ltd");
    expect(text()).toContain("Linh Nguyen chaired the meeting.");
    expect(
      refused((a) => {
        a.chair_name = "Helen Brooks";
      }),
    ).toEqual([{ path: "chair_name", message: CHAIR }]);
    // Names compare without regard to case or spacing.
    expect(
      issuesOf((a) => {
        a.chair_name = "minh  nguyen";
      }),
    ).toEqual([]);
  });

  it("refuses a director not named for the company, and a director of the company who does not sign", () => {
    expect(
      refused((a) => {
        const directors = a.directors as { director: Record<string, unknown> }[];
        (directors[1] as { director: Record<string, unknown> }).director.first_name = "Mai";
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: "directors[1].director", message: NOT_A_DIRECTOR },
        { path: "trustee_company.directors[1].name", message: DIRECTOR_MISSING },
      ]),
    );
    expect(
      refused((a) => {
        const company = a.trustee_company as Record<string, unknown>;
        company.director_type = "sole";
        company.sole_director_name = "Thi Nguyen";
        delete company.directors;
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: "trustee_company.sole_director_name", message: SOLE_DIRECTOR_MISSING },
      ]),
    );
  });

  it("is signed by every individual trustee, chaired by one of them", () => {
    expect(signerNames(individualTrustees)).toEqual(["Linh Nguyen", "Minh Nguyen"]);
    const minutes = text(individualTrustees);
    expect(minutes).toContain("Linh Nguyen and Minh Nguyen, being every trustee of the Fund");
    expect(minutes).toContain("Signed by a trustee of the Nguyen Super Fund:");
    expect(
      refused(
        both(individualTrustees, (a) => {
          a.chair_name = "Helen Brooks";
        }),
      ),
    ).toEqual([{ path: "chair_name", message: CHAIR }]);
    // At least two individual trustees (s17A SIS Act).
    expect(
      issuesOf(
        both(individualTrustees, (a) => {
          a.trustees = (a.trustees as unknown[]).slice(0, 1);
        }),
      ).map((issue) => issue.path),
    ).toContain("trustees");
  });

  it("refuses a meeting before the strategy it reviews, and a next review before it or more than 12 months after", () => {
    expect(
      refused((a) => {
        a.strategy_date = "14/11/2026";
      }),
    ).toEqual([{ path: "meeting_date", message: BEFORE_STRATEGY }]);
    expect(
      issuesOf((a) => {
        a.strategy_date = "13/11/2026";
      }),
    ).toEqual([]);
    expect(
      refused((a) => {
        a.next_review_date = "12/11/2026";
      }),
    ).toEqual([{ path: "next_review_date", message: REVIEW_TOO_LATE }]);
    expect(
      refused((a) => {
        a.next_review_date = "14/11/2027";
      }),
    ).toEqual([{ path: "next_review_date", message: REVIEW_TOO_LATE }]);
    expect(
      issuesOf((a) => {
        a.next_review_date = "13/11/2027";
      }),
    ).toEqual([]);
    expect(text()).toContain("be reviewed again by 12 November 2027");
  });
});
