import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { parseInterview } from "./schema.ts";
import { executionBlocks, fieldKey, signers } from "./signers.ts";

const definition = parseInterview(`
title: T
questions:
  - { id: buyer, type: reference, label: Buyer, signs: true, witnesses: 1 }
  - { id: seller, type: reference, label: Seller, signs: false }
  - { id: testator, type: reference, label: Will-maker, partyTypes: [individual], signs: true, witnesses: 2, required: false }
  - id: guarantors
    type: group
    label: Guarantors
    required: false
    questions:
      - { id: party, type: reference, label: Guarantor, partyTypes: [individual], signs: true }
`);

const address = { street: "1 George Street", suburb: "Sydney", state: "NSW", postcode: "2000" };
const company = (more: AnswerObject): AnswerObject => ({
  party_type: "company",
  name: "Acme Holdings",
  legal_element: "PTY LTD",
  acn: "004085616",
  ...address,
  ...more,
});
const person = (first: string, last: string, more: AnswerObject = {}): AnswerObject => ({
  party_type: "individual",
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  ...address,
  ...more,
});

describe("signers: individuals", () => {
  it("an individual signs, with the witness the interview asks for", () => {
    const list = signers(definition, {
      buyer: person("Jane", "Citizen", {
        middle_name: "Mary",
        witness_name: "Peter Brown",
        witness_email: "peter@example.com",
      }),
    });
    expect(list).toEqual([
      {
        fullName: "Jane Mary Citizen",
        email: "jane@example.com",
        capacity: "",
        metaKey: "buyer_signature",
        dateKey: "buyer_date",
        partyId: "buyer",
        partyPath: "buyer",
        partyName: "Jane Mary Citizen",
        witnessRequired: true,
        witnesses: [
          {
            fullName: "Peter Brown",
            email: "peter@example.com",
            metaKey: "buyer_witness_signature",
            dateKey: "buyer_witness_date",
          },
        ],
      },
    ]);
  });

  it("a will-maker signs before two witnesses", () => {
    const [, testator] = signers(definition, {
      buyer: person("Jane", "Citizen", { witness_name: "Peter Brown" }),
      testator: person("Rose", "Tan", { witness_name: "Wes One", second_witness_name: "Wes Two" }),
    });
    expect(testator?.witnesses.map((witness) => [witness.fullName, witness.metaKey])).toEqual([
      ["Wes One", "testator_witness_1_signature"],
      ["Wes Two", "testator_witness_2_signature"],
    ]);
  });

  it("a party that does not sign is no signer, and a hidden party neither", () => {
    const list = signers(definition, {
      buyer: person("Jane", "Citizen", { witness_name: "Peter Brown" }),
      seller: person("Sam", "Seller"),
    });
    expect(list.map((signer) => signer.partyId)).toEqual(["buyer"]);
  });

  it("each entry of a group of parties signs, with keys numbered from 1", () => {
    const list = signers(definition, {
      buyer: person("Jane", "Citizen", { witness_name: "Peter Brown" }),
      guarantors: [{ party: person("Ann", "Lee") }, { party: person("Bo", "Ng") }],
    });
    expect(list.slice(1).map((signer) => [signer.fullName, signer.metaKey, signer.partyPath])).toEqual([
      ["Ann Lee", "guarantors_1_party_signature", "guarantors[0].party"],
      ["Bo Ng", "guarantors_2_party_signature", "guarantors[1].party"],
    ]);
  });
});

describe("signers: companies execute under s127(1) Corporations Act", () => {
  it("(a) two directors", () => {
    const [block] = executionBlocks(definition, {
      buyer: company({
        director_type: "multiple",
        directors: [
          { name: "Olivia Chen", email: "olivia@acme.example", signs: "Yes" },
          { name: "Sam Patel", signs: "No" },
          { name: "Marcus Webb", signs: "Yes" },
        ],
      }),
    });
    expect(block?.method).toBe("two-directors");
    expect(block?.partyName).toBe("Acme Holdings Pty Ltd ACN 004 085 616");
    expect(block?.signatories.map((s) => [s.fullName, s.capacity, s.metaKey, s.email])).toEqual([
      ["Olivia Chen", "Director", "buyer_directors_1_signature", "olivia@acme.example"],
      ["Marcus Webb", "Director", "buyer_directors_3_signature", null],
    ]);
  });

  it("(b) a director and the company secretary", () => {
    const [block] = executionBlocks(definition, {
      buyer: company({
        director_type: "multiple",
        directors: [
          { name: "Olivia Chen", signs: "Yes" },
          { name: "Marcus Webb", signs: "No" },
        ],
        secretary_name: "Sam Patel",
        secretary_email: "sam@acme.example",
      }),
    });
    expect(block?.method).toBe("director-and-secretary");
    expect(block?.signatories.map((s) => [s.fullName, s.capacity, s.metaKey])).toEqual([
      ["Olivia Chen", "Director", "buyer_directors_1_signature"],
      ["Sam Patel", "Company Secretary", "buyer_secretary_signature"],
    ]);
  });

  it("(b) also: a sole director who is not the secretary, with the secretary", () => {
    const [block] = executionBlocks(definition, {
      buyer: company({
        director_type: "sole",
        sole_director_name: "Olivia Chen",
        sole_director_is_secretary: "No",
        secretary_name: "Sam Patel",
      }),
    });
    expect(block?.method).toBe("director-and-secretary");
    expect(block?.signatories.map((s) => s.capacity)).toEqual(["Director", "Company Secretary"]);
  });

  it("(c) the sole director who is also the sole company secretary", () => {
    const list = signers(definition, {
      buyer: company({
        director_type: "sole",
        sole_director_name: "Olivia Chen",
        sole_director_is_secretary: "Yes",
      }),
    });
    expect(list.map((s) => [s.fullName, s.capacity, s.metaKey, s.witnessRequired])).toEqual([
      ["Olivia Chen", "Sole Director and Sole Company Secretary", "buyer_sole_director_signature", false],
    ]);
  });

  it("(c) a sole director of a proprietary company that has no secretary", () => {
    const [block] = executionBlocks(definition, {
      buyer: company({
        director_type: "sole",
        sole_director_name: "Olivia Chen",
        sole_director_is_secretary: "No",
      }),
    });
    expect(block?.method).toBe("sole-director");
    expect(block?.signatories.map((s) => s.capacity)).toEqual(["Sole Director"]);
  });

  it("a company's signatories are never witnessed (s127 needs no witness)", () => {
    const list = signers(definition, {
      buyer: company({
        director_type: "sole",
        sole_director_name: "Olivia Chen",
        sole_director_is_secretary: "Yes",
      }),
    });
    expect(list.every((signer) => signer.witnesses.length === 0)).toBe(true);
  });
});

