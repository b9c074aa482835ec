/**
 * The enduring power of attorney against the preconditions in PRECONDITIONS.md: each is refused with
 * its message or drafted for, across the three states it covers (and the five it refuses), the
 * people each state's Act rules out as attorney or witness, the matters each state's instrument may
 * cover, the attorneys' acceptance and when the power starts.
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

const SLUG = "enduring-power-of-attorney";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const OTHER_STATE =
  "This enduring power of attorney is drafted for New South Wales, Victoria and Queensland only. Each other state and territory has its own Act, form, witnessing and acceptance rules for an enduring power: use the form made for that jurisdiction.";
const MINOR_PRINCIPAL =
  "The principal must be 18 or over: a person under 18 cannot make an enduring power of attorney.";
const NO_CAPACITY =
  "The principal must understand the nature and effect of the power when signing it, or the power is invalid. Obtain a medical opinion on the principal's capacity before preparing the power; if the principal lacks capacity, an application to the state's tribunal is needed instead.";
const MINOR_WITNESS = "The witness must be 18 or over. Choose an adult witness.";
const MINOR_ATTORNEY = "Each attorney must be 18 or over. Choose an adult attorney.";
const MINOR_ALTERNATE = "Each alternative attorney must be 18 or over. Choose an adult.";
const VIC_WITNESSES =
  "In Victoria neither witness may be an attorney, a relative of the principal or of an attorney, or a care worker or accommodation provider for the principal (Powers of Attorney Act 2014 (Vic), Part 3, Division 4). Choose witnesses who are none of these.";
const QLD_WITNESS =
  "In Queensland the witness may not be an attorney, a relative of the principal or of an attorney, or a paid carer or health provider for the principal (Powers of Attorney Act 1998 (Qld), section 31). Choose a witness who is none of these.";
const VIC_CARER =
  "In Victoria a care worker, health provider or accommodation provider for the principal cannot be appointed as an attorney (Powers of Attorney Act 2014 (Vic), section 28). Choose someone else.";
const NSW_WITNESS =
  "In New South Wales the witness must be a prescribed witness under section 19 of the Powers of Attorney Act 2003 (NSW): an Australian legal practitioner, a registrar of the Local Court, or a licensed conveyancer or an employee of NSW Trustee and Guardian or of a trustee company who has completed the approved course. A justice of the peace is not one.";
const VIC_FIRST_WITNESS =
  "In Victoria the first witness must be a person authorised to witness affidavits (for example a lawyer, justice of the peace or notary public) or a registered medical practitioner. If this witness is authorised to witness affidavits, choose that.";
const QLD_ELIGIBLE_WITNESS =
  "In Queensland the witness must be an eligible witness under section 31 of the Powers of Attorney Act 1998 (Qld): a justice of the peace, a commissioner for declarations, a lawyer or a notary public.";
const QLD_CARER =
  "In Queensland a paid carer or health provider for the principal, or a service provider for a residential service where the principal lives, cannot be an attorney (Powers of Attorney Act 1998 (Qld), section 29). Choose someone else.";
const INSOLVENT =
  "A person who is bankrupt or insolvent under administration cannot be an attorney for financial matters in Victoria or Queensland. Choose someone else, or (in Victoria or Queensland) limit the power to personal matters and appoint this person for those only in a separate power.";
const SELF_ATTORNEY =
  "The principal cannot appoint themselves as their own attorney: remove the principal from the attorneys.";
const BOTH_LISTS =
  "An attorney cannot also be an alternative attorney: an alternative acts only in an attorney's place. Remove the person from one of the lists.";
const ATTORNEY_WITNESS =
  "An attorney cannot witness the principal's signature on the power that appoints them: choose a witness who is not an attorney.";
const ALTERNATE_WITNESS =
  "An alternative attorney cannot witness the principal's signature on the power that appoints them: choose a witness who is not an attorney.";
const SELF_WITNESS =
  "The principal cannot witness their own signature or an attorney's acceptance. Choose another adult.";
const SAME_WITNESSES = "The two witnesses must be different people.";
const EARLY_START =
  "The power cannot start before the principal signs it: choose a start date on or after the date of signing.";

const attorneys = (a: Answers) => a.attorneys as Answers[];
const alternates = (a: Answers) => a.alternates as Answers[];
const principal = (a: Answers) => a.principal as Answers;

/** Sets the state, and answers the questions that state shows (as a firm in that state would). */
const inState =
  (state: string, matters = "both") =>
  (a: Answers) => {
    a.jurisdiction = state;
    const everyone = [...attorneys(a), ...alternates(a)];
    if (state === "VIC") {
      a.witness_capacity = "affidavits";
      a.witnesses_independent = "yes";
      principal(a).second_witness_name = "Oliver Grant";
      principal(a).second_witness_email = "oliver.grant@example.com";
    } else if (state === "QLD") {
      a.witness_capacity = "jp";
      a.witnesses_independent = "yes";
    }
    if (state === "VIC" || state === "QLD") {
      a.matters = matters;
      for (const entry of everyone) {
        entry.carer = "No";
        entry.insolvent = "No";
      }
    }
  };
