/**
 * The party data types of a reference question (spec §3): An Individual, A Company, A Trust, each
 * with the spec's fields. They are ordinary questions, so visibility, validation and cleaning treat
 * them like any other; which of them appear depends on whether the party signs and is witnessed.
 */

import { readPath } from "./answers.ts";
import {
  type Choice,
  DIRECTOR_TYPES,
  JURISDICTIONS,
  LEGAL_ELEMENTS,
  PARTY_TYPES,
  type PartyType,
  YES_NO,
} from "./constants.ts";
import type { Condition, Question, ReferenceQuestion } from "./schema.ts";
import { mostWitnesses, witnessCondition } from "./witness-count.ts";

/** The id and data path of the party-type question inside every party. */
export const PARTY_TYPE_FIELD = "party_type";

/** A question of the engine's own, built in code rather than parsed from YAML. */
type BuiltIn = Partial<Pick<Question, "required" | "visibleIf" | "instruction">>;

const text = (
  id: string,
  label: string,
  more: BuiltIn & { format?: "postcode" | "acn" | "abn" } = {},
): Question => ({
  id,
  label,
  dataPath: id,
  required: true,
  type: "text",
  maxLength: 200,
  multiline: false,
  ...more,
});

const email = (id: string, label: string, more: BuiltIn = {}): Question => ({
  id,
  label,
  dataPath: id,
  required: true,
  type: "email",
  ...more,
});

const select = (id: string, label: string, options: readonly Choice[], more: BuiltIn = {}): Question => ({
  id,
  label,
  dataPath: id,
  required: true,
  type: "select",
  options,
  ...more,
});

const address = (): Question[] => [
  text("street", "Street address"),
  text("suburb", "Suburb"),
  select("state", "State or territory", JURISDICTIONS),
  text("postcode", "Postcode", { format: "postcode" }),
];

const isSole: Condition = { questionId: "director_type", equals: "sole" };
const isMultiple: Condition = { questionId: "director_type", equals: "multiple" };

/** The question that asks which kind of party this is, offering only the kinds the reference allows. */
function partyTypeQuestion(reference: ReferenceQuestion): Question {
  return select(
    PARTY_TYPE_FIELD,
    "Type of party",
    PARTY_TYPES.filter((party) => reference.partyTypes.includes(party.value)),
  );
}

function witnessQuestions(reference: ReferenceQuestion, visibleIf?: Condition): Question[] {
  if (!reference.signs || mostWitnesses(reference.witnesses) === 0) return [];
  // With a number chosen by an answer, each witness is shown while the answer calls for them.
  const shownIf = (ordinal: 1 | 2): Condition | undefined | null => {
    const byAnswer = witnessCondition(reference.witnesses, ordinal);
    if (byAnswer === null) return null;
    if (!byAnswer) return visibleIf;
    return visibleIf ? { all: [visibleIf, byAnswer] } : byAnswer;
  };
  // The address is printed under the witness's name; left unanswered, the line is filled in by hand.
  const addressHelp = {
    instruction: "Printed under the witness's name; leave blank for the witness to write it in when signing.",
  };
  const witness = (ordinal: 1 | 2, prefix: string, title: string): Question[] => {
    const condition = shownIf(ordinal);
    if (condition === null) return [];
    const shown = condition ? { visibleIf: condition } : {};
    const optional = { required: false, ...shown };
    return [
      text(`${prefix}witness_name`, `${title}'s full name`, shown),
      email(`${prefix}witness_email`, `${title}'s email`, optional),
      text(`${prefix}witness_address`, `${title}'s address`, { ...optional, ...addressHelp }),
    ];
  };
  return [...witness(1, "", "Witness"), ...witness(2, "second_", "Second witness")];
}

function individualQuestions(reference: ReferenceQuestion): Question[] {
  return [
    text("first_name", "First name"),
    text("middle_name", "Middle name(s)", { required: false }),
    text("last_name", "Last name"),
    email("email", "Email", { required: reference.signs }),
    ...address(),
    ...witnessQuestions(reference),
  ];
}

