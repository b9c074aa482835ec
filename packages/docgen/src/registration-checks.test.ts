/**
 * The engine's additions for the company-registration interview: the Director ID format, postcodes by
 * state, and the state_postcode and at_least_one checks (paths into groups and parties included).
 */
import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { DefinitionError } from "./errors.ts";
import { isValidDirectorId, postcodeStates } from "./identifiers.ts";
import { parseInterview } from "./schema.ts";
import { validate } from "./validate.ts";

describe("isValidDirectorId", () => {
  it("accepts 15 digits beginning 036, with spaces or hyphens", () => {
    expect(isValidDirectorId("036123456789012")).toBe(true);
    expect(isValidDirectorId("036 123 456 789 012")).toBe(true);
    expect(isValidDirectorId("036-123-456-789-012")).toBe(true);
  });
  it("refuses other prefixes and lengths", () => {
    for (const bad of ["037123456789012", "03612345678901", "0361234567890123", "", "036a23456789012"])
      expect(isValidDirectorId(bad), bad).toBe(false);
  });
});

describe("postcodeStates", () => {
  it("places capital-city and post office box postcodes in their states", () => {
    const cases: [string, string][] = [
      ["2000", "NSW"],
      ["1235", "NSW"],
      ["2600", "ACT"],
      ["0200", "ACT"],
      ["2913", "ACT"],
      ["3000", "VIC"],
      ["8001", "VIC"],
      ["4000", "QLD"],
      ["9726", "QLD"],
      ["5000", "SA"],
      ["6000", "WA"],
      ["7000", "TAS"],
      ["0800", "NT"],
      ["2899", "NFK"],
    ];
    for (const [postcode, state] of cases) expect(postcodeStates(postcode), postcode).toEqual([state]);
  });
  it("gives both states for a postcode that crosses a border", () => {
    expect(postcodeStates("2620").sort()).toEqual(["ACT", "NSW"]);
    expect(postcodeStates("3644").sort()).toEqual(["NSW", "VIC"]);
    expect(postcodeStates("0872").sort()).toEqual(["NT", "SA", "WA"]);
  });
  it("gives nothing for what is not a postcode, or an unused range", () => {
    expect(postcodeStates("300")).toEqual([]);
    expect(postcodeStates("abcd")).toEqual([]);
    expect(postcodeStates("0100")).toEqual([]);
  });
});

const company = parseInterview(`
title: Company
questions:
  - { id: office_state, type: select, label: State, options: states }
  - { id: office_postcode, type: text, label: Postcode, format: postcode }
  - id: officers
    type: group
    label: Officers
    min: 1
    max: 6
    questions:
      - { id: person, type: reference, label: Officer, partyTypes: [individual] }
      - id: office
        type: select
        label: Office
        options: [{ value: director, text: Director }, { value: secretary, text: Secretary }]
      - id: resident
        type: select
        label: Resident?
        options: yes_no
        visibleIf: { questionId: office, equals: director }
      - { id: director_id, type: text, label: Director ID, format: director_id, required: false }
checks:
  - { rule: state_postcode, state: office_state, postcode: office_postcode, message: Office postcode. }
  - { rule: state_postcode, state: officers.person.state, postcode: officers.person.postcode, message: Officer postcode. }
  - { rule: at_least_one, among: officers.resident, equals: "Yes", message: No resident director. }
`);

const officer = (state: string, postcode: string, office: string, resident?: string) => ({
  person: {
    party_type: "individual",
    first_name: "Jo",
    last_name: "Citizen",
    street: "1 Example Street",
    suburb: "Town",
    state,
    postcode,
  },
  office,
  ...(resident === undefined ? {} : { resident }),
});

