/**
 * Cross-field checks on amounts: a value at least a multiple of another (security for a loan), shares
 * that add up to a total (a binding nomination's 100 %), and a number capped while a date is before
 * a commencement (a vesting period a perpetuity Act allowed only from then).
 */
import { z } from "zod";
import { fieldValue, reach } from "./check-paths.ts";
import type { AnswerIssue } from "./errors.ts";
import { parseDate } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";

/**
 * The number at `value` is at least `ratio` times the number at `base` (for example a security's
 * value, net of prior-ranking debts, of at least 110 % of a loan: s109N(3) ITAA 1936).
 */
export type MinimumRatioCheck = {
  readonly rule: "minimum_ratio";
  readonly value: string;
  readonly base: string;
  readonly ratio: number;
  /** Shown beside the answer at `value`. */
  readonly message: string;
};

/**
 * The numbers at `of` (a number question inside a group) add up to exactly `equals`: for example the
 * shares of a binding death benefit nomination, which binds only when they total 100 %.
 */
export type TotalCheck = {
  readonly rule: "total";
  readonly of: string;
  readonly equals: number;
  /** Shown beside the group. */
  readonly message: string;
};

/**
 * The number at `value` is at most `max` while the date at `date` is before `before` (DD/MM/YYYY):
 * for example a vesting period a perpetuity Act allowed only from its commencement.
 */
export type MaximumBeforeCheck = {
  readonly rule: "maximum_before";
  readonly value: string;
  readonly max: number;
  readonly date: string;
  readonly before: string;
  /** Shown beside the answer at `value`. */
  readonly message: string;
};

export type NumberCheck = MinimumRatioCheck | TotalCheck | MaximumBeforeCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

/** The zod schemas of the checks on amounts, members of the cross-check union. */
export const NumberCheckSchemas = [
  z.strictObject({
    rule: z.literal("minimum_ratio"),
    value: checkPath,
    base: checkPath,
    ratio: z.number().positive().max(1000),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("total"),
    of: checkPath.regex(/\./, "name a question inside a group"),
    equals: z.number().finite(),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("maximum_before"),
    value: checkPath,
    max: z.number().finite(),
    date: checkPath,
    before: z.string().refine((text) => parseDate(text) !== undefined, "a date as DD/MM/YYYY"),
    message: z.string().min(1),
  }),
] as const;

export function minimumRatio(nodes: readonly VisibleQuestion[], check: MinimumRatioCheck): AnswerIssue[] {
  const [baseNode] = reach(nodes, check.base);
  const base = Number(fieldValue(baseNode));
  if (!Number.isFinite(base) || fieldValue(baseNode) === undefined) return [];
  return reach(nodes, check.value).flatMap((node) => {
    const text = fieldValue(node);
    // Compared in cents, so that 110 % of $500,000.00 is exactly $550,000.00.
    const short = text !== undefined && Math.round(Number(text) * 100) < Math.round(base * check.ratio * 100);
    return short ? [{ path: node.path, message: check.message }] : [];
  });
}

export function total(nodes: readonly VisibleQuestion[], check: TotalCheck): AnswerIssue[] {
  const groupId = check.of.split(".")[0] ?? "";
  const [group] = reach(nodes, groupId);
  if (group?.kind !== "group" || group.entries.length === 0) return [];
  const numbers = reach(nodes, check.of).map(fieldValue);
  // Judge only once every entry's number is given; compared in hundredths, so 33.33 + 66.67 is 100.
  if (numbers.some((number) => number === undefined)) return [];
  const sum = numbers.reduce((running, number) => running + Math.round(Number(number) * 100), 0);
  return sum === Math.round(check.equals * 100) ? [] : [{ path: group.path, message: check.message }];
}

export function maximumBefore(nodes: readonly VisibleQuestion[], check: MaximumBeforeCheck): AnswerIssue[] {
  const dateText = fieldValue(reach(nodes, check.date)[0]);
  const date = dateText === undefined ? undefined : parseDate(dateText);
  const before = parseDate(check.before);
  if (!date || !before) return [];
  const key = (day: { year: number; month: number; day: number }) =>
    day.year * 10000 + day.month * 100 + day.day;
  if (key(date) >= key(before)) return [];
  return reach(nodes, check.value).flatMap((node) => {
    const text = fieldValue(node);
    return text !== undefined && Number(text) > check.max
      ? [{ path: node.path, message: check.message }]
      : [];
  });
}
