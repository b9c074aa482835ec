/**
 * Answers are JSON: each question's answer sits at its data path inside the object of its scope (the
 * whole answers, a group entry, or a party). These helpers read and write them without ever touching
 * inherited properties, so an answer named "constructor" is only ever data.
 */
import type { Question } from "./schema.ts";

/** A JSON value, as answers arrive from the interview and are stored. */
export type AnswerValue = string | number | boolean | null | readonly AnswerValue[] | AnswerObject;
/** A JSON object of answers. */
export type AnswerObject = { readonly [key: string]: AnswerValue };
/** The answers to a whole interview. */
export type Answers = AnswerObject;

/** Whether a value is a plain JSON object (not an array, not null, no exotic prototype). */
export function isAnswerObject(value: unknown): value is AnswerObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Reads the value at a data path ("" is the object itself); undefined when any step is missing. */
export function readPath(container: unknown, dataPath: string): unknown {
  if (dataPath === "") return container;
  let current: unknown = container;
  for (const key of dataPath.split(".")) {
    if (!isAnswerObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** Writes a value at a data path, creating objects on the way ("" merges an object into the target). */
export function writePath(target: Record<string, unknown>, dataPath: string, value: unknown): void {
  if (dataPath === "") {
    if (isAnswerObject(value)) Object.assign(target, value);
    return;
  }
  const keys = dataPath.split(".");
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (isAnswerObject(next)) {
      current = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      current[key] = created;
      current = created;
    }
  }
  current[keys[keys.length - 1] ?? ""] = value;
}

/** Joins a scope's path and a data path into an answer path: `buyer` + `directors` → `buyer.directors`. */
export function joinPath(scopePath: string, dataPath: string): string {
  if (dataPath === "") return scopePath;
  return scopePath === "" ? dataPath : `${scopePath}.${dataPath}`;
}

/** Whether a value counts as answered: not missing, null, blank text or an empty party. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number") return Number.isFinite(value);
  return true;
}

/**
 * The questions in force at one level of the interview, the object their answers sit in, and the
 * level around it (conditions look outwards for the question they name).
 */
export type Scope = {
  readonly questions: readonly Question[];
  readonly container: unknown;
  /** Answer path of the container: "" at the top, `directors[0]` in an entry, `buyer` in a party. */
  readonly path: string;
  readonly parent?: Scope;
  /** Visibility already worked out at this level. */
  readonly visibility: Map<Question, boolean>;
};

/** Creates a scope. */
export function createScope(
  questions: readonly Question[],
  container: unknown,
  path: string,
  parent?: Scope,
): Scope {
  return parent
    ? { questions, container, path, parent, visibility: new Map() }
    : { questions, container, path, visibility: new Map() };
}
