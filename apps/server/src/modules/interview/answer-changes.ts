import type { AnswerChange } from "@precedent/contracts";
import {
  type Answers,
  type InterviewDefinition,
  partyName,
  type VisibleQuestion,
  visibleQuestions,
} from "@precedent/docgen";

type Shown = { question: string; value: string | null };

/** An answer as a person reads it: a select's option text, lists joined, blanks as null. */
function shownValue(node: Extract<VisibleQuestion, { kind: "field" }>): string | null {
  const { value, question } = node;
  if (value === undefined || value === null) return null;
  if (question.type === "select") {
    const option = question.options.find((o) => o.value === value);
    if (option) return option.text;
  }
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(", ") : null;
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value).trim();
  return text === "" ? null : text;
}

/**
 * Every shown answer by its path, with its question's label and the labels it sits under
 * ("First party › Last name", "Executors 2 › Full name"), as the interview shows them.
 */
function shownAnswers(definition: InterviewDefinition, answers: Answers): Map<string, Shown> {
  const shown = new Map<string, Shown>();
  const walk = (nodes: readonly VisibleQuestion[], prefix: string) => {
    for (const node of nodes) {
      const label = `${prefix}${node.question.label}`;
      if (node.kind === "field") shown.set(node.path, { question: label, value: shownValue(node) });
      else if (node.kind === "party") walk(node.fields, `${label} › `);
      else {
        node.entries.forEach((entry, index) => {
          walk(entry, `${node.question.itemLabel ?? node.question.label} ${index + 1} › `);
        });
      }
    }
  };
  walk(visibleQuestions(definition, answers), "");
  return shown;
}

/**
 * The answers that differ between two sets, question by question, in the interview's order
 * (questions no longer shown come last, their answer now null). Hidden answers count as none:
 * what changed is what the document says.
 */
export function answerChanges(
  definition: InterviewDefinition,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AnswerChange[] {
  const was = shownAnswers(definition, before as Answers);
  const now = shownAnswers(definition, after as Answers);
  const changes: AnswerChange[] = [];
  for (const [path, { question, value }] of now) {
    const from = was.get(path)?.value ?? null;
    if (from !== value) changes.push({ path, question, from, to: value });
  }
  for (const [path, { question, value }] of was) {
    if (!now.has(path) && value !== null) changes.push({ path, question, from: value, to: null });
  }
  return changes;
}

/**
 * The client of a document: the name of the interview's first party, as the document states it
 * (null while unnamed or for templates without parties). Stored on the document on every save
 * for the list's client filter.
 */
export function clientNameOf(definition: InterviewDefinition, answers: Record<string, unknown>) {
  const first = visibleQuestions(definition, answers as Answers).find((node) => node.kind === "party");
  if (first?.kind !== "party" || !first.value) return null;
  const name = partyName(first.value).trim();
  return name === "" ? null : name.slice(0, 500);
}
