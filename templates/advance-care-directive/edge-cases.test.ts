/**
 * The advance care directive against the preconditions in PRECONDITIONS.md: each is refused with its
 * message or drafted for, in Victoria (the one state it covers) and the other jurisdictions it refuses,
 * for a values directive, an instructional directive or both, with and without an appointed medical
 * treatment decision maker, and for the person's age on the day they sign.
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

const SLUG = "advance-care-directive";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));

const OTHER_STATE =
  "This advance care directive is drafted for Victoria only, under the Medical Treatment Planning and Decisions Act 2016 (Vic). Each other state and territory has its own Act and witnessing rules, and South Australia and Queensland require their own prescribed or approved form: use a directive made for that jurisdiction.";
const MINOR =
  "This template is for a person aged 18 or over on the day they sign, and this date of birth makes the person younger. A person under 18 in Victoria may give a directive only with decision-making capacity for each statement in it, and with different witnessing: seek advice for that person.";
const NOT_A_DOCTOR =
  "One of the two witnesses must be a registered medical practitioner (section 17 of the Medical Treatment Planning and Decisions Act 2016 (Vic)): choose a doctor as the first witness.";
const MINOR_WITNESS = "Each witness must be 18 or over. Choose adult witnesses.";
const DECISION_MAKER_WITNESS =
  "A medical treatment decision maker the person has appointed cannot witness their advance care directive: choose an adult witness who is not an appointed decision maker.";
const SELF_WITNESS =
  "The person giving the directive cannot witness their own signature. Choose two other adults.";
const SELF_DECISION_MAKER =
  "The person giving the directive cannot be their own medical treatment decision maker: remove them from the decision makers.";

const maker = (a: Answers) => a.maker as Answers;
const instructions = (a: Answers) => a.instructions as Answers[];
const valuesOnly: Change = (a) => {
  a.directive_parts = "values";
  delete a.instructions;
};
const instructionalOnly: Change = (a) => {
  a.directive_parts = "instructional";
  delete a.values_matter;
  delete a.values_unacceptable;
  delete a.values_other;
};
const noDecisionMaker: Change = (a) => {
  a.has_decision_maker = "No";
  delete a.decision_makers;
};

describe("advance care directive: jurisdiction", () => {
  for (const state of ["NSW", "QLD", "WA", "SA", "TAS", "ACT", "NT", "NFK"]) {
    it(`refuses ${state}, which it does not cover, with the reason`, () => {
      expect(
        refused((a) => {
          a.jurisdiction = state;
        }),
      ).toEqual([{ path: "jurisdiction", message: OTHER_STATE }]);
    });
  }

  it("is a statutory advance care directive under Part 2 of the Victorian Act, named as such", () => {
    const directive = text();
    expect(directive.trim()).toMatch(/^Advance Care Directive /);
    expect(directive).toContain(
      "An advance care directive given under Part 2 of the Medical Treatment Planning and Decisions Act 2016 (Vic) (the Act).",
    );
    expect(directive).toContain("This directive is given under the law of Victoria.");
  });
});

describe("advance care directive: the person and the date", () => {
  it("refuses a person under 18 on the day they sign, and passes one who turns 18 that day", () => {
    // Signed 21/11/2025: born 22/11/2007 is a day short of 18.
    expect(
      refused((a) => {
        a.maker_birth_date = "22/11/2007";
      }),
    ).toEqual([{ path: "maker_birth_date", message: MINOR }]);
    expect(
      issuesOf((a) => {
        a.maker_birth_date = "21/11/2007";
      }),
    ).toEqual([]);
    // The same birth date, signed a day earlier, is refused: the age is taken on the signing date.
    expect(
      refused((a) => {
        a.maker_birth_date = "21/11/2007";
        a.document_date = "20/11/2025";
      }),
    ).toEqual([{ path: "maker_birth_date", message: MINOR }]);
  });

  it("refuses a date of birth after the day of signing", () => {
    expect(
      refused((a) => {
        a.maker_birth_date = "01/01/2026";
      }),
    ).toEqual([{ path: "maker_birth_date", message: MINOR }]);
  });

  it("prints the full name, date of birth and address the Act requires", () => {
    expect(text()).toContain(
      "I, David Chen, born on 9 March 1958, of 14 Example Grove, Balwyn VIC 3103, give this advance care directive.",
    );
  });

  it("is given by an individual only: no company or trust can be asked for, and one person signs", () => {
    const { template } = load(SLUG);
    const question = template.definition.questions.find((q) => q.id === "maker");
    expect(question?.type === "reference" && question.partyTypes).toEqual(["individual"]);
    const [signer, ...others] = signers(template.definition, answersFor(SLUG) as never);
    expect(others).toEqual([]);
    expect(signer?.fullName).toBe("David Chen");
    expect(signer?.witnesses.map((witness) => witness.fullName)).toEqual(["Priya Raman", "Tom Nguyen"]);
  });
});

describe("advance care directive: witnesses (s 17)", () => {
  it("refuses a first witness who is not a registered medical practitioner, and a witness under 18", () => {
    expect(
      refused((a) => {
        a.first_witness_doctor = "No";
      }),
    ).toEqual([{ path: "first_witness_doctor", message: NOT_A_DOCTOR }]);
    expect(
      refused((a) => {
        a.witness_ages = "minor";
      }),
    ).toEqual([{ path: "witness_ages", message: MINOR_WITNESS }]);
  });

  it("refuses an appointed decision maker as either witness, and the person as their own witness", () => {
    expect(
      issuesOf((a) => {
        maker(a).witness_name = "Sarah Chen";
      }),
    ).toEqual([{ path: "maker.witness_name", message: DECISION_MAKER_WITNESS }]);
    expect(
      issuesOf((a) => {
        maker(a).second_witness_name = "sarah  chen";
      }),
    ).toEqual([{ path: "maker.second_witness_name", message: DECISION_MAKER_WITNESS }]);
    expect(
      issuesOf((a) => {
        maker(a).second_witness_name = "David Chen";
      }),
    ).toEqual([{ path: "maker.second_witness_name", message: SELF_WITNESS }]);
    // With no decision maker appointed, a relative may witness: the Act bars appointed decision makers only.
    expect(
      issuesOf((a) => {
        noDecisionMaker(a);
        maker(a).second_witness_name = "Sarah Chen";
      }),
    ).toEqual([]);
  });

  it("has each witness certify what s 17 asks, the doctor with their registration number", () => {
    const directive = text();
    expect(directive).toContain("in the presence of both witnesses below, all three being present together");
    expect(directive).toContain(
      "that they are not a medical treatment decision maker appointed by David Chen",
    );
    expect(directive).toContain(
      "that the first witness is a registered medical practitioner (AHPRA registration number MED0001234567)",
    );
    expect(directive).toContain(
      "appeared to have decision-making capacity in relation to each statement in it, appeared to understand the nature and effect of each statement in it, appeared to sign it freely and voluntarily, and signed it in the presence of both witnesses",
    );
  });
});

describe("advance care directive: medical treatment decision makers", () => {
  it("names an appointed decision maker without appointing one, and refuses the person as their own", () => {
    const directive = text();
    expect(directive).toContain(
      "I have appointed, by a separate document under the Act, this medical treatment decision maker",
    );
    expect(directive).toContain(
      "Sarah Chen of 14 Example Grove, Balwyn VIC 3103, my wife, telephone 0400 000 111.",
    );
    expect(directive).toContain("Sarah Chen (appointed separately)");
    expect(
      issuesOf((a) => {
        (a.decision_makers as Answers[]).push({
          decision_maker: person("David", "", "Chen"),
          relationship: "self",
          phone: "0400 000 222",
        });
      }),
    ).toEqual([{ path: "decision_makers[1].decision_maker", message: SELF_DECISION_MAKER }]);
  });

  it("says none is appointed by this document when there is none, and asks nothing about one", () => {
    const directive = text(noDecisionMaker);
    expect(directive).toContain("I have not appointed a medical treatment decision maker by this document.");
    expect(directive).toContain("None appointed");
    expect(directive).not.toContain("(appointed separately)");
  });
});

describe("advance care directive: values and instructional directives (s 6)", () => {
  it("labels each instructional directive expressly as one, with its consent or refusal and circumstances", () => {
    const directive = text();
    expect(directive).toContain("Each statement in this clause is an instructional directive");
    expect(directive).toContain(
      "(a) I refuse cardiopulmonary resuscitation (CPR), whether to start it or to continue it, but only if I have a terminal illness",
    );
    expect(directive).toContain(
      "(c) I consent to antibiotics for a life-threatening infection, in all circumstances.",
    );
    const other = text((a) => {
      instructions(a)[2] = {
        treatment: "other",
        treatment_other: "insertion of a PEG feeding tube",
        decision: "refuse",
        circumstances: "all",
      };
    });
    expect(other).toContain(
      "(c) I refuse insertion of a PEG feeding tube, whether to start it or to continue it, in all circumstances.",
    );
  });

  it("asks for the treatment described when 'another treatment' is chosen, and for the circumstances when limited", () => {
    expect(
      issuesOf((a) => {
        instructions(a)[2] = { treatment: "other", decision: "refuse", circumstances: "specified" };
      }).map((issue) => issue.path),
    ).toEqual(["instructions[2].treatment_other", "instructions[2].circumstances_text"]);
  });

  it("makes a values directive only, with no Part C and no binding statement", () => {
    const directive = text(valuesOnly);
    expect(directive).toContain("It contains a values directive only.");
    expect(directive).toContain("This Part is a values directive");
    expect(directive).not.toContain("Part C: Instructional directive");
    expect(directive).not.toContain("Each instructional directive in Part C is binding");
    expect(directive).toContain("Instructional directives None");
  });

  it("makes an instructional directive only, with no Part B", () => {
    const directive = text(instructionalOnly);
    expect(directive).toContain("It contains an instructional directive only.");
    expect(directive).not.toContain("Part B: Values directive");
    expect(directive).not.toContain("read with my values directive");
    expect(directive).toContain("Each instructional directive in Part C is binding");
  });

  it("leaves out the other preferences when none are given", () => {
    expect(
      text((a) => {
        delete a.values_other;
      }),
    ).not.toContain("My other preferences.");
  });
});

describe("advance care directive: what it cannot do", () => {
  for (const [name, change] of [
    ["both parts", () => {}],
    ["a values directive only", valuesOnly],
    ["an instructional directive only", instructionalOnly],
  ] as const) {
    it(`says so plainly with ${name}: no voluntary assisted dying, compulsory treatment, appointment or property`, () => {
      const directive = text(change);
      expect(directive).toContain("This directive cannot request voluntary assisted dying");
      expect(directive).toContain(
        "Under the Voluntary Assisted Dying Act 2017 (Vic) only I can request it, myself, while I have decision-making capacity",
      );
      expect(directive).toContain(
        "such as compulsory treatment under the Mental Health and Wellbeing Act 2022 (Vic)",
      );
      expect(directive).toContain("advance statement of preferences");
      expect(directive).toContain("does not oblige a health practitioner to give treatment");
      expect(directive).toContain("This directive does not appoint a medical treatment decision maker");
      expect(directive).toContain("does not deal with my property or financial affairs");
      expect(directive).toContain(
        "This directive applies only when I do not have decision-making capacity for a decision about my medical treatment.",
      );
    });
  }
});
