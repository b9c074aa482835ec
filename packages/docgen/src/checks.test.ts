import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { yearsBetween } from "./checks.ts";
import { DefinitionError } from "./errors.ts";
import { parseInterview } from "./schema.ts";
import { formatIssues, validate } from "./validate.ts";

const fund = parseInterview(`
title: Fund
questions:
  - id: trustees
    type: group
    label: Trustees
    min: 1
    max: 6
    questions:
      - { id: trustee, type: reference, label: Trustee, partyTypes: [individual, company] }
  - id: members
    type: group
    label: Members
    min: 1
    max: 6
    questions:
      - { id: member, type: reference, label: Member, partyTypes: [individual] }
checks:
  - { rule: smsf_trustees, trustees: trustees.trustee, members: members.member }
`);

const address = { street: "1 Example Street", suburb: "Hobart", state: "TAS", postcode: "7000" };
const person = (first: string, last: string) => ({
  party_type: "individual",
  first_name: first,
  last_name: last,
  ...address,
});
const company = (directors: string[]) => ({
  party_type: "company",
  name: "Banksia Super",
  legal_element: "PTY LTD",
  acn: "678901230",
  ...address,
  ...(directors.length === 1
    ? { director_type: "sole", sole_director_name: directors[0] }
    : { director_type: "multiple", directors: directors.map((name) => ({ name })) }),
});
const answers = (trustees: object[], members: [string, string][]): AnswerObject =>
  ({
    trustees: trustees.map((trustee) => ({ trustee })),
    members: members.map(([first, last]) => ({ member: person(first, last) })),
  }) as unknown as AnswerObject;

describe("smsf_trustees: the s17A structure", () => {
  it("accepts a company whose directors are exactly the members", () => {
    const ok = answers(
      [company(["Grace Thornbury", "William Thornbury"])],
      [
        ["Grace", "Thornbury"],
        ["William", "Thornbury"],
      ],
    );
    expect(validate(fund, ok)).toEqual([]);
  });

  it("refuses three members with two directors, naming the member who is not a director", () => {
    const issues = validate(
      fund,
      answers(
        [company(["Grace Thornbury", "William Thornbury"])],
        [
          ["Grace", "Thornbury"],
          ["William", "Thornbury"],
          ["Ava", "Thornbury"],
        ],
      ),
    );
    expect(issues).toEqual([
      {
        path: "members[2].member",
        message:
          "Ava Thornbury is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).",
      },
    ]);
  });

  it("refuses a director who is not a member", () => {
    const issues = validate(
      fund,
      answers(
        [company(["Grace Thornbury", "Ian Adviser"])],
        [
          ["Grace", "Thornbury"],
          ["William", "Thornbury"],
        ],
      ),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      "members[1].member",
      "trustees[0].trustee.directors[1].name",
    ]);
    expect(issues[1]?.message).toContain("Ian Adviser is a director of the trustee company but not a member");
  });

  it("refuses a member who is not an individual trustee, and a trustee who is not a member", () => {
    const issues = validate(
      fund,
      answers(
        [person("Grace", "Thornbury"), person("Ian", "Adviser")],
        [
          ["Grace", "Thornbury"],
          ["William", "Thornbury"],
        ],
      ),
    );
    expect(issues).toEqual([
      {
        path: "members[1].member",
        message:
          "William Thornbury is a member but not a trustee: every member must be a trustee (s17A(1)(d) SIS Act).",
      },
      {
        path: "trustees[1].trustee",
        message:
          "Ian Adviser is a trustee but not a member: every individual trustee must be a member (s17A(1)(b) SIS Act).",
      },
    ]);
  });

  it("with one member: a sole individual trustee is refused, two individual trustees including the member accepted", () => {
    const alone = validate(fund, answers([person("Grace", "Thornbury")], [["Grace", "Thornbury"]]));
    expect(alone).toEqual([
      {
        path: "trustees",
        message:
          "A fund with one member and individual trustees needs exactly two trustees, one of them the member (s17A(2) SIS Act); or appoint a company as sole trustee.",
      },
    ]);
    expect(
      validate(
        fund,
        answers([person("Grace", "Thornbury"), person("Ian", "Adviser")], [["Grace", "Thornbury"]]),
      ),
    ).toEqual([]);
  });

  it("with one member and a company: the member as sole director, or one of two directors; never three", () => {
    expect(validate(fund, answers([company(["Grace Thornbury"])], [["Grace", "Thornbury"]]))).toEqual([]);
    expect(
      validate(fund, answers([company(["Grace Thornbury", "Ian Adviser"])], [["Grace", "Thornbury"]])),
    ).toEqual([]);
    const three = validate(
      fund,
      answers([company(["Grace Thornbury", "Ian Adviser", "Ann Other"])], [["Grace", "Thornbury"]]),
    );
    expect(three.map((issue) => issue.path)).toEqual(["trustees[0].trustee.directors"]);
    const notDirector = validate(fund, answers([company(["Ian Adviser"])], [["Grace", "Thornbury"]]));
    expect(notDirector[0]?.message).toContain("Grace Thornbury must be a director of the trustee company");
  });

  it("refuses individual trustees beside a trustee company", () => {
    const issues = validate(
      fund,
      answers(
        [company(["Grace Thornbury"]), person("William", "Thornbury")],
        [
          ["Grace", "Thornbury"],
          ["William", "Thornbury"],
        ],
      ),
    );
    expect(issues).toEqual([
      {
        path: "trustees",
        message:
          "A self managed superannuation fund has either individual trustees or one trustee company, never both or two companies (s17A SIS Act).",
      },
    ]);
  });

  it("says nothing until the people are named (missing answers have their own messages), and is not a format issue", () => {
    const partial = {
      trustees: [{ trustee: { party_type: "company" } }],
      members: [{ member: person("Grace", "Thornbury") }],
    };
    expect(
      validate(fund, partial as unknown as AnswerObject).some((issue) => issue.message.includes("s17A")),
    ).toBe(false);
    const breach = answers([company(["Ian Adviser"])], [["Grace", "Thornbury"]]);
    expect(formatIssues(fund, breach)).toEqual([]);
  });

  it("compares names without regard to case, spacing or full stops", () => {
    const ok = answers(
      [company(["grace  THORNBURY", "William Thornbury."])],
      [
        ["Grace", "Thornbury"],
        ["William", "Thornbury"],
      ],
    );
    expect(validate(fund, ok)).toEqual([]);
  });
});

