import type { AnswerChange } from "@precedent/contracts";
import { type AnswerObject, type Answers, cleanAnswers, type InterviewDefinition } from "@precedent/docgen";
import type { Database } from "../../db/client.ts";
import { answerChanges } from "./answer-changes.ts";

/** What a supplement says about its work, for the document's log (a refusal to fill too). */
export type SupplementNote = { message: string; filled: boolean };

/**
 * Answers another module knows that the user has not given (say, a company's ACN once ASIC has
 * registered it), offered at each assembly before the answers are checked and rendered. The
 * interview module knows nothing of where they come from: it fills only EMPTY answers with them
 * (`fillEmpty`), except the answers a module holds itself (`held`), which it writes over; it keeps only what the interview shows (`cleanAnswers`), and saves the result as the
 * document's answers with the assembly. Runs in a read transaction of the assembly.
 */
export type AnswerSupplement = (
  tx: Database,
  input: {
    teamId: number;
    docId: number;
    /** The template's identifier (x_template_id). */
    templateId: string;
    definition: InterviewDefinition;
    answers: Answers;
  },
) => Promise<
  | {
      answers: Answers;
      /**
       * Answers the module holds itself and writes over whatever the document has: a figure that is
       * a setting of this system, not the user's to give (ASIC's fee), so that a document assembled
       * after the setting changes prints the new figure, not the one saved with an earlier assembly.
       */
      held?: Answers;
      notes: SupplementNote[];
    }
  | undefined
>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const isObject = (value: unknown): value is AnswerObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `answers` with `additions` written only where there is no answer yet: an answer the user gave is
 * never replaced. Objects (parties) are filled field by field; lists are the user's, left whole.
 */
export function fillEmpty(answers: AnswerObject, additions: AnswerObject): AnswerObject {
  const filled: Record<string, unknown> = { ...answers };
  for (const [key, addition] of Object.entries(additions)) {
    const current = filled[key];
    if (isEmpty(current)) filled[key] = addition;
    else if (isObject(current) && isObject(addition)) filled[key] = fillEmpty(current, addition);
  }
  return filled as AnswerObject;
}

/**
 * Runs every supplement in turn over the document's answers. `answers` is undefined when nothing
 * was filled (no supplement had anything, or only for questions the interview hides); `notes` are
 * kept either way, so a refusal to fill can be logged.
 */
export async function supplementAnswers(
  tx: Database,
  supplements: readonly AnswerSupplement[],
  input: Parameters<AnswerSupplement>[1],
): Promise<{ answers: Answers | undefined; changes: AnswerChange[]; notes: SupplementNote[] }> {
  let answers = input.answers;
  const notes: SupplementNote[] = [];
  for (const supplement of supplements) {
    const offered = await supplement(tx, { ...input, answers });
    if (!offered) continue;
    answers = fillEmpty(answers, offered.answers);
    if (offered.held) answers = { ...answers, ...offered.held };
    notes.push(...offered.notes);
  }
  if (answers === input.answers) return { answers: undefined, changes: [], notes };
  // Stored as a save stores them: tidy (an ACN spaced) and without answers to hidden questions.
  // The changes are the supplements' alone, not the tidying of answers saved some other way.
  const cleaned = cleanAnswers(input.definition, answers);
  const changes = answerChanges(input.definition, cleanAnswers(input.definition, input.answers), cleaned);
  if (changes.length === 0) {
    return { answers: undefined, changes, notes: notes.filter((note) => !note.filled) };
  }
  return { answers: cleaned, changes, notes };
}

/**
 * Another module's say over a save of a document's answers, in the save's transaction: a refusal
 * (409, nothing saved; e.g. an application lodged with ASIC is read only), an answer it finds wrong
 * (400 beside that question, nothing saved; e.g. a type of company the checked name cannot have), or answers it holds
 * itself and writes over what was sent (e.g. the registration's name, changed only by checking a
 * new one), or undefined to leave the save alone.
 */
export type AnswerGuard = (
  tx: Database,
  input: { teamId: number; docId: number; docType: string; answers: Record<string, unknown> },
) => Promise<
  | { refusal: string }
  | { invalid: { field: string; message: string } }
  | { pinned: Record<string, unknown> }
  | undefined
>;