describe("state_postcode and at_least_one", () => {
  const good = {
    office_state: "VIC",
    office_postcode: "3000",
    officers: [officer("NSW", "2000", "director", "Yes"), officer("QLD", "4000", "secretary")],
  };

  it("accepts matching postcodes and a resident director", () => {
    expect(validate(company, good as unknown as AnswerObject)).toEqual([]);
  });

  it("refuses each postcode outside its state, paired with the state of the same entry", () => {
    const bad = {
      ...good,
      office_postcode: "2000",
      officers: [officer("NSW", "2000", "director", "Yes"), officer("QLD", "2000", "secretary")],
    };
    expect(validate(company, bad as unknown as AnswerObject)).toEqual([
      { path: "office_postcode", message: "Office postcode." },
      { path: "officers[1].person.postcode", message: "Officer postcode." },
    ]);
  });

  it("refuses when no shown entry answers Yes; a secretary's hidden answer does not count", () => {
    const none = {
      ...good,
      officers: [officer("NSW", "2000", "director", "No"), officer("QLD", "4000", "secretary", "Yes")],
    };
    expect(validate(company, none as unknown as AnswerObject)).toEqual([
      { path: "officers", message: "No resident director." },
    ]);
    const secretaryOnly = { ...good, officers: [officer("QLD", "4000", "secretary", "Yes")] };
    expect(validate(company, secretaryOnly as unknown as AnswerObject)).toEqual([
      { path: "officers", message: "No resident director." },
    ]);
  });

  it("says nothing while the answers it reads are missing (they have their own messages)", () => {
    const missing = { ...good, officers: [officer("NSW", "2000", "director")] };
    expect(validate(company, missing as unknown as AnswerObject)).toEqual([
      { path: "officers[0].resident", message: "This field cannot be blank." },
    ]);
  });

  it("refuses a malformed Director ID with its message", () => {
    const bad = {
      ...good,
      officers: [{ ...officer("NSW", "2000", "director", "Yes"), director_id: "12345" }],
    };
    expect(validate(company, bad as unknown as AnswerObject)).toEqual([
      { path: "officers[0].director_id", message: "A Director ID has 15 digits and begins with 036." },
    ]);
  });

  it("refuses definitions whose paths name the wrong kind of question", () => {
    const definition = (check: string) => `
title: Bad
questions:
  - { id: when, type: date, label: When }
  - { id: state, type: select, label: State, options: states }
  - id: people
    type: group
    label: People
    questions:
      - { id: answer, type: select, label: Answer, options: yes_no }
checks:
  - ${check}
`;
    expect(() =>
      parseInterview(definition("{ rule: state_postcode, state: state, postcode: when, message: x }")),
    ).toThrow(DefinitionError);
    expect(() =>
      parseInterview(definition("{ rule: at_least_one, among: state, equals: 'Yes', message: x }")),
    ).toThrow(DefinitionError);
    expect(() =>
      parseInterview(definition("{ rule: at_least_one, among: people.answer, equals: 'Yes', message: x }")),
    ).not.toThrow();
  });
});

