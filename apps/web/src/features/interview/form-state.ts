import {
  type Answers,
  cleanAnswers,
  type InterviewDefinition,
  type VisibleQuestion,
  validate,
} from "@precedent/docgen/forms";
import { readAnswer } from "./answer-paths";

/**
 * What the interview page derives from the answers: what it stores, what it could not store, the
 * message of each field and the name of each field in a list of problems. Pure, for unit tests.
 */

/** The answers as they are stored: shown questions only, tidy, and never a malformed value. */
export const storable = (definition: InterviewDefinition, answers: Answers) =>
  cleanAnswers(definition, answers, { dropInvalid: true });

/** Paths of answered fields that `storable` left out because they fail validation. */
export function droppedPaths(
  nodes: readonly VisibleQuestion[],
  stored: Answers,
  into: string[] = [],
): string[] {
  for (const node of nodes) {
    if (node.kind === "field") {
      const given = node.value;
      const answered = given !== undefined && given !== null && String(given).trim() !== "";
      if (answered && readAnswer(stored, node.path) === undefined) into.push(node.path);
    } else if (node.kind === "group") {
      for (const entry of node.entries) droppedPaths(entry, stored, into);
    } else {
      droppedPaths(node.fields, stored, into);
    }
  }
  return into;
}

/** Question labels by answer path, to name the fields in the assembly's list of problems. */
export function labelsByPath(nodes: readonly VisibleQuestion[], into = new Map<string, string>()) {
  for (const node of nodes) {
    if (node.kind === "field") into.set(node.path, node.question.label);
    else if (node.kind === "group") {
      into.set(node.path, node.question.countLabel ?? node.question.label);
      node.entries.forEach((entry, index) => {
        const itemLabel = node.question.itemLabel ?? node.question.label;
        const inner = labelsByPath(entry);
        for (const [path, label] of inner) into.set(path, `${itemLabel} ${index + 1}: ${label}`);
      });
    } else {
      into.set(node.path, node.question.label);
      const inner = labelsByPath(node.fields);
      for (const [path, label] of inner)
        into.set(path, node.question.dataPath === "" ? label : `${node.question.label}: ${label}`);
    }
  }
  return into;
}

/** The first message of each answer path (validate gives them in interview order). */
export function issuesByPath(definition: InterviewDefinition, answers: Answers): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const issue of validate(definition, answers))
    if (!byPath.has(issue.path)) byPath.set(issue.path, issue.message);
  return byPath;
}
