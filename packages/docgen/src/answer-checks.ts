/**
 * A cross-field check on one answer that the law rules out for the document, though the question
 * must still offer it so that the adviser can say so: a will-maker or an executor under 18. Saying
 * "under 18" and being told why is clearer than a question that only offers "18 or over".
 */
import { z } from "zod";
import type { Scope } from "./answers.ts";
import { fieldValue, reach } from "./check-paths.ts";
import { type Condition, ConditionSchema } from "./condition-schema.ts";
import { evaluateCondition } from "./conditions.ts";
import type { AnswerIssue } from "./errors.ts";
import type { VisibleQuestion } from "./interview.ts";

/**
 * No shown answer at `question` (which may step into groups) is one of `oneOf`; with `when` (a
 * condition as a question's `visibleIf`, read from the top of the interview), only while it holds:
 * one notice question checked against the minimum for the service band answered elsewhere.
 */
export type ForbiddenAnswerCheck = {
  readonly rule: "forbidden_answer";
  readonly question: string;
  readonly oneOf: readonly string[];
  readonly when?: Condition;
  /** Shown beside each answer that is ruled out. */
  readonly message: string;
};

/** The zod schema of a forbidden-answer check. */
export const ForbiddenAnswerCheckSchema = z.strictObject({
  rule: z.literal("forbidden_answer"),
  question: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots"),
  oneOf: z.array(z.string().min(1)).min(1),
  when: ConditionSchema.optional(),
  message: z.string().min(1),
});

/** The issues a forbidden-answer check finds: one beside each shown answer it rules out. */
export function forbiddenAnswerIssues(
  nodes: readonly VisibleQuestion[],
  check: ForbiddenAnswerCheck,
  top: Scope,
): AnswerIssue[] {
  if (check.when && !evaluateCondition(check.when, top)) return [];
  return reach(nodes, check.question).flatMap((node) => {
    const value = fieldValue(node);
    return value !== undefined && check.oneOf.includes(value)
      ? [{ path: node.path, message: check.message }]
      : [];
  });
}