const both =
  (...changes: Change[]): Change =>
  (a) => {
    for (const change of changes) change(a);
  };

describe("enduring power of attorney: states", () => {
  for (const state of ["WA", "SA", "TAS", "ACT", "NT"]) {
    it(`refuses ${state}, which it does not cover`, () => {
      expect(refused(inState(state))).toEqual([{ path: "jurisdiction", message: OTHER_STATE }]);
    });
  }

  it("in NSW follows the prescribed form and s19, and is financial only, with guardianship said to be separate", () => {
    const nsw = text(() => {});
    expect(nsw).toContain("made under the Powers of Attorney Act 2003 (NSW)");
    expect(nsw).toContain("Schedule 2 to the Powers of Attorney Regulation 2024 (NSW)");
    expect(nsw).toContain("that section 19 of that Act requires");
    expect(nsw).toContain("In New South Wales it covers financial and legal matters only.");
    expect(nsw).toContain(
      "those are made by an enduring guardian, who is appointed by a separate document under the Guardianship Act 1987 (NSW)",
    );
    expect(nsw).not.toContain("Personal matters.");
    expect(nsw).toContain("section 52 of the Powers of Attorney Act 2003 (NSW)");
    expect(nsw).toContain("Matters Financial matters");
    // NSW asks nothing about personal matters, carers or a second witness.
    const { template } = load(SLUG);
    expect(signers(template.definition, answersFor(SLUG) as never).map((s) => s.fullName)).toEqual([
      "Meera Patel",
      "Arjun Patel",
      "Priya Anjali Patel",
      "Rohan Mehta",
    ]);
  });

  it("in Victoria follows the prescribed form (s32) and the statements of acceptance (ss37–38), and keeps out medical treatment", () => {
    const vic = text(inState("VIC"));
    expect(vic).toContain("made under Part 3 of the Powers of Attorney Act 2014 (Vic)");
    expect(vic).toContain(
      "Part 1 of Form 1 in Schedule 1 to the Powers of Attorney Regulations 2025 (Vic), prescribed for section 32 of that Act",
    );
    expect(vic).toContain("Parts 2 and 3 of that form, for sections 37 and 38");
    expect(vic).toContain("Medical Treatment Planning and Decisions Act 2016 (Vic)");
    expect(vic).toContain("Personal matters. I authorise the Attorneys to make decisions");
    expect(vic).toContain("other than medical treatment decisions");
    expect(vic).toContain("Matters Financial and personal matters");
    expect(vic).not.toContain("(NSW)");
  });

  it("in Queensland sets out the approved form's particulars (s44(1)) with the witness certificate (s44(4))", () => {
    const qld = text(inState("QLD"));
    expect(qld).toContain("made under Chapter 3 of the Powers of Attorney Act 1998 (Qld)");
    expect(qld).toContain("the approved form, which section 44(1) of that Act requires");
    expect(qld).toContain("the eligible witness’s certificate that section 44(4) requires");
    expect(qld).toContain(
      "a justice of the peace, an eligible witness under section 31 of the Powers of Attorney Act 1998 (Qld)",
    );
    expect(qld).toContain("appeared to have the capacity necessary to make it");
    expect(qld).toContain("personal matters, including health matters");
    expect(qld).toContain("only while I have impaired capacity for that matter");
  });

  for (const state of ["NSW", "VIC", "QLD"]) {
    it(`says plainly in ${state} that it continues if the principal loses capacity`, () => {
      const power = text(inState(state));
      expect(power).toContain("Important: this is an enduring power of attorney.");
      expect(power).toContain("It continues to have effect if Meera Patel loses the capacity");
      expect(power).toContain("This power continues to have effect if I lose capacity.");
      expect(power).toContain("Enduring Yes: it continues if the Principal loses capacity");
      expect(power).toContain(
        `governed by the law of ${{ NSW: "New South Wales", VIC: "Victoria", QLD: "Queensland" }[state]}`,
      );
    });
  }
});

