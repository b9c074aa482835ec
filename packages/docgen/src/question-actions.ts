import type { Answers } from "./answers.ts";
import { forEachVisible, type VisibleField, visibleQuestions } from "./interview.ts";
import type { IntegrationAction, InterviewDefinition } from "./schema.ts";

/**
 * The integration actions the answers ask for (interview spec §4 "AI interview (voice)" step 4: an
 * option Yes on a question with is_qaction adds its action to the saved `actions` list). Only
 * questions shown for these answers count, so a Yes under a condition since turned off asks for
 * nothing. The chosen option counts as Yes by its value or its text ("Yes" either way), as a list
 * may store a code ("seal") behind the word the person chose.
 */
export function requestedActions(definition: InterviewDefinition, answers: Answers): IntegrationAction[] {
  const found = new Set<IntegrationAction>();
  forEachVisible(visibleQuestions(definition, answers), (node) => {
    if (node.kind === "field" && node.question.type === "select" && node.question.action && isYes(node)) {
      found.add(node.question.action);
    }
  });
  return [...found];
}

const YES = /^\s*yes\s*$/i;

function isYes(node: VisibleField): boolean {
  if (node.question.type !== "select" || typeof node.value !== "string") return false;
  const chosen = node.question.options.find((option) => option.value === node.value);
  return YES.test(node.value) || (chosen !== undefined && YES.test(chosen.text));
}
