import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JURISDICTIONS, LEGAL_ELEMENTS } from "./constants.ts";
import { DefinitionError } from "./errors.ts";
import { defineInterview, parseInterview } from "./schema.ts";

const problemsOf = (yaml: string): readonly string[] => {
  try {
    parseInterview(yaml);
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
  throw new Error("expected the definition to be refused");
};

describe("parseInterview", () => {
  it("reads the sample interview", () => {
    const yaml = readFileSync(
      join(import.meta.dirname, "..", "test-fixtures", "nda", "interview.yaml"),
      "utf8",
    );
    const definition = parseInterview(yaml);
    expect(definition.title).toBe("Mutual Non-Disclosure Agreement");
    expect(definition.questions.map((question) => question.type)).toEqual([
      "date",
      "reference",
      "reference",
      "text",
      "select",
      "select",
      "number",
      "number",
      "group",
    ]);
  });

  it("reads every question type with its own settings and the shared defaults", () => {
    const definition = parseInterview(`
title: Every type
questions:
  - { id: name, type: text, label: Name, maxLength: 80 }
  - { id: postcode, type: text, label: Postcode, format: postcode }
  - { id: email, type: email, label: Email, required: false }
  - { id: shares, type: number, label: Shares, integer: true, min: 1, max: 1000 }
  - { id: signed_on, type: date, label: Date, instruction: "As DD/MM/YYYY" }
  - { id: colour, type: select, label: Colour, options: [Red, { value: b, text: Blue }] }
  - id: members
    type: group
    label: Members
    min: 1
    max: 6
    countLabel: How many members?
    itemLabel: Member
    questions:
      - { id: name, type: text, label: Name, dataPath: person.name }
  - { id: buyer, type: reference, label: Buyer, partyTypes: [company], signs: true }
`);
    const [name, postcode, email, shares, signedOn, colour, members, buyer] = definition.questions;
    expect(name).toMatchObject({
      type: "text",
      required: true,
      dataPath: "name",
      maxLength: 80,
      multiline: false,
    });
    expect(postcode).toMatchObject({ format: "postcode" });
    expect(email).toMatchObject({ type: "email", required: false });
    expect(shares).toMatchObject({ type: "number", integer: true, min: 1, max: 1000 });
    expect(signedOn).toMatchObject({ type: "date", instruction: "As DD/MM/YYYY" });
    expect(colour).toMatchObject({
      options: [
        { value: "Red", text: "Red" },
        { value: "b", text: "Blue" },
      ],
    });
    expect(members).toMatchObject({ type: "group", min: 1, max: 6, itemLabel: "Member" });
    expect(members?.type === "group" && members.questions[0]?.dataPath).toBe("person.name");
    expect(buyer).toMatchObject({ type: "reference", partyTypes: ["company"], signs: true, witnesses: 0 });
  });

  it("offers the spec's lists by name: jurisdictions, legal elements, director types, yes/no", () => {
    const definition = parseInterview(`
title: Lists
questions:
  - { id: law, type: select, label: Law, options: jurisdictions }
  - { id: element, type: select, label: Legal element, options: legal_elements }
  - { id: directors, type: select, label: Director type, options: director_types }
  - { id: agree, type: select, label: Agree?, options: yes_no }
`);
    const options = definition.questions.map((question) =>
      question.type === "select" ? question.options : [],
    );
    expect(options[0]).toEqual(JURISDICTIONS);
    expect(options[0]?.map((choice) => choice.text)).toContain("Norfolk Island");
    expect(options[0]).toHaveLength(9);
    expect(options[1]).toEqual(LEGAL_ELEMENTS);
    expect(options[1]).toHaveLength(12);
    expect(options[2]?.map((choice) => choice.text)).toEqual(["Sole Director", "2+ Directors"]);
    expect(options[3]?.map((choice) => choice.value)).toEqual(["Yes", "No"]);
  });

  it("names the line and path of a schema problem", () => {
    const problems = problemsOf(`title: Broken
questions:
  - id: name
    type: text
    label: Name
  - id: age
    type: numbr
    label: Age
`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line 7, questions\[1\]\.type: /);
  });

  it("refuses misspelt settings rather than ignoring them", () => {
    const [problem] = problemsOf(`title: T
questions:
  - { id: name, type: text, label: Name, requried: true }
`);
    expect(problem).toMatch(/line 3, questions\[0\].*requried/);
  });

  it("reports YAML syntax errors with their line", () => {
    const [problem] = problemsOf("title: T\nquestions:\n  - id: [unclosed\n");
    expect(problem).toMatch(/^line \d+, column \d+: /);
  });

  it("refuses a duplicate id at the same level", () => {
    const [problem] = problemsOf(`title: T
questions:
  - { id: name, type: text, label: Name }
  - { id: name, type: email, label: Email, dataPath: email }
`);
    expect(problem).toMatch(/line 4, questions\[1\]\.id: the id "name" is already used by questions\[0\]/);
  });

  it("refuses two questions storing answers at overlapping places", () => {
    const [problem] = problemsOf(`title: T
questions:
  - { id: a, type: text, label: A, dataPath: buyer }
  - { id: b, type: text, label: B, dataPath: buyer.name }
`);
    expect(problem).toMatch(/overlaps questions\[0\]/);
  });

  it("refuses a condition on a question that does not exist", () => {
    const [problem] = problemsOf(`title: T
questions:
  - { id: a, type: text, label: A, visibleIf: { questionId: nope, equals: x } }
`);
    expect(problem).toMatch(/questions\[0\]\.visibleIf\.questionId: no question "nope" to depend on/);
  });

  it("refuses conditions that go round in a circle", () => {
    const problems = problemsOf(`title: T
questions:
  - { id: a, type: text, label: A, visibleIf: { questionId: b, answered: true } }
  - { id: b, type: text, label: B, visibleIf: { questionId: a, answered: true } }
`);
    expect(problems.join("\n")).toMatch(/go round in a circle: (a → b → a|b → a → b)/);
  });

  it("refuses a condition with two operators or none", () => {
    expect(
      problemsOf(`title: T
questions:
  - { id: a, type: text, label: A }
  - { id: b, type: text, label: B, visibleIf: { questionId: a, equals: x, notEquals: y } }
`)[0],
    ).toMatch(/a condition is either/);
  });

  it("refuses names that would reach into Liquid or JavaScript", () => {
    expect(problemsOf("title: T\nquestions:\n  - { id: constructor, type: text, label: A }\n")[0]).toMatch(
      /reserved name/,
    );
    expect(problemsOf("title: T\nquestions:\n  - { id: __proto__, type: text, label: A }\n")[0]).toMatch(
      /letters, digits and underscores/,
    );
  });

  it("lets a condition look into a party or test a group's entries, and says how when it cannot", () => {
    expect(() =>
      parseInterview(`title: T
questions:
  - { id: buyer, type: reference, label: Buyer }
  - { id: acn_note, type: text, label: Note, visibleIf: { questionId: buyer.party_type, equals: company } }
  - id: people
    type: group
    label: People
    questions: [{ id: role, type: text, label: Role }]
  - { id: any_director, type: text, label: X, visibleIf: { questionId: people, some: { questionId: role, equals: director } } }
`),
    ).not.toThrow();
    expect(
      problemsOf(`title: T
questions:
  - id: people
    type: group
    label: People
    questions: [{ id: role, type: text, label: Role }]
  - { id: x, type: text, label: X, visibleIf: { questionId: people.role, equals: director } }
`)[0],
    ).toMatch(/use \{ questionId: people, some: \{ \.\.\. \} \}/);
  });

  it("lets atLeast and atMost compare numbers and group counts only", () => {
    const base = `title: T
questions:
  - { id: name, type: text, label: Name }
  - { id: years, type: number, label: Years }
  - id: people
    type: group
    label: People
    questions: [{ id: role, type: text, label: Role }]
`;
    expect(() =>
      parseInterview(`${base}  - { id: a, type: text, label: A, visibleIf: { questionId: people, atLeast: 2, atMost: 4 } }
  - { id: b, type: text, label: B, visibleIf: { questionId: years, atMost: 5 } }
`),
    ).not.toThrow();
    expect(
      problemsOf(
        `${base}  - { id: a, type: text, label: A, visibleIf: { questionId: name, atLeast: 2 } }\n`,
      )[0],
    ).toMatch(/atLeast and atMost compare a number or a group's number of entries, and "name" is neither/);
    expect(
      problemsOf(
        `${base}  - { id: a, type: text, label: A, visibleIf: { questionId: years, atLeast: 2, equals: 3 } }\n`,
      )[0],
    ).toMatch(/a condition is either/);
  });

  it("checks definitions given as objects too", () => {
    expect(() =>
      defineInterview({ title: "T", questions: [{ id: "a", type: "text", label: "A" }] }),
    ).not.toThrow();
    expect(() => defineInterview({ title: "T", questions: [] })).toThrow(DefinitionError);
  });
});
