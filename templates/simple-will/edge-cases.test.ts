/**
 * The will against the preconditions in PRECONDITIONS.md: each is refused with its message or
 * drafted for, across the states, the ways the residue passes, the vesting ages and the trust option.
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

const SLUG = "simple-will";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
/** The text of a document that validates. */
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

/** The residue to the will-maker's children as a class. */
const toChildren = (answers: Answers) => {
  answers.residue_to = "children";
  answers.include_stepchildren = "No";
  answers.testamentary_trust = "No";
  delete answers.residuary;
  delete answers.gift_over;
};

const WITNESS =
  "A witness must not take a gift under this will: in New South Wales (s10 Succession Act 2006), Queensland (s11 Succession Act 1981), Tasmania (s12 Wills Act 2008) and the Northern Territory (s12 Wills Act 2000) a gift to a witness is void unless it is saved, and in every state it invites a challenge. Choose a witness who takes nothing under this will, and who is not the spouse or partner of anyone who does.";

describe("the will: children as a class (issue 30, item 4)", () => {
  it("gives the residue to my children as a class, after-born children included, with per stirpes substitution", () => {
    const will = text(toChildren);
    expect(will).toContain(
      "for those of my children who survive me by the Survivorship Period, in equal shares",
    );
    expect(will).toContain("born or adopted before or after the date of this will");
    expect(will).toContain("per stirpes");
    expect(will).not.toContain("step-children");
    expect(will).not.toContain("Rebecca Anne Whitfield, my daughter: 1 part");
  });

  it("includes step-children only when asked", () => {
    const will = text((a) => {
      toChildren(a);
      a.include_stepchildren = "Yes";
    });
    expect(will).toContain("each of my step-children");
  });

  it("keeps named beneficiaries in parts when the residue goes to them", () => {
    const will = text(() => {});
    expect(will).toContain("Rebecca Anne Whitfield, my daughter: 1 part");
    expect(will).not.toContain("per stirpes");
  });
});

describe("the will: guardians", () => {
  it("appoints a substitute guardian", () => {
    const will = text((a) => {
      a.has_guardian = "Yes";
      a.guardian_name = "Margaret Lee Osborne";
      a.guardian_address = "12 Sample Close, Indooroopilly QLD 4068";
      a.has_substitute_guardian = "Yes";
      a.substitute_guardian_name = "Thomas James Osborne";
      a.substitute_guardian_address = "12 Sample Close, Indooroopilly QLD 4068";
    });
    expect(will).toContain(
      "I appoint Thomas James Osborne, of 12 Sample Close, Indooroopilly QLD 4068, as guardian",
    );
    expect(will).toContain("If Margaret Lee Osborne dies before me or is unable or unwilling to act");
  });

  it("refuses the guardian as their own substitute", () => {
    const issues = issuesOf((a) => {
      a.has_guardian = "Yes";
      a.guardian_name = "Margaret Lee Osborne";
      a.guardian_address = "12 Sample Close, Indooroopilly QLD 4068";
      a.has_substitute_guardian = "Yes";
      a.substitute_guardian_name = "Margaret Lee Osborne";
      a.substitute_guardian_address = "12 Sample Close, Indooroopilly QLD 4068";
    });
    expect(issues).toEqual([
      {
        path: "substitute_guardian_name",
        message: "The substitute guardian must be someone other than the guardian.",
      },
    ]);
  });
});

describe("the will: the age a beneficiary takes at", () => {
  it("holds property until 18 and gives it to a beneficiary's estate if they die younger", () => {
    const will = text(() => {});
    expect(will).toContain("until the beneficiary reaches 18 years of age");
    expect(will).toContain("passes to the beneficiary’s estate");
  });

  for (const [choice, other, age] of [
    ["21", undefined, 21],
    ["25", undefined, 25],
    ["other", 28, 28],
  ] as const) {
    it(`holds property until ${age}, contingently`, () => {
      const will = text((a) => {
        a.vesting_age = choice;
        if (other !== undefined) a.vesting_age_other = other;
      });
      expect(will).toContain(`until the beneficiary reaches ${age} years of age`);
      expect(will).toContain(`the beneficiary’s interest is contingent on reaching ${age}`);
      expect(will).toContain("as if the beneficiary had not survived me");
      expect(will).not.toContain("passes to the beneficiary’s estate");
    });
  }

  it("refuses an age above 30", () => {
    expect(
      issuesOf((a) => {
        a.vesting_age = "other";
        a.vesting_age_other = 31;
      }),
    ).toEqual([{ path: "vesting_age_other", message: "Please enter a number no more than 30." }]);
  });
});

