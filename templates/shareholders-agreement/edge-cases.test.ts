/**
 * The shareholders' agreement against each row of its PRECONDITIONS.md and the market's heads of
 * agreement: the leaver, death and incapacity events, funding, dividends, the business plan,
 * warranties, insurance, IP, trustee shareholders (who sign in their capacity, with the trust's
 * limitation of liability), and a sale price that does not invite a penalty challenge.
 */
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf } from "../edge-cases.ts";

const SLUG = "shareholders-agreement";
type Entry = Record<string, unknown>;

const trustHolder = {
  party_type: "trust",
  name: "Rowe Family Trust",
  trustees: [
    {
      party_type: "company",
      name: "Rowe Nominees",
      legal_element: "PTY LTD",
      acn: "612345678",
      street: "14 Example Parade",
      suburb: "Wollongong",
      state: "NSW",
      postcode: "2500",
      director_type: "sole",
      sole_director_name: "Tamsin Jane Rowe",
      sole_director_email: "tamsin.rowe@example.com",
      sole_director_is_secretary: "Yes",
    },
  ],
};

describe("refusals", () => {
  it("needs at least two shareholders", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.shareholders = [(a.shareholders as Entry[])[0]];
      }),
    );
    expect(issues).toEqual([{ path: "shareholders", message: "Please add at least 2 entries." }]);
  });

  it("refuses a bad leaver discount above 25 %", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.bad_leaver_discount = 40;
      }),
    );
    expect(issues).toEqual([
      { path: "bad_leaver_discount", message: "Please enter a number no more than 25." },
    ]);
  });
});

describe("the price on a compulsory sale (Paciocco v ANZ; Andrews v ANZ)", () => {
  it("a default sale is at Fair Value fixed by an independent valuer, never at 90 % of it", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).not.toContain("90 %");
    expect(text).not.toContain("90% of Fair Value");
    expect(text).toMatch(/Default Event.*at Fair Value/);
    expect(text).toContain("Independent Valuer");
  });

  it("a discount only for a Bad Leaver, stated as a genuine pre-estimate and not a penalty", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.bad_leaver_discount = 15;
      }),
    );
    expect(text).toContain("Fair Value less 15 %");
    expect(text).toContain("not a penalty");
    expect(text).toContain("Good Leaver");
    expect(text).toContain("for a Good Leaver, Fair Value;");
  });

  it("no discount chosen: a Bad Leaver also sells at Fair Value, with no penalty wording needed", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.bad_leaver_discount = 0;
      }),
    );
    expect(text).not.toContain("Fair Value less");
    expect(text).toContain("Bad Leaver");
  });
});

describe("the heads of agreement a market agreement has", () => {
  const text = documentText(SLUG, answersFor(SLUG));
  it.each([
    "Business Plan and Budget",
    "Funding",
    "Shareholder Loans",
    "Dividend policy",
    "Leavers and employment events",
    "Death and incapacity",
    "Warranties",
    "Insurance",
    "Intellectual property",
    "Trustee Shareholders",
    "Deadlock",
    "Drag-along and tag-along",
    "Pre-emption on transfer",
    "Restraint",
    "Confidentiality",
    "Dispute resolution",
    "Deed of Accession",
  ])("has %s", (head) => {
    expect(text).toContain(head);
  });

  it("restraint cascades, the longest period and area first", () => {
    expect(text).toContain("24 months, or if that is held unenforceable, 12 months");
  });
});

describe("a trustee shareholder", () => {
  const withTrust = (a: Answers) => {
    const entries = a.shareholders as Entry[];
    if (entries[0]) {
      entries[0].holder = trustHolder;
      entries[0].principal = "Tamsin Jane Rowe";
    }
  };

  it("is a party in its capacity as trustee, with its limitation of liability to the trust's assets", () => {
    const text = documentText(SLUG, answersFor(SLUG, withTrust));
    expect(text).toContain("Rowe Nominees Pty Ltd ACN 612 345 678 as trustee for the Rowe Family Trust");
    expect(text).toContain("in its capacity as trustee of the Rowe Family Trust");
    expect(text).toContain(
      "limited to the extent to which it can be satisfied out of the assets of the trust",
    );
  });

  it("individual and corporate shareholders only: the trustee clause says it applies to none", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).not.toContain("in its capacity as trustee of the Rowe Family Trust");
  });
});

