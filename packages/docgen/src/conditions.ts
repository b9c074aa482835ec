/**
 * visibleIf: a small condition language written as data (never evaluated as code). A condition names
 * a question by id, looked up from the innermost level outwards, and compares its answer. A hidden
 * question counts as unanswered, so hiding one hides what depends on it.
 */
import { createScope, isAnswered, readPath, type Scope } from "./answers.ts";
import {
  asksPartyType,
  PARTY_TYPE_FIELD,
  partyQuestions,
  partyTypeOf,
  partyTypeQuestionOf,
} from "./parties.ts";
import type { Condition, Question, Scalar } from "./schema.ts";

type Resolved = { readonly question: Question; readonly value: unknown; readonly scope: Scope };

/** Whether a question is shown at this level, given the answers (memoised per level). */
export function isVisible(question: Question, scope: Scope): boolean {
  const known = scope.visibility.get(question);
  if (known !== undefined) return known;
  // Definitions are checked for circular conditions, so this recursion ends.
  const visible = question.visibleIf ? evaluateCondition(question.visibleIf, scope) : true;
  scope.visibility.set(question, visible);
  return visible;
}

/** Evaluates a condition at a level of the interview. */
export function evaluateCondition(condition: Condition, scope: Scope): boolean {
  if ("all" in condition) return condition.all.every((inner) => evaluateCondition(inner, scope));
  if ("any" in condition) return condition.any.some((inner) => evaluateCondition(inner, scope));
  if ("not" in condition) return !evaluateCondition(condition.not, scope);
  const target = resolve(condition.questionId, scope);
  // A group is compared by its number of entries ("visible if there are two or more directors").
  const value =
    target?.question.type === "group" && Array.isArray(target.value) ? target.value.length : target?.value;
  if (condition.atLeast !== undefined || condition.atMost !== undefined) {
    const number = asNumber(value);
    if (number === undefined) return false;
    return (
      (condition.atLeast === undefined || number >= condition.atLeast) &&
      (condition.atMost === undefined || number <= condition.atMost)
    );
  }
  if (condition.equals !== undefined) return sameValue(value, condition.equals);
  if (condition.notEquals !== undefined) return !sameValue(value, condition.notEquals);
  if (condition.oneOf !== undefined) return condition.oneOf.some((option) => sameValue(value, option));
  if (condition.answered !== undefined) return isAnswered(target?.value) === condition.answered;
  if (condition.some !== undefined) {
    if (target?.question.type !== "group" || !Array.isArray(target.value)) return false;
    const group = target.question;
    const inner = condition.some;
    return target.value.some((entry, index) =>
      evaluateCondition(
        inner,
        createScope(group.questions, entry, `${target.scope.path}[${index}]`, target.scope),
      ),
    );
  }
  return false;
}

/** Finds the question a condition names and its answer, or undefined if the interview has none. */
function resolve(questionId: string, scope: Scope): Resolved | undefined {
  const [head = "", ...rest] = questionId.split(".");
  for (let level: Scope | undefined = scope; level; level = level.parent) {
    const question = level.questions.find((candidate) => candidate.id === head);
    if (!question) continue;
    const value = isVisible(question, level) ? readPath(level.container, question.dataPath) : undefined;
    if (rest.length === 0) return { question, value, scope: level };
    if (question.type !== "reference") return undefined;
    // Inside a party: its type, or one of its own questions (which may themselves be hidden).
    const type = value === undefined ? undefined : partyTypeOf(question, value);
    if (rest.length === 1 && rest[0] === PARTY_TYPE_FIELD) {
      return asksPartyType(question)
        ? { question: partyTypeQuestionOf(question), value: type, scope: level }
        : { question: partyTypeQuestionOf(question), value: question.partyTypes[0], scope: level };
    }
    if (!type) return undefined;
    const questions = partyQuestions(question, type);
    // A path into a party names one of the party's own questions, never one outside it; the party's
    // level still sits inside this one, for its own questions' conditions (witnesses by state).
    if (!questions.some((candidate) => candidate.id === rest[0])) return undefined;
    return resolve(rest.join("."), createScope(questions, value, level.path, level));
  }
  return undefined;
}

/** An answer as a number (answers arrive as text from forms), or undefined if it is none. */
function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value.replace(/[$,\s]/g, ""));
  return Number.isFinite(number) ? number : undefined;
}

/** Compares an answer with a condition's value: numbers and text compare by their written form. */
function sameValue(value: unknown, expected: Scalar): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "object") return false;
  return String(value).trim() === String(expected);
}
