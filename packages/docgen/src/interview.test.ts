import { describe, expect, it } from "vitest";
import type { Answers } from "./answers.ts";
import { cleanAnswers, forEachVisible, type VisibleQuestion, visibleQuestions } from "./interview.ts";
import { parseInterview } from "./schema.ts";

/** The answer paths of the questions shown, in order. */
const shown = (nodes: readonly VisibleQuestion[]): string[] => {
  const paths: string[] = [];
  forEachVisible(nodes, (node) => paths.push(node.path));
  return paths;
};

const conditions = parseInterview(`
title: Conditions
questions:
  - { id: kind, type: select, label: Kind, options: [sale, lease, licence] }
  - { id: price, type: number, label: Price, visibleIf: { questionId: kind, equals: sale } }
  - { id: rent, type: number, label: Rent, visibleIf: { questionId: kind, notEquals: sale } }
  - { id: term, type: number, label: Term, visibleIf: { questionId: kind, oneOf: [lease, licence] } }
  - { id: deposit, type: number, label: Deposit, visibleIf: { questionId: price, answered: true } }
  - { id: gst, type: select, label: GST?, options: yes_no }
  - id: gst_note
    type: text
    label: GST note
    visibleIf: { all: [{ questionId: kind, equals: sale }, { questionId: gst, equals: "Yes" }] }
  - id: either_note
    type: text
    label: Either
    visibleIf: { any: [{ questionId: deposit, answered: true }, { questionId: term, equals: 5 }] }
  - { id: no_gst_note, type: text, label: No GST, visibleIf: { not: { questionId: gst, equals: "Yes" } } }
`);

describe("visibleIf", () => {
  it("shows a question when the answer it depends on equals the value (the spec's form)", () => {
    expect(shown(visibleQuestions(conditions, { kind: "sale" }))).toContain("price");
    expect(shown(visibleQuestions(conditions, { kind: "lease" }))).not.toContain("price");
  });

  it("notEquals holds for any other answer, and for no answer", () => {
    expect(shown(visibleQuestions(conditions, { kind: "lease" }))).toContain("rent");
    expect(shown(visibleQuestions(conditions, {}))).toContain("rent");
    expect(shown(visibleQuestions(conditions, { kind: "sale" }))).not.toContain("rent");
  });

  it("oneOf holds for any listed value", () => {
    expect(shown(visibleQuestions(conditions, { kind: "licence" }))).toContain("term");
    expect(shown(visibleQuestions(conditions, { kind: "sale" }))).not.toContain("term");
  });

  it("answered tests whether there is an answer at all", () => {
    expect(shown(visibleQuestions(conditions, { kind: "sale", price: 10 }))).toContain("deposit");
    expect(shown(visibleQuestions(conditions, { kind: "sale", price: " " }))).not.toContain("deposit");
  });

  it("combines conditions with all, any and not", () => {
    expect(shown(visibleQuestions(conditions, { kind: "sale", gst: "Yes" }))).toContain("gst_note");
    expect(shown(visibleQuestions(conditions, { kind: "lease", gst: "Yes" }))).not.toContain("gst_note");
    expect(shown(visibleQuestions(conditions, { kind: "lease", term: "5" }))).toContain("either_note");
    expect(shown(visibleQuestions(conditions, { kind: "lease", term: 4 }))).not.toContain("either_note");
    expect(shown(visibleQuestions(conditions, { gst: "No" }))).toContain("no_gst_note");
    expect(shown(visibleQuestions(conditions, { gst: "Yes" }))).not.toContain("no_gst_note");
  });

  it("atLeast and atMost compare a number, or how many entries a group has", () => {
    const counts = parseInterview(`
title: Counts
questions:
  - id: directors
    type: group
    label: Directors
    questions: [{ id: name, type: text, label: Name }]
  - { id: quorum, type: number, label: Quorum, visibleIf: { questionId: directors, atLeast: 2 } }
  - { id: sole_powers, type: text, label: Sole director's powers, visibleIf: { questionId: directors, equals: 1 } }
  - { id: small_board, type: text, label: Small board, visibleIf: { questionId: directors, atLeast: 2, atMost: 3 } }
  - { id: rent, type: number, label: Rent }
  - { id: bond, type: number, label: Bond, visibleIf: { questionId: rent, atMost: 1000 } }
  - id: company
    type: reference
    label: Company
    partyTypes: [company]
  - { id: board_note, type: text, label: Board, visibleIf: { questionId: company.directors, atLeast: 3 } }
`);
    const directors = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `D${index}` }));
    expect(shown(visibleQuestions(counts, { directors: directors(1) }))).not.toContain("quorum");
    expect(shown(visibleQuestions(counts, { directors: directors(2) }))).toContain("quorum");
    expect(shown(visibleQuestions(counts, { directors: directors(1) }))).toContain("sole_powers");
    expect(shown(visibleQuestions(counts, { directors: directors(2) }))).not.toContain("sole_powers");
    expect(shown(visibleQuestions(counts, { directors: directors(3) }))).toContain("small_board");
    expect(shown(visibleQuestions(counts, { directors: directors(4) }))).not.toContain("small_board");
    // No answer yet is no number: the question stays hidden.
    expect(shown(visibleQuestions(counts, {}))).not.toContain("quorum");
    // Numbers answered as text (as forms send them) compare as numbers, not as text.
    expect(shown(visibleQuestions(counts, { rent: "950" }))).toContain("bond");
    expect(shown(visibleQuestions(counts, { rent: "$1,200" }))).not.toContain("bond");
    // Into a party: the company's directors, shown only for a company with 2+ directors.
    const company = (count: number) => ({
      party_type: "company",
      director_type: count === 1 ? "sole" : "multiple",
      ...(count === 1 ? { sole_director_name: "A" } : { directors: directors(count) }),
    });
    expect(shown(visibleQuestions(counts, { company: company(3) }))).toContain("board_note");
    expect(shown(visibleQuestions(counts, { company: company(2) }))).not.toContain("board_note");
    expect(shown(visibleQuestions(counts, { company: company(1) }))).not.toContain("board_note");
  });

  it("treats a hidden question as unanswered, so what depends on it hides too", () => {
    // price was answered for a sale, then the kind changed: price hides, and deposit with it.
    const paths = shown(visibleQuestions(conditions, { kind: "lease", price: 100, deposit: 10 }));
    expect(paths).not.toContain("price");
    expect(paths).not.toContain("deposit");
  });

  it("is evaluated from the definition as data: a condition value is never run as code", () => {
    const definition = parseInterview(`
title: T
questions:
  - { id: a, type: text, label: A }
  - { id: b, type: text, label: B, visibleIf: { questionId: a, equals: "process.exit(1)" } }
`);
    expect(shown(visibleQuestions(definition, { a: "process.exit(1)" }))).toEqual(["a", "b"]);
  });
});

