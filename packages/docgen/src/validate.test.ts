import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { MESSAGES } from "./fields.ts";
import { parseInterview } from "./schema.ts";
import { formatIssues, validate } from "./validate.ts";

const fields = parseInterview(`
title: Fields
questions:
  - { id: name, type: text, label: Name, maxLength: 20 }
  - { id: notes, type: text, label: Notes, required: false }
  - { id: postcode, type: text, label: Postcode, format: postcode }
  - { id: acn, type: text, label: ACN, format: acn }
  - { id: abn, type: text, label: ABN, format: abn }
  - { id: email, type: email, label: Email }
  - { id: shares, type: number, label: Shares, integer: true, min: 1, max: 1000 }
  - { id: price, type: number, label: Price }
  - { id: signed_on, type: date, label: Date }
  - { id: state, type: select, label: State, options: jurisdictions }
  - { id: colour, type: select, label: Colour, options: [red, green] }
`);

const valid: AnswerObject = {
  name: "Jane",
  postcode: "2000",
  acn: "004 085 616",
  abn: "51 824 753 556",
  email: "jane@example.com",
  shares: 100,
  price: "1,250.50",
  signed_on: "01/07/2025",
  state: "NSW",
  colour: "red",
};

/** The message for one path when the given answers replace the valid ones. */
const messageFor = (path: string, value: unknown): string | undefined =>
  validate(fields, { ...valid, [path]: value } as AnswerObject).find((issue) => issue.path === path)?.message;

describe("validate: each question type", () => {
  it("accepts a complete, valid set of answers", () => {
    expect(validate(fields, valid)).toEqual([]);
  });

  it("refuses a blank required answer with the spec's message, and lets an optional one be blank", () => {
    expect(messageFor("name", "")).toBe("This field cannot be blank.");
    expect(messageFor("name", "   ")).toBe("This field cannot be blank.");
    expect(messageFor("name", undefined)).toBe("This field cannot be blank.");
    expect(messageFor("name", null)).toBe("This field cannot be blank.");
    expect(messageFor("notes", "")).toBeUndefined();
  });

  it("text: refuses over-long text and non-text", () => {
    expect(messageFor("name", "x".repeat(21))).toBe("Please keep this to 20 characters or fewer.");
    expect(messageFor("name", { a: 1 })).toBe(MESSAGES.text);
  });

  it("postcode: four digits", () => {
    expect(messageFor("postcode", "0800")).toBeUndefined();
    expect(messageFor("postcode", "200")).toBe("Please enter a 4-digit postcode.");
    expect(messageFor("postcode", "2000a")).toBe("Please enter a 4-digit postcode.");
  });

  it("ACN: nine digits and ASIC's check digit", () => {
    expect(messageFor("acn", "010499966")).toBeUndefined();
    expect(messageFor("acn", "12345678")).toBe("An ACN has 9 digits.");
    expect(messageFor("acn", "004 085 617")).toBe("This ACN is not valid: please check the digits.");
  });

  it("ABN: eleven digits and the ATO's check", () => {
    expect(messageFor("abn", "51824753556")).toBeUndefined();
    expect(messageFor("abn", "5182475355")).toBe("An ABN has 11 digits.");
    expect(messageFor("abn", "51 824 753 557")).toBe("This ABN is not valid: please check the digits.");
  });

  it("email: the spec's message", () => {
    expect(messageFor("email", "jane@example")).toBe("Please input a valid email address.");
    expect(messageFor("email", 42)).toBe("Please input a valid email address.");
  });

  it("number: numeric, whole when asked, within bounds", () => {
    expect(messageFor("shares", "12")).toBeUndefined();
    expect(messageFor("shares", "twelve")).toBe("Please enter a number.");
    expect(messageFor("shares", 1.5)).toBe("Please enter a whole number.");
    expect(messageFor("shares", 0)).toBe("Please enter a number no less than 1.");
    expect(messageFor("shares", 1001)).toBe("Please enter a number no more than 1000.");
    expect(messageFor("price", "$1,000.00")).toBeUndefined();
    expect(messageFor("price", "1.2.3")).toBe("Please enter a number.");
  });

  it("date: DD/MM/YYYY and a real calendar date", () => {
    expect(messageFor("signed_on", "29/02/2024")).toBeUndefined();
    expect(messageFor("signed_on", "2025-07-01")).toBe("Please enter the date as DD/MM/YYYY.");
    expect(messageFor("signed_on", "31/06/2025")).toBe(
      "This date does not exist: please check the day and month.",
    );
  });

  it("select: a value from the list (or its text), listing the choices when short", () => {
    expect(messageFor("colour", "green")).toBeUndefined();
    expect(messageFor("state", "New South Wales")).toBeUndefined();
    expect(messageFor("colour", "blue")).toBe("Please choose one of: red, green.");
    expect(messageFor("state", "Queenslnd")).toBe("Please choose an option from the list.");
  });
});

