/**
 * The deed of settlement and release against the preconditions in PRECONDITIONS.md: each is refused
 * with its message or drafted for, across the states, party types (individual, company with one or
 * more directors, trust), the number of parties on each side, payment and release options, and
 * proceedings on foot or not.
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

const SLUG = "deed-of-release";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
/** The text of a document that validates. */
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const MINOR_CLAIMANT =
  "A person under 18 cannot give a binding release of a claim by deed: a settlement of a minor's claim needs the approval of the court, sought by the minor's tutor or litigation guardian. Ask the court to approve the settlement instead of using this deed.";
const MINOR_RESPONDENT =
  "A person under 18 cannot be bound by a release and settlement by deed without the approval of the court, sought by the minor's tutor or litigation guardian. Ask the court to approve the settlement instead of using this deed.";
const BOTH_SIDES =
  "The same person or company is named on both sides. A party cannot settle a dispute with, or release, itself: remove it from one side.";
const PARTY_WITNESS =
  "A party to the deed cannot witness a signature on it (s38(1) Conveyancing Act 1919 (NSW) requires a witness who is not a party; the other states' practice is the same): choose an adult witness who is not a party.";
const PAID_EARLY =
  "The Settlement Sum cannot fall due before the date of this deed: choose a payment day on or after the deed's date.";
const FUTURE_DISPUTE =
  "This deed settles a dispute that has already arisen: the events giving rise to it cannot begin after the date of the deed. Check both dates.";

const claimants = (a: Answers) => a.claimants as Answers[];
const respondents = (a: Answers) => a.respondents as Answers[];

const TRUST = {
  party_type: "trust",
  name: "Ross Family Trust",
  trustees: [
    {
      party_type: "company",
      name: "Ross Nominees",
      legal_element: "PTY LTD",
      acn: "656345676",
      street: "40 Example Street",
      suburb: "Parramatta",
      state: "NSW",
      postcode: "2150",
      director_type: "sole",
      sole_director_name: "Alistair James Ross",
      sole_director_email: "alistair.ross@example.com",
      sole_director_is_secretary: "Yes",
    },
  ],
};

describe("deed of release: parties", () => {
  it("refuses a claimant under 18, and a respondent under 18, each with the court-approval reason", () => {
    expect(
      refused((a) => {
        claimants(a).push({ claimant: person("Mia", "Rose", "Ross"), age: "minor" });
      }),
    ).toEqual([{ path: "claimants[1].age", message: MINOR_CLAIMANT }]);
    expect(
      refused((a) => {
        (respondents(a)[1] as Answers).age = "minor";
      }),
    ).toEqual([{ path: "respondents[1].age", message: MINOR_RESPONDENT }]);
    // A company is never asked its age.
    expect(
      issuesOf((a) => {
        (respondents(a)[0] as Answers).age = "minor";
      }),
    ).toEqual([]);
  });

  it("refuses the same party on both sides", () => {
    expect(
      issuesOf((a) => {
        claimants(a).push({ claimant: structuredClone(respondents(a)[1]?.respondent), age: "adult" });
        // Another witness, so only the duplicate party is in issue.
        ((claimants(a)[1] as Answers).claimant as Answers).witness_name = "Kieran Walsh";
      }),
    ).toEqual([{ path: "respondents[1].respondent", message: BOTH_SIDES }]);
  });

  it("refuses a party as a witness, on its own side or the other", () => {
    expect(
      issuesOf((a) => {
        ((respondents(a)[1] as Answers).respondent as Answers).witness_name = "Nikhil Patel";
      }),
    ).toEqual([{ path: "respondents[1].respondent.witness_name", message: PARTY_WITNESS }]);
    expect(
      issuesOf((a) => {
        claimants(a)[0] = { claimant: person("Alistair", "James", "Ross"), age: "adult" };
        ((respondents(a)[1] as Answers).respondent as Answers).witness_name = "Alistair James Ross";
      }),
    ).toEqual([{ path: "respondents[1].respondent.witness_name", message: PARTY_WITNESS }]);
  });

  it("has a trustee sign as trustee, and warrants its power and indemnity", () => {
    const deed = text((a) => {
      claimants(a)[0] = { claimant: TRUST };
    });
    expect(deed).toContain(
      "Ross Nominees Pty Ltd ACN 656 345 676 as trustee for the Ross Family Trust of 40 Example Street, Parramatta NSW 2150 (Claimant).",
    );
    expect(deed).toContain("enters into it as trustee and in its own capacity");
    expect(deed).toContain("The release it gives binds it in both capacities.");
    expect(deed).toMatch(
      /Executed as a deed by Ross Nominees Pty Ltd ACN 656 345 676 as trustee for the Ross Family Trust/,
    );
  });

  it("numbers up to four parties on each side, each signing under its side's heading", () => {
    const deed = text((a) => {
      for (const [index, name] of ["Ava", "Ben", "Cleo"].entries())
        claimants(a).push({ claimant: person(name, "", `Claimant${index}`), age: "adult" });
      for (const [index, name] of ["Dev", "Eli"].entries())
        respondents(a).push({ respondent: person(name, "", `Respondent${index}`), age: "adult" });
    });
    expect(deed).toContain("4. Cleo Claimant2 of");
    expect(deed).toContain("8. Eli Respondent1 of");
    expect(deed).toMatch(/\(Claimant ?, and together with the other Claimants, the Claimants\)/);
    expect(deed).toMatch(
      /Claimants Executed as a deed by Ross Consulting[\s\S]*Respondents Executed as a deed by Harbour Lane/,
    );
    expect(
      issuesOf((a) => {
        for (let index = 0; index < 4; index++)
          claimants(a).push({ claimant: person("X", "", `Y${index}`), age: "adult" });
      }).map((issue) => issue.path),
    ).toEqual(["claimants"]);
  });
});