const groups = parseInterview(`
title: Groups
questions:
  - { id: has_guarantors, type: select, label: Guarantors?, options: yes_no }
  - id: guarantors
    type: group
    label: Guarantors
    countLabel: How many guarantors?
    min: 1
    max: 4
    visibleIf: { questionId: has_guarantors, equals: "Yes" }
    questions:
      - { id: name, type: text, label: Name }
      - { id: relationship, type: select, label: Relationship, options: [director, spouse, other] }
      - { id: details, type: text, label: Details, visibleIf: { questionId: relationship, equals: other } }
      - { id: to_has, type: text, label: Outer, visibleIf: { questionId: has_guarantors, equals: "Yes" } }
  - id: note
    type: text
    label: Note
    visibleIf: { questionId: guarantors, some: { questionId: relationship, equals: spouse } }
`);

describe("repeatable groups", () => {
  it("with no entries yet: the group is shown, its count is unanswered, no entry questions", () => {
    const [, group] = visibleQuestions(groups, { has_guarantors: "Yes" });
    expect(group).toMatchObject({ kind: "group", path: "guarantors", count: undefined, entries: [] });
  });

  it("with zero entries: the count is 0", () => {
    const [, group] = visibleQuestions(groups, { has_guarantors: "Yes", guarantors: [] });
    expect(group).toMatchObject({ kind: "group", count: 0, entries: [] });
  });

  it("with one entry: its questions at indexed paths, conditions evaluated inside the entry", () => {
    const nodes = visibleQuestions(groups, {
      has_guarantors: "Yes",
      guarantors: [{ name: "Ann", relationship: "other" }],
    });
    expect(shown(nodes)).toEqual([
      "has_guarantors",
      "guarantors",
      "guarantors[0].name",
      "guarantors[0].relationship",
      "guarantors[0].details",
      "guarantors[0].to_has",
    ]);
  });

  it("with many entries: each entry is its own scope", () => {
    const nodes = visibleQuestions(groups, {
      has_guarantors: "Yes",
      guarantors: [{ relationship: "director" }, { relationship: "other" }, {}],
    });
    const paths = shown(nodes);
    expect(paths).not.toContain("guarantors[0].details");
    expect(paths).toContain("guarantors[1].details");
    expect(paths).toContain("guarantors[2].name");
    expect(paths.filter((path) => path.endsWith(".name"))).toHaveLength(3);
  });

  it("some: shows a question when any entry meets the condition", () => {
    const spouse = {
      has_guarantors: "Yes",
      guarantors: [{ relationship: "director" }, { relationship: "spouse" }],
    };
    expect(shown(visibleQuestions(groups, spouse))).toContain("note");
    const none = { has_guarantors: "Yes", guarantors: [{ relationship: "director" }] };
    expect(shown(visibleQuestions(groups, none))).not.toContain("note");
  });

  it("hides the whole group, entries and all, when its own condition fails", () => {
    const paths = shown(visibleQuestions(groups, { has_guarantors: "No", guarantors: [{ name: "Ann" }] }));
    expect(paths).toEqual(["has_guarantors"]);
  });
});

