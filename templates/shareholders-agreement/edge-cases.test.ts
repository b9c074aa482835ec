/**
 * The shareholders' agreement against each row of its PRECONDITIONS.md and the market's heads of
 * agreement: the leaver, death and incapacity events, funding, dividends, the business plan,
 * warranties, insurance, IP, trustee shareholders (who sign in their capacity, with the trust's
 * limitation of liability), and a sale price that does not invite a penalty challenge.
 */
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf } from "../company-edge-helpers.ts";

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
    if (entries[0]) entries[0].holder = trustHolder;
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

describe("the size of a market agreement", () => {
  it("is at least 8,000 words because the heads above need them", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text.split(/\s+/).length).toBeGreaterThan(8000);
  });
});
