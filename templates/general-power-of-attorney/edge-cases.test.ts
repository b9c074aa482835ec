/**
 * The general power of attorney against the preconditions in PRECONDITIONS.md: each is refused with
 * its message or drafted for, across the three states it covers (and the five it refuses), one or
 * more attorneys acting jointly, severally or both, general or limited authority, and its dates.
 */
import { signers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  load,
  person,
  refusal,
} from "../edge-cases.ts";

const SLUG = "general-power-of-attorney";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const OTHER_STATE =
  "This general power of attorney is drafted for New South Wales, Victoria and Queensland only. Each other state and territory has its own Act, form and witnessing rules: use a form made for that jurisdiction.";
const MINOR_PRINCIPAL =
  "The principal must be 18 or over. A person under 18 cannot give a power of attorney that others can safely rely on: ask for advice about the young person's affairs instead.";
const MINOR_ATTORNEY =
  "Each attorney must be 18 or over: a person under 18 cannot be appointed as an attorney. Choose an adult attorney.";
const MINOR_WITNESS = "Each witness must be 18 or over. Choose adult witnesses.";
const SELF_ATTORNEY =
  "The principal cannot appoint themselves as their own attorney: remove the principal from the attorneys.";
const ATTORNEY_WITNESS =
  "An attorney cannot witness the principal's signature on the power that appoints them: choose an adult witness who is not an attorney.";
const SELF_WITNESS = "The principal cannot witness their own signature. Choose another adult as witness.";
const EARLY_START =
  "The power cannot start before the principal signs it: choose a start date on or after the date of signing.";
const END_BEFORE_SIGNING =
  "The power must end after the day it is signed: choose an end date later than the date of signing.";
const END_BEFORE_START = "The power must end after the day it starts. Check the start and end dates.";

const attorneys = (a: Answers) => a.attorneys as Answers[];
const principal = (a: Answers) => a.principal as Answers;
/** Sets the state and the question about the first witness that state shows. */
const inState = (state: string) => (a: Answers) => {
  a.jurisdiction = state;
  if (state === "QLD") {
    delete a.first_witness_capacity;
    a.first_witness_capacity_qld = "cdec";
  }
};

describe("general power of attorney: states", () => {
  for (const state of ["WA", "SA", "TAS", "ACT", "NT"]) {
    it(`refuses ${state}, which it does not cover`, () => {
      expect(refused(inState(state))).toEqual([{ path: "jurisdiction", message: OTHER_STATE }]);
    });
  }

  it("follows the NSW prescribed form, and s52 for land", () => {
    const nsw = text(inState("NSW"));
    expect(nsw).toContain("Made under the Powers of Attorney Act 2003 (NSW)");
    expect(nsw).toContain("Form 1 of Schedule 2 to the Powers of Attorney Regulation 2024 (NSW)");
    expect(nsw).toContain("section 52 of the Powers of Attorney Act 2003 (NSW)");
    expect(nsw).toContain("sections 11 to 13 of the Powers of Attorney Act 2003 (NSW)");
    expect(nsw).toContain("governed by the law of New South Wales");
    expect(nsw).not.toContain("(Vic)");
  });

  it("is a general non-enduring power under Part 2 of the Victorian Act", () => {
    const vic = text(() => {});
    expect(vic).toContain(
      "A general non-enduring power of attorney made under Part 2 of the Powers of Attorney Act 2014 (Vic).",
    );
    expect(vic).toContain("Division 4 of Part 2 of the Powers of Attorney Act 2014 (Vic)");
    expect(vic).not.toContain("(NSW)");
  });

  it("sets out the Queensland approved form's particulars, with a qualified witness for land", () => {
    const qld = text(inState("QLD"));
    expect(qld).toContain("Chapter 2 of the Powers of Attorney Act 1998 (Qld)");
    expect(qld).toContain(
      "approved form (Form 1, General Power of Attorney), which section 11 of that Act requires",
    );
    expect(qld).toContain(
      "must be witnessed by a justice of the peace, commissioner for declarations, lawyer or notary public",
    );
    expect(qld).toContain("The first witness signs as a commissioner for declarations.");
  });

  it("offers a commissioner for declarations as the qualified witness in Queensland only", () => {
    expect(
      issuesOf((a) => {
        a.jurisdiction = "VIC";
        a.first_witness_capacity = "cdec";
      }).map((issue) => issue.path),
    ).toEqual(["first_witness_capacity"]);
    // In Queensland the other question is asked, and must be answered.
    expect(
      issuesOf((a) => {
        a.jurisdiction = "QLD";
      }),
    ).toEqual([{ path: "first_witness_capacity_qld", message: "This field cannot be blank." }]);
  });

  for (const state of ["NSW", "VIC", "QLD"]) {
    it(`says plainly in ${state} that it ends on the principal's loss of capacity`, () => {
      const power = text(inState(state));
      expect(power).toContain("Important: this is not an enduring power of attorney.");
      expect(power).toContain("It ends if David Chen loses the mental capacity to make decisions");
      expect(power).toContain("This power is not enduring: it does not continue after that loss of capacity");
      expect(power).toContain("Enduring No: it ends if the Principal loses capacity");
    });
  }
});