const parties = parseInterview(`
title: Parties
questions:
  - { id: buyer, type: reference, label: Buyer, signs: true, witnesses: 1 }
  - { id: seller, type: reference, label: Seller, partyTypes: [company] }
  - { id: acn_check, type: text, label: Check, required: false, visibleIf: { questionId: buyer.party_type, equals: company } }
`);

describe("reference questions (parties)", () => {
  it("asks the party type first, offering the spec's three types", () => {
    const [buyer] = visibleQuestions(parties, {});
    expect(buyer?.kind).toBe("party");
    if (buyer?.kind !== "party") return;
    expect(buyer.partyType).toBeUndefined();
    expect(shown(buyer.fields)).toEqual(["buyer.party_type"]);
    const [typeQuestion] = buyer.fields;
    expect(
      typeQuestion?.question.type === "select" && typeQuestion.question.options.map((o) => o.text),
    ).toEqual(["An Individual", "A Company", "A Trust"]);
  });

  it("an individual: names, email, address, and the witness the reference asks for", () => {
    const [buyer] = visibleQuestions(parties, { buyer: { party_type: "individual" } });
    expect(shown(buyer ? [buyer] : []).slice(1)).toEqual([
      "buyer.party_type",
      "buyer.first_name",
      "buyer.middle_name",
      "buyer.last_name",
      "buyer.email",
      "buyer.street",
      "buyer.suburb",
      "buyer.state",
      "buyer.postcode",
      "buyer.witness_name",
      "buyer.witness_email",
      "buyer.witness_address",
    ]);
  });

  it("a company with a sole director: the sole director's questions and not the directors group", () => {
    const [buyer] = visibleQuestions(parties, { buyer: { party_type: "company", director_type: "sole" } });
    const paths = shown(buyer ? [buyer] : []);
    expect(paths).toEqual(
      expect.arrayContaining([
        "buyer.name",
        "buyer.legal_element",
        "buyer.acn",
        "buyer.director_type",
        "buyer.sole_director_name",
        "buyer.sole_director_is_secretary",
      ]),
    );
    expect(paths).not.toContain("buyer.directors");
    expect(paths).not.toContain("buyer.secretary_name");
  });

  it("a company with 2+ directors: a directors group with who signs, and the secretary", () => {
    const [buyer] = visibleQuestions(parties, {
      buyer: { party_type: "company", director_type: "multiple", directors: [{}, {}] },
    });
    const paths = shown(buyer ? [buyer] : []);
    expect(paths).toEqual(
      expect.arrayContaining([
        "buyer.directors",
        "buyer.directors[0].name",
        "buyer.directors[0].signs",
        "buyer.directors[1].signs",
        "buyer.secretary_name",
      ]),
    );
    expect(paths).not.toContain("buyer.sole_director_name");
  });

  it("a party that does not sign is not asked who signs for it", () => {
    const [, seller] = visibleQuestions(parties, {
      seller: { director_type: "multiple", directors: [{}, {}] },
    });
    const paths = shown(seller ? [seller] : []);
    expect(paths).toContain("seller.directors[0].name");
    expect(paths).not.toContain("seller.directors[0].signs");
    expect(paths).not.toContain("seller.secretary_name");
    // Only companies are allowed, so the type is not asked.
    expect(paths).not.toContain("seller.party_type");
  });

  it("a trust: its trustees, each an individual or a company, and its witness when one is an individual", () => {
    const answers: Answers = {
      buyer: {
        party_type: "trust",
        trustees: [{ party_type: "individual" }, { party_type: "company", director_type: "sole" }],
      },
    };
    const [buyer] = visibleQuestions(parties, answers);
    const paths = shown(buyer ? [buyer] : []);
    expect(paths).toEqual(
      expect.arrayContaining([
        "buyer.name",
        "buyer.trustees",
        "buyer.trustees[0].party_type",
        "buyer.trustees[0].first_name",
        "buyer.trustees[1].acn",
        "buyer.trustees[1].sole_director_name",
        "buyer.witness_name",
      ]),
    );
    const companiesOnly = visibleQuestions(parties, {
      buyer: { party_type: "trust", trustees: [{ party_type: "company" }] },
    });
    expect(shown(companiesOnly)).not.toContain("buyer.witness_name");
  });

  it("conditions can test a party's type", () => {
    expect(shown(visibleQuestions(parties, { buyer: { party_type: "company" } }))).toContain("acn_check");
    expect(shown(visibleQuestions(parties, { buyer: { party_type: "individual" } }))).not.toContain(
      "acn_check",
    );
  });
});

