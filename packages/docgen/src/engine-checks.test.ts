/**
 * The engine's checks that templates used to work around: a forbidden answer only while a condition
 * holds, a sum of answers held to a bound, a date within a period of another, a number of witnesses
 * chosen by an answer, and a required question's own message when left blank. Each is tested on a
 * small interview, with the refusals a bad definition gets at load.
 */
import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { addMonths } from "./bound-checks.ts";
import { DefinitionError } from "./errors.ts";
import { visibleQuestions } from "./interview.ts";
import { parseInterview } from "./schema.ts";
import { signers } from "./signers.ts";
import { validate } from "./validate.ts";

const problemsOf = (yaml: string): string[] => {
  try {
    parseInterview(yaml);
    return [];
  } catch (error) {
    if (error instanceof DefinitionError) return [...error.problems];
    throw error;
  }
};

describe("forbidden_answer with when", () => {
  const notice = parseInterview(`
title: Notice
questions:
  - id: service
    type: select
    label: Service
    options: [short, long]
  - { id: weeks, type: select, label: Weeks, options: ["1", "2", "3"] }
checks:
  - rule: forbidden_answer
    question: weeks
    oneOf: ["1"]
    when: { questionId: service, equals: long }
    message: Too short for the service.
`);

  it("refuses the answer only while the condition holds", () => {
    expect(validate(notice, { service: "long", weeks: "1" })).toEqual([
      { path: "weeks", message: "Too short for the service." },
    ]);
    expect(validate(notice, { service: "long", weeks: "2" })).toEqual([]);
    expect(validate(notice, { service: "short", weeks: "1" })).toEqual([]);
  });

  it("takes the whole condition language (all, not, oneOf, a group's entries)", () => {
    const definition = parseInterview(`
title: T
questions:
  - { id: state, type: select, label: State, options: jurisdictions }
  - { id: kind, type: select, label: Kind, options: [a, b] }
  - id: people
    type: group
    label: People
    questions:
      - { id: age, type: select, label: Age, options: [adult, minor] }
checks:
  - rule: forbidden_answer
    question: kind
    oneOf: [b]
    when:
      all:
        - { not: { questionId: state, oneOf: [NSW, VIC] } }
        - { questionId: people, some: { questionId: age, equals: minor } }
    message: No b here.
`);
    const answers = (state: string, age: string): AnswerObject => ({ state, kind: "b", people: [{ age }] });
    expect(validate(definition, answers("QLD", "minor"))).toEqual([{ path: "kind", message: "No b here." }]);
    expect(validate(definition, answers("NSW", "minor"))).toEqual([]);
    expect(validate(definition, answers("QLD", "adult"))).toEqual([]);
  });

  it("refuses at load a condition naming no question, with its place", () => {
    expect(
      problemsOf(`
title: T
questions:
  - { id: weeks, type: select, label: Weeks, options: ["1", "2"] }
checks:
  - rule: forbidden_answer
    question: weeks
    oneOf: ["1"]
    when: { questionId: servce, equals: long }
    message: x
`),
    ).toEqual(['line 9, checks[0].when.questionId: no question "servce" to depend on']);
    expect(
      problemsOf(`
title: T
questions:
  - { id: weeks, type: select, label: Weeks, options: ["1", "2"] }
checks:
  - { rule: forbidden_answer, question: weeks, oneOf: ["1"], when: { questionId: weeks }, message: x }
`)[0],
    ).toMatch(/^line 6, checks\[0\]\.when: a condition is either/);
  });
});