describe("enduring power of attorney: matters each state's instrument may cover", () => {
  it("covers financial matters only, or personal matters only, in Victoria and Queensland as answered", () => {
    for (const state of ["VIC", "QLD"]) {
      const financial = text(inState(state, "financial"));
      expect(financial, state).toContain("Financial matters. I authorise");
      expect(financial, state).not.toContain("Personal matters. I authorise");
      const personal = text(
        both(inState(state, "personal"), (a) => {
          delete a.commencement;
        }),
      );
      expect(personal, state).not.toContain("Financial matters. I authorise");
      expect(personal, state).toContain("Personal matters. I authorise");
      expect(personal, state).toContain("Starts Only while the Principal lacks capacity for the matter");
      expect(personal, state).not.toContain("may not use this power to give away my property");
    }
  });

  it("asks no start question for a power over personal matters only (they are only for while capacity is lost)", () => {
    expect(
      issuesOf(
        both(inState("VIC", "personal"), (a) => {
          delete a.commencement;
        }),
      ),
    ).toEqual([]);
    expect(
      issuesOf((a) => {
        delete a.commencement;
      }),
    ).toEqual([{ path: "commencement", message: "This field cannot be blank." }]);
  });
});

describe("enduring power of attorney: the principal and the witnesses", () => {
  it("refuses a principal under 18, a principal whose capacity is in doubt, and a witness under 18", () => {
    expect(
      refused((a) => {
        a.principal_age = "minor";
      }),
    ).toEqual([{ path: "principal_age", message: MINOR_PRINCIPAL }]);
    expect(
      refused((a) => {
        a.principal_capacity = "no";
      }),
    ).toEqual([{ path: "principal_capacity", message: NO_CAPACITY }]);
    expect(
      refused((a) => {
        a.witness_age = "minor";
      }),
    ).toEqual([{ path: "witness_age", message: MINOR_WITNESS }]);
  });

  it("in NSW has a prescribed witness certify s19's points", () => {
    const nsw = text((a) => {
      a.witness_capacity = "conveyancer";
    });
    expect(nsw).toContain(
      "who certifies that they are a licensed conveyancer who has completed the approved course, a prescribed witness under section 19",
    );
    expect(nsw).toContain("that they are not an Attorney or Alternative Attorney under this power");
    expect(nsw).toContain(
      "that they explained the effect of this power to the Principal before it was signed",
    );
    // Only the prescribed witnesses pass in NSW: a justice of the peace, a doctor or a Queensland
    // commissioner for declarations is refused with s19's list.
    for (const capacity of ["jp", "notary", "cdec", "affidavits", "doctor"]) {
      expect(
        refused((a) => {
          a.witness_capacity = capacity;
        }),
        capacity,
      ).toEqual([{ path: "witness_capacity", message: NSW_WITNESS }]);
    }
    for (const capacity of ["lawyer", "registrar", "conveyancer", "trustee"]) {
      expect(
        issuesOf((a) => {
          a.witness_capacity = capacity;
        }),
        capacity,
      ).toEqual([]);
    }
  });

  it("in Victoria has two witnesses sign, the first qualified, and refuses disqualified witnesses", () => {
    const { template } = load(SLUG);
    const vicAnswers = answersFor(SLUG, inState("VIC"));
    const blocks = signers(template.definition, vicAnswers as never).map((s) => [
      s.fullName,
      s.witnesses.map((w) => w.fullName),
    ]);
    expect(blocks[0]).toEqual(["Meera Patel", ["Catherine Wong", "Oliver Grant"]]);
    expect(blocks.map(([name]) => name)).toEqual([
      "Meera Patel",
      "Arjun Patel",
      "Priya Anjali Patel",
      "Rohan Mehta",
    ]);
    const vic = text(
      both(inState("VIC"), (a) => {
        a.witness_capacity = "doctor";
      }),
    );
    expect(vic).toContain("in the presence of the two witnesses below");
    expect(vic).toContain("The first witness signs as a registered medical practitioner.");
    expect(
      text(
        both(inState("VIC"), (a) => {
          a.witness_capacity = "jp";
        }),
      ),
    ).toContain(
      "The first witness signs as a justice of the peace, a person authorised to witness affidavits.",
    );
    // The second witness is asked for in Victoria only, and is then required.
    expect(
      issuesOf(
        both(inState("VIC"), (a) => {
          principal(a).second_witness_name = "";
        }),
      ),
    ).toEqual([{ path: "principal.second_witness_name", message: "This field cannot be blank." }]);
    for (const capacity of ["cdec", "registrar", "conveyancer", "trustee"]) {
      expect(
        refused(
          both(inState("VIC"), (a) => {
            a.witness_capacity = capacity;
          }),
        ),
        capacity,
      ).toEqual([{ path: "witness_capacity", message: VIC_FIRST_WITNESS }]);
    }
    expect(
      refused(
        both(inState("VIC"), (a) => {
          a.witnesses_independent = "no";
        }),
      ),
    ).toEqual([{ path: "witnesses_independent", message: VIC_WITNESSES }]);
    expect(
      issuesOf(
        both(inState("VIC"), (a) => {
          principal(a).second_witness_name = "Catherine Wong";
        }),
      ),
    ).toEqual([{ path: "principal.witness_name", message: SAME_WITNESSES }]);
    expect(
      issuesOf(
        both(inState("VIC"), (a) => {
          principal(a).second_witness_name = "Priya Anjali Patel";
        }),
      ),
    ).toEqual([{ path: "principal.second_witness_name", message: ATTORNEY_WITNESS }]);
  });

  it("in Queensland has an eligible witness (s31) and refuses a disqualified one", () => {
    expect(
      text(
        both(inState("QLD"), (a) => {
          a.witness_capacity = "cdec";
        }),
      ),
    ).toContain("a commissioner for declarations, an eligible witness under section 31");
    expect(
      refused(
        both(inState("QLD"), (a) => {
          a.witnesses_independent = "no";
        }),
      ),
    ).toEqual([{ path: "witnesses_independent", message: QLD_WITNESS }]);
    for (const capacity of ["affidavits", "doctor", "registrar", "conveyancer", "trustee"]) {
      expect(
        refused(
          both(inState("QLD"), (a) => {
            a.witness_capacity = capacity;
          }),
        ),
        capacity,
      ).toEqual([{ path: "witness_capacity", message: QLD_ELIGIBLE_WITNESS }]);
    }
    // One witness in Queensland (and New South Wales): no second witness is asked for.
    const { template } = load(SLUG);
    for (const state of ["QLD", "NSW"]) {
      const [first] = signers(template.definition, answersFor(SLUG, inState(state)) as never);
      expect(
        first?.witnesses.map((w) => w.fullName),
        state,
      ).toEqual(["Catherine Wong"]);
    }
  });

  it("refuses an attorney or alternative attorney as the witness, and the principal as a witness", () => {
    expect(
      issuesOf((a) => {
        principal(a).witness_name = "arjun  patel";
      }),
    ).toEqual([{ path: "principal.witness_name", message: ATTORNEY_WITNESS }]);
    expect(
      issuesOf((a) => {
        principal(a).witness_name = "Rohan Mehta";
      }),
    ).toEqual([{ path: "principal.witness_name", message: ALTERNATE_WITNESS }]);
    expect(
      issuesOf((a) => {
        (attorneys(a)[0]?.attorney as Answers).witness_name = "Meera Patel";
      }),
    ).toEqual([{ path: "attorneys[0].attorney.witness_name", message: SELF_WITNESS }]);
  });
});

