/**
 * How a check path finds the shown answers it names, shared by the cross-field checks.
 */
import { isAnswered } from "./answers.ts";
import { checkAnswer } from "./fields.ts";
import type { VisibleQuestion } from "./interview.ts";

/** A shown node a path reaches, with its path in the answers. */
export type Reached = VisibleQuestion;

/** Every shown node a check path reaches (one per group entry for a path into a group). */
export function reach(nodes: readonly VisibleQuestion[], path: string): Reached[] {
  const [head, ...rest] = path.split(".");
  const node = nodes.find((candidate) => candidate.question.id === head);
  if (!node) return [];
  if (rest.length === 0) return [node];
  if (node.kind === "party") return reach(node.fields, rest.join("."));
  if (node.kind !== "group") return [];
  return node.entries.flatMap((entry) => reach(entry, rest.join(".")));
}

/** The tidy answer of a shown field, if answered and well formed. */
export function fieldValue(node: VisibleQuestion | undefined): string | undefined {
  if (node?.kind !== "field" || !isAnswered(node.value)) return undefined;
  const verdict = checkAnswer(node.question, node.value);
  return verdict.ok ? String(verdict.value) : undefined;
}