describe("the scope of a market agreement (25–50 pages: 36 from the sample answers, in our PDF and in LibreOffice)", () => {
  const text = documentText(SLUG, answersFor(SLUG));

  it("sets out the completion of each kind of sale: what the seller delivers, the conditions, and a timetable for every route", () => {
    expect(text).toContain("Completion of each kind of sale");
    for (const route of [
      "Pre-emption (clause",
      "Leaver (clause",
      "Death or Incapacity (clause",
      "Default (clause",
      "Family Law Event (clause",
      "Drag-along (clause",
      "Tag-along (clause",
    ]) {
      expect(text).toContain(route);
    }
    expect(text).toContain("the seller gives only these warranties to the buyers");
    expect(text).toContain("Foreign Acquisitions and Takeovers Act 1975");
  });

  it("lists default events beyond breach and insolvency, with consequences that forfeit nothing", () => {
    expect(text).toContain("commits fraud or dishonesty against the Company");
    expect(text).toContain("The money is its property throughout, and none of it is forfeited.");
    expect(text).toMatch(/Family law orders.*section 79 or 90SM.*section 90AE or 90AF/);
  });

  it("has Board Reserved Matters with money thresholds indexed to CPI, beside the Shareholders' Reserved Matters", () => {
    expect(text).toContain("Board Reserved Matters");
    expect(text).toMatch(/more than \$100,000 in any Financial Year/);
    expect(text).toContain("Consumer Price Index");
  });

  it("gives information rights (board papers, material events, tax information) and an observer", () => {
    expect(text).toContain("a copy of its minutes and of the papers tabled at it");
    expect(text).toContain("may appoint one observer");
  });

  it("provides for an exit: sale process, several and capped warranties, restructure, proceeds shared alike, escrow", () => {
    expect(text).toContain("a Shareholder’s total liability for them is capped at the proceeds it receives");
    expect(text).toContain("Restructure before an Exit or listing");
    expect(text).toContain("Escrow on listing");
  });

  it("has a notices clause with receipt rules, and a restraint given for goodwill, separate from employment", () => {
    expect(text).toContain("A notice, consent, approval or other communication under this agreement");
    expect(text).toContain("taken to be received at 9.00 am on the next Business Day");
    expect(text).toContain(
      "it is not given in connection with the employment or engagement of a Relevant Person",
    );
  });

  it("covers tax (Division 152 concessions, Division 7A, foreign resident withholding), related parties and directors' protection", () => {
    expect(text).toContain("Division 152 of the Income Tax Assessment Act 1997");
    expect(text).toContain("Subdivision 14-D of Schedule 1 to the Taxation Administration Act 1953");
    expect(text).toContain("Related Party Transaction");
    expect(text).toContain("deed of access, indemnity and insurance");
  });

  it("is at least 18,000 words because those heads need them", () => {
    expect(text.split(/\s+/).length).toBeGreaterThan(18000);
  });
});

/** Four equal holders of 25 shares each, all individuals (for the board and deadlock cases). */
const fourEqual = (a: Answers) => {
  const first = (a.shareholders as Entry[])[0] as Entry;
  a.shareholders = [1, 2, 3, 4].map(() => ({ ...structuredClone(first), shares: 25 }));
};

