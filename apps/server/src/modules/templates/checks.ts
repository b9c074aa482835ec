import type { AnswerSetResult, TemplateCheck } from "@precedent/contracts";
import {
  type Answers,
  AnswersError,
  checkTemplate,
  type InterviewDefinition,
  type Question,
  TemplateError,
  validate,
} from "@precedent/docgen";
import type { LibraryTemplate } from "@precedent/docgen/library";
import type { DocumentEngine, UploadedTemplateFiles } from "../../platform/workers/index.ts";

/**
 * The checks an uploaded version must pass before it can be published (issue 37 item 2), run
 * from its data alone: the engine's own reading of the body against the interview, the sample
 * answers through the interview's validation and its declared cross-checks, the sample answers
 * assembled to PDF on the worker pool (page count and the HTML preview, no LibreOffice), and a
 * draft with nothing answered (every condition false, every placeholder shown) assembled too.
 * The starter library's edge-case test files are code, and are not run for an upload.
 */
export type VersionCheckResult = {
  checks: TemplateCheck[];
  passed: boolean;
  page_count: number | null;
  preview_html: string | null;
  /** The upload's edge-case answer sets (absent on versions uploaded before they existed). */
  answer_sets?: AnswerSetResult[];
};

/** An edge-case answer set as uploaded: its name and its answers, parsed. */
export type AnswerSet = { name: string; answers: Answers };

/** The pool's fairness key for checks: one line for all of them, apart from every firm's work. */
const CHECKS_QUEUE = "template checks";

const reasonOf = (error: unknown): string[] => {
  if (error instanceof AnswersError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
  if (error instanceof TemplateError) return [error.message];
  throw error;
};

export async function checkVersion(
  engine: DocumentEngine,
  template: LibraryTemplate,
  uploaded: UploadedTemplateFiles,
  sets: readonly AnswerSet[] = [],
): Promise<VersionCheckResult> {
  const checks: TemplateCheck[] = [];
  const add = (name: string, details: string[]) =>
    checks.push({ name, passed: details.length === 0, details });
  const source = { identifier: template.identifier, uploaded };
  const answers = (template.sampleAnswers ?? {}) as Answers;

  add("The interview and the template read", []);
  add("The template uses only the interview's questions", checkTemplate(template));
  add(
    "The sample answers pass the interview's checks",
    validate(template.definition, answers).map((issue) => `${issue.path}: ${issue.message}`),
  );
  let pageCount: number | null = null;
  let previewHtml: string | null = null;
  try {
    const assembled = await engine.assemble(CHECKS_QUEUE, source, answers);
    pageCount = assembled.pageCount;
    previewHtml = assembled.html;
    add(`The sample answers assemble (${pageCount} ${pageCount === 1 ? "page" : "pages"})`, []);
  } catch (error) {
    add("The sample answers assemble", reasonOf(error));
  }
  try {
    await engine.renderPdf(CHECKS_QUEUE, source, {}, { draft: true });
    add("A draft with nothing answered assembles", []);
  } catch (error) {
    add("A draft with nothing answered assembles", reasonOf(error));
  }
  const answerSets: AnswerSetResult[] = [];
  // One after another: the pool's fairness key is shared by every upload's checks.
  for (const set of sets) answerSets.push(await checkAnswerSet(engine, template, source, set));
  return {
    checks,
    passed: checks.every((c) => c.passed) && answerSets.every((set) => set.passed),
    page_count: pageCount,
    preview_html: previewHtml,
    answer_sets: answerSets,
  };
}

/** One edge-case answer set through the sample answers' checks: the interview's, then assembly. */
async function checkAnswerSet(
  engine: DocumentEngine,
  template: LibraryTemplate,
  source: { identifier: string; uploaded: UploadedTemplateFiles },
  set: AnswerSet,
): Promise<AnswerSetResult> {
  const checks: TemplateCheck[] = [];
  const add = (name: string, details: string[]) =>
    checks.push({ name, passed: details.length === 0, details });
  add(
    "The answers pass the interview's checks",
    validate(template.definition, set.answers).map((issue) => `${issue.path}: ${issue.message}`),
  );
  let pageCount: number | null = null;
  try {
    pageCount = (await engine.assemble(CHECKS_QUEUE, source, set.answers)).pageCount;
    add(`The answers assemble (${pageCount} ${pageCount === 1 ? "page" : "pages"})`, []);
  } catch (error) {
    add("The answers assemble", reasonOf(error));
  }
  const failed = checks.find((c) => !c.passed);
  return {
    name: set.name,
    passed: !failed,
    page_count: pageCount,
    checks,
    message: failed ? `Failed: ${failed.name} — ${failed.details[0] ?? "no reason given"}` : null,
  };
}

/**
 * Every question of an interview by id, groups' questions included, with its label (the first
 * one's where two groups use the same id): what the console and relaunch compare.
 */
export function questionsById(definition: InterviewDefinition): Map<string, string> {
  const questions = new Map<string, string>();
  const walk = (list: readonly Question[]) => {
    for (const question of list) {
      if (!questions.has(question.id)) questions.set(question.id, question.label);
      if ("questions" in question && Array.isArray(question.questions)) walk(question.questions);
    }
  };
  walk(definition.questions);
  return questions;
}

/** The questions a version added and removed against another, by id with their labels. */
export function namedQuestionChanges(from: InterviewDefinition, to: InterviewDefinition) {
  const before = questionsById(from);
  const after = questionsById(to);
  const named = (questions: Map<string, string>, other: Map<string, string>) =>
    [...questions]
      .filter(([id]) => !other.has(id))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, label]) => ({ id, label }));
  return { added: named(after, before), removed: named(before, after) };
}

/** The questions a version added and removed, against another, by id. */
export function questionChanges(from: InterviewDefinition, to: InterviewDefinition) {
  const changes = namedQuestionChanges(from, to);
  return { added: changes.added.map((q) => q.id), removed: changes.removed.map((q) => q.id) };
}