const trust = parseInterview(`
title: Trust
questions:
  - { id: settlor, type: reference, label: Settlor, partyTypes: [individual] }
  - { id: appointor, type: reference, label: Appointor, partyTypes: [individual, company] }
  - id: beneficiaries
    type: group
    label: Beneficiaries
    questions:
      - { id: name, type: text, label: Name }
  - { id: deed_date, type: date, label: Date }
  - id: officers
    type: group
    label: Officers
    questions:
      - { id: date_of_birth, type: date, label: Date of birth }
checks:
  - { rule: different_people, person: settlor, others: [appointor, beneficiaries.name], message: The settlor must not benefit. }
  - { rule: minimum_age, birthDate: officers.date_of_birth, on: deed_date, years: 18, message: Too young. }
`);

describe("different_people and minimum_age", () => {
  const base = {
    settlor: person("Fiona", "Delacroix"),
    appointor: person("Oliver", "Marlowe"),
    beneficiaries: [{ name: "Oliver Marlowe" }, { name: "Sienna Marlowe" }],
    deed_date: "01/07/2025",
    officers: [{ date_of_birth: "01/07/2007" }],
  };

  it("accepts different people and an officer who turns 18 on the day", () => {
    expect(validate(trust, base as unknown as AnswerObject)).toEqual([]);
  });

  it("refuses the settlor as appointor or beneficiary, beside each answer naming the settlor", () => {
    const same = {
      ...base,
      appointor: person("Fiona", "Delacroix"),
      beneficiaries: [{ name: "Sienna Marlowe" }, { name: "fiona delacroix" }],
    };
    expect(validate(trust, same as unknown as AnswerObject)).toEqual([
      { path: "appointor", message: "The settlor must not benefit." },
      { path: "beneficiaries[1].name", message: "The settlor must not benefit." },
    ]);
  });

  it("refuses an officer a day short of 18", () => {
    const young = { ...base, officers: [{ date_of_birth: "02/07/2007" }, { date_of_birth: "01/01/1980" }] };
    expect(validate(trust, young as unknown as AnswerObject)).toEqual([
      { path: "officers[0].date_of_birth", message: "Too young." },
    ]);
  });

  it("counts whole years, birthdays on 29 February falling after 28 February", () => {
    expect(yearsBetween({ day: 29, month: 2, year: 2008 }, { day: 28, month: 2, year: 2026 })).toBe(17);
    expect(yearsBetween({ day: 29, month: 2, year: 2008 }, { day: 1, month: 3, year: 2026 })).toBe(18);
  });
});

const meeting = parseInterview(`
title: Meeting
questions:
  - { id: company, type: reference, label: Company, partyTypes: [company] }
  - { id: chair, type: reference, label: Chair, partyTypes: [individual] }
checks:
  - { rule: director_of, person: chair, company: company, message: The chair must be a director. }
`);

describe("director_of", () => {
  it("accepts a director of the company, sole or one of several, compared by name", () => {
    for (const directors of [["Grace Thornbury"], ["William Thornbury", "Grace  thornbury"]]) {
      const ok = { company: company(directors), chair: person("Grace", "Thornbury") };
      expect(validate(meeting, ok as unknown as AnswerObject)).toEqual([]);
    }
  });

  it("refuses a person who is not a director, beside that answer", () => {
    const outsider = { company: company(["Grace Thornbury"]), chair: person("Oliver", "Marlowe") };
    expect(validate(meeting, outsider as unknown as AnswerObject)).toEqual([
      { path: "chair", message: "The chair must be a director." },
    ]);
  });
});

