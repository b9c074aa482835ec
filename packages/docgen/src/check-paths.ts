/**
 * How the cross-field checks (checks.ts, smsf-check.ts) find the answers they read: a check path
 * names questions by id from the top of the interview, stepping into groups and parties, and reaches
 * every shown node it names (one per group entry).
 */
import { isAnswered } from "./answers.ts";
import { checkAnswer } from "./fields.ts";
import type { CalendarDate } from "./identifiers.ts";
import type { VisibleParty, VisibleQuestion } from "./interview.ts";

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

export const fieldOf = (party: VisibleParty, id: string) =>
  fieldValue(party.fields.find((field) => field.question.id === id));

/** The name of a person as answered: an individual's full name, a company's name and legal element. */
export function personName(node: Reached): string | undefined {
  if (node.kind === "field") return fieldValue(node);
  if (node.kind !== "party") return undefined;
  if (node.partyType === "individual") {
    const parts = [fieldOf(node, "first_name"), fieldOf(node, "middle_name"), fieldOf(node, "last_name")];
    if (parts[0] === undefined || parts[2] === undefined) return undefined;
    return parts.filter((part) => part !== undefined).join(" ");
  }
  if (node.partyType === "company") {
    const name = fieldOf(node, "name");
    return name === undefined ? undefined : [name, fieldOf(node, "legal_element") ?? ""].join(" ").trim();
  }
  return undefined;
}

/** Names compare without regard to case, spacing or full stops. */
export const nameKey = (name: string): string =>
  name.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();

/** The directors a company party names (its sole director, or each director), with their paths. */
export function directorsOf(party: VisibleParty): { name: string | undefined; path: string }[] | undefined {
  const type = fieldOf(party, "director_type");
  if (type === "sole") {
    return [{ name: fieldOf(party, "sole_director_name"), path: `${party.path}.sole_director_name` }];
  }
  const group = party.fields.find((field) => field.question.id === "directors");
  if (type !== "multiple" || group?.kind !== "group") return undefined;
  return group.entries.map((entry, index) => ({
    name: fieldValue(entry.find((field) => field.question.id === "name")),
    path: `${group.path}[${index}].name`,
  }));
}

/** Whole years from one date to another (a birthday on 29 February falls on 1 March in other years). */
export function yearsBetween(from: CalendarDate, to: CalendarDate): number {
  const before = to.month < from.month || (to.month === from.month && to.day < from.day);
  return to.year - from.year - (before ? 1 : 0);
}
/** The path of the entry or party holding a node: its own path without the last step. */
export const holderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf(".")));
