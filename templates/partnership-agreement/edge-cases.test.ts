/**
 * The partnership agreement against the preconditions in PRECONDITIONS.md: each is refused with its
 * message or drafted for, across partner counts (2 to 20), individual and company partners (a sole
 * director and two directors), every state's and territory's Partnership Act, a partnership begun
 * before the agreement, and the restraint, goodwill and payment options.
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  JURISDICTIONS,
  pdfPages,
  refusal,
} from "../edge-cases.ts";

const SLUG = "partnership-agreement";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

type Entry = { partner: Answers; age?: string; capital: number; profit_share: number };
const entries = (a: Answers) => a.partners as Entry[];

/** An adult individual partner with the given share. */
const individual = (first: string, last: string, share: number): Entry => ({
  partner: {
    party_type: "individual",
    first_name: first,
    middle_name: "",
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    street: "8 Example Avenue",
    suburb: "Harris Park",
    state: "NSW",
    postcode: "2150",
  },
  age: "adult",
  capital: 1000,
  profit_share: share,
});

/** `count` individual partners with equal shares that add up to exactly 100 (the last takes the rest). */
const partnersOf = (count: number) => (a: Answers) => {
  const each = Math.floor(10000 / count) / 100;
  a.partners = Array.from({ length: count }, (_, index) =>
    individual(
      `Partner${String.fromCharCode(65 + index)}`,
      `Surname${index + 1}`,
      index === count - 1 ? Math.round((100 - each * (count - 1)) * 100) / 100 : each,
    ),
  );
};