describe("enduring power of attorney: the attorneys", () => {
  it("refuses an attorney or an alternative attorney under 18", () => {
    expect(
      refused((a) => {
        (attorneys(a)[1] as Answers).age = "minor";
      }),
    ).toEqual([{ path: "attorneys[1].age", message: MINOR_ATTORNEY }]);
    expect(
      refused((a) => {
        (alternates(a)[0] as Answers).age = "minor";
      }),
    ).toEqual([{ path: "alternates[0].age", message: MINOR_ALTERNATE }]);
  });

  it("refuses a care worker or accommodation provider in Victoria (s28) and a paid carer in Queensland (s29), not asked in NSW", () => {
    expect(
      refused(
        both(inState("VIC"), (a) => {
          (attorneys(a)[0] as Answers).carer = "Yes";
        }),
      ),
    ).toEqual([{ path: "attorneys[0].carer", message: VIC_CARER }]);
    expect(
      refused(
        both(inState("VIC"), (a) => {
          (alternates(a)[0] as Answers).carer = "Yes";
        }),
      ),
    ).toEqual([{ path: "alternates[0].carer", message: VIC_CARER }]);
    expect(
      refused(
        both(inState("QLD"), (a) => {
          (attorneys(a)[1] as Answers).carer = "Yes";
        }),
      ),
    ).toEqual([{ path: "attorneys[1].carer", message: QLD_CARER }]);
    expect(
      refused(
        both(inState("QLD"), (a) => {
          (alternates(a)[0] as Answers).carer = "Yes";
        }),
      ),
    ).toEqual([{ path: "alternates[0].carer", message: QLD_CARER }]);
    // The NSW Act has no such rule: the question is not asked there, and an answer left from another
    // state is not read.
    expect(
      issuesOf((a) => {
        (attorneys(a)[0] as Answers).carer = "Yes";
      }),
    ).toEqual([]);
  });

  it("refuses a bankrupt attorney or alternative in Victoria and Queensland", () => {
    for (const state of ["VIC", "QLD"]) {
      expect(
        refused(
          both(inState(state), (a) => {
            (attorneys(a)[0] as Answers).insolvent = "Yes";
          }),
        ),
      ).toEqual([{ path: "attorneys[0].insolvent", message: INSOLVENT }]);
      expect(
        refused(
          both(inState(state), (a) => {
            (alternates(a)[0] as Answers).insolvent = "Yes";
          }),
        ),
      ).toEqual([{ path: "alternates[0].insolvent", message: INSOLVENT }]);
    }
  });

  it("offers only individuals as principal, witness or attorney: a company cannot make or hold this power", () => {
    const { template } = load(SLUG);
    const parties = JSON.stringify(template.definition.questions);
    // The principal, the attorneys and the alternatives; the witnesses are named on the principal's
    // and each attorney's block, and are people by nature.
    expect(parties.match(/"partyTypes":\[[^\]]*\]/g)).toEqual([
      '"partyTypes":["individual"]',
      '"partyTypes":["individual"]',
      '"partyTypes":["individual"]',
    ]);
    // A company's answers given anyway are read as an individual's, whose name is then missing.
    expect(
      issuesOf((a) => {
        (attorneys(a)[0] as Answers).attorney = {
          party_type: "company",
          name: "Patel Holdings",
          legal_element: "PTY LTD",
        };
      }).map((issue) => issue.path),
    ).toContain("attorneys[0].attorney.first_name");
  });

  it("refuses the principal as an attorney or alternative, and one person in both lists", () => {
    expect(
      issuesOf((a) => {
        attorneys(a).push({ attorney: person("Meera", "", "Patel"), relationship: "self", age: "adult" });
      }),
    ).toEqual([{ path: "attorneys[2].attorney", message: SELF_ATTORNEY }]);
    expect(
      issuesOf((a) => {
        alternates(a).push({
          alternate: person("Arjun", "", "Patel"),
          relationship: "husband",
          age: "adult",
        });
      }),
    ).toEqual([{ path: "alternates[1].alternate", message: BOTH_LISTS }]);
  });

  it("appoints attorneys jointly, severally or jointly and severally, with alternatives in order", () => {
    expect(text(() => {})).toContain(
      "The Attorneys are appointed jointly and severally: they may act together, or any one of them may act alone.",
    );
    const joint = text((a) => {
      a.how_attorneys_act = "jointly";
    });
    expect(joint).toContain("The Attorneys are appointed jointly: they may act only together");
    expect(joint).toContain(
      "this power ends if the appointment of any one of them ends and no Alternative Attorney is left",
    );
    expect(
      text((a) => {
        a.how_attorneys_act = "severally";
      }),
    ).toContain("The Attorneys are appointed severally: any one of them may act alone");
    expect(text(() => {})).toContain(
      "An Alternative Attorney may act only if the appointment of an Attorney ends",
    );
    const none = text((a) => {
      a.alternates = [];
    });
    expect(none).not.toContain("Alternative Attorney may act");
    expect(none).toContain("Alternative Attorneys None");
    expect(none).not.toContain("Acceptance by the Alternative");
  });

  it("has every attorney and alternative sign an acceptance before a witness, in the state's words", () => {
    const { template } = load(SLUG);
    const people = signers(template.definition, answersFor(SLUG) as never);
    expect(people.slice(1).map((s) => [s.fullName, s.witnesses.map((w) => w.fullName)])).toEqual([
      ["Arjun Patel", ["Helen Brooks"]],
      ["Priya Anjali Patel", ["Daniel Ortiz"]],
      ["Rohan Mehta", ["Grace Kim"]],
    ]);
    expect(text(() => {})).toContain(
      "I accept my appointment as an attorney under this enduring power of attorney.",
    );
    expect(text(inState("VIC"))).toContain(
      "I am not a care worker, health provider or accommodation provider for the Principal",
    );
    expect(text(inState("QLD"))).toContain("I am not a paid carer or health provider for the Principal");
  });
});

