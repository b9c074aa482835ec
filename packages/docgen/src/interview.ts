/**
 * Walking an interview against its answers: which questions are shown (`visibleQuestions`) and which
 * answers are kept (`cleanAnswers`). Validation walks the same tree, so what is shown, what is checked
 * and what is stored always agree.
 */
import {
  type AnswerObject,
  type Answers,
  type AnswerValue,
  createScope,
  isAnswered,
  isAnswerObject,
  joinPath,
  readPath,
  type Scope,
  writePath,
} from "./answers.ts";
import { isVisible } from "./conditions.ts";
import type { PartyType } from "./constants.ts";
import { checkAnswer } from "./fields.ts";
import {
  asksPartyType,
  PARTY_TYPE_FIELD,
  partyQuestions,
  partyTypeOf,
  partyTypeQuestionOf,
} from "./parties.ts";
import type {
  FieldQuestion,
  GroupQuestion,
  InterviewDefinition,
  Question,
  ReferenceQuestion,
  SelectQuestion,
} from "./schema.ts";

/** A question shown to the user, at the path where its answer is kept, with the answer given so far. */
export type VisibleField = {
  readonly kind: "field";
  readonly path: string;
  readonly question: FieldQuestion;
  readonly value: unknown;
};

/** A repeatable group shown to the user: how many entries, and each entry's shown questions. */
export type VisibleGroup = {
  readonly kind: "group";
  readonly path: string;
  readonly question: GroupQuestion;
  /** The number of entries answered; undefined until the "how many?" question is answered. */
  readonly count: number | undefined;
  readonly entries: readonly (readonly VisibleQuestion[])[];
};

/** A party shown to the user: its type (asked first when there is a choice) and that type's fields. */
export type VisibleParty = {
  readonly kind: "party";
  readonly path: string;
  readonly question: ReferenceQuestion;
  readonly partyType: PartyType | undefined;
  /** The party's answers as given (run on cleaned answers to get them tidy). */
  readonly value: AnswerObject | undefined;
  readonly fields: readonly VisibleQuestion[];
};

/** One node of the visible interview. */
export type VisibleQuestion = VisibleField | VisibleGroup | VisibleParty;

/** The questions to show for these answers, as a tree (groups hold their entries, parties their fields). */
export function visibleQuestions(definition: InterviewDefinition, answers: Answers): VisibleQuestion[] {
  return walkScope(createScope(definition.questions, answers, ""));
}

function walkScope(scope: Scope): VisibleQuestion[] {
  const nodes: VisibleQuestion[] = [];
  for (const question of scope.questions) {
    if (isVisible(question, scope)) nodes.push(walkQuestion(question, scope));
  }
  return nodes;
}

function walkQuestion(question: Question, scope: Scope): VisibleQuestion {
  const path = joinPath(scope.path, question.dataPath);
  const value = readPath(scope.container, question.dataPath);
  if (question.type === "group") {
    const list = Array.isArray(value) ? (value as readonly unknown[]) : undefined;
    // Entries beyond the maximum are refused by validation; there is no need to walk them.
    const entries = (list ?? [])
      .slice(0, question.max)
      .map((entry, index) =>
        walkScope(
          createScope(question.questions, isAnswerObject(entry) ? entry : {}, `${path}[${index}]`, scope),
        ),
      );
    return { kind: "group", path, question, count: list?.length, entries };
  }
  if (question.type === "reference") {
    const party = isAnswerObject(value) ? value : undefined;
    const partyType = partyTypeOf(question, party);
    const fields: VisibleQuestion[] = [];
    if (asksPartyType(question)) {
      fields.push({
        kind: "field",
        path: joinPath(path, PARTY_TYPE_FIELD),
        question: partyTypeQuestionOf(question) as SelectQuestion,
        value: readPath(party, PARTY_TYPE_FIELD),
      });
    }
    if (partyType) {
      // The party's level sits inside the question's, so a party's own question may depend on an answer
      // beside it (the number of witnesses by state).
      fields.push(...walkScope(createScope(partyQuestions(question, partyType), party ?? {}, path, scope)));
    }
    return { kind: "party", path, question, partyType, value: party, fields };
  }
  return { kind: "field", path, question, value };
}

/** Options for cleanAnswers. */
export type CleanOptions = {
  /** Also drop answers that fail validation (for saving work in progress); by default they are kept. */
  readonly dropInvalid?: boolean;
};

/**
 * The answers to store: only shown questions, at their data paths, in tidy form (trimmed text, numbers
 * as numbers, dates as DD/MM/YYYY, ACN/ABN spaced, options by value). Hidden and unknown answers go.
 */
export function cleanAnswers(
  definition: InterviewDefinition,
  answers: Answers,
  options: CleanOptions = {},
): Answers {
  return cleanNodes(visibleQuestions(definition, answers), options);
}

function cleanNodes(nodes: readonly VisibleQuestion[], options: CleanOptions): AnswerObject {
  const target: Record<string, AnswerValue> = {};
  for (const node of nodes) {
    const dataPath = node.question.dataPath;
    if (node.kind === "field") {
      if (!isAnswered(node.value)) continue;
      const verdict = checkAnswer(node.question, node.value);
      if (verdict.ok) writePath(target, dataPath, verdict.value);
      else if (!options.dropInvalid && isScalar(node.value)) writePath(target, dataPath, node.value);
    } else if (node.kind === "group") {
      if (node.count === undefined) continue;
      writePath(
        target,
        dataPath,
        node.entries.map((entry) => cleanNodes(entry, options)),
      );
    } else {
      const party = cleanNodes(node.fields, options);
      // A party nobody has started is left out (an answered type counts as a start).
      if (Object.keys(party).length === 0) continue;
      // The type is stored even when implied, so templates can always test it.
      writePath(target, dataPath, node.partyType ? { ...party, [PARTY_TYPE_FIELD]: node.partyType } : party);
    }
  }
  return target;
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** Calls `visit` for every shown field, group and party, depth first, in interview order. */
export function forEachVisible(
  nodes: readonly VisibleQuestion[],
  visit: (node: VisibleQuestion) => void,
): void {
  for (const node of nodes) {
    visit(node);
    if (node.kind === "group") for (const entry of node.entries) forEachVisible(entry, visit);
    else if (node.kind === "party") forEachVisible(node.fields, visit);
  }
}