describe("validate: visibility, groups and parties", () => {
  const definition = parseInterview(`
title: T
questions:
  - { id: has_term, type: select, label: Fixed term?, options: yes_no }
  - { id: term_years, type: number, label: Years, visibleIf: { questionId: has_term, equals: "Yes" } }
  - id: directors
    type: group
    label: Directors
    min: 1
    max: 3
    questions:
      - { id: name, type: text, label: Name }
      - { id: postcode, type: text, label: Postcode, format: postcode }
`);

  it("never validates a hidden question", () => {
    const issues = validate(definition, {
      has_term: "No",
      term_years: "not a number",
      directors: [{ name: "A", postcode: "2000" }],
    });
    expect(issues).toEqual([]);
  });

  it("validates a shown one", () => {
    const issues = validate(definition, { has_term: "Yes", directors: [{ name: "A", postcode: "2000" }] });
    expect(issues).toEqual([{ path: "term_years", message: "This field cannot be blank." }]);
  });

  it("asks how many entries when a required group has no answer", () => {
    expect(validate(definition, { has_term: "No" })).toEqual([
      { path: "directors", message: "This field cannot be blank." },
    ]);
  });

  it("holds a group to its minimum and maximum", () => {
    expect(validate(definition, { has_term: "No", directors: [] })).toEqual([
      { path: "directors", message: "Please add at least one entry." },
    ]);
    const four = Array.from({ length: 4 }, () => ({ name: "A", postcode: "2000" }));
    expect(validate(definition, { has_term: "No", directors: four })).toEqual([
      { path: "directors", message: "Please add no more than 3 entries." },
    ]);
  });

  it("validates every entry, naming each by its index", () => {
    const issues = validate(definition, {
      has_term: "No",
      directors: [{ name: "A", postcode: "2000" }, { postcode: "99" }],
    });
    expect(issues).toEqual([
      { path: "directors[1].name", message: "This field cannot be blank." },
      { path: "directors[1].postcode", message: "Please enter a 4-digit postcode." },
    ]);
  });
});

