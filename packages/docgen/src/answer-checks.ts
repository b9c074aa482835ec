/**
 * A cross-field check on one answer that the law rules out for the document, though the question
 * must still offer it so that the adviser can say so: a will-maker or an executor under 18. Saying
 * "under 18" and being told why is clearer than a question that only offers "18 or over".
 */
import { z } from "zod";
import { fieldValue, reach } from "./check-paths.ts";
import type { AnswerIssue } from "./errors.ts";
import type { VisibleQuestion } from "./interview.ts";

/** No shown answer at `question` (which may step into groups) is one of `oneOf`. */
export type ForbiddenAnswerCheck = {
  readonly rule: "forbidden_answer";
  readonly question: string;
  readonly oneOf: readonly string[];
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
  message: z.string().min(1),
});

/** The issues a forbidden-answer check finds: one beside each shown answer it rules out. */
export function forbiddenAnswerIssues(
  nodes: readonly VisibleQuestion[],
  check: ForbiddenAnswerCheck,
): AnswerIssue[] {
  return reach(nodes, check.question).flatMap((node) => {
    const value = fieldValue(node);
    return value !== undefined && check.oneOf.includes(value)
      ? [{ path: node.path, message: check.message }]
      : [];
  });
}
