import {
  type Answers,
  type InterviewDefinition,
  isAnswered,
  questionLabels,
  readAnswer,
  resizeGroup,
  type VisibleQuestion,
  validate,
  visibleQuestions,
  writeAnswer,
} from "@precedent/docgen";
import {
  matchOption,
  type OptionChoice,
  parseAustralianDate,
  parseNumber,
  parseRepeatCount,
} from "./answer-conversion.ts";

/**
 * The interviewer walks the engine's own interview: the questions are the ones
 * `visibleQuestions` shows for the answers so far (conditions re-evaluated after every answer),
 * a group is asked "how many?" and then each entry's questions, a party its type and then that
 * type's fields. Every converted answer is checked by the engine's `validate` at its path (the
 * field checks and the interview's rules across answers) before it is kept.
 */

export type QuestionKind = "text" | "email" | "number" | "date" | "select" | "count";

export type AskedQuestion = {
  readonly path: string;
  readonly kind: QuestionKind;
  /** The question as the interview page labels it, with the party or entry it sits in. */
  readonly label: string;
  readonly options: readonly OptionChoice[] | null;
  readonly instruction: string | null;
  readonly required: boolean;
};

/** Shown questions in interview order, depth first (groups' entries, parties' fields). */
function* walk(nodes: readonly VisibleQuestion[]): Generator<VisibleQuestion> {
  for (const node of nodes) {
    yield node;
    if (node.kind === "group") for (const entry of node.entries) yield* walk(entry);
    else if (node.kind === "party") yield* walk(node.fields);
  }
}

/**
 * The node as a question to ask, or undefined when there is nothing to ask: a party's own node,
 * and (unless `answered`, for going back to it) a field with an answer or a group with its count.
 */
function asked(
  node: VisibleQuestion,
  labels: ReadonlyMap<string, string>,
  answered = false,
): AskedQuestion | undefined {
  const label = labels.get(node.path) ?? node.question.label;
  const instruction = node.question.instruction ?? null;
  if (node.kind === "group") {
    if (node.count !== undefined && !answered) return undefined;
    const q = node.question;
    return {
      path: node.path,
      kind: "count",
      label: q.countLabel ?? `${label}: how many?`,
      options: null,
      instruction,
      required: q.required,
    };
  }
  if (node.kind !== "field" || (isAnswered(node.value) && !answered)) return undefined;
  const q = node.question;
  return {
    path: node.path,
    kind: q.type,
    label,
    options: q.type === "select" ? q.options.map((o) => ({ value: o.value, text: o.text })) : null,
    instruction,
    required: q.required,
  };
}

/** The first shown question not yet answered nor skipped, or undefined when none is left. */
export function nextQuestion(
  definition: InterviewDefinition,
  answers: Answers,
  skipped: readonly string[],
): AskedQuestion | undefined {
  const nodes = visibleQuestions(definition, answers);
  const labels = questionLabels(definition, answers);
  const skip = new Set(skipped);
  for (const node of walk(nodes)) {
    if (skip.has(node.path)) continue;
    const question = asked(node, labels);
    if (question) return question;
  }
  return undefined;
}

/** Every shown question not yet answered nor skipped, in interview order (at most `limit`). */
export function openQuestions(
  definition: InterviewDefinition,
  answers: Answers,
  skipped: readonly string[],
  limit: number,
): AskedQuestion[] {
  const labels = questionLabels(definition, answers);
  const skip = new Set(skipped);
  const open: AskedQuestion[] = [];
  for (const node of walk(visibleQuestions(definition, answers))) {
    if (open.length >= limit) break;
    if (skip.has(node.path)) continue;
    const question = asked(node, labels);
    if (question) open.push(question);
  }
  return open;
}

/**
 * The question at `path` if it is still shown and unanswered (answers may change on the page);
 * with `answered`, also when it has an answer (a question the person went back to).
 */