describe("validate: parties", () => {
  const definition = parseInterview(`
title: T
questions:
  - { id: buyer, type: reference, label: Buyer, signs: true }
  - { id: guarantor, type: reference, label: Guarantor, required: false }
`);
  const company = (more: AnswerObject): AnswerObject => ({
    buyer: {
      party_type: "company",
      name: "Acme Holdings",
      legal_element: "PTY LTD",
      acn: "004 085 616",
      street: "1 George Street",
      suburb: "Sydney",
      state: "NSW",
      postcode: "2000",
      ...more,
    },
  });
  const paths = (answers: AnswerObject) =>
    validate(definition, answers).map((issue) => `${issue.path}: ${issue.message}`);

  it("asks for the party type first", () => {
    expect(paths({})).toEqual(["buyer.party_type: This field cannot be blank."]);
  });

  it("leaves an untouched optional party alone, but checks one that has been started", () => {
    const answers = company({
      director_type: "sole",
      sole_director_name: "Jo",
      sole_director_is_secretary: "Yes",
    });
    expect(paths(answers)).toEqual([]);
    expect(paths({ ...answers, guarantor: { party_type: "individual" } })).toContain(
      "guarantor.first_name: This field cannot be blank.",
    );
  });

  it("checks a company's ACN and postcode", () => {
    const answers = company({
      acn: "004 085 617",
      postcode: "20",
      director_type: "sole",
      sole_director_name: "Jo",
      sole_director_is_secretary: "Yes",
    });
    expect(paths(answers)).toEqual([
      "buyer.acn: This ACN is not valid: please check the digits.",
      "buyer.postcode: Please enter a 4-digit postcode.",
    ]);
  });

  it("refuses a company name that repeats the legal element", () => {
    const answers = company({
      name: "Acme Holdings Pty Ltd",
      director_type: "sole",
      sole_director_name: "Jo",
      sole_director_is_secretary: "Yes",
    });
    expect(paths(answers)).toEqual([
      'buyer.name: Enter the company name without its legal element (such as "Pty Ltd"): choose that separately.',
    ]);
  });

  it("restricts director type to Sole Director or 2+ Directors", () => {
    expect(paths(company({ director_type: "three" }))).toContain(
      "buyer.director_type: Please choose one of: Sole Director, 2+ Directors.",
    );
  });

  it("s127: a company with 2+ directors needs two signing directors, or one and the secretary", () => {
    const directors = (first: string, second: string) => [
      { name: "Olivia Chen", signs: first },
      { name: "Marcus Webb", signs: second },
    ];
    expect(paths(company({ director_type: "multiple", directors: directors("Yes", "Yes") }))).toEqual([]);
    expect(paths(company({ director_type: "multiple", directors: directors("No", "No") }))).toEqual([
      "buyer.directors: Mark who signs for the company: two directors, or one director with the company secretary (s127 Corporations Act).",
    ]);
    expect(paths(company({ director_type: "multiple", directors: directors("Yes", "No") }))).toEqual([
      "buyer.secretary_name: Only one director signs: name the company secretary, or mark a second director to sign (s127 Corporations Act).",
    ]);
    expect(
      paths(
        company({
          director_type: "multiple",
          directors: directors("Yes", "No"),
          secretary_name: "Sam Patel",
        }),
      ),
    ).toEqual([]);
    expect(
      paths(
        company({
          director_type: "multiple",
          directors: directors("Yes", "No"),
          secretary_name: "olivia  chen",
        }),
      ),
    ).toEqual([
      "buyer.secretary_name: The company secretary must be a different person from the signing director.",
    ]);
  });

  it("s201A: a public company cannot have a sole director", () => {
    const answers = company({
      legal_element: "LIMITED",
      director_type: "sole",
      sole_director_name: "Jo",
      sole_director_is_secretary: "Yes",
    });
    expect(paths(answers)).toEqual([
      "buyer.director_type: A public company needs at least three directors (s201A(2) Corporations Act), so it cannot have a sole director.",
    ]);
  });
});

describe("formatIssues: malformed answers only", () => {
  it("passes a half-answered interview: missing answers are no format problem", () => {
    expect(formatIssues(fields, {})).toEqual([]);
    expect(formatIssues(fields, { name: "Jane", postcode: "2000" })).toEqual([]);
  });

  it("names each malformed answer with validate's message", () => {
    const answers = { postcode: "200", acn: "004 085 617", email: "jane@", signed_on: "31/02/2025" };
    expect(formatIssues(fields, answers)).toEqual([
      { path: "postcode", message: MESSAGES.postcode },
      { path: "acn", message: MESSAGES.acnCheck },
      { path: "email", message: MESSAGES.email },
      { path: "signed_on", message: MESSAGES.dateReal },
    ]);
  });

  it("checks inside groups and parties, and refuses too many entries", () => {
    const definition = parseInterview(`
title: Nested
questions:
  - id: people
    type: group
    label: People
    max: 1
    questions: [{ id: email, type: email, label: Email }]
  - { id: buyer, type: reference, label: Buyer, partyTypes: [company] }
`);
    expect(
      formatIssues(definition, {
        people: [{ email: "nope" }, {}],
        buyer: { party_type: "company", acn: "123" },
      }),
    ).toEqual([
      { path: "people", message: MESSAGES.entriesAtMost(1) },
      { path: "people[0].email", message: MESSAGES.email },
      { path: "buyer.acn", message: MESSAGES.acnLength },
    ]);
  });
});