describe("the will: testamentary discretionary trusts", () => {
  it("holds each child's share on its own discretionary trust, with the excepted trust income clause", () => {
    const will = text((a) => {
      toChildren(a);
      a.testamentary_trust = "Yes";
      a.trust_control = "beneficiary";
      a.vesting_age = "25";
    });
    for (const words of [
      "Testamentary Trusts",
      "Primary Beneficiary",
      "Appointor",
      "subparagraph 102AG(2)(a)(i)",
      "subsection 102AG(2AA)",
      "from the day the Primary Beneficiary reaches 25 years of age",
      "the Primary Beneficiary’s legal personal representative",
      "the day before the eightieth anniversary of my death",
    ])
      expect(will, words).toContain(words);
  });

  it("leaves the executors in control when chosen", () => {
    const will = text((a) => {
      toChildren(a);
      a.testamentary_trust = "Yes";
      a.trust_control = "executors";
    });
    expect(will).toContain("The Trustee of each Testamentary Trust is my Executors");
    expect(will).not.toContain("from the day the Primary Beneficiary reaches");
  });

  /** The residue to the sample's named beneficiaries, the first one's share on a testamentary trust. */
  const namedOnTrust = (a: Answers) => {
    a.testamentary_trust = "Yes";
    a.trust_control = "beneficiary";
    const [first, second] = a.residuary as Answers[];
    if (first) first.trust = "Yes";
    if (second) second.trust = "No";
  };
  it("holds a named beneficiary's share on a testamentary trust when chosen, and another's outright", () => {
    const will = text(namedOnTrust);
    expect(will).toContain(
      "Rebecca Anne Whitfield, my daughter: 1 part, held on a Testamentary Trust under clause 7;",
    );
    expect(will).toContain("Jonathan Paul Whitfield, my son: 1 part.");
    expect(will).toContain(
      "My Executors must hold the share of the Residue of each beneficiary whose share clause 4.1 says is held on a Testamentary Trust, or of each person who takes that share under clause 4.3 in that beneficiary’s place",
    );
    expect(will).toContain("is added to that Testamentary Trust");
    expect(will).toContain("subsection 102AG(2AA)");
    expect(will).not.toContain("each child of mine");
  });
  it("refuses a testamentary trust that holds no named beneficiary's share", () => {
    expect(
      issuesOf((a) => {
        namedOnTrust(a);
        for (const entry of a.residuary as Answers[]) entry.trust = "No";
      }),
    ).toEqual([
      {
        path: "residuary",
        message:
          "Choose at least one beneficiary whose share is held on a testamentary trust, or answer No to holding a share of the residue on a testamentary trust.",
      },
    ]);
  });
});