describe("deed of release: dates", () => {
  it("refuses a Settlement Sum due before the deed, and accepts one due on its date", () => {
    expect(
      refused((a) => {
        a.payment_date = "19/10/2025";
      }),
    ).toEqual([{ path: "payment_date", message: PAID_EARLY }]);
    expect(
      issuesOf((a) => {
        a.payment_date = "20/10/2025";
      }),
    ).toEqual([]);
  });

  it("refuses a dispute whose events begin after the deed (a release of future claims)", () => {
    expect(
      refused((a) => {
        a.dispute_start = "21/10/2025";
      }),
    ).toEqual([{ path: "deed_date", message: FUTURE_DISPUTE }]);
  });
});

describe("deed of release: settlement, release and proceedings", () => {
  it("releases both ways when mutual, one way when not, and says the Respondents release nothing", () => {
    const mutual = text(() => {});
    expect(mutual).toContain(
      "each Claimant releases each Respondent and each Respondent releases each Claimant",
    );
    const oneWay = text((a) => {
      a.release_type = "claimants";
    });
    expect(oneWay).toContain(
      "With effect from the Settlement Date, each Claimant releases each Respondent (each party",
    );
    expect(oneWay).not.toContain("each Respondent releases");
    expect(oneWay).toContain(
      "Nothing in this deed releases a Claim that a Respondent has against a Claimant.",
    );
  });

  it("releases unknown claims, bars proceedings and carves out the deed itself", () => {
    const deed = text(() => {});
    expect(deed).toContain("It intends this release to extend to every Released Claim whether or not known");
    expect(deed).toContain("as a complete bar and defence to any proceeding");
    expect(deed).toContain("a Claim that by law cannot be released, excluded or limited by agreement");
    expect(deed).toContain("It is not, and must not be taken as, an admission of liability");
  });

  it("makes the release wait for payment, and without a sum takes effect on execution", () => {
    expect(text(() => {})).toContain(
      "Until the Settlement Sum has been paid in full the release in this clause does not take effect",
    );
    const none = text((a) => {
      a.payment = "none";
    });
    expect(none).toContain(
      "Settlement Date means the date on which this deed has been executed by every party",
    );
    expect(none).not.toContain("Settlement Sum means");
    expect(none).toContain("nothing given under this deed is consideration for a taxable supply");
  });

  it("pays by instalments with the unpaid balance falling due on a default (no added sum), either side paying", () => {
    const deed = text((a) => {
      a.instalments = "instalments";
      a.instalment_count = 6;
      a.payment = "claimants";
    });
    expect(deed).toContain("in 6 equal monthly instalments, the first no later than 31 October 2025");
    expect(deed).toContain("it adds no further sum");
    expect(deed).toContain("Paying Parties means the Claimants, and Receiving Parties means the Respondents");
    expect(
      issuesOf((a) => {
        a.instalments = "instalments";
      }),
    ).toEqual([{ path: "instalment_count", message: "This field cannot be blank." }]);
  });

  it("ends proceedings by consent dismissal or by discontinuance, and drafts for none on foot", () => {
    expect(text(() => {})).toContain(
      "consent orders that the Proceedings be dismissed with no order as to costs",
    );
    const discontinued = text((a) => {
      a.discontinuance = "discontinuance";
      a.proceedings_plaintiff = "respondents";
    });
    expect(discontinued).toContain("must file a notice of discontinuance of the Proceedings");
    expect(discontinued).toContain(
      "the discontinuance does not allow any Released Claim to be brought again",
    );
    expect(discontinued).toContain("The Respondents have brought proceedings about the Dispute");
    const none = text((a) => {
      a.proceedings = "No";
    });
    expect(none).toContain("No proceedings about the Dispute have been brought.");
    expect(none).not.toContain("The Proceedings");
    const standing = text((a) => {
      a.costs_orders = "Yes";
    });
    expect(standing).toContain("The costs orders already made in the Proceedings stand");
  });

  it("leaves out confidentiality and non-disparagement when not chosen, and keeps protected disclosures when chosen", () => {
    expect(text(() => {})).toContain(
      "a disclosure protected under Part 9.4AAA of the Corporations Act 2001 (Cth)",
    );
    const open = text((a) => {
      a.confidential = "No";
      a.non_disparagement = "No";
    });
    expect(open).not.toContain("Confidentiality.");
    expect(open).not.toContain("disparages");
    expect(open).toContain("Confidentiality Not confidential");
  });
});

describe("deed of release: every state", () => {
  for (const state of JURISDICTIONS) {
    it(`is governed by the law of ${state}, with electronic signing of individuals only where the state's rule is known`, () => {
      const deed = text((a) => {
        a.jurisdiction = state;
      });
      expect(deed).toMatch(/This deed is governed by the laws of [A-Z][A-Za-z ]+\./);
      expect(deed).toContain("Division 1 of Part 1.2AA");
      if (state === "NSW") expect(deed).toContain("section 38A of the Conveyancing Act 1919 (NSW)");
      else {
        expect(deed).not.toContain("38A");
        expect(deed).toContain("An individual party should sign a paper counterpart before a witness");
      }
    });
  }
});