export function questionAt(
  definition: InterviewDefinition,
  answers: Answers,
  path: string,
  answered = false,
): AskedQuestion | undefined {
  const labels = questionLabels(definition, answers);
  for (const node of walk(visibleQuestions(definition, answers))) {
    if (node.path === path) return asked(node, labels, answered);
  }
  return undefined;
}

/**
 * "Back": the shown question before the one at `path` (answered, skipped or not), or the last
 * shown question when `path` is null (every question asked). Undefined at the first question.
 * A path no longer shown (the answers changed on the page) goes back from the end.
 */
export function previousQuestion(
  definition: InterviewDefinition,
  answers: Answers,
  path: string | null,
): AskedQuestion | undefined {
  const labels = questionLabels(definition, answers);
  const shown: AskedQuestion[] = [];
  for (const node of walk(visibleQuestions(definition, answers))) {
    const question = asked(node, labels, true);
    if (question) shown.push(question);
  }
  const at = path === null ? -1 : shown.findIndex((q) => q.path === path);
  return at === -1 ? shown.at(-1) : shown[at - 1];
}

/** The answer the interview holds for a question, as the person would say it; null when none. */
export function currentAnswerText(answers: Answers, question: AskedQuestion): string | null {
  const value = readAnswer(answers, question.path);
  if (question.kind === "count") return Array.isArray(value) ? String(value.length) : null;
  if (value === undefined || value === null || value === "") return null;
  if (question.options) {
    return question.options.find((o) => o.value === String(value))?.text ?? String(value);
  }
  return String(value);
}

export type AnswerAttempt =
  | { readonly ok: true; readonly answers: Answers; readonly understood: string }
  | { readonly ok: false; readonly message: string };

const choicesText = (options: readonly OptionChoice[]) => options.map((o) => o.text).join(", ");

/** Reads the reply in the question's form; undefined with a message when it cannot be read. */
function convert(
  question: AskedQuestion,
  text: string,
  today: string,
): { value: string | number; understood: string } | { message: string } {
  switch (question.kind) {
    case "number": {
      const value = parseNumber(text);
      return value === undefined
        ? { message: "I need a number for this one." }
        : { value, understood: String(value) };
    }
    case "count": {
      const value = parseRepeatCount(text);
      return value < 0
        ? { message: "I need a whole number for how many (0 if none)." }
        : { value, understood: String(value) };
    }
    case "date": {
      const value = parseAustralianDate(text, today);
      return value === undefined
        ? { message: "I could not read that as a date. Please give it like 3 March 2026 or 03/03/2026." }
        : { value, understood: value };
    }
    case "select": {
      const options = question.options ?? [];
      const match = matchOption(text, options);
      if (match.ok) return { value: match.option.value, understood: match.option.text };
      return match.reason === "ambiguous"
        ? { message: `That could be ${choicesText(match.candidates)}. Which one?` }
        : { message: `"${text}" is not one of the choices. Please choose one of: ${choicesText(options)}.` };
    }
    default:
      return { value: text.trim(), understood: text.trim() };
  }
}

/**
 * The answers with the reply to `question` set, converted and checked by the engine, or why it
 * is refused (the engine's message when its check refuses).
 */
export function applyAnswer(
  definition: InterviewDefinition,
  answers: Answers,
  question: AskedQuestion,
  text: string,
  today: string,
): AnswerAttempt {
  const converted = convert(question, text, today);
  if ("message" in converted) return { ok: false, message: converted.message };
  const candidate =
    question.kind === "count"
      ? resizeGroup(answers, question.path, Number(converted.value))
      : writeAnswer(answers, question.path, converted.value);
  // Only this answer's own issues: the rest of the interview may still be half done.
  const issue = validate(definition, candidate).find((found) => found.path === question.path);
  if (issue) return { ok: false, message: issue.message };
  return { ok: true, answers: candidate, understood: converted.understood };
}

/** The current answer at a path, for reading back what the interview holds. */
export const answerAt = (answers: Answers, path: string) => readAnswer(answers, path);