describe("signers: trusts sign through their trustees", () => {
  it("individual trustees sign as trustees, witnessed by the trust's witness; a company trustee executes under s127", () => {
    const blocks = executionBlocks(definition, {
      buyer: {
        party_type: "trust",
        name: "Smith Family Trust",
        trustees: [
          {
            party_type: "individual",
            first_name: "John",
            last_name: "Smith",
            email: "john@example.com",
            ...address,
          },
          {
            ...company({
              director_type: "sole",
              sole_director_name: "Olivia Chen",
              sole_director_is_secretary: "Yes",
            }),
          },
        ],
        witness_name: "Peter Brown",
      },
    });
    expect(blocks.map((block) => [block.kind, block.partyPath, block.trusteeFor])).toEqual([
      ["individual", "buyer.trustees[0]", "the Smith Family Trust"],
      ["company", "buyer.trustees[1]", "the Smith Family Trust"],
    ]);
    expect(blocks[0]?.signatories.map((s) => [s.role, s.fullName, s.metaKey])).toEqual([
      ["signer", "John Smith", "buyer_trustees_1_signature"],
      ["witness", "Peter Brown", "buyer_trustees_1_witness_signature"],
    ]);
    expect(blocks[1]?.signatories.map((s) => s.metaKey)).toEqual([
      "buyer_trustees_2_sole_director_signature",
    ]);
  });
});

describe("fieldKey", () => {
  it("turns answer paths into keys: dots and indexes become underscores, indexes count from 1", () => {
    expect(fieldKey("buyer.trustees[0]", "directors_2", "signature")).toBe(
      "buyer_trustees_1_directors_2_signature",
    );
  });
});

describe("trustees named in a group (trusteeFor)", () => {
  const fund = parseInterview(`
title: T
questions:
  - { id: fund_name, type: text, label: Fund }
  - id: trustees
    type: group
    label: Trustees
    questions:
      - { id: trustee, type: reference, label: Trustee, partyTypes: [individual, company, trust], signs: true, trusteeFor: fund_name }
`);
  const trusteeCompany = company({
    director_type: "sole",
    sole_director_name: "Ann Lee",
    sole_director_is_secretary: "Yes",
  });

  it("each trustee's execution block signs as trustee for the trust the named question answers", () => {
    const blocks = executionBlocks(fund, {
      fund_name: "Banksia Retirement Fund",
      trustees: [{ trustee: trusteeCompany }, { trustee: person("Jane", "Citizen") }],
    });
    expect(blocks.map((block) => [block.partyPath, block.kind, block.trusteeFor])).toEqual([
      ["trustees[0].trustee", "company", "the Banksia Retirement Fund"],
      ["trustees[1].trustee", "individual", "the Banksia Retirement Fund"],
    ]);
  });

  it("a trust answered as the party keeps its own name, and no answer gives no capacity", () => {
    const trust = {
      party_type: "trust",
      name: "The Lee Family Trust",
      trustees: [person("Ann", "Lee")],
    };
    const blocks = executionBlocks(fund, { fund_name: "Banksia Fund", trustees: [{ trustee: trust }] });
    expect(blocks.map((block) => block.trusteeFor)).toEqual(["The Lee Family Trust"]);
    const unnamed = executionBlocks(
      parseInterview(`
title: T
questions:
  - { id: fund_name, type: text, label: Fund, required: false }
  - { id: trustee, type: reference, label: Trustee, partyTypes: [company], signs: true, trusteeFor: fund_name }
`),
      { trustee: trusteeCompany },
    );
    expect(unnamed.map((block) => block.trusteeFor)).toEqual([undefined]);
  });

  it("refuses a trusteeFor that names no question, or a question that cannot name a trust", () => {
    const problems = (yaml: string) => {
      try {
        parseInterview(yaml);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(
      problems(`title: T
questions:
  - { id: trustee, type: reference, label: Trustee, signs: true, trusteeFor: fund }
`),
    ).toEqual([expect.stringMatching(/trusteeFor: no question "fund" names the trust/)]);
    expect(
      problems(`title: T
questions:
  - { id: fund, type: date, label: Fund }
  - { id: trustee, type: reference, label: Trustee, signs: true, trusteeFor: fund }
`),
    ).toEqual([expect.stringMatching(/"fund" must be a text or select question naming the trust/)]);
  });
});
