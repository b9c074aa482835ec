/**
 * The condition language's schema (spec §3 "visibleIf"), apart from the rest of the interview schema
 * so that cross-field checks can take a condition (`when`) without importing the whole schema.
 */
import { z } from "zod";

/** A value a condition compares with. */
export type Scalar = string | number | boolean;

/**
 * When a question is shown. The spec's form is `{ questionId, equals }`; the others compose it.
 * `questionId` may continue into a party (`buyer.party_type`); `some` holds when any entry of
 * a group meets the inner condition, evaluated inside that entry.
 */
export type Condition =
  | {
      readonly questionId: string;
      readonly equals?: Scalar;
      readonly notEquals?: Scalar;
      readonly oneOf?: readonly Scalar[];
      readonly answered?: boolean;
      readonly some?: Condition;
      /** The answer is a number no less than this; for a group, its number of entries. */
      readonly atLeast?: number;
      /** The answer is a number no more than this; for a group, its number of entries. */
      readonly atMost?: number;
    }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] }
  | { readonly not: Condition };

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);

const CONDITION_OPERATORS = [
  "equals",
  "notEquals",
  "oneOf",
  "answered",
  "some",
  "atLeast",
  "atMost",
] as const;
const CONDITION_COMBINATORS = ["all", "any", "not"] as const;

/** The zod schema of a visibleIf condition. */
export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z
    .strictObject({
      questionId: z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name a question id")
        .optional(),
      equals: scalarSchema.optional(),
      notEquals: scalarSchema.optional(),
      oneOf: z.array(scalarSchema).min(1).optional(),
      answered: z.boolean().optional(),
      some: ConditionSchema.optional(),
      atLeast: z.number().optional(),
      atMost: z.number().optional(),
      all: z.array(ConditionSchema).min(1).optional(),
      any: z.array(ConditionSchema).min(1).optional(),
      not: ConditionSchema.optional(),
    })
    .superRefine((condition, context) => {
      const operators = CONDITION_OPERATORS.filter((key) => condition[key] !== undefined);
      // A range is one comparison: { atLeast: 2, atMost: 5 }.
      if (condition.atLeast !== undefined && condition.atMost !== undefined) operators.pop();
      const combinators = CONDITION_COMBINATORS.filter((key) => condition[key] !== undefined);
      const shape =
        combinators.length === 1 && operators.length === 0 && condition.questionId === undefined
          ? "combinator"
          : combinators.length === 0 && operators.length === 1 && condition.questionId !== undefined
            ? "comparison"
            : "invalid";
      if (shape === "invalid") {
        context.addIssue({
          code: "custom",
          message:
            "a condition is either { questionId, and one of equals, notEquals, oneOf, answered, some, atLeast / atMost } or one of { all: [...] }, { any: [...] }, { not: ... }",
        });
      }
    }),
) as z.ZodType<Condition>;
