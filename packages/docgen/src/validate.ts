/**
 * Validation of answers against an interview: every shown question is checked (hidden ones never
 * are), then the rules that span several answers, such as a company being able to sign under s127.
 */
import { type Answers, createScope, isAnswered } from "./answers.ts";
import { crossCheckIssues } from "./checks.ts";
import { PROPRIETARY_LEGAL_ELEMENTS } from "./constants.ts";
import type { AnswerIssue } from "./errors.ts";
import { checkAnswer, MESSAGES } from "./fields.ts";
import { type VisibleParty, type VisibleQuestion, visibleQuestions } from "./interview.ts";
import type { InterviewDefinition, Question } from "./schema.ts";

/** Checks the answers against the interview; gives one {path, message} per problem, in interview order. */
export function validate(definition: InterviewDefinition, answers: Answers): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const nodes = visibleQuestions(definition, answers);
  validateNodes(nodes, issues);
  // The interview's own rules across answers (s17A, a settlor who must not benefit, officers' ages).
  issues.push(...crossCheckIssues(nodes, definition.checks, createScope(definition.questions, answers, "")));
  return issues;
}

function validateNodes(nodes: readonly VisibleQuestion[], issues: AnswerIssue[]): void {
  for (const node of nodes) {
    if (node.kind === "field") {
      if (!isAnswered(node.value)) {
        if (node.question.required) issues.push({ path: node.path, message: blankMessage(node.question) });
        continue;
      }
      const verdict = checkAnswer(node.question, node.value);
      if (!verdict.ok) issues.push({ path: node.path, message: verdict.message });
    } else if (node.kind === "group") {
      const { count, question } = node;
      if (count === undefined) {
        if (question.required) issues.push({ path: node.path, message: blankMessage(question) });
        continue;
      }
      if (count < question.min)
        issues.push({ path: node.path, message: MESSAGES.entriesAtLeast(question.min) });
      if (count > question.max)
        issues.push({ path: node.path, message: MESSAGES.entriesAtMost(question.max) });
      for (const entry of node.entries) validateNodes(entry, issues);
    } else {
      if (!node.question.required && !partyStarted(node)) continue;
      validateNodes(node.fields, issues);
      if (node.partyType === "company") companyRules(node, issues);
    }
  }
}

/** What a required question left unanswered says: its own message (why it is asked), or the spec's. */
const blankMessage = (question: Question): string => question.requiredMessage ?? MESSAGES.blank;

/** Whether anything of an optional party has been answered (an untouched optional party is fine). */
function partyStarted(node: VisibleParty): boolean {
  let started = false;
  const visit = (nodes: readonly VisibleQuestion[]): void => {
    for (const child of nodes) {
      if (child.kind === "field" && isAnswered(child.value)) started = true;
      else if (child.kind === "group" && child.count !== undefined) started = true;
      else if (child.kind === "party") visit(child.fields);
    }
  };
  visit(node.fields);
  return started;
}

/** The tidy value of a shown field of a party (or entry), found by question id. */
function answerOf(nodes: readonly VisibleQuestion[], id: string): string | undefined {
  const node = nodes.find((candidate) => candidate.question.id === id);
  if (node?.kind !== "field" || !isAnswered(node.value)) return undefined;
  const verdict = checkAnswer(node.question, node.value);
  return verdict.ok ? String(verdict.value) : undefined;
}

const LEGAL_ELEMENT_AT_END = /\s(PTY\.?\s*(LTD|LIMITED)|PROPRIETARY\s+(LTD|LIMITED)|LTD|LIMITED)\.?$/i;

const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** A company must be named without its legal element, and must be able to sign under s127(1). */
function companyRules(node: VisibleParty, issues: AnswerIssue[]): void {
  const fields = node.fields;
  const name = answerOf(fields, "name");
  if (name && LEGAL_ELEMENT_AT_END.test(` ${name}`)) {
    issues.push({
      path: `${node.path}.name`,
      message:
        'Enter the company name without its legal element (such as "Pty Ltd"): choose that separately.',
    });
  }
  const legalElement = answerOf(fields, "legal_element");
  const directorType = answerOf(fields, "director_type");
  if (legalElement && !PROPRIETARY_LEGAL_ELEMENTS.has(legalElement) && directorType === "sole") {
    issues.push({
      path: `${node.path}.director_type`,
      message:
        "A public company needs at least three directors (s201A(2) Corporations Act), so it cannot have a sole director.",
    });
  }
  if (!node.question.signs || directorType !== "multiple") return;
  const directors = fields.find((field) => field.question.id === "directors");
  if (directors?.kind !== "group" || directors.count === undefined) return;
  const signs = directors.entries.map((entry) => answerOf(entry, "signs"));
  // Judge who signs only once every director has been asked.
  if (signs.some((answer) => answer === undefined)) return;
  const signing = directors.entries.filter((_, index) => signs[index] === "Yes");
  const secretary = answerOf(fields, "secretary_name");
  if (signing.length === 0) {
    issues.push({
      path: `${node.path}.directors`,
      message:
        "Mark who signs for the company: two directors, or one director with the company secretary (s127 Corporations Act).",
    });
  } else if (signing.length === 1) {
    const [only] = signing;
    const director = only ? answerOf(only, "name") : undefined;
    if (!secretary) {
      issues.push({
        path: `${node.path}.secretary_name`,
        message:
          "Only one director signs: name the company secretary, or mark a second director to sign (s127 Corporations Act).",
      });
    } else if (director && sameName(director, secretary)) {
      issues.push({
        path: `${node.path}.secretary_name`,
        message: "The company secretary must be a different person from the signing director.",
      });
    }
  }
}

/**
 * Only the answers given that are malformed (a bad postcode, ACN, email or date, a number out of
 * range, too many entries), leaving out what is merely missing and the rules across answers: the
 * check for saving work in progress, where a half-answered interview is normal but a wrong answer
 * must not be stored. `validate` still decides at assembly.
 */
export function formatIssues(definition: InterviewDefinition, answers: Answers): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const visit = (nodes: readonly VisibleQuestion[]): void => {
    for (const node of nodes) {
      if (node.kind === "field") {
        if (!isAnswered(node.value)) continue;
        const verdict = checkAnswer(node.question, node.value);
        if (!verdict.ok) issues.push({ path: node.path, message: verdict.message });
      } else if (node.kind === "group") {
        if (node.count !== undefined && node.count > node.question.max)
          issues.push({ path: node.path, message: MESSAGES.entriesAtMost(node.question.max) });
        for (const entry of node.entries) visit(entry);
      } else {
        visit(node.fields);
      }
    }
  };
  visit(visibleQuestions(definition, answers));
  return issues;
}