describe("enduring power of attorney: conditions and commencement", () => {
  it("prints the conditions, and keeps the attorneys from gifts, delegation and the principal's offices", () => {
    const power = text(() => {});
    expect(power).toContain(
      "which the Attorneys must observe: My Attorneys must not sell or mortgage my home",
    );
    expect(power).toContain("may not use this power to give away my property");
    expect(power).toContain("may not appoint another person to act in their place");
    expect(power).toContain("in any office I hold as a trustee, or as a director or secretary of a company");
    expect(text(inState("VIC"))).toContain("section 25 of the Powers of Attorney Act 2014 (Vic)");
    const none = text((a) => {
      a.has_conditions = "No";
    });
    expect(none).not.toContain("which the Attorneys must observe");
    expect(none).toContain("Only those in clause 3");
  });

  it("starts on acceptance, on a later date or on a medical certificate, as answered", () => {
    expect(text(() => {})).toContain(
      "as soon as I have signed it and that Attorney has accepted the appointment",
    );
    const dated = text((a) => {
      a.commencement = "date";
      a.start_date = "01/12/2026";
    });
    expect(dated).toContain("may exercise this power for financial matters from 1 December 2026");
    const certified = text((a) => {
      a.commencement = "incapacity";
    });
    expect(certified).toContain("only once a registered medical practitioner has certified in writing");
    expect(certified).toContain("On a medical practitioner’s written certificate of incapacity");
  });

  it("asks for the conditions and the start date in their own words when left blank", () => {
    expect(
      issuesOf((a) => {
        a.conditions = "";
      }),
    ).toEqual([
      {
        path: "conditions",
        message: "Write the conditions and limitations, or answer No to the question before.",
      },
    ]);
    expect(
      issuesOf((a) => {
        a.commencement = "date";
      }),
    ).toEqual([
      {
        path: "start_date",
        message: "Give the date the power starts, or choose another time for it to start.",
      },
    ]);
  });

  it("refuses a start before signing (the signing day itself passes)", () => {
    expect(
      refused((a) => {
        a.commencement = "date";
        a.start_date = "11/11/2026";
      }),
    ).toEqual([{ path: "start_date", message: EARLY_START }]);
    expect(
      issuesOf((a) => {
        a.commencement = "date";
        a.start_date = "12/11/2026";
      }),
    ).toEqual([]);
  });
});
