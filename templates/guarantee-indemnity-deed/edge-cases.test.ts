/**
 * The deed of guarantee and indemnity against the preconditions in PRECONDITIONS.md: each is refused
 * with its message or drafted for, across the states, the debtor's and guarantors' party types, the
 * guarantor's connection with the debtor, the number of guarantors, a limit or none, and ages on the
 * date of the deed.
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

const SLUG = "guarantee-indemnity-deed";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));
const guarantors = (a: Answers) => a.guarantors as Answers[];
const first = (a: Answers) => guarantors(a)[0] as Answers;
const second = (a: Answers) => guarantors(a)[1] as Answers;

const CODE =
  "A bank that subscribes to the Banking Code of Practice must give its guarantors the notices, warnings and time the Code requires, and uses its own guarantee to do so. This deed is not written to the Code: use the bank's guarantee.";
const NCC =
  "A guarantee of a loan regulated by the National Credit Code is not enforceable unless it carries the prescribed warning (Form 8) and the guarantor was given a copy of the credit contract and the prescribed information statement (Form 9) before signing (ss 55 and 56 National Credit Code). This deed does not provide them: use the credit provider's regulated guarantee.";
const MINOR =
  "A guarantor must be 18 or older on the date of this deed: a guarantee given by a minor can be avoided by the minor, and the creditor could not rely on it. Choose an adult guarantor.";
const OWN_DEBT =
  "The Debtor cannot guarantee its own obligations, nor be its own creditor: a guarantor must be another person.";
const OWN_CREDIT = "The Creditor cannot guarantee a debt owed to itself.";
const WITNESS =
  "A party to the deed cannot witness a signature on it (s38(1) Conveyancing Act 1919 (NSW) requires a witness who is not a party; the other states' practice is the same): choose an adult witness who is not a party.";
const NOT_DIRECTOR =
  "This guarantor is said to be a director of the Debtor, but is not one of the directors the Debtor's answers name. Check the Debtor's directors, or choose another connection.";

const INDIVIDUAL_DEBTOR = {
  party_type: "individual",
  first_name: "Wei",
  last_name: "Zhang",
  street: "3 Example Road",
  suburb: "Box Hill",
  state: "VIC",
  postcode: "3128",
};

describe("guarantee: who may give it, and to whom", () => {
  it("refuses a guarantor under 18 on the date of the deed, and accepts one who turns 18 that day", () => {
    expect(
      refused((a) => {
        second(a).date_of_birth = "04/11/2007";
      }),
    ).toEqual([{ path: "guarantors[1].date_of_birth", message: MINOR }]);
    expect(
      issuesOf((a) => {
        second(a).date_of_birth = "03/11/2007";
      }),
    ).toEqual([]);
  });

  it("refuses a bank under the Banking Code, and a loan regulated by the National Credit Code", () => {
    expect(
      refused((a) => {
        a.creditor_code = "Yes";
      }),
    ).toEqual([{ path: "creditor_code", message: CODE }]);
    expect(
      refused((a) => {
        a.consumer_credit = "Yes";
      }),
    ).toEqual([{ path: "consumer_credit", message: NCC }]);
    // A lease is not credit: the question is not asked.
    expect(
      issuesOf((a) => {
        a.obligation_kind = "lease";
        a.consumer_credit = "Yes";
      }),
    ).toEqual([]);
  });

  it("refuses the Debtor or the Creditor as a guarantor", () => {
    expect(
      issuesOf((a) => {
        a.debtor = INDIVIDUAL_DEBTOR;
        first(a).relationship_other = "partner";
        second(a).guarantor = { ...person("Wei", "", "Zhang"), street: "3 Example Road" };
        second(a).relationship_other = "relative";
        delete second(a).relationship_company;
      }),
    ).toEqual([{ path: "guarantors[1].guarantor", message: OWN_DEBT }]);
    expect(
      issuesOf((a) => {
        second(a).guarantor = structuredClone(a.creditor);
      }),
    ).toEqual([{ path: "guarantors[1].guarantor", message: OWN_CREDIT }]);
  });

  it("refuses a guarantor as a witness", () => {
    expect(
      issuesOf((a) => {
        (second(a).guarantor as Answers).witness_name = "David Chen";
      }),
    ).toEqual([{ path: "guarantors[1].guarantor.witness_name", message: WITNESS }]);
    // The Creditor (here a company, by its name) cannot witness either.
    expect(
      issuesOf((a) => {
        (second(a).guarantor as Answers).witness_name = "Southbank Private Capital Pty Ltd";
      }),
    ).toEqual([{ path: "guarantors[1].guarantor.witness_name", message: WITNESS }]);
  });

  it("refuses a director guarantor who is not one of the Debtor's directors", () => {
    expect(
      issuesOf((a) => {
        first(a).director_as_named = "Daniel Chen";
      }),
    ).toEqual([{ path: "guarantors[0].director_as_named", message: NOT_DIRECTOR }]);
  });

  it("refuses the guarantor, the Creditor or the Debtor as the certifying solicitor", () => {
    expect(
      issuesOf((a) => {
        second(a).solicitor_name = "Mei Ling Chen";
      }).map((issue) => issue.path),
    ).toEqual(["guarantors[1].solicitor_name"]);
    expect(
      issuesOf((a) => {
        second(a).solicitor_name = "Chen Investments Pty Ltd";
      }).map((issue) => issue.path),
    ).toEqual(["guarantors[1].solicitor_name"]);
    expect(
      issuesOf((a) => {
        second(a).solicitor_name = "Southbank Private Capital Pty Ltd";
      }),
    ).toEqual([
      {
        path: "guarantors[1].solicitor_name",
        message: "The solicitor who certifies a guarantor's independent advice cannot be the Creditor.",
      },
    ]);
  });
});

describe("guarantee: the guarantor's connection with the Debtor and independent advice", () => {
  it("gives a guarantor with no role in the Debtor a solicitor's certificate, always", () => {
    expect(
      issuesOf((a) => {
        delete second(a).solicitor_name;
      }),
    ).toEqual([{ path: "guarantors[1].solicitor_name", message: "This field cannot be blank." }]);
    const deed = text(() => {});
    expect(deed).toContain("Certificate for Mei Ling Chen");
    expect(deed).toContain(
      "I acted for Mei Ling Chen (the Guarantor) alone, and not for the Creditor or the Debtor",
    );
    expect(deed).toContain("may have to pay up to $250,000.00, with interest and costs");
  });

  it("lets a director acknowledge the chance to take advice instead, or have a certificate too", () => {
    const deed = text(() => {});
    expect(deed).toContain(
      "David Chen acknowledges having had the opportunity to take independent legal and financial advice about this deed before signing it, and having chosen to sign without it, as a director of the Debtor",
    );
    const both = text((a) => {
      first(a).advice = "certificate";
      first(a).solicitor_name = "Priya Sen";
      first(a).solicitor_firm = "Sen Legal, 1 Example Street, Melbourne VIC 3000";
    });
    expect(both).toContain("Certificate for David Chen");
    expect(both).toContain("Certificate for Mei Ling Chen");
  });

  it("asks the right connection for an individual or trust Debtor (no directors to be)", () => {
    const deed = text((a) => {
      a.debtor = INDIVIDUAL_DEBTOR;
      first(a).relationship_other = "partner";
      delete first(a).relationship_company;
      delete first(a).director_as_named;
      second(a).relationship_other = "relative";
      delete second(a).relationship_company;
    });
    expect(deed).toContain("Wei Zhang of 3 Example Road, Box Hill VIC 3128 (the Debtor)");
    expect(deed).not.toContain("as a director of the Debtor");
  });

  it("has a company guarantor execute under s127, with no age or advice asked", () => {
    const deed = text((a) => {
      a.guarantors = [
        {
          guarantor: {
            party_type: "company",
            name: "Chen Holdings",
            legal_element: "PTY LTD",
            acn: "690678909",
            street: "14 Sample Street",
            suburb: "Box Hill",
            state: "VIC",
            postcode: "3128",
            director_type: "sole",
            sole_director_name: "David Chen",
            sole_director_email: "david.chen@example.com",
            sole_director_is_secretary: "Yes",
          },
        },
      ];
    });
    expect(deed).toContain(
      "Executed as a deed by Chen Holdings Pty Ltd ACN 690 678 909 in accordance with section 127",
    );
    expect(deed).toContain("No Guarantor has a certificate of independent legal advice");
    expect(deed).not.toContain("Joint and several liability");
  });
});

describe("guarantee: the terms", () => {
  it("holds the principal-debtor, indemnity, continuing, preservation, no-competition and reinstatement clauses", () => {
    const deed = text(() => {});
    for (const point of [
      "each Guarantor is liable as if it were the principal debtor",
      "As a separate and additional obligation, each Guarantor indemnifies the Creditor",
      "This deed is a continuing guarantee and indemnity",
      "a variation, extension, renewal or replacement of the Principal Agreement",
      "claim or receive from the Debtor or another Guarantor any payment by way of indemnity, contribution, subrogation",
      "unfair preference",
      "The Guarantors are liable under this deed jointly and each of them severally.",
      "limited to the Limit",
    ])
      expect(deed).toContain(point);
  });

  it("drafts an unlimited guarantee for one guarantor without a limit or joint liability", () => {
    const deed = text((a) => {
      a.limited = "No";
      a.guarantors = [first(a)];
    });
    expect(deed).not.toContain("Limit means");
    expect(deed).not.toContain("jointly and each of them severally");
    expect(deed).toContain("Liability not limited");
  });

  it("guarantees a tenant's obligations under a lease", () => {
    const deed = text((a) => {
      a.obligation_kind = "lease";
      a.principal_agreement = "the lease of Shop 4, 10 Example Street, Box Hill VIC 3128 dated 1 July 2025";
    });
    expect(deed).toContain("is, or is to become, the tenant of the Creditor under the lease of Shop 4");
    expect(deed).toContain("rent, outgoings, the cost of making good and repairs");
  });

  for (const state of JURISDICTIONS) {
    it(`is governed by the law of ${state}, with electronic signing of individuals only where the state's rule is known`, () => {
      const deed = text((a) => {
        a.jurisdiction = state;
      });
      expect(deed).toMatch(/This deed is governed by the laws of [A-Z][A-Za-z ]+\./);
      if (state === "NSW") expect(deed).toContain("section 38A of the Conveyancing Act 1919 (NSW)");
      else expect(deed).toContain("An individual Guarantor should sign a paper counterpart before a witness");
    });
  }
});