describe("at_least_one with a count, several answers that count, and a condition", () => {
  const definition = parseInterview(`
title: Company
questions:
  - id: kind
    type: select
    label: Kind
    options: [{ value: pty, text: Proprietary }, { value: pub, text: Public }]
  - id: officers
    type: group
    label: Officers
    questions:
      - id: office
        type: select
        label: Office
        options: [{ value: director, text: Director }, { value: secretary, text: Secretary }, { value: both, text: Both }]
checks:
  - { rule: at_least_one, among: officers.office, equals: [director, both], count: 3, when: { question: kind, oneOf: [pub] }, message: Three directors. }
`);
  const officers = (...offices: string[]) => offices.map((office) => ({ office }));

  it("counts every answer listed, and applies only while the condition holds", () => {
    const check = (kind: string, offices: string[]) =>
      validate(definition, { kind, officers: officers(...offices) } as unknown as AnswerObject);
    expect(check("pub", ["director", "both", "director"])).toEqual([]);
    expect(check("pub", ["director", "both", "secretary"])).toEqual([
      { path: "officers", message: "Three directors." },
    ]);
    expect(check("pty", ["director"])).toEqual([]);
  });

  it("refuses a condition naming no question", () => {
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - id: people
    type: group
    label: People
    questions:
      - { id: answer, type: select, label: Answer, options: yes_no }
checks:
  - { rule: at_least_one, among: people.answer, equals: "Yes", when: { question: nothing, oneOf: [x] }, message: x }
`),
    ).toThrow(DefinitionError);
  });
});

describe("at_least_one counting only the entries `where` names", () => {
  /** Officers, each with an office and whether they reside in Australia. */
  const OFFICERS = `questions:
  - id: officers
    type: group
    label: Officers
    questions:
      - id: office
        type: select
        label: Office
        options: [{ value: director, text: Director }, { value: secretary, text: Secretary }, { value: both, text: Both }]
      - { id: resident, type: select, label: Resident?, options: yes_no }
`;
  const definition = parseInterview(`
title: Company
${OFFICERS}checks:
  - { rule: at_least_one, among: officers.resident, equals: "Yes", count: 2, where: { question: officers.office, oneOf: [director, both] }, message: Two resident directors. }
  - { rule: at_least_one, among: officers.resident, equals: "Yes", where: { question: officers.office, oneOf: [secretary, both] }, message: A resident secretary. }
`);
  const check = (...entries: [string, string | undefined][]) =>
    validate(definition, {
      officers: entries.map(([office, resident]) => (resident ? { office, resident } : { office })),
    } as unknown as AnswerObject).map((issue) => issue.message);

  it("counts a resident only among the entries of the offices named", () => {
    expect(check(["both", "Yes"], ["director", "Yes"])).toEqual([]);
    // A resident secretary is not a resident director; a resident director is not a secretary.
    expect(check(["secretary", "Yes"], ["director", "Yes"], ["director", "No"])).toEqual([
      "Two resident directors.",
    ]);
    expect(check(["director", "Yes"], ["director", "Yes"], ["secretary", "No"])).toEqual([
      "A resident secretary.",
    ]);
    expect(check(["director", "Yes"], ["director", "Yes"])).toEqual(["A resident secretary."]);
  });

  it("says nothing while an answer it reads is missing (it has its own message)", () => {
    expect(check(["director", "Yes"], ["director", undefined], ["secretary", "Yes"])).toEqual([
      "This field cannot be blank.",
    ]);
  });

  it("with unlessNone, holds when `where` keeps no entry, and otherwise counts as before (s204A(1))", () => {
    const optional = parseInterview(`
title: Company
${OFFICERS}checks:
  - { rule: at_least_one, among: officers.resident, equals: "Yes", where: { question: officers.office, oneOf: [secretary, both] }, unlessNone: true, message: A secretary must reside here. }
`);
    const optionalCheck = (...entries: [string, string][]) =>
      validate(optional, {
        officers: entries.map(([office, resident]) => ({ office, resident })),
      } as unknown as AnswerObject).map((issue) => issue.message);
    expect(optionalCheck(["director", "No"])).toEqual([]);
    expect(optionalCheck(["director", "Yes"], ["secretary", "No"])).toEqual([
      "A secretary must reside here.",
    ]);
    expect(optionalCheck(["secretary", "No"], ["both", "Yes"])).toEqual([]);
    // Without it, no secretary at all fails the same rule.
    expect(check(["director", "Yes"], ["director", "Yes"])).toEqual(["A resident secretary."]);
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - id: people
    type: group
    label: People
    questions:
      - { id: answer, type: select, label: Answer, options: yes_no }
checks:
  - { rule: at_least_one, among: people.answer, equals: "Yes", unlessNone: true, message: x }
`),
    ).toThrow(DefinitionError);
  });

  it("refuses a `where` question outside the entry of `among`", () => {
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - { id: kind, type: select, label: Kind, options: yes_no }
  - id: people
    type: group
    label: People
    questions:
      - { id: answer, type: select, label: Answer, options: yes_no }
checks:
  - { rule: at_least_one, among: people.answer, equals: "Yes", where: { question: kind, oneOf: ["Yes"] }, message: x }
`),
    ).toThrow(DefinitionError);
  });
});
