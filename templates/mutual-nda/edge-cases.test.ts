/**
 * The mutual NDA against the preconditions in PRECONDITIONS.md: each is refused with its message or
 * drafted for, across party types (individual, company with one or more directors, trust), states
 * and the optional non-solicitation promise.
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

const SLUG = "mutual-nda";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
/** The text of a document that validates. */
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const TRUST = {
  party_type: "trust",
  name: "Okafor Family Trust",
  trustees: [
    {
      party_type: "company",
      name: "Okafor Investments",
      legal_element: "PTY LTD",
      acn: "667890128",
      street: "7 Sample Avenue",
      suburb: "Fitzroy",
      state: "VIC",
      postcode: "3065",
      director_type: "sole",
      sole_director_name: "Harriet Louise Okafor",
      sole_director_email: "harriet.okafor@example.com",
      sole_director_is_secretary: "Yes",
    },
  ],
};

const SOLE_COMPANY = {
  party_type: "company",
  name: "Kestrel Analytics",
  legal_element: "PTY LTD",
  acn: "656789016",
  street: "3 Example Lane",
  suburb: "Carlton",
  state: "VIC",
  postcode: "3053",
  director_type: "sole",
  sole_director_name: "Ivan Petrov",
  sole_director_email: "ivan.petrov@example.com",
  sole_director_is_secretary: "Yes",
};

const MINOR =
  "A party who is an individual must be 18 or over: in most states a contract of this kind cannot be enforced against a person under 18. Make the agreement with an adult, or with a company or the trustee of a trust.";

describe("mutual NDA: parties", () => {
  it("has a trust party enter through its trustee, as trustee, with the trustee's address", () => {
    const nda = text((a) => {
      a.second_party = TRUST;
      delete a.second_party_age;
    });
    expect(nda).toContain(
      "Okafor Investments Pty Ltd ACN 667 890 128 as trustee for the Okafor Family Trust of 7 Sample Avenue, Fitzroy VIC 3065 (Second Party)",
    );
    expect(nda).toContain("Trustee party.");
    expect(nda).toContain(
      "enters into this agreement as trustee of the Okafor Family Trust and in its own capacity",
    );
    expect(nda).not.toMatch(/Trust of \(Second Party\)/);
  });

  it("lets a sole director who is also the secretary sign for a company alone (s127(1)(c))", () => {
    const nda = text((a) => {
      a.first_party = SOLE_COMPANY;
    });
    expect(nda).toContain("Signature of sole director and sole company secretary");
    expect(nda).toContain(
      "Executed by Kestrel Analytics Pty Ltd ACN 656 789 016 in accordance with section 127",
    );
    expect(nda).not.toContain("Trustee party.");
  });

  it("refuses an individual party under 18", () => {
    const issues = refused((a) => {
      a.second_party_age = "minor";
    });
    expect(issues).toEqual([{ path: "second_party_age", message: MINOR }]);
    expect(
      issuesOf((a) => {
        a.second_party = SOLE_COMPANY;
        a.second_party_age = "minor";
      }),
    ).toEqual([]);
  });

  it("refuses the same party on both sides, and a party as its own witness", () => {
    expect(
      issuesOf((a) => {
        a.first_party = structuredClone(a.second_party);
        a.first_party_age = "adult";
        (a.first_party as Answers).witness_name = "Grace Lin";
      }),
    ).toEqual([{ path: "second_party", message: "The two parties must be different people or entities." }]);
    expect(
      issuesOf((a) => {
        (a.second_party as Answers).witness_name = "Harriet Louise Okafor";
      }),
    ).toEqual([
      {
        path: "second_party.witness_name",
        message:
          "A party cannot witness its own signature, nor the other party's: choose an adult witness who is not a party.",
      },
    ]);
  });
});

describe("mutual NDA: states and options", () => {
  for (const state of JURISDICTIONS) {
    it(`is governed by the law of ${state}`, () => {
      const nda = text((a) => {
        a.jurisdiction = state;
        a.non_solicitation = state === "NSW" ? "No" : "Yes";
      });
      expect(nda).toMatch(/This agreement is governed by the laws of [A-Z][A-Za-z ]+\./);
      if (state === "NSW") expect(nda).not.toContain("solicit or entice away");
      else expect(nda).toContain("solicit or entice away");
    });
  }

  it("refuses a non-solicitation period over 24 months (a longer restraint is unlikely to be reasonable)", () => {
    expect(
      issuesOf((a) => {
        a.non_solicitation_months = 25;
      }),
    ).toEqual([{ path: "non_solicitation_months", message: "Please enter a number no more than 24." }]);
  });
});
