import type { AnswerObject, Answers, AnswerValue } from "@precedent/docgen";

/**
 * Reading and writing answers at the paths the engine's `visibleQuestions` gives each node
 * (`first_party.name`, `directors[1].email`). The same rules as the interview page's own
 * (`apps/web/src/features/interview/answer-paths.ts`), which the server may not import: every
 * write returns new objects along the path and leaves the given answers as they were.
 */

type Step = string | number;

function parsePath(path: string): Step[] {
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

function writeSteps(container: unknown, steps: Step[], value: AnswerValue): AnswerValue {
  const [step, ...rest] = steps;
  if (step === undefined) return value;
  if (typeof step === "number") {
    const list: AnswerValue[] = Array.isArray(container) ? [...container] : [];
    while (list.length < step) list.push({});
    list[step] = writeSteps(list[step], rest, value);
    return list;
  }
  const object: Record<string, AnswerValue> = isObject(container) ? { ...container } : {};
  object[step] = writeSteps(Object.hasOwn(object, step) ? object[step] : undefined, rest, value);
  return object;
}

/** The answers with the value at `path` replaced. */
export function writeAnswer(answers: Answers, path: string, value: AnswerValue): Answers {
  const result = writeSteps(answers, parsePath(path), value);
  return isObject(result) ? result : {};
}

/** The answers with the group at `path` holding `count` entries (extra ones dropped, new ones empty). */
export function resizeGroup(answers: Answers, path: string, count: number): Answers {
  const current = readAnswer(answers, path);
  const entries: AnswerValue[] = Array.isArray(current) ? current.slice(0, count) : [];
  while (entries.length < count) entries.push({});
  return writeAnswer(answers, path, entries);
}
