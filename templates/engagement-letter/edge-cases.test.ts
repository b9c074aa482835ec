/**
 * The engagement letter against the preconditions in PRECONDITIONS.md: each is refused with its
 * message or drafted for, for both matters (company formation and estate planning), a firm that is or
 * is not a law practice, in or out of a professional standards scheme in each state and territory,
 * fixed or hourly fees, and individual, company and trust clients.
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

const SLUG = "engagement-letter";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

/** The estate planning letter, by a firm that is not a law practice, with the formation answers removed. */
const estate = (a: Answers) => {
  for (const key of [
    "company_name",
    "company_purpose",
    "tax_registrations",
    "firm_tax_agent",
    "tax_agent_number",
  ])
    delete a[key];
  a.matter_type = "estate_planning";
  a.firm_law_practice = "No";
  a.estate_structures = "Yes";
};

describe("engagement letter: what the interview refuses", () => {
  it("refuses a client under 18, and asks the age only of an individual client", () => {
    const issues = refused((a) => {
      a.client_age = "minor";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["client_age"]);
    expect(issues[0]?.message).toContain("The Client must be 18 or over");
    const company = (a: Answers) => {
      a.client = {
        party_type: "company",
        name: "Chen Holdings",
        legal_element: "PTY LTD",
        acn: "004085616",
        street: "8 Example Avenue",
        suburb: "Box Hill",
        state: "VIC",
        postcode: "3128",
        director_type: "sole",
        sole_director_name: "Wei Chen",
        sole_director_email: "wei.chen@example.com",
        sole_director_is_secretary: "No",
      };
      a.client_age = "minor";
    };
    expect(paths(company)).toEqual([]);
    // A sole director who is not the secretary, and no secretary named: the sole director signs alone.
    expect(text(company)).toContain(
      "Executed by Chen Holdings Pty Ltd ACN 004 085 616 in accordance with section 127",
    );
  });

  it("refuses work that starts before the letter, and accepts a start on the letter's date", () => {
    const issues = refused((a) => {
      a.work_start = "16/11/2026";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["work_start"]);
    expect(issues[0]?.message).toContain("APES 305 asks a member in public practice");
    expect(paths((a) => (a.work_start = "17/11/2026"))).toEqual([]);
  });

  it("refuses tax registrations by a firm that is not a registered agent (s50-5 TASA), and asks only when they are in scope", () => {
    const issues = refused((a) => {
      a.firm_tax_agent = "No";
      delete a.tax_agent_number;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["firm_tax_agent"]);
    expect(issues[0]?.message).toContain("(s50-5 Tax Agent Services Act 2009)");
    const without = (a: Answers) => {
      a.tax_registrations = "No";
      a.firm_tax_agent = "No";
      delete a.tax_agent_number;
    };
    expect(paths(without)).toEqual([]);
    expect(text(without)).not.toContain("Tax Practitioners Board");
    expect(text()).toContain("as a registered agent (Tax Practitioners Board registration 24681357)");
  });

  it("refuses Norfolk Island, and names each state's professional standards Act for a scheme member", () => {
    const issues = refused((a) => {
      a.jurisdiction = "NFK";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["jurisdiction"]);
    expect(issues[0]?.message).toContain("use a letter made for Norfolk Island");
    const acts: Record<string, string> = {
      NSW: "Professional Standards Act 1994 (NSW)",
      VIC: "Professional Standards Act 2003 (Vic)",
      QLD: "Professional Standards Act 2004 (Qld)",
      WA: "Professional Standards Act 1997 (WA)",
      SA: "Professional Standards Act 2004 (SA)",
      TAS: "Professional Standards Act 2005 (Tas)",
      ACT: "Civil Law (Wrongs) Act 2002 (ACT)",
      NT: "Professional Standards Act 2004 (NT)",
    };
    for (const jurisdiction of JURISDICTIONS)
      expect(
        text((a) => (a.jurisdiction = jurisdiction)),
        jurisdiction,
      ).toContain(`approved under the ${acts[jurisdiction]} and the professional standards legislation`);
  });

  it("refuses the same party as Firm and Client", () => {
    const issues = refused((a) => {
      a.client = structuredClone(a.firm);
      delete a.client_age;
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "The Firm and the Client must be different parties.",
    );
  });
});

describe("engagement letter: what it drafts", () => {
  it("covers each matter APES 305 asks an engagement document to address", () => {
    const doc = text();
    for (const point of [
      "1.1 Purpose.",
      "What we will do.",
      "What we will not do.",
      "Your responsibilities",
      "Our responsibilities",
      "Fees and billing",
      "Accounting Professional & Ethical Standards Board",
      "Confidentiality",
      "Australian Privacy Principles in Schedule 1",
      "(Australian Privacy Principle 6)",
      "(Australian Privacy Principle 8)",
      "(Australian Privacy Principle 11)",
      "(Australian Privacy Principles 12 and 13)",
      "Our working papers, file notes and internal records are ours",
      "at least 7 years after it ends",
      "you may complain to CPA Australia",
      "Office of the Australian Information Commissioner",
      "You may end it earlier at any time",
      "I have read this letter, and I agree to engage the Firm on its terms.",
    ])
      expect(doc).toContain(point);
  });

  it("states the limitation of liability, with the disclosure, only for a scheme member", () => {
    const member = text();
    expect(member).toContain(
      "Liability limited by a scheme approved under Professional Standards Legislation.",
    );
    expect(member).toContain(
      "It does not limit liability for death or personal injury, breach of trust, fraud or dishonesty",
    );
    const not = text((a) => (a.scheme_member = "No"));
    expect(not).not.toContain("Liability limited by a scheme");
    expect(not).not.toContain("Limitation of liability 5.1");
    expect(not).toContain("Limitation of liability None");
  });

  it("drafts the company formation: the ASIC application, officers' consents, Director IDs and a resident director", () => {
    const doc = text();
    for (const point of [
      "registered as Chen Investments Pty Ltd, if the name is available",
      "The Company will hold the Chen family’s investment portfolio",
      "prepare the application to register the Company (ASIC Form 201)",
      "(sections 201D and 204C of the Corporations Act 2001 (Cth))",
      "director identification number (section 1272C)",
      "ordinarily reside in Australia (section 201A(1))",
      "financial records for 7 years: section 286",
      "including ASIC’s registration fee",
    ])
      expect(doc).toContain(point);
    expect(doc).not.toContain("We do not give legal advice.");
  });

  it("drafts estate planning by a firm that is not a law practice: no legal advice, and the will referred to a lawyer", () => {
    const doc = text(estate);
    expect(doc).toContain("The Firm is not a law practice, and nothing we say or prepare is legal advice.");
    expect(doc).toContain("We will not prepare your will");
    expect(doc).toContain("You should instruct a lawyer of your choice to prepare your will");
    expect(doc).toContain("review the control provisions of the family trust");
    expect(doc).not.toContain("ASIC Form 201");
    const named = text((a) => {
      estate(a);
      a.estate_lawyer = "Harbour Legal Pty Ltd";
    });
    expect(named).toContain("You should instruct Harbour Legal Pty Ltd to prepare your will");
    expect(
      text((a) => {
        estate(a);
        a.estate_structures = "No";
      }),
    ).not.toContain("review the control provisions");
  });

  it("drafts estate planning by a law practice under its separate costs disclosure", () => {
    const doc = text((a) => {
      estate(a);
      a.firm_law_practice = "Yes";
    });
    expect(doc).toContain("The Firm is a law practice.");
    expect(doc).toContain(
      "costs disclosure and any costs agreement the legal profession law of Victoria requires",
    );
    expect(doc).not.toContain("nothing we say or prepare is legal advice");
  });

  it("drafts a fixed fee, or hourly rates with an estimate the Firm must not pass without telling the Client", () => {
    expect(text()).toContain("Our fee for the work in clause 1 is $1,650.00 plus GST.");
    const hourly = text((a) => {
      delete a.fixed_fee;
      a.fee_basis = "hourly";
      a.hourly_rate = 440;
      a.fee_estimate = 3300;
    });
    expect(hourly).toContain("$440.00 an hour plus GST");
    expect(hourly).toContain("We estimate our fees at $3,300.00 plus GST. The estimate is not a fixed price");
    expect(paths((a) => (a.fee_basis = "hourly"))).toEqual(["hourly_rate", "fee_estimate"]);
  });
});