describe("sum", () => {
  const ranges = parseInterview(`
title: Ranges
questions:
  - { id: a_min, type: number, label: A min }
  - { id: b_min, type: number, label: B min }
  - { id: cap, type: number, label: Cap, required: false }
  - id: shares
    type: group
    label: Shares
    required: false
    questions:
      - { id: percent, type: number, label: Percent }
checks:
  - { rule: sum, of: [a_min, b_min], atMost: 100, message: Minimums over 100. }
  - { rule: sum, of: [a_min, b_min], atLeast: 10, message: Minimums under 10. }
  - { rule: sum, of: [a_min], atMost: cap, message: Over the cap. }
  - { rule: sum, of: [shares.percent], equals: 100, message: Shares must total 100. }
`);

  it("holds the sum to a number, at most and at least, in hundredths", () => {
    expect(validate(ranges, { a_min: 60.5, b_min: 39.5 })).toEqual([]);
    expect(validate(ranges, { a_min: 60.5, b_min: 39.51 })).toEqual([
      { path: "a_min", message: "Minimums over 100." },
    ]);
    expect(validate(ranges, { a_min: 5, b_min: 4.99 })).toEqual([
      { path: "a_min", message: "Minimums under 10." },
    ]);
  });

  it("holds the sum to another answer, and waits for it", () => {
    expect(validate(ranges, { a_min: 50, b_min: 20, cap: 49 })).toEqual([
      { path: "a_min", message: "Over the cap." },
    ]);
    expect(validate(ranges, { a_min: 50, b_min: 20, cap: 50 })).toEqual([]);
    expect(validate(ranges, { a_min: 50, b_min: 20 })).toEqual([]);
  });

  it("adds up a group's entries, beside the group, and judges only when all are given", () => {
    const shares = (...percents: (number | undefined)[]): AnswerObject => ({
      a_min: 10,
      b_min: 10,
      shares: percents.map((percent): AnswerObject => (percent === undefined ? {} : { percent })),
    });
    expect(validate(ranges, shares(33.33, 66.67))).toEqual([]);
    expect(validate(ranges, shares(33.33, 66.66))).toEqual([
      { path: "shares", message: "Shares must total 100." },
    ]);
    expect(validate(ranges, shares(33.33, undefined))).toEqual([
      { path: "shares[1].percent", message: "This field cannot be blank." },
    ]);
  });

  it("applies only while its when holds", () => {
    const board = parseInterview(`
title: Board
questions:
  - { id: role, type: select, label: Role, options: ["No", smsf] }
  - { id: most, type: number, label: Most directors, integer: true }
checks:
  - { rule: sum, of: [most], atMost: 6, when: { questionId: role, equals: smsf }, message: Six at most. }
`);
    expect(validate(board, { role: "smsf", most: 7 })).toEqual([{ path: "most", message: "Six at most." }]);
    expect(validate(board, { role: "smsf", most: 6 })).toEqual([]);
    expect(validate(board, { role: "No", most: 7 })).toEqual([]);
  });

  it("refuses at load a bound missing, a bound of the wrong kind, and a path to no number", () => {
    expect(
      problemsOf(`
title: T
questions:
  - { id: a, type: number, label: A }
  - { id: t, type: text, label: T }
checks:
  - { rule: sum, of: [a], message: x }
  - { rule: sum, of: [a, t], atMost: t, message: x }
  - { rule: sum, of: [a], equals: 1, atMost: 2, message: x }
`),
    ).toEqual([
      "line 7, checks[0]: give equals, or atLeast and/or atMost",
      "line 9, checks[2]: give equals, or atLeast and/or atMost",
    ]);
    expect(
      problemsOf(`
title: T
questions:
  - { id: a, type: number, label: A }
  - { id: t, type: text, label: T }
checks:
  - { rule: sum, of: [a, t], atMost: t, message: x }
`),
    ).toEqual([
      'line 7, checks[0].of[1]: "t" must name a number question',
      'line 7, checks[0].atMost: "t" must name a number question',
    ]);
  });
});