describe("preconditions added in the third pass (each failed before its clause or check)", () => {
  it("refuses a company or trust shareholder with no Relevant Person, and asks none of an individual", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        delete (a.shareholders as Entry[])[1]?.principal;
      }),
    );
    expect(issues).toEqual([
      {
        path: "shareholders[1].principal",
        message:
          "Name the individual behind this company or trust: the leaver, death and incapacity clauses, the restraint and the deed poll in Schedule 4 act through that person.",
      },
    ]);
    // The sample's individual shareholder names no Relevant Person and is not asked to.
    expect(issuesOf(SLUG, answersFor(SLUG))).toEqual([]);
  });

  it("when no shareholder holds enough shares to appoint a director, says who appoints and what the quorum is", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        fourEqual(a);
        a.nominee_percent = 30;
      }),
    );
    expect(text).toContain("At the date of this agreement no Shareholder holds 30 % of the Shares");
    expect(text).toContain("the quorum for Board meetings is two Directors");
    const sample = documentText(SLUG, answersFor(SLUG));
    expect(sample).not.toMatch(
      /no Shareholder holds \d+ % of the Shares, so this paragraph applies from the start/,
    );
    // Exactly at the threshold counts: 25 of 100 shares is 25 %.
    const atThreshold = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        fourEqual(a);
        a.nominee_percent = 25;
      }),
    );
    expect(atThreshold).not.toMatch(
      /no Shareholder holds \d+ % of the Shares, so this paragraph applies from the start/,
    );
  });

  it("a buy-sell notice among more than two shareholders never binds one to buy and sell at once", () => {
    const four = documentText(SLUG, answersFor(SLUG, fourEqual));
    expect(four).toContain("Because there are more than two Shareholders");
    expect(four).toContain(
      "No Shareholder is ever bound both to buy and to sell under the same Buy-Sell Notice.",
    );
    const two = documentText(SLUG, answersFor(SLUG));
    expect(two).not.toContain("Because there are more than two Shareholders");
    expect(two).toContain("must state a single price per Share payable in cash at Completion");
  });

  it("keeps the fundamental matters unanimous when other reserved matters need only 75 %", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.reserved_majority = "special";
      }),
    );
    expect(text).toMatch(
      /Fundamental Matter\) without the written approval of every Shareholder, although other Reserved Matters need only a Special Majority/,
    );
    expect(text).toContain("section 136(2) of the Act");
    expect(text).toContain("section 246B of the Act");
    expect(text).toContain("section 436A of the Act");
    expect(text).toContain("without the written approval of a Special Majority");
  });

  it("committed funding: calls within the commitment, a funding default that forfeits nothing, then a sale at Fair Value", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).toContain("of up to $200,000.00 in total for all Shareholders (its Committed Amount)");
    expect(text).toMatch(/Funding Default of it is not remedied within the time clause \d+ allows/);
    expect(text).toContain("nothing it owns is forfeited");
    expect(text).toContain("must not be lower than the Fair Value of a Share");
    const none = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.funding_commitment = 0;
      }),
    );
    expect(none).not.toContain("Committed Amount");
    expect(none).not.toContain("Funding Default");
    expect(none).not.toContain("Funding Call");
    expect(none).toContain("No Shareholder is obliged to provide funds to the Company, to lend to it");
  });

  it("a deadlock winding up is a members' voluntary winding up (ss 491, 494), with a buy-out first", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.deadlock = "winding_up";
      }),
    );
    expect(text).toContain("declaration of solvency that section 494 of the Act provides for");
    expect(text).toContain("special resolution under section 491 of the Act");
    expect(text).toContain("offer to buy all the other Shareholders’ Shares at Fair Value");
  });

  it("prints the chair chosen, and limits a casting vote", () => {
    const byAnswer = (chair: string, casting: string) =>
      documentText(
        SLUG,
        answersFor(SLUG, (a) => {
          a.chair = chair;
          a.casting_vote = casting;
        }),
      );
    expect(byAnswer("rotating", "No")).toContain(
      "The office of chair of the Board rotates each Financial Year",
    );
    expect(byAnswer("largest", "No")).toContain("The Shareholder holding the most Shares may appoint");
    expect(byAnswer("board", "No")).toContain("The Board must elect a chair from among the Directors.");
    const casting = byAnswer("board", "Yes");
    expect(casting).toContain("The casting vote does not apply to a Board Reserved Matter");
    expect(byAnswer("board", "No")).toContain("a tied vote is lost");
  });

  it("lists the default events as one list, each joined by a semicolon", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).toContain("disqualified from managing corporations;");
    expect(text).not.toContain("disqualified from managing corporations.");
  });

  it("values Shares net of Shareholder Loans, lets the Company buy back what the others do not buy (s257A), and times every report", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).toContain("treat each Shareholder Loan as a debt of the Company");
    expect(text).toContain("disregard the Bad Leaver reduction");
    expect(text).toContain("section 257A");
    expect(text).toContain("Reporting and review timetable");
    expect(text).toContain("Electronic Transactions Act 1999");
    // The buy-back this agreement provides for is not itself a Fundamental Matter the seller could veto.
    expect(text).toMatch(/buy back, cancel or redeem Shares, other than by a buy-back under clause \d+;/);
    expect(text).toContain("An Agreed Value is used to fix the sums insured");
    const uninsured = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.buy_sell_insurance = "No";
      }),
    );
    expect(uninsured).not.toContain("sums insured under clause");
    expect(uninsured).toContain("An Agreed Value is used for a sale that an event within 12 months");
  });
});