describe("partnership agreement: what the interview refuses", () => {
  it("refuses a partner under 18, and asks the age of individual partners only", () => {
    const issues = refused((a) => {
      const first = entries(a)[0];
      if (first) first.age = "minor";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["partners[0].age"]);
    expect(issues[0]?.message).toContain("A partner must be 18 or over.");
    // The company partner (the second) is never asked an age.
    expect(paths((a) => delete entries(a)[1]?.age)).toEqual([]);
    expect(paths((a) => delete entries(a)[0]?.age)).toEqual(["partners[0].age"]);
  });

  it("refuses profit shares that do not add up to exactly 100 %, and accepts shares that do", () => {
    for (const [first, second] of [
      [60, 39.99],
      [60, 40.01],
      [50, 60],
    ]) {
      const issues = refused((a) => {
        const [one, two] = entries(a);
        if (one && two) [one.profit_share, two.profit_share] = [first ?? 0, second ?? 0];
      });
      expect(issues.map((issue) => issue.path)).toEqual(["partners"]);
      expect(issues[0]?.message).toContain("must add up to exactly 100 %");
    }
    expect(paths(partnersOf(3))).toEqual([]);
  });

  it("takes 2 to 20 partners and refuses 1 or 21 (s115(1)(b) Corporations Act)", () => {
    expect(paths(partnersOf(2))).toEqual([]);
    expect(paths(partnersOf(20))).toEqual([]);
    // 21 partners: the group's limit (and the shares are then judged on the 20 kept).
    const over = issuesOf(partnersOf(21));
    expect(over.map((issue) => issue.path)).toContain("partners");
    expect(over.map((issue) => issue.message)).toContain("Please add no more than 20 entries.");
    expect(issuesOf(partnersOf(1)).map((issue) => issue.message)).toContain("Please add at least 2 entries.");
    const twenty = text(partnersOf(20));
    expect(twenty).toContain("20. PartnerT Surname20 of 8 Example Avenue");
  });

  it("refuses Norfolk Island, which no Partnership Act followed here covers", () => {
    const issues = refused((a) => {
      a.jurisdiction = "NFK";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["jurisdiction"]);
    expect(issues[0]?.message).toContain("does not cover Norfolk Island");
  });

  it("refuses a date for paying in capital before the agreement", () => {
    const issues = refused((a) => {
      a.capital_due_date = "01/11/2026";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["capital_due_date"]);
  });
});

describe("partnership agreement: what it drafts", () => {
  it("names each state's and territory's Partnership Act", () => {
    const acts: Record<string, string> = {
      NSW: "Partnership Act 1892 (NSW)",
      VIC: "Partnership Act 1958 (Vic)",
      QLD: "Partnership Act 1891 (Qld)",
      WA: "Partnership Act 1895 (WA)",
      SA: "Partnership Act 1891 (SA)",
      TAS: "Partnership Act 1891 (Tas)",
      ACT: "Partnership Act 1963 (ACT)",
      NT: "Partnership Act 1997 (NT)",
    };
    for (const jurisdiction of JURISDICTIONS)
      expect(
        text((a) => (a.jurisdiction = jurisdiction)),
        jurisdiction,
      ).toContain(`Partnership Act means the ${acts[jurisdiction]}`);
  });

  it("records a partnership already carried on when it began before the agreement's date", () => {
    expect(text()).toContain(
      "will carry on the Business in partnership under the name Patel & Ross Physiotherapy from 1 December 2026",
    );
    const existing = text((a) => (a.commencement_date = "01/07/2024"));
    expect(existing).toContain(
      "have carried on the Business in partnership under the name Patel & Ross Physiotherapy since 1 July 2024",
    );
    expect(existing).toContain("this agreement governs the partnership in place of any earlier agreement");
    expect(existing).toContain("The partnership began on 1 July 2024");
  });

  it("keeps the partnership going on retirement, expulsion and death, with an express power to expel", () => {
    const doc = text();
    for (const point of [
      "does not dissolve the partnership between the other Partners",
      "at least 6 months’ written notice",
      "the express power to expel that the Partnership Act requires",
      "given at least 14 days to answer it",
      "The death of a Partner does not dissolve the partnership between the surviving Partners",
      "nominated by the President for the time being of Chartered Accountants Australia and New Zealand",
      "first in paying the partnership’s debts to persons who are not Partners",
      "nominated by the Resolution Institute",
      "more than $20,000.00",
      "by any two Partners together",
      "Partners holding together more than half of the Profit Shares",
    ])
      expect(doc).toContain(point);
  });

  it("values a share with or without goodwill, and pays it at once or in instalments", () => {
    expect(text()).toContain("plus the Partner’s Profit Share of the fair market value of the goodwill");
    expect(text((a) => (a.goodwill = "No"))).toContain("without any amount for goodwill");
    expect(text()).toContain("in 12 equal monthly instalments");
    expect(text((a) => (a.payout_months = 0))).toContain(
      "within 60 days after the Value is agreed or determined",
    );
  });

  it("drafts interest on capital only when chosen", () => {
    expect(text()).toContain("Capital earns no interest.");
    expect(
      text((a) => {
        a.capital_interest = "rate";
        a.capital_interest_rate = 5;
      }),
    ).toContain("earns interest at 5 % a year");
  });

  it("drafts no restraint, a non-solicitation, or cascading non-compete periods and areas", () => {
    expect(text((a) => (a.restraint = "none"))).not.toContain("Restraint Period");
    const solicit = text((a) => {
      a.restraint = "non_solicit";
      delete a.restraint_area;
    });
    expect(solicit).toContain("24 months; 12 months; 6 months");
    expect(solicit).not.toContain("Restraint Area");
    expect(text()).toContain(
      "the City of Parramatta local government area; within 20 kilometres of the principal place of business; within 10 kilometres of it",
    );
    expect(text()).toContain("Restraints of Trade Act 1976 (NSW)");
    expect(text((a) => (a.jurisdiction = "VIC"))).not.toContain("Restraints of Trade Act");
  });

  it("executes a company partner under s127 by its sole director, or by two directors", async () => {
    const sole = (await pdfPages(SLUG)).join(" ");
    expect(sole).toContain(
      "Executed by Ross Health Pty Ltd ACN 618 234 576 in accordance with section 127 of the Corporations Act 2001 (Cth)",
    );
    expect(sole).toContain("sole director and sole company secretary");
    const two = (
      await pdfPages(SLUG, (a) => {
        const company = entries(a)[1]?.partner;
        if (!company) return;
        company.director_type = "multiple";
        delete company.sole_director_name;
        delete company.sole_director_email;
        delete company.sole_director_is_secretary;
        company.directors = [
          { name: "Daniel James Ross", email: "daniel.ross@example.com", signs: "Yes" },
          { name: "Priya Ross", email: "priya.ross@example.com", signs: "Yes" },
        ];
      })
    ).join(" ");
    expect(two).toContain("Priya Ross");
    expect(two).not.toContain("sole director");
  });
});