describe("date_within", () => {
  const review = parseInterview(`
title: Review
questions:
  - { id: meeting, type: date, label: Meeting }
  - { id: next, type: date, label: Next review }
  - { id: kind, type: select, label: Kind, options: [strict, loose] }
  - { id: signed, type: date, label: Signed }
checks:
  - { rule: date_within, date: next, from: meeting, months: 12, message: Within 12 months. }
  - { rule: date_within, date: signed, from: meeting, days: 7, before: true, when: { questionId: kind, equals: strict }, message: Within the week before. }
`);
  const answers = (meeting: string, next: string, signed = meeting, kind = "strict"): AnswerObject => ({
    meeting,
    next,
    signed,
    kind,
  });

  it("accepts a date up to N months after, and refuses one later or before", () => {
    expect(validate(review, answers("14/11/2025", "14/11/2026"))).toEqual([]);
    expect(validate(review, answers("14/11/2025", "14/11/2025"))).toEqual([]);
    const late = validate(review, answers("14/11/2025", "15/11/2026"));
    expect(late).toEqual([{ path: "next", message: "Within 12 months." }]);
    expect(validate(review, answers("14/11/2025", "13/11/2025"))).toEqual([
      { path: "next", message: "Within 12 months." },
    ]);
  });

  it("ends a period of months on the month's last day when it has no such day", () => {
    expect(addMonths({ day: 29, month: 2, year: 2028 }, 12)).toEqual({ day: 28, month: 2, year: 2029 });
    expect(addMonths({ day: 31, month: 8, year: 2025 }, 6)).toEqual({ day: 28, month: 2, year: 2026 });
    expect(addMonths({ day: 31, month: 3, year: 2026 }, -1)).toEqual({ day: 28, month: 2, year: 2026 });
    expect(validate(review, answers("29/02/2028", "28/02/2029"))).toEqual([]);
    expect(validate(review, answers("29/02/2028", "01/03/2029"))).toEqual([
      { path: "next", message: "Within 12 months." },
    ]);
  });

  it("counts days before, only while its when holds", () => {
    expect(validate(review, answers("10/03/2026", "10/03/2026", "03/03/2026"))).toEqual([]);
    expect(validate(review, answers("10/03/2026", "10/03/2026", "02/03/2026"))).toEqual([
      { path: "signed", message: "Within the week before." },
    ]);
    expect(validate(review, answers("10/03/2026", "10/03/2026", "11/03/2026"))).toEqual([
      { path: "signed", message: "Within the week before." },
    ]);
    expect(validate(review, answers("10/03/2026", "10/03/2026", "02/03/2026", "loose"))).toEqual([]);
  });

  it("refuses at load a period given twice or not at all, and a path to no date", () => {
    expect(
      problemsOf(`
title: T
questions:
  - { id: a, type: date, label: A }
  - { id: n, type: number, label: N }
checks:
  - { rule: date_within, date: a, from: n, months: 1, message: x }
  - { rule: date_within, date: a, from: a, message: x }
  - { rule: date_within, date: a, from: a, months: 1, days: 2, message: x }
`),
    ).toEqual(["line 8, checks[1]: give months or days", "line 9, checks[2]: give months or days"]);
    expect(
      problemsOf(`
title: T
questions:
  - { id: a, type: date, label: A }
  - { id: n, type: number, label: N }
checks:
  - { rule: date_within, date: a, from: n, months: 1, message: x }
`),
    ).toEqual(['line 7, checks[0].from: "n" must name a date question']);
  });
});