describe("general power of attorney: people", () => {
  it("refuses a principal under 18, an attorney under 18 and a witness under 18", () => {
    expect(
      refused((a) => {
        a.principal_age = "minor";
      }),
    ).toEqual([{ path: "principal_age", message: MINOR_PRINCIPAL }]);
    expect(
      refused((a) => {
        (attorneys(a)[1] as Answers).age = "minor";
      }),
    ).toEqual([{ path: "attorneys[1].age", message: MINOR_ATTORNEY }]);
    expect(
      refused((a) => {
        a.witness_ages = "minor";
      }),
    ).toEqual([{ path: "witness_ages", message: MINOR_WITNESS }]);
  });

  it("refuses the principal as an attorney", () => {
    expect(
      issuesOf((a) => {
        attorneys(a).push({
          attorney: person("David", "", "Chen"),
          relationship: "self",
          age: "adult",
        });
      }),
    ).toEqual([{ path: "attorneys[2].attorney", message: SELF_ATTORNEY }]);
  });

  it("refuses an attorney as a witness, first or second, and the principal as their own witness", () => {
    expect(
      issuesOf((a) => {
        principal(a).witness_name = "Sarah Chen";
      }),
    ).toEqual([{ path: "principal.witness_name", message: ATTORNEY_WITNESS }]);
    expect(
      issuesOf((a) => {
        principal(a).second_witness_name = "mei ling  chen";
      }),
    ).toEqual([{ path: "principal.second_witness_name", message: ATTORNEY_WITNESS }]);
    expect(
      issuesOf((a) => {
        principal(a).second_witness_name = "David Chen";
      }),
    ).toEqual([{ path: "principal.second_witness_name", message: SELF_WITNESS }]);
  });

  it("has the principal sign before two witnesses, the first in the qualified capacity answered", () => {
    const { template } = load(SLUG);
    const [signer, ...others] = signers(template.definition, answersFor(SLUG) as never);
    expect(others).toEqual([]);
    expect(signer?.fullName).toBe("David Chen");
    expect(signer?.witnesses.map((witness) => witness.fullName)).toEqual(["Margaret Ellis", "Tom Nguyen"]);
    const power = text((a) => {
      a.first_witness_capacity = "lawyer";
    });
    expect(power).toContain("that they are not an Attorney appointed by this document");
    expect(power).toContain("The first witness signs as an Australian legal practitioner.");
  });

  it("has a NSW principal sign before one witness, asked for by the engine's witness count by state", () => {
    const { template } = load(SLUG);
    const nsw = answersFor(SLUG, inState("NSW"));
    const [signer] = signers(template.definition, nsw as never);
    expect(signer?.witnesses.map((witness) => witness.fullName)).toEqual(["Margaret Ellis"]);
    // The second witness and the first witness's qualification are not asked in NSW: a NSW power
    // with neither validates, and the block speaks of one witness.
    expect(
      issuesOf((a) => {
        inState("NSW")(a);
        delete principal(a).second_witness_name;
        delete a.first_witness_capacity;
      }),
    ).toEqual([]);
    const power = text(inState("NSW"));
    expect(power).toContain(
      "in the presence of the witness below, who certifies that they are aged 18 or over",
    );
    expect(power).not.toContain("two witnesses");
    expect(power).not.toContain("The first witness signs as");
    expect(power).not.toContain("Tom Nguyen");
    // Victoria still needs the second witness.
    expect(
      issuesOf((a) => {
        delete principal(a).second_witness_name;
      }),
    ).toEqual([{ path: "principal.second_witness_name", message: "This field cannot be blank." }]);
  });
});

