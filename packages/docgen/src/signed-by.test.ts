import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { DefinitionError } from "./errors.ts";
import { parseInterview } from "./schema.ts";
import { executionBlocks, signers } from "./signers.ts";

const definition = parseInterview(`
title: Members
questions:
  - id: members
    type: group
    label: Members
    questions:
      - id: member
        type: reference
        label: Member
        partyTypes: [individual]
        signs: true
        signedBy: { when: acts, equals: guardian, name: guardian_name, email: guardian_email }
      - { id: acts, type: select, label: Who acts, required: false, options: [{ value: guardian, text: A guardian }] }
      - { id: guardian_name, type: text, label: Guardian, visibleIf: { questionId: acts, equals: guardian } }
      - { id: guardian_email, type: email, label: Email, required: false, visibleIf: { questionId: acts, equals: guardian } }
`);

const member = (first: string, extra: object = {}) => ({
  member: {
    party_type: "individual",
    first_name: first,
    last_name: "Thornbury",
    email: `${first.toLowerCase()}@example.com`,
    street: "1 Example Street",
    suburb: "Hobart",
    state: "TAS",
    postcode: "7000",
  },
  ...extra,
});

describe("signedBy: a parent or guardian signs for a party", () => {
  const answers = {
    members: [
      member("Grace"),
      member("Ella", {
        acts: "guardian",
        guardian_name: "Grace Thornbury",
        guardian_email: "grace@example.com",
      }),
    ],
  } as unknown as AnswerObject;

  it("names the guardian as signer, for the party, with the guardian's email", () => {
    const [adult, minor] = executionBlocks(definition, answers);
    expect(adult?.partyName).toBe("Grace Thornbury");
    expect(adult?.signedFor).toBeUndefined();
    expect(minor?.partyName).toBe("Grace Thornbury");
    expect(minor?.signedFor).toBe("Ella Thornbury");
    expect(signers(definition, answers)[1]).toMatchObject({
      fullName: "Grace Thornbury",
      email: "grace@example.com",
    });
  });

  it("refuses a signedBy naming no question beside the party", () => {
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - id: member
    type: reference
    label: Member
    partyTypes: [individual]
    signs: true
    signedBy: { when: nothing, equals: guardian, name: nobody }
`),
    ).toThrow(DefinitionError);
  });
});