function companyQuestions(reference: ReferenceQuestion): Question[] {
  const signs = reference.signs;
  const directorQuestions: Question[] = [text("name", "Director's full name")];
  if (signs) {
    directorQuestions.push(
      email("email", "Director's email", { required: false }),
      select("signs", "Does this director sign?", YES_NO),
    );
  }
  const questions: Question[] = [
    text("name", "Company name (without the legal element)"),
    select("legal_element", "Legal element", LEGAL_ELEMENTS),
    text("acn", "ACN", { format: "acn" }),
    text("abn", "ABN", { format: "abn", required: false }),
    ...address(),
    select("director_type", "Director type", DIRECTOR_TYPES),
    text("sole_director_name", "Sole director's full name", { visibleIf: isSole }),
  ];
  if (signs) {
    questions.push(
      email("sole_director_email", "Sole director's email", { required: false, visibleIf: isSole }),
      select("sole_director_is_secretary", "Is the sole director also the company secretary?", YES_NO, {
        visibleIf: isSole,
      }),
    );
  }
  questions.push({
    id: "directors",
    label: "Directors",
    dataPath: "directors",
    required: true,
    type: "group",
    questions: directorQuestions,
    min: 2,
    max: 20,
    countLabel: "How many directors?",
    itemLabel: "Director",
    visibleIf: isMultiple,
  });
  if (signs) {
    const hasSecretaryQuestion: Condition = {
      any: [isMultiple, { questionId: "sole_director_is_secretary", equals: "No" }],
    };
    questions.push(
      text("secretary_name", "Company secretary's full name (leave blank if the company has none)", {
        required: false,
        visibleIf: hasSecretaryQuestion,
      }),
      email("secretary_email", "Company secretary's email", {
        required: false,
        visibleIf: { all: [hasSecretaryQuestion, { questionId: "secretary_name", answered: true }] },
      }),
    );
  }
  return questions;
}

function trustQuestions(reference: ReferenceQuestion): Question[] {
  const trustee: ReferenceQuestion = {
    id: "trustee",
    label: "Trustee",
    // An empty data path stores the trustee's fields in the entry itself: trustees[0].first_name.
    dataPath: "",
    required: true,
    type: "reference",
    partyTypes: ["individual", "company"],
    signs: reference.signs,
    witnesses: 0,
  };
  const someIndividualTrustee: Condition = {
    questionId: "trustees",
    some: { questionId: `trustee.${PARTY_TYPE_FIELD}`, equals: "individual" },
  };
  return [
    text("name", "Trust name (for example, Smith Family Trust)"),
    text("abn", "ABN", { format: "abn", required: false }),
    {
      id: "trustees",
      label: "Trustees",
      dataPath: "trustees",
      required: true,
      type: "group",
      questions: [trustee],
      min: 1,
      max: 10,
      countLabel: "How many trustees?",
      itemLabel: "Trustee",
    },
    ...witnessQuestions(reference, someIndividualTrustee),
  ];
}

const cache = new WeakMap<ReferenceQuestion, Map<PartyType, readonly Question[]>>();

/** The questions of a party of the given type, as this reference asks them. */
export function partyQuestions(reference: ReferenceQuestion, type: PartyType): readonly Question[] {
  let byType = cache.get(reference);
  if (!byType) {
    byType = new Map();
    cache.set(reference, byType);
  }
  let questions = byType.get(type);
  if (!questions) {
    questions =
      type === "individual"
        ? individualQuestions(reference)
        : type === "company"
          ? companyQuestions(reference)
          : trustQuestions(reference);
    byType.set(type, questions);
  }
  return questions;
}

const partyTypeQuestions = new WeakMap<ReferenceQuestion, Question>();

/** The party-type question of a reference, the same object every time (so its visibility is remembered). */
export function partyTypeQuestionOf(reference: ReferenceQuestion): Question {
  let question = partyTypeQuestions.get(reference);
  if (!question) {
    question = partyTypeQuestion(reference);
    partyTypeQuestions.set(reference, question);
  }
  return question;
}

/** Whether the interview asks for the party's type (it does not when the reference allows only one). */
export function asksPartyType(reference: ReferenceQuestion): boolean {
  return reference.partyTypes.length > 1;
}

/** The type of party answered (or implied, when only one is allowed), if it is one the reference allows. */
export function partyTypeOf(reference: ReferenceQuestion, value: unknown): PartyType | undefined {
  const [only] = reference.partyTypes;
  if (reference.partyTypes.length === 1) return only;
  const answered = readPath(value, PARTY_TYPE_FIELD);
  const match = PARTY_TYPES.find(
    (party) =>
      typeof answered === "string" &&
      (party.value === answered.trim() || party.text.toLowerCase() === answered.trim().toLowerCase()),
  );
  return match && reference.partyTypes.includes(match.value) ? match.value : undefined;
}