describe("general power of attorney: attorneys, authority and conditions", () => {
  it("appoints attorneys jointly, severally or jointly and severally, as answered", () => {
    expect(text(() => {})).toContain(
      "The Attorneys are appointed jointly and severally: they may act together, or any one of them may act alone.",
    );
    const joint = text((a) => {
      a.how_attorneys_act = "jointly";
    });
    expect(joint).toContain("The Attorneys are appointed jointly: they may act only together");
    expect(joint).toContain("this power ends if any one of them dies, resigns or becomes unable to act");
    expect(
      text((a) => {
        a.how_attorneys_act = "severally";
      }),
    ).toContain("The Attorneys are appointed severally: any one of them may act alone");
  });

  it("asks nothing about joint action with one attorney, and names that attorney in the signing form", () => {
    const one = text((a) => {
      a.attorneys = [attorneys(a)[0]];
      delete a.how_attorneys_act;
    });
    expect(one).toContain("appoint as my attorney (each an Attorney):");
    expect(one).not.toContain("appointed jointly");
    expect(one).toContain(
      "“David Chen by Sarah Chen as attorney under power of attorney dated 24 October 2025”",
    );
    expect(
      issuesOf((a) => {
        a.attorneys = [
          ...attorneys(a),
          { attorney: person("A", "", "B"), relationship: "friend", age: "adult" },
        ];
        a.attorneys = [
          ...(a.attorneys as Answers[]),
          { attorney: person("C", "", "D"), relationship: "friend", age: "adult" },
        ];
        a.attorneys = [
          ...(a.attorneys as Answers[]),
          { attorney: person("E", "", "F"), relationship: "friend", age: "adult" },
        ];
      }).map((issue) => issue.path),
    ).toEqual(["attorneys"]);
  });

  it("limits the authority to the matters listed, and prints the conditions", () => {
    const limited = text((a) => {
      a.scope = "limited";
      a.limited_matters = "sell the property at 12 Example Street, Richmond VIC 3121";
    });
    expect(limited).toContain(
      "to do the following on my behalf, and nothing else: the Attorney may sell the property at 12 Example Street",
    );
    expect(limited).toContain("Limited to the matters in clause 2");
    expect(text(() => {})).toContain(
      "which the Attorneys must observe: The Attorneys must not sell, mortgage or lease my home",
    );
    const none = text((a) => {
      a.has_conditions = "No";
    });
    expect(none).not.toContain("which the Attorneys must observe");
    expect(none).toContain("Only those in clause 3");
  });

  it("keeps the attorneys from gifts, benefits, delegation and the principal's offices as trustee or director", () => {
    const power = text(() => {});
    expect(power).toContain("may not use this power to give away my property, to make gifts");
    expect(power).toContain("may not appoint another person to act in their place");
    expect(power).toContain("in any office I hold as a trustee, or as a director or secretary of a company");
    expect(power).toContain("does not allow the Attorneys to make decisions about David Chen’s health");
  });
});

describe("general power of attorney: commencement, end and revocation", () => {
  it("refuses a start before signing, and an end on or before signing or the start", () => {
    expect(
      refused((a) => {
        a.start_date = "23/10/2025";
      }),
    ).toEqual([{ path: "start_date", message: EARLY_START }]);
    expect(
      refused((a) => {
        a.commencement = "signing";
        delete a.start_date;
        a.end_date = "24/10/2025";
      }),
    ).toEqual([{ path: "document_date", message: END_BEFORE_SIGNING }]);
    expect(
      refused((a) => {
        a.end_date = "31/10/2025";
      }),
    ).toEqual([{ path: "start_date", message: END_BEFORE_START }]);
    // Starting on the day it is signed passes.
    expect(
      issuesOf((a) => {
        a.start_date = "24/10/2025";
      }),
    ).toEqual([]);
  });

  it("starts on signing or on the date answered, and ends on the date answered or on revocation", () => {
    const now = text((a) => {
      a.commencement = "signing";
      delete a.start_date;
      a.has_end_date = "No";
      delete a.end_date;
    });
    expect(now).toContain("This power starts when I sign it.");
    expect(now).toContain("(a) my revoking it; (b) my death; or (c) my losing the mental capacity");
    expect(now).toContain("On revocation, death or loss of capacity");
    const dated = text(() => {});
    expect(dated).toContain("This power starts on 1 November 2025.");
    expect(dated).toContain("(a) the end of 30 April 2026; (b) my revoking it;");
  });

  it("is revoked by notice in writing, with registration of the revocation where the power was registered", () => {
    expect(text(() => {})).toContain("by notice in writing to the Attorneys");
    expect(text(inState("NSW"))).toContain(
      "registered with NSW Land Registry Services, register the revocation there too",
    );
    expect(text(inState("QLD"))).toContain(
      "registered in the Queensland land registry, register the revocation there too",
    );
  });
});
