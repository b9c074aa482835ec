/**
 * The SMSF deed's preconditions (PRECONDITIONS.md), each row tested: trustee structures for one to
 * six members with individual trustees, a trustee company and a sole-director company; members
 * under 18 (refused as trustees or directors, drafted for when a parent or guardian acts); the
 * mediation nominator of every state and territory; the deed's own statements of the law.
 */
import { describe, expect, it } from "vitest";
import { type Answers, assembles, JURISDICTIONS, person, refusal, setAnswer, text } from "../edge-cases.ts";

const SLUG = "smsf-trust-deed";

const ADULTS = [
  ["Grace", "Elizabeth", "Thornbury", "02/11/1968"],
  ["William", "Arthur", "Thornbury", "17/05/1966"],
  ["Amelia", "Rose", "Thornbury", "09/04/1994"],
  ["Henry", "James", "Thornbury", "21/08/1996"],
  ["Olivia", "Mae", "Thornbury", "30/01/1999"],
  ["Lucas", "Peter", "Thornbury", "12/12/2001"],
] as const;

const fullName = ([first, middle, last]: readonly string[]) => `${first} ${middle} ${last}`;

const member = (entry: readonly string[], extra: Answers = {}): Answers => {
  const [first = "", middle = "", last = "", born = ""] = entry;
  return { member: person(first, middle, last), date_of_birth: born, ...extra };
};

const company = (directors: string[]): Answers => ({
  party_type: "company",
  name: "Banksia Super",
  legal_element: "PTY LTD",
  acn: "678901230",
  street: "18 Example Crescent",
  suburb: "Sandy Bay",
  state: "TAS",
  postcode: "7005",
  ...(directors.length === 1
    ? { director_type: "sole", sole_director_name: directors[0], sole_director_is_secretary: "Yes" }
    : {
        director_type: "multiple",
        directors: directors.map((name) => ({ name, email: "director@example.com", signs: "Yes" })),
      }),
});

type Structure = "individuals" | "company" | "sole director company";

/** A fund of `count` adult members with the trustees s17A requires for the structure. */
function fund(count: number, structure: Structure): (answers: Answers) => void {
  return (answers) => {
    const people = ADULTS.slice(0, count);
    answers.members = people.map((entry) => member(entry));
    const names = people.map(fullName);
    if (structure === "individuals") {
      const trustees = people.map(([first = "", middle = "", last = ""]) => person(first, middle, last));
      // One member: a second individual trustee (s17A(2)(b)).
      if (count === 1) trustees.push(person("Kieran", "Paul", "Walsh", { witness_name: "Ann Lee" }));
      answers.trustees = trustees.map((trustee) => ({ trustee }));
      if (trustees.length > 1) answers.trustee_voting = "unanimous";
    } else if (structure === "company") {
      answers.trustees = [{ trustee: company(count === 1 ? [...names, "Kieran Paul Walsh"] : names) }];
    } else {
      answers.trustees = [{ trustee: company(names.slice(0, 1)) }];
    }
    // One member: the second trustee or director, who is not a member, must be an adult.
    if (count === 1 && structure !== "sole director company")
      answers.other_officer_date_of_birth = "05/06/1975";
  };
}

