/**
 * Cross-field checks that hold answers to a bound, each optionally only while a condition holds
 * (`when`, in the language of a question's `visibleIf`, read from the top of the interview):
 *
 * - `sum`: the sum of named number answers (a path into a group adds every entry's) is at least, at
 *   most or exactly a number or another answer: an investment strategy's minimums add up to no more
 *   than 100 % and its maximums to at least 100 %; a trustee company of a super fund has no more
 *   directors than the fund may have members (s17A SIS Act).
 * - `date_within`: a date answer falls within a number of months or days after (or before) another
 *   date answer: an investment strategy's next review no more than 12 months after the meeting.
 *
 * Neither judges until every answer it reads is given and well formed: those answers have their own
 * messages.
 */
import { z } from "zod";
import type { Scope } from "./answers.ts";
import { fieldValue, reach } from "./check-paths.ts";
import { type Condition, ConditionSchema } from "./condition-schema.ts";
import { evaluateCondition } from "./conditions.ts";
import type { AnswerIssue } from "./errors.ts";
import { type CalendarDate, parseDate } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";

/** A bound: a number, or the path of a number answer. */
export type Bound = number | string;

/** The sum of the numbers at `of` is at least / at most / exactly the bounds given. */
export type SumCheck = {
  readonly rule: "sum";
  /** Number questions; a path into a group adds up every entry's answer. */
  readonly of: readonly string[];
  readonly atLeast?: Bound;
  readonly atMost?: Bound;
  readonly equals?: Bound;
  readonly when?: Condition;
  /** Shown beside the first question named (or its group). */
  readonly message: string;
};

/**
 * The date at `date` falls on or after the date at `from` and no more than `months` (or `days`) after
 * it; with `before`, on or before it and no more than that before it. A period of months ends on the
 * same day of the month, or on the month's last day when it has no such day (29 February + 12 months
 * is 28 February).
 */
export type DateWithinCheck = {
  readonly rule: "date_within";
  readonly date: string;
  readonly from: string;
  readonly months?: number;
  readonly days?: number;
  readonly before?: boolean;
  readonly when?: Condition;
  /** Shown beside the answer at `date`. */
  readonly message: string;
};

export type BoundCheck = SumCheck | DateWithinCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

const bound = z.union([z.number().finite(), checkPath]);

/** The zod schemas of the bound checks, members of the cross-check union. */
export const BoundCheckSchemas = [
  z
    .strictObject({
      rule: z.literal("sum"),
      of: z.array(checkPath).min(1),
      atLeast: bound.optional(),
      atMost: bound.optional(),
      equals: bound.optional(),
      when: ConditionSchema.optional(),
      message: z.string().min(1),
    })
    .refine(
      (check) =>
        check.equals !== undefined
          ? check.atLeast === undefined && check.atMost === undefined
          : check.atLeast !== undefined || check.atMost !== undefined,
      "give equals, or atLeast and/or atMost",
    ),
  z
    .strictObject({
      rule: z.literal("date_within"),
      date: checkPath,
      from: checkPath,
      months: z.number().int().min(1).max(1200).optional(),
      days: z.number().int().min(1).max(36_600).optional(),
      before: z.boolean().optional(),
      when: ConditionSchema.optional(),
      message: z.string().min(1),
    })
    .refine((check) => (check.months === undefined) !== (check.days === undefined), "give months or days"),
] as const;

/** The number a bound stands for: itself, or the answer at its path (undefined while unanswered). */
function boundValue(nodes: readonly VisibleQuestion[], value: Bound | undefined): number | undefined {
  if (value === undefined || typeof value === "number") return value;
  const text = fieldValue(reach(nodes, value)[0]);
  return text === undefined ? undefined : Number(text);
}

/** In hundredths, so that 33.33 + 66.67 is exactly 100. */
const hundredths = (value: number): number => Math.round(value * 100);

export function sumIssues(nodes: readonly VisibleQuestion[], check: SumCheck, top: Scope): AnswerIssue[] {
  if (check.when && !evaluateCondition(check.when, top)) return [];
  const reached = check.of.flatMap((path) => reach(nodes, path));
  const numbers = reached.map(fieldValue);
  if (reached.length === 0 || numbers.some((number) => number === undefined)) return [];
  const sum = numbers.reduce((running, number) => running + hundredths(Number(number)), 0);
  const bounds = [check.atLeast, check.atMost, check.equals].map((value) => boundValue(nodes, value));
  const [atLeast, atMost, equals] = bounds;
  // A bound named by an answer not yet given holds nothing back (the answer is asked for).
  const defined = [check.atLeast, check.atMost, check.equals].filter((value) => value !== undefined).length;
  if (bounds.filter((value) => value !== undefined).length < defined) return [];
  const breaks =
    (atLeast !== undefined && sum < hundredths(atLeast)) ||
    (atMost !== undefined && sum > hundredths(atMost)) ||
    (equals !== undefined && sum !== hundredths(equals));
  if (!breaks) return [];
  const [first] = reach(nodes, check.of[0]?.split(".")[0] ?? "");
  return first ? [{ path: first.path, message: check.message }] : [];
}

/** A date as one comparable number (YYYYMMDD). */
const dayNumber = (date: CalendarDate): number => date.year * 10_000 + date.month * 100 + date.day;

/** The date `months` calendar months on (or back), on the month's last day if it has no such day. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

/** The date `days` days on (or back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function dateWithinIssues(
  nodes: readonly VisibleQuestion[],
  check: DateWithinCheck,
  top: Scope,
): AnswerIssue[] {
  if (check.when && !evaluateCondition(check.when, top)) return [];
  const fromText = fieldValue(reach(nodes, check.from)[0]);
  const from = fromText === undefined ? undefined : parseDate(fromText);
  if (!from) return [];
  const sign = check.before ? -1 : 1;
  const limit =
    check.months !== undefined
      ? addMonths(from, sign * check.months)
      : addDays(from, sign * (check.days ?? 0));
  const [low, high] = check.before
    ? [dayNumber(limit), dayNumber(from)]
    : [dayNumber(from), dayNumber(limit)];
  return reach(nodes, check.date).flatMap((node) => {
    const text = fieldValue(node);
    const date = text === undefined ? undefined : parseDate(text);
    if (!date) return [];
    const at = dayNumber(date);
    return at < low || at > high ? [{ path: node.path, message: check.message }] : [];
  });
}
