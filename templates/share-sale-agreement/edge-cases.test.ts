/**
 * The share sale agreement against the preconditions in PRECONDITIONS.md: each is refused with its
 * message or drafted for, across individual, company (sole director and two directors) and trustee
 * sellers and buyers, whole and part holdings, deposit and adjustment options, a foreign buyer,
 * land in each state, and the dates of signing, completion and the end date.
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

const SLUG = "share-sale-agreement";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

/** A company seller with a sole director (who is also the secretary). */
const companySeller = (a: Answers) => {
  a.seller = {
    party_type: "company",
    name: "Marsh Investments",
    legal_element: "PTY LTD",
    acn: "641077358",
    street: "12 Example Esplanade",
    suburb: "Mooloolaba",
    state: "QLD",
    postcode: "4557",
    director_type: "sole",
    sole_director_name: "Andrew Paul Marsh",
    sole_director_email: "andrew.marsh@example.com",
    sole_director_is_secretary: "Yes",
  };
  delete a.seller_age;
};

describe("share sale agreement: what the interview refuses", () => {
  it("refuses a seller selling more shares than it holds, and accepts the whole holding or part of it", () => {
    const issues = refused((a) => {
      a.shares_sold = 601;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["shares_held"]);
    expect(issues[0]?.message).toContain("The Seller cannot sell more shares than it holds.");
    expect(paths((a) => (a.shares_sold = 600))).toEqual([]);
    const part = text((a) => (a.shares_sold = 250));
    expect(part).toContain(
      "250 fully paid ordinary shares in the Company held by the Seller, being 25 % of the ordinary shares on issue",
    );
    expect(part).toContain("and a balance certificate to the Seller for the shares it keeps");
    expect(text()).not.toContain("balance certificate");
  });

  it("refuses a holding larger than the class on issue, and a deposit larger than the price", () => {
    expect(paths((a) => (a.shares_issued = 599))).toEqual(["shares_issued"]);
    const issues = refused((a) => {
      a.deposit_amount = 1800001;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["price"]);
    expect(issues[0]?.message).toBe("The deposit cannot be more than the price.");
  });

  it("refuses completion before signing, and an end date before completion; completion on the day of signing is allowed", () => {
    const issues = refused((a) => {
      a.completion_date = "22/11/2026";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["completion_date"]);
    expect(issues[0]?.message).toContain("Completion cannot be before the agreement is signed.");
    expect(paths((a) => (a.completion_date = "23/11/2026"))).toEqual([]);
    expect(paths((a) => (a.end_date = "28/01/2027"))).toEqual(["end_date"]);
  });

  it("refuses a seller or buyer under 18, and asks the age of individuals only", () => {
    const seller = refused((a) => {
      a.seller_age = "minor";
    });
    expect(seller.map((issue) => issue.path)).toEqual(["seller_age"]);
    expect(seller[0]?.message).toContain("A seller under 18");
    const buyer = refused((a) => {
      a.buyer = {
        party_type: "individual",
        first_name: "Tom",
        middle_name: "",
        last_name: "Young",
        email: "tom.young@example.com",
        street: "3 Example Road",
        suburb: "Noosa Heads",
        state: "QLD",
        postcode: "4567",
      };
      a.buyer_age = "minor";
    });
    expect(buyer.map((issue) => issue.path)).toEqual(["buyer_age"]);
    expect(buyer[0]?.message).toContain("A buyer under 18");
    expect(paths(companySeller)).toEqual([]);
  });

  it("refuses the same person as seller and buyer", () => {
    const issues = refused((a) => {
      a.buyer = structuredClone(a.seller);
      a.buyer_age = "adult";
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "The Seller and the Buyer must be different people.",
    );
  });

  it("refuses Norfolk Island, and drafts for every state and territory", () => {
    const issues = refused((a) => {
      a.jurisdiction = "NFK";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["jurisdiction"]);
    expect(issues[0]?.message).toContain("does not cover Norfolk Island");
    for (const jurisdiction of JURISDICTIONS)
      expect(text((a) => (a.jurisdiction = jurisdiction))).toContain(
        "This agreement is governed by the laws of",
      );
  });
});

describe("share sale agreement: what it drafts", () => {
  it("makes pre-emption waivers a condition unless the constitution gives none, and treats 'not yet checked' as a right", () => {
    expect(text()).toContain("waiving it in writing, unconditionally, for this sale");
    expect(text((a) => (a.pre_emption = "unsure"))).toContain("waiving it in writing");
    expect(text((a) => (a.pre_emption = "No"))).not.toContain("waiving it in writing");
    expect(text()).toContain(
      "the directors of the Company resolving to approve the registration of the transfer",
    );
  });

  it("flags the Treasurer's no objection notification for a foreign buyer without advising on it", () => {
    expect(text()).not.toContain("Foreign Acquisitions and Takeovers Act");
    const foreign = text((a) => (a.foreign_buyer = "Yes"));
    expect(foreign).toContain(
      "no objection notification under the Foreign Acquisitions and Takeovers Act 1975 (Cth)",
    );
    expect(foreign).toContain("This agreement does not say whether notification is required");
  });

  it("lists the completion deliverables and the Form 484 notices within 28 days", () => {
    const doc = text();
    for (const point of [
      "section 1071B of the Corporations Act 2001 (Cth)",
      "the share certificates for the Sale Shares",
      "a written resignation from each of Andrew Paul Marsh (director and secretary)",
      "appoint Grace Lin Harbour and Samuel Okafor as directors, each having given a signed consent to act",
      "by Form 484 within 28 days after the change",
      "section 178A of the Corporations Act 2001 (Cth)",
      "(section 205B)",
    ])
      expect(doc).toContain(point);
  });

  it("leaves out resignations and appointments when none are answered", () => {
    const doc = text((a) => {
      a.resignations = "No";
      a.nominees = "No";
      delete a.resigning_officers;
      delete a.buyer_nominees;
    });
    expect(doc).not.toContain("a written resignation from each of");
    expect(doc).not.toContain("accept the resignations");
    expect(doc).not.toContain("as directors, each having given a signed consent to act");
    expect(doc).toContain("enter the Buyer in the register of members");
  });

  it("gives the five warranties with a claims period, a threshold and a cap, uncapped for title and fraud", () => {
    const doc = text();
    for (const point of ["Title.", "Capacity.", "Accounts.", "Tax.", "Litigation."])
      expect(doc).toContain(point);
    expect(doc).toContain(
      "within 24 months after Completion (or, for a claim under the tax warranty, within five years",
    );
    expect(doc).toContain("less than $10,000.00");
    expect(doc).toContain("limited to the Price");
    expect(doc).toContain("do not apply to a claim under the title or capacity warranty");
    expect(text(companySeller)).toContain("it is validly registered and not under external administration");
  });

  it("explains GST (financial supply, no going concern) and names the landholder duty Act of the state where the land is", () => {
    const doc = text();
    expect(doc).toContain("a financial supply that is input taxed under section 40-5");
    expect(doc).toContain("The GST-free supply of a going concern under section 38-325 does not apply");
    const acts: Record<string, string> = {
      NSW: "Duties Act 1997 (NSW)",
      VIC: "Duties Act 2000 (Vic)",
      QLD: "Duties Act 2001 (Qld)",
      WA: "Duties Act 2008 (WA)",
      SA: "Stamp Duties Act 1923 (SA)",
      TAS: "Duties Act 2001 (Tas)",
      ACT: "Duties Act 1999 (ACT)",
      NT: "Stamp Duty Act 1978 (NT)",
    };
    for (const state of JURISDICTIONS)
      expect(
        text((a) => (a.land_state = state)),
        state,
      ).toContain(`including any landholder duty under the ${acts[state]}`);
    const noLand = text((a) => {
      a.land_held = "No";
      delete a.land_state;
    });
    expect(noLand).not.toContain("landholder duty");
  });

  it("drafts a fixed price without a deposit, and the deposit's forfeiture capped at 10 %", () => {
    expect(text()).toContain("the Seller is entitled to the Deposit up to 10 % of the Price");
    const plain = text((a) => {
      a.adjustment = "none";
      a.deposit = "No";
      delete a.target_net_assets;
      delete a.deposit_amount;
      delete a.deposit_holder;
    });
    expect(plain).toContain("At Completion the Buyer must pay the Price to the Seller");
    expect(plain).not.toContain("Deposit means");
    expect(plain).toContain("Deposit None");
    expect(plain).not.toContain("Adjustment for net assets");
  });

  it("drafts the restraint in cascading periods and areas, or none", () => {
    expect(text()).toContain("3 years; 2 years; 1 year");
    expect(text((a) => (a.restraint = "none"))).not.toContain("Restraint Period");
  });

  it("executes a company seller under s127 by its sole director, and the company buyer by two directors", async () => {
    const doc = (await pdfPages(SLUG, companySeller)).join(" ");
    expect(doc).toContain(
      "Executed by Marsh Investments Pty Ltd ACN 641 077 358 in accordance with section 127 of the Corporations Act 2001 (Cth)",
    );
    expect(doc).toContain("sole director and sole company secretary");
    expect(doc).toContain(
      "Executed by Harbour Foods Holdings Pty Ltd ACN 627 451 905 in accordance with section 127 of the Corporations Act 2001 (Cth)",
    );
  });
});