describe("SMSF trustee structure (s17A(1), (2) SIS Act)", () => {
  for (const structure of ["individuals", "company"] as const) {
    for (const count of [1, 2, 3, 4, 5, 6]) {
      it(`${count} member(s), ${structure}: assembles, naming each member`, () => {
        const deed = text(SLUG, fund(count, structure));
        for (const entry of ADULTS.slice(0, count)) expect(deed).toContain(fullName(entry));
        expect(deed).toContain(count === 1 ? "1 Member" : `${count} Members`);
      });
    }
  }
  it("a one-member fund with a sole-director company whose director is the member assembles", () => {
    expect(assembles(SLUG, fund(1, "sole director company"))).toBe(true);
  });
  for (const count of [2, 3, 6]) {
    it(`${count} members and a sole-director company: refused (every member must be a director)`, () => {
      const issues = refusal(SLUG, fund(count, "sole director company"));
      expect(issues.map((issue) => issue.message)).toContain(
        `${fullName(ADULTS[1])} is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).`,
      );
    });
  }
  it("seven members: refused (no more than six, s17A(1)(a))", () => {
    const issues = refusal(SLUG, (answers) => {
      fund(6, "company")(answers);
      (answers.members as Answers[]).push(member(["Ruby", "Jane", "Thornbury", "01/01/2000"]));
    });
    expect(issues.some((issue) => issue.path === "members")).toBe(true);
  });
  it("a one-member fund with individual trustees needs a second trustee", () => {
    const issues = refusal(SLUG, (answers) => {
      fund(1, "individuals")(answers);
      (answers.trustees as Answers[]).pop();
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "A fund with one member and individual trustees needs exactly two trustees, one of them the member (s17A(2) SIS Act); or appoint a company as sole trustee.",
    );
  });
});

const MINOR = ["Ella", "Grace", "Thornbury", "15/03/2012"] as const; // 13 on 1 September 2025

describe("members under 18 (s17A(3)(c) SIS Act, s201B(1) Corporations Act)", () => {
  it("refuses a minor member on the trustee company's board", () => {
    const issues = refusal(SLUG, (answers) => {
      fund(2, "company")(answers);
      (answers.members as Answers[]).push(member(MINOR));
      const trustee = (answers.trustees as Answers[])[0]?.trustee as Answers;
      (trustee.directors as Answers[]).push({
        name: fullName(MINOR),
        email: "ella@example.com",
        signs: "No",
      });
    });
    expect(issues).toContainEqual({
      path: "members[2].member",
      message:
        "Ella Grace Thornbury is under 18 on the date of the deed, so cannot be a trustee or a director of the trustee company (s201B(1) Corporations Act): answer that a parent or guardian acts in this member's place (s17A(3)(c) SIS Act).",
    });
  });
  it("refuses a minor member as an individual trustee", () => {
    const issues = refusal(SLUG, (answers) => {
      fund(2, "individuals")(answers);
      (answers.members as Answers[]).push(member(MINOR));
      (answers.trustees as Answers[]).push({ trustee: person("Ella", "Grace", "Thornbury") });
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "Ella Grace Thornbury is under 18 on the date of the deed, so cannot be a trustee or a director of the trustee company (s201B(1) Corporations Act): answer that a parent or guardian acts in this member's place (s17A(3)(c) SIS Act).",
    );
  });
  it("a member who turns 18 on the deed's date acts personally", () => {
    expect(
      assembles(SLUG, (answers) => {
        fund(2, "company")(answers);
        answers.deed_date = "15/03/2030";
        (answers.members as Answers[]).push(member(MINOR));
        const trustee = (answers.trustees as Answers[])[0]?.trustee as Answers;
        (trustee.directors as Answers[]).push({
          name: fullName(MINOR),
          email: "ella@example.com",
          signs: "No",
        });
      }),
    ).toBe(true);
  });

  const guardianActs = (structure: "company" | "individuals") => (answers: Answers) => {
    fund(2, structure)(answers);
    (answers.members as Answers[]).push(
      member(MINOR, {
        office_holder: "guardian",
        guardian_name: "Grace Elizabeth Thornbury",
        guardian_relationship: "parent",
        guardian_date_of_birth: "02/11/1968",
      }),
    );
  };
  for (const structure of ["company", "individuals"] as const) {
    it(`drafts a parent acting for a minor member (${structure})`, () => {
      const deed = text(SLUG, guardianActs(structure));
      expect(deed).toContain(
        "Ella Grace Thornbury is under 18 years of age at the date of this deed. Grace Elizabeth Thornbury, the Member’s parent, applies for membership on the Member’s behalf, signs this Schedule for the Member",
      );
      expect(deed).toContain("section 17A(3)(c) of the SIS Act");
      expect(deed).toContain("3 Members");
      // The parent signs for the minor: no signing block of the minor's own.
      expect(deed).toContain("Signed by Grace Elizabeth Thornbury for Ella Grace Thornbury:");
      expect(deed).not.toContain("Signed by Ella Grace Thornbury");
    });
  }
  it("refuses the minor on the board even when a parent acts", () => {
    const issues = refusal(SLUG, (answers) => {
      guardianActs("company")(answers);
      const trustee = (answers.trustees as Answers[])[0]?.trustee as Answers;
      (trustee.directors as Answers[]).push({
        name: fullName(MINOR),
        email: "ella@example.com",
        signs: "No",
      });
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "Ella Grace Thornbury is under 18 and cannot be a director (s201B(1) Corporations Act): Grace Elizabeth Thornbury is a director in the member's place instead (s17A(3)(c) SIS Act).",
    );
  });
  it("refuses a parent or guardian who is not a trustee or director", () => {
    const issues = refusal(SLUG, (answers) => {
      guardianActs("company")(answers);
      const minor = (answers.members as Answers[])[2] as Answers;
      minor.guardian_name = "Paula Anne Thornbury";
      minor.guardian_date_of_birth = "01/01/1980";
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "Paula Anne Thornbury, acting for Ella Grace Thornbury (a member under 18), is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).",
    );
  });
  it("refuses a guardian for a member who is 18 or older", () => {
    const issues = refusal(SLUG, (answers) => {
      guardianActs("company")(answers);
      const minor = (answers.members as Answers[])[2] as Answers;
      minor.date_of_birth = "15/03/2000";
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "Ella Grace Thornbury is 18 or older on the date of the deed, so acts personally as a trustee or director: a parent or guardian acts in a member's place only while the member is under 18 (s17A(3)(c) SIS Act).",
    );
  });
  it("refuses a guardian under 18", () => {
    const issues = refusal(SLUG, (answers) => {
      guardianActs("individuals")(answers);
      const minor = (answers.members as Answers[])[2] as Answers;
      minor.guardian_name = "Amelia Rose Thornbury";
      minor.guardian_date_of_birth = "01/01/2010";
      (answers.trustees as Answers[]).push({ trustee: person("Amelia", "Rose", "Thornbury") });
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "Amelia Rose Thornbury must be at least 18 to act as a trustee or director in a minor member's place (s201B(1) Corporations Act): this date of birth makes the parent or guardian younger than 18 on the date of the deed.",
    );
  });
});

const NOMINATORS: Record<(typeof JURISDICTIONS)[number], string> = {
  NSW: "the President of the Law Society of New South Wales",
  VIC: "the President of the Law Institute of Victoria",
  QLD: "the President of the Queensland Law Society",
  WA: "the President of the Law Society of Western Australia",
  SA: "the President of the Law Society of South Australia",
  TAS: "the President of the Law Society of Tasmania",
  ACT: "the President of the ACT Law Society",
  NT: "the President of the Law Society Northern Territory",
};

describe("the mediator's nominator is a body that exists, in every jurisdiction", () => {
  for (const jurisdiction of JURISDICTIONS) {
    it(jurisdiction, () => {
      const deed = text(SLUG, (answers) => {
        fund(2, "individuals")(answers);
        answers.jurisdiction = jurisdiction;
      });
      expect(deed).toContain(NOMINATORS[jurisdiction]);
      expect(deed).not.toContain("the president of the law society of");
    });
  }
});

describe("the deed's statements of the law", () => {
  const deed = text(SLUG);
  it("approved SMSF auditors are registered under s128B of the SIS Act", () => {
    expect(deed).toContain(
      "registered by ASIC as an approved SMSF auditor under section 128B of the SIS Act",
    );
    expect(deed).not.toContain("approved SMSF auditor under the Corporations Act");
  });
  it("after 65, later contributions and earnings are unrestricted non-preserved (SIS Regs sch 1 item 106)", () => {
    expect(deed).toContain(
      "Once a Member has attained age 65, every amount credited to the Member’s Accounts afterwards, including later contributions, Rollovers and earnings, is also an Unrestricted Non-Preserved Benefit",
    );
    expect(deed).not.toContain(
      "(such as retirement, attaining age 65, a Terminal Medical Condition or Permanent Incapacity), the Member’s Preserved Benefits and Restricted Non-Preserved Benefits at that time become Unrestricted Non-Preserved Benefits, but contributions and earnings credited afterwards are Preserved Benefits",
    );
  });
  it("keeps drafting notes out of the instrument", () => {
    expect(deed).not.toContain("not part of the deed");
    expect(deed).not.toContain("Steps after signing");
  });
});

describe("the second trustee or director of a one-member fund is an adult (s17A(2) SIS Act, s201B(1) Corporations Act)", () => {
  const MESSAGE =
    "The second trustee or director must be 18 or older on the date of the deed: a director must be at least 18 (s201B(1) Corporations Act), and a person under 18 is under a legal disability and cannot act as a trustee of the fund (only a parent or guardian acts in a minor member's place, s17A(3)(c) SIS Act). Choose an adult.";
  for (const structure of ["individuals", "company"] as const) {
    it(`refuses a second ${structure === "company" ? "director" : "trustee"} under 18`, () => {
      const issues = refusal(SLUG, (answers) => {
        fund(1, structure)(answers);
        answers.other_officer_date_of_birth = "01/01/2010";
      });
      expect(issues).toEqual([{ path: "other_officer_date_of_birth", message: MESSAGE }]);
    });
  }
  it("asks for it only where there is a second trustee or director", () => {
    // A sole-director company with the member as its director: no one else to ask about.
    expect(
      assembles(SLUG, (answers) => {
        fund(1, "sole director company")(answers);
        answers.other_officer_date_of_birth = "01/01/2010";
      }),
    ).toBe(true);
    // Two members: every trustee is a member, whose date of birth is asked with the member.
    expect(assembles(SLUG, setAnswer("other_officer_date_of_birth", "01/01/2010"))).toBe(true);
  });
});