describe("witnesses chosen by an answer", () => {
  const power = parseInterview(`
title: Power
questions:
  - { id: jurisdiction, type: select, label: State, options: jurisdictions }
  - id: principal
    type: reference
    label: Principal
    partyTypes: [individual]
    signs: true
    witnesses: { by: jurisdiction, counts: { NSW: 1, TAS: 0 }, otherwise: 2 }
`);
  const principal = {
    first_name: "David",
    last_name: "Chen",
    email: "david@example.com",
    street: "1 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
    witness_name: "Margaret Ellis",
    second_witness_name: "Tom Nguyen",
  };
  const witnessesIn = (jurisdiction: string) =>
    signers(power, { jurisdiction, principal }).map((signer) =>
      signer.witnesses.map((witness) => witness.fullName),
    );
  const asked = (state: string | undefined) => {
    const answers: AnswerObject = state === undefined ? { principal } : { jurisdiction: state, principal };
    const [, party] = visibleQuestions(power, answers);
    return party?.kind === "party"
      ? party.fields.map((field) => field.question.id).filter((id) => id.includes("witness_name"))
      : [];
  };

  it("gives the block the number of witnesses the answer calls for", () => {
    expect(witnessesIn("NSW")).toEqual([["Margaret Ellis"]]);
    expect(witnessesIn("VIC")).toEqual([["Margaret Ellis", "Tom Nguyen"]]);
    expect(witnessesIn("TAS")).toEqual([[]]);
  });

  it("asks for each witness only while the answer calls for them, the most until it is given", () => {
    expect(asked("NSW")).toEqual(["witness_name"]);
    expect(asked("QLD")).toEqual(["witness_name", "second_witness_name"]);
    expect(asked("TAS")).toEqual([]);
    expect(asked(undefined)).toEqual(["witness_name", "second_witness_name"]);
    expect(
      validate(power, { jurisdiction: "NSW", principal: { ...principal, second_witness_name: "" } }),
    ).toEqual([]);
    expect(
      validate(power, { jurisdiction: "VIC", principal: { ...principal, second_witness_name: "" } }),
    ).toEqual([{ path: "principal.second_witness_name", message: "This field cannot be blank." }]);
  });

  it("keeps a path into a party to the party's own questions", () => {
    const definition = parseInterview(`
title: T
questions:
  - { id: flag, type: select, label: Flag, options: ["Yes", "No"] }
  - { id: buyer, type: reference, label: Buyer, partyTypes: [individual] }
  - { id: note, type: text, label: Note, visibleIf: { questionId: buyer.flag, equals: "Yes" } }
`);
    // "buyer.flag" names no question of the party: it must not find the top-level "flag".
    const ids = visibleQuestions(definition, { flag: "Yes", buyer: {} }).map((node) => node.question.id);
    expect(ids).toEqual(["flag", "buyer"]);
  });

  it("refuses at load a count chosen by no question, by an answer the question does not offer, or by a party's own question", () => {
    expect(
      problemsOf(`
title: T
questions:
  - { id: state, type: select, label: State, options: [NSW, VIC] }
  - { id: c, type: reference, label: C, signs: true, witnesses: { by: state, counts: { NSW: 3 }, otherwise: 2 } }
`),
    ).toEqual(["line 5, questions[1].witnesses: Invalid input"]);
    expect(
      problemsOf(`
title: T
questions:
  - { id: state, type: select, label: State, options: [NSW, VIC] }
  - { id: a, type: reference, label: A, signs: true, witnesses: { by: stat, counts: { NSW: 1 }, otherwise: 2 } }
  - { id: b, type: reference, label: B, signs: true, witnesses: { by: state, counts: { NSW: 1 }, otherwise: 2 } }
  - { id: where, type: select, label: Where, options: [NSW, VIC] }
  - { id: d, type: reference, label: D, signs: true, witnesses: { by: where, counts: { NWS: 1 }, otherwise: 2 } }
`),
    ).toEqual([
      'line 5, questions[1].witnesses.by: no question "stat" chooses the number of witnesses',
      'line 6, questions[2].witnesses.by: "state" is also a question of the party itself: choose the number by another question',
      'line 8, questions[4].witnesses.counts.NWS: "NWS" is not an option of "where"',
    ]);
  });
});

describe("a required question's own message", () => {
  const definition = parseInterview(`
title: T
questions:
  - { id: high, type: select, label: High, options: ["Yes", "No"] }
  - id: why
    type: text
    label: Why
    visibleIf: { questionId: high, equals: "Yes" }
    requiredMessage: Say why the strategy allows a high concentration.
  - { id: other, type: text, label: Other }
`);

  it("replaces the generic message for that question only", () => {
    expect(validate(definition, { high: "Yes" })).toEqual([
      { path: "why", message: "Say why the strategy allows a high concentration." },
      { path: "other", message: "This field cannot be blank." },
    ]);
    expect(validate(definition, { high: "No", other: "x" })).toEqual([]);
  });

  it("is refused at load on an optional question", () => {
    expect(
      problemsOf(`
title: T
questions:
  - { id: why, type: text, label: Why, required: false, requiredMessage: Say why. }
`),
    ).toEqual([
      "line 4, questions[0].requiredMessage: an optional question is never refused as blank: drop requiredMessage, or make it required",
    ]);
  });
});