describe("checks in a definition", () => {
  it("must name real questions of the right kind", () => {
    const parse = () =>
      parseInterview(`
title: Bad
questions:
  - { id: settlor, type: text, label: Settlor }
  - { id: deed_date, type: text, label: Date }
checks:
  - { rule: different_people, person: settlor, others: [nobody], message: x }
  - { rule: minimum_age, birthDate: settlor, on: deed_date, years: 18, message: x }
  - { rule: smsf_trustees, trustees: settlor.name, members: settlor }
`);
    expect(parse).toThrow(DefinitionError);
    try {
      parse();
    } catch (error) {
      expect((error as DefinitionError).problems).toEqual([
        'line 7, checks[0].others[0]: no question "nobody" in "nobody"',
        'line 8, checks[1].birthDate: "settlor" must name a date question',
        'line 8, checks[1].on: "deed_date" must name a date question',
        'line 9, checks[2].trustees: "settlor" is not a group, so "settlor.name" names nothing',
      ]);
    }
  });

  it("holds date and forbidden-answer checks to questions of the right kind", () => {
    const problems = (() => {
      try {
        parseInterview(`
title: Bad
questions:
  - { id: signed, type: text, label: Signed }
  - { id: due, type: date, label: Due }
  - { id: year, type: text, label: Year }
  - { id: people, type: group, label: People, questions: [{ id: name, type: text, label: Name }] }
checks:
  - { rule: date_before, earlier: signed, later: due, message: x }
  - { rule: income_year_date, date: due, incomeYear: year, message: x }
  - { rule: forbidden_answer, question: people, oneOf: [minor], message: x }
`);
        return [];
      } catch (error) {
        return (error as DefinitionError).problems;
      }
    })();
    expect(problems).toEqual([
      'line 9, checks[0].earlier: "signed" must name a date question',
      'line 10, checks[1].incomeYear: "year" must name a number question',
      'line 11, checks[2].question: "people" must name a text or select question',
    ]);
  });

  it("refuses an unknown rule", () => {
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - { id: settlor, type: text, label: Settlor }
checks:
  - { rule: settlor_is_nice, person: settlor }
`),
    ).toThrow(DefinitionError);
  });
});

describe("paths into a party's fields, and minimum_ratio", () => {
  const nomination = parseInterview(`
title: Nomination
questions:
  - { id: member, type: reference, label: Member, partyTypes: [individual], signs: true, witnesses: 2 }
  - id: beneficiaries
    type: group
    label: Beneficiaries
    min: 1
    max: 5
    questions:
      - { id: name, type: text, label: Name }
  - { id: loan, type: number, label: Loan }
  - { id: security, type: number, label: Security, required: false }
checks:
  - rule: different_people
    person: beneficiaries.name
    others: [member.witness_name, member.second_witness_name]
    message: A witness must not be a beneficiary.
  - { rule: minimum_ratio, value: security, base: loan, ratio: 1.1, message: Not 110 %. }
`);
  const signed = {
    member: {
      ...person("Grace", "Thornbury"),
      email: "grace@example.com",
      witness_name: "Kieran Walsh",
      second_witness_name: "Priya Nair",
    },
    beneficiaries: [{ name: "William Thornbury" }],
    loan: 500000,
    security: 550000,
  };

  it("accepts witnesses who are not beneficiaries and a security of exactly 110 %", () => {
    expect(validate(nomination, signed as unknown as AnswerObject)).toEqual([]);
  });

  it("refuses a witness named as a beneficiary, beside that witness's name", () => {
    const witness = { ...signed, member: { ...signed.member, second_witness_name: "william  thornbury." } };
    expect(validate(nomination, witness as unknown as AnswerObject)).toEqual([
      { path: "member.second_witness_name", message: "A witness must not be a beneficiary." },
    ]);
  });

  it("refuses a security a cent short of 110 %, and says nothing while it is unanswered", () => {
    const short = { ...signed, security: 549999.99 };
    expect(validate(nomination, short as unknown as AnswerObject)).toEqual([
      { path: "security", message: "Not 110 %." },
    ]);
    const { security: _unanswered, ...none } = signed;
    expect(validate(nomination, none as unknown as AnswerObject)).toEqual([]);
  });

  it("refuses a ratio check naming a question that is not a number, or a field a party does not have", () => {
    const parse = () =>
      parseInterview(`
title: Bad
questions:
  - { id: member, type: reference, label: Member, partyTypes: [individual] }
  - { id: loan, type: number, label: Loan }
checks:
  - { rule: minimum_ratio, value: member, base: loan, ratio: 1.1, message: x }
  - { rule: different_people, person: member, others: [member.shoe_size], message: x }
`);
    expect(parse).toThrow(DefinitionError);
    try {
      parse();
    } catch (error) {
      expect((error as DefinitionError).problems).toEqual([
        'line 7, checks[0].value: "member" must name a number question',
        'line 8, checks[1].others[0]: no question "shoe_size" in "member.shoe_size"',
      ]);
    }
  });
});
