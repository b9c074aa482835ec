import type { AnswerObject, Answers, AnswerValue } from "./answers.ts";

/**
 * Reading and writing answers at the paths `visibleQuestions` gives each node (`company.acn`,
 * `officers[1].person.first_name`, `company.trustees[0]`), for every client of the interview: the
 * interview page and the server's assistant write answers by the same rules. Every write returns
 * new objects along the path, so React sees the change and the previous answers stay as they were.
 */

type Step = string | number;

/** `officers[1].person.first_name` → ["officers", 1, "person", "first_name"]. */
export function parsePath(path: string): Step[] {
  const steps: Step[] = [];
  for (const part of path.split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) throw new Error(`not an answer path: ${path}`);
    if (match[1]) steps.push(match[1]);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) steps.push(Number(index[1]));
  }
  return steps;
}

const isObject = (value: unknown): value is AnswerObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a path; undefined when any step is missing. */
export function readAnswer(answers: Answers, path: string): unknown {
  let current: unknown = answers;
  for (const step of parsePath(path)) {
    if (typeof step === "number") {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (!isObject(current) || !Object.hasOwn(current, step)) return undefined;
      current = current[step];
    }
  }
  return current;
}

function writeSteps(container: unknown, steps: Step[], value: AnswerValue | undefined): AnswerValue {
  const [step, ...rest] = steps;
  if (step === undefined) return value ?? null;
  if (typeof step === "number") {
    const list: AnswerValue[] = Array.isArray(container) ? [...container] : [];
    while (list.length < step) list.push({});
    list[step] = writeSteps(list[step], rest, value);
    return list;
  }
  const object: Record<string, AnswerValue> = isObject(container) ? { ...container } : {};
  if (rest.length === 0 && value === undefined) delete object[step];
  else object[step] = writeSteps(Object.hasOwn(object, step) ? object[step] : undefined, rest, value);
  return object;
}

/** The answers with the value at `path` replaced (undefined removes it). */
export function writeAnswer(answers: Answers, path: string, value: AnswerValue | undefined): Answers {
  const result = writeSteps(answers, parsePath(path), value);
  return isObject(result) ? result : {};
}

/**
 * The answers with the group at `path` holding `count` entries: entries beyond it are removed,
 * new ones start empty. Undefined removes the group's answer (the "how many?" is unanswered).
 */
export function resizeGroup(answers: Answers, path: string, count: number | undefined): Answers {
  if (count === undefined) return writeAnswer(answers, path, undefined);
  const current = readAnswer(answers, path);
  const entries: AnswerValue[] = Array.isArray(current) ? current.slice(0, count) : [];
  while (entries.length < count) entries.push({});
  return writeAnswer(answers, path, entries);
}