describe("the will: who may make it, act and witness", () => {
  it("refuses a will-maker under 18", () => {
    const issues = refused((a) => {
      a.will_maker_age = "minor";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["will_maker_age"]);
    expect(issues[0]?.message).toContain(
      "A person under 18 can make a will only with the Supreme Court's authorisation",
    );
  });

  it("refuses a minor executor", () => {
    const issues = refused((a) => {
      (a.executors as Answers[])[1] = { ...(a.executors as Answers[])[1], age: "minor" };
    });
    expect(issues).toEqual([
      {
        path: "executors[1].age",
        message:
          "An executor must be 18 or over: probate is not granted to a person under 18. Name an adult executor.",
      },
    ]);
  });

  it("refuses an executor as the substitute executor", () => {
    expect(
      issuesOf((a) => {
        a.substitute_name = "Rebecca Anne Whitfield";
      }),
    ).toEqual([
      {
        path: "substitute_name",
        message: "The substitute executor must be someone other than the executors.",
      },
    ]);
  });

  for (const state of JURISDICTIONS) {
    it(`refuses a beneficiary as witness in ${state}`, () => {
      const residuary = refused((a) => {
        a.jurisdiction = state;
        (a.will_maker as Answers).witness_name = "Jonathan Paul Whitfield";
      });
      expect(residuary).toEqual([{ path: "will_maker.witness_name", message: WITNESS }]);
      const gift = issuesOf((a) => {
        a.jurisdiction = state;
        (a.will_maker as Answers).second_witness_name = "Chloe Whitfield-Barnes";
      });
      expect(gift).toEqual([{ path: "will_maker.second_witness_name", message: WITNESS }]);
    });
  }

  it("lets an executor who takes no gift witness, and an executor be the sole beneficiary", () => {
    const will = text((a) => {
      (a.will_maker as Answers).witness_name = "Margaret Lee Osborne";
      a.residuary = [{ name: "Rebecca Anne Whitfield", relationship: "daughter", parts: 1 }];
    });
    expect(will).toContain("Rebecca Anne Whitfield, my daughter: 1 part");
  });
});

describe("the will: the state's Act", () => {
  const ACTS: Record<(typeof JURISDICTIONS)[number], string> = {
    NSW: "Succession Act 2006 (NSW)",
    VIC: "Wills Act 1997 (Vic)",
    QLD: "Succession Act 1981 (Qld)",
    WA: "Wills Act 1970 (WA)",
    SA: "Succession Act 2023 (SA)",
    TAS: "Wills Act 2008 (Tas)",
    ACT: "Wills Act 1968 (ACT)",
    NT: "Wills Act 2000 (NT)",
  };
  for (const state of JURISDICTIONS) {
    it(`names the ${state} Act the will is made under`, () => {
      const will = text((a) => {
        a.jurisdiction = state;
      });
      expect(will).toContain(`made under the ${ACTS[state]}`);
      for (const other of JURISDICTIONS.filter((candidate) => candidate !== state))
        expect(will).not.toContain(ACTS[other]);
    });
  }
});

/**
 * The witness-spouse question (issue 30): where a gift to an attesting witness is void unless saved
 * (NSW, Qld, Tas, NT) a "Yes" is refused with the state's section; where the rule is abolished (Vic,
 * WA, SA, ACT) the will-maker answers, is warned by the instruction, and the will assembles.
 */
describe("the will: a witness who is the spouse or partner of a beneficiary", () => {
  const VOID: Record<string, { question: string; section: string }> = {
    NSW: { question: "witness_spouse_nsw", section: "s10 Succession Act 2006" },
    QLD: { question: "witness_spouse_qld", section: "s11 Succession Act 1981" },
    TAS: { question: "witness_spouse_tas", section: "s12 Wills Act 2008" },
    NT: { question: "witness_spouse_nt", section: "s12 Wills Act 2000" },
  };
  const QUESTIONS = [...Object.values(VOID).map((entry) => entry.question), "witness_spouse"];
  const answeringYes = (answers: Answers) => {
    for (const question of QUESTIONS) answers[question] = "Yes";
  };

  for (const [state, { question, section }] of Object.entries(VOID)) {
    it(`refuses a "Yes" in ${state}, citing ${section}`, () => {
      const issues = refused((a) => {
        a.jurisdiction = state;
        answeringYes(a);
      });
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toBe(question);
      expect(issues[0]?.message).toContain(section);
      expect(issues[0]?.message).toContain("spouse or partner");
    });

    it(`assembles with a "No" in ${state}, and asks the question there`, () => {
      expect(
        text((a) => {
          a.jurisdiction = state;
        }),
      ).toContain("made under the");
      const unanswered = issuesOf((a) => {
        a.jurisdiction = state;
        delete a[question];
      });
      expect(unanswered.map((issue) => issue.path)).toEqual([question]);
    });
  }

  for (const state of ["VIC", "WA", "SA", "ACT"] as const) {
    it(`lets a "Yes" stand in ${state}, where the gift is not void, and asks the question there`, () => {
      const will = text((a) => {
        a.jurisdiction = state;
        answeringYes(a);
      });
      expect(will).toContain("made under the");
      const unanswered = issuesOf((a) => {
        a.jurisdiction = state;
        delete a.witness_spouse;
      });
      expect(unanswered.map((issue) => issue.path)).toEqual(["witness_spouse"]);
    });
  }
});