describe("cleanAnswers", () => {
  it("drops hidden and unknown answers, keeping only what is shown", () => {
    // As the server receives them: JSON, where "__proto__" is just a key.
    const answers = JSON.parse('{"kind":"lease","price":100,"rent":20,"stray":"x","__proto__":{"x":1}}');
    const clean = cleanAnswers(conditions, answers);
    expect(clean).toEqual({ kind: "lease", rent: 20 });
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
  });

  it("stores answers in tidy form", () => {
    const definition = parseInterview(`
title: T
questions:
  - { id: name, type: text, label: Name }
  - { id: when, type: date, label: When }
  - { id: acn, type: text, label: ACN, format: acn }
  - { id: abn, type: text, label: ABN, format: abn }
  - { id: amount, type: number, label: Amount }
  - { id: director_type, type: select, label: Type, options: director_types }
`);
    expect(
      cleanAnswers(definition, {
        name: "  Jane\u0000 Citizen ",
        when: "1/7/2025",
        acn: "004085616",
        abn: "51824753556",
        amount: "1,500",
        director_type: "Sole Director",
      }),
    ).toEqual({
      name: "Jane Citizen",
      when: "01/07/2025",
      acn: "004 085 616",
      abn: "51 824 753 556",
      amount: 1500,
      director_type: "sole",
    });
  });

  it("keeps a group's entries (even empty ones, so the count survives) and drops their hidden answers", () => {
    const clean = cleanAnswers(groups, {
      has_guarantors: "Yes",
      guarantors: [{ name: "Ann", relationship: "director", details: "hidden" }, {}],
    });
    expect(clean).toEqual({
      has_guarantors: "Yes",
      guarantors: [{ name: "Ann", relationship: "director" }, {}],
    });
  });

  it("stores a party's type even when it is implied", () => {
    expect(cleanAnswers(parties, { seller: { name: "Acme" } })).toEqual({
      seller: { name: "Acme", party_type: "company" },
    });
  });

  it("keeps invalid answers by default, and drops them when asked (for saving work in progress)", () => {
    const definition = parseInterview(`
title: T
questions:
  - { id: postcode, type: text, label: Postcode, format: postcode }
  - { id: email, type: email, label: Email }
`);
    const answers = { postcode: "20000", email: "jane@example.com" };
    expect(cleanAnswers(definition, answers)).toEqual(answers);
    expect(cleanAnswers(definition, answers, { dropInvalid: true })).toEqual({ email: "jane@example.com" });
  });

  it("never keeps a non-scalar where a single value belongs", () => {
    const definition = parseInterview("title: T\nquestions:\n  - { id: name, type: text, label: Name }\n");
    expect(cleanAnswers(definition, { name: { toString: "x" } })).toEqual({});
  });
});
