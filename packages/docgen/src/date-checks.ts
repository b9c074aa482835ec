/**
 * Cross-field checks on dates: a document made before a deadline another answer gives (a Division
 * 7A agreement before the lender's lodgment day, s109N(1)(a) ITAA 1936), and a date that must fall
 * within a window fixed by an income year (a lodgment day after the year ends, and by its usual due
 * date unless the Commissioner deferred it), and a date not before another (a deed varying another is
 * dated after it).
 */
import { z } from "zod";
import { fieldValue, reach } from "./check-paths.ts";
import type { AnswerIssue } from "./errors.ts";
import { type CalendarDate, parseDate } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";

/** A condition on a field's answer: the check applies only while the answer is one of `oneOf`. */
export type DateCheckCondition = { readonly question: string; readonly oneOf: readonly string[] };

/**
 * The date at `earlier` is strictly before the date at `later` (or, with `orSame`, not after it); the
 * issue is shown beside `earlier`. With `when`, only while every condition holds: a sole director's
 * replacement appointed no later than the resignation, so the company always has a director (s201A(1)).
 */
export type DateBeforeCheck = {
  readonly rule: "date_before";
  readonly earlier: string;
  readonly later: string;
  readonly orSame?: boolean;
  readonly when?: readonly DateCheckCondition[];
  readonly message: string;
};

/** A day counted from the end of an income year: `years` after the year named, on `day`/`month`. */
export type IncomeYearDay = { readonly years: number; readonly month: number; readonly day: number };

/**
 * The date at `date` lies after the day `after` and on or before the day `notAfter`, both counted from
 * the income year (the year ending 30 June) answered at `incomeYear`; only while `when` holds.
 */
export type IncomeYearDateCheck = {
  readonly rule: "income_year_date";
  readonly date: string;
  readonly incomeYear: string;
  readonly after?: IncomeYearDay;
  readonly notAfter?: IncomeYearDay;
  readonly when?: { readonly question: string; readonly oneOf: readonly string[] };
  readonly message: string;
};

/** The date at `date` is not before the date at `earliest` (a deed varying another is dated after it). */
export type NotBeforeCheck = {
  readonly rule: "not_before";
  readonly date: string;
  readonly earliest: string;
  /** Shown beside the answer at `date`. */
  readonly message: string;
};

/** A check on dates declared in an interview. */
export type DateCheck = DateBeforeCheck | IncomeYearDateCheck | NotBeforeCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

const incomeYearDay = z.strictObject({
  years: z.number().int().min(-5).max(10),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});

/** The zod schemas of the date checks, members of the cross-check union. */
export const DateCheckSchemas = [
  z.strictObject({
    rule: z.literal("date_before"),
    earlier: checkPath,
    later: checkPath,
    orSame: z.boolean().optional(),
    when: z
      .array(z.strictObject({ question: checkPath, oneOf: z.array(z.string().min(1)).min(1) }))
      .min(1)
      .optional(),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("income_year_date"),
    date: checkPath,
    incomeYear: checkPath,
    after: incomeYearDay.optional(),
    notAfter: incomeYearDay.optional(),
    when: z.strictObject({ question: checkPath, oneOf: z.array(z.string().min(1)).min(1) }).optional(),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("not_before"),
    date: checkPath,
    earliest: checkPath,
    message: z.string().min(1),
  }),
] as const;

/** A date as one comparable number (YYYYMMDD). */
const dayNumber = (date: CalendarDate): number => date.year * 10_000 + date.month * 100 + date.day;

function dateAt(nodes: readonly VisibleQuestion[], path: string): { date: CalendarDate; path: string }[] {
  return reach(nodes, path).flatMap((node) => {
    const text = fieldValue(node);
    const date = text === undefined ? undefined : parseDate(text);
    return date ? [{ date, path: node.path }] : [];
  });
}

/** Whether a condition holds: the field's answer is one of those named (unanswered: it does not). */
function holds(nodes: readonly VisibleQuestion[], condition: DateCheckCondition): boolean {
  const value = fieldValue(reach(nodes, condition.question)[0]);
  return value !== undefined && condition.oneOf.includes(value);
}

export function dateBefore(nodes: readonly VisibleQuestion[], check: DateBeforeCheck): AnswerIssue[] {
  if (check.when && !check.when.every((condition) => holds(nodes, condition))) return [];
  const [later] = dateAt(nodes, check.later);
  if (!later) return [];
  return dateAt(nodes, check.earlier)
    .filter((earlier) =>
      check.orSame
        ? dayNumber(earlier.date) > dayNumber(later.date)
        : dayNumber(earlier.date) >= dayNumber(later.date),
    )
    .map((earlier) => ({ path: earlier.path, message: check.message }));
}

export function incomeYearDate(nodes: readonly VisibleQuestion[], check: IncomeYearDateCheck): AnswerIssue[] {
  if (check.when && !holds(nodes, check.when)) return [];
  const year = Number(fieldValue(reach(nodes, check.incomeYear)[0]));
  if (!Number.isInteger(year) || year === 0) return [];
  const bound = (day: IncomeYearDay) => (year + day.years) * 10_000 + day.month * 100 + day.day;
  return dateAt(nodes, check.date)
    .filter(({ date }) => {
      const at = dayNumber(date);
      return (check.after && at <= bound(check.after)) || (check.notAfter && at > bound(check.notAfter));
    })
    .map(({ path }) => ({ path, message: check.message }));
}

export function notBefore(nodes: readonly VisibleQuestion[], check: NotBeforeCheck): AnswerIssue[] {
  const [node] = reach(nodes, check.date);
  const text = fieldValue(node);
  const earliestText = fieldValue(reach(nodes, check.earliest)[0]);
  const date = text === undefined ? undefined : parseDate(text);
  const earliest = earliestText === undefined ? undefined : parseDate(earliestText);
  if (!node || !date || !earliest || dayNumber(date) >= dayNumber(earliest)) return [];
  return [{ path: node.path, message: check.message }];
}
