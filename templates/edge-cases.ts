/**
 * What every template's edge-case tests share: a template's sample answers changed one way, then
 * either the text it assembles to (read from the HTML preview, which is built from the same
 * document model as the PDF and Word file, and is fast enough for a matrix) or the issues that
 * stop it.
 */
import {
  type AnswerIssue,
  type AnswerObject,
  AnswersError,
  assemble,
  buildDocument,
  preview,
  type Template,
  validate,
} from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import { readPdf } from "@precedent/docgen/testing";
import { expect } from "vitest";

export type Answers = Record<string, unknown>;
export type Change = (answers: Answers) => void;

const ROOT = import.meta.dirname;

/** A change that sets one top-level answer. */
export const setAnswer =
  (id: string, value: unknown): Change =>
  (answers) => {
    answers[id] = value;
  };

export const JURISDICTIONS = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"] as const;

export function load(slug: string): { template: Template; sample: AnswerObject } {
  const loaded = loadTemplateFolder(ROOT, slug);
  if (!loaded.sampleAnswers) throw new Error(`${slug} has no sample answers`);
  return { template: { definition: loaded.definition, body: loaded.body }, sample: loaded.sampleAnswers };
}

/** A template and its sample answers under the names the company tests use. */
export function loadTemplate(slug: string): { template: Template; sample: Answers } {
  const { template, sample } = load(slug);
  return { template, sample: sample as Answers };
}

/** The sample answers of a template, changed as a case needs. */
export function answersFor(slug: string, change: Change = () => {}): Answers {
  const answers = structuredClone(load(slug).sample) as Answers;
  change(answers);
  return answers;
}

function changed(slug: string, change: Change): { template: Template; answers: AnswerObject } {
  return { template: load(slug).template, answers: answersFor(slug, change) as AnswerObject };
}

/**
 * The markup-free text of an HTML preview, entities decoded and spacing collapsed (typographic
 * spaces as plain ones, so a test need not know where the typesetter keeps words together).
 */
export const plainText = (html: string): string =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&rsquo;/g, "’")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    // An inline tag's removal leaves "( Second Party )" where the printed document has "(Second Party)".
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")");

/** The document's text, from the preview, with spacing collapsed (whether or not it validates). */
export function text(slug: string, change: Change = () => {}): string {
  const { template, answers } = changed(slug, change);
  return plainText(preview(template, answers));
}

/** The issues that stop assembly of these answers. */
export function issuesOf(slug: string, answers: Answers): AnswerIssue[] {
  return validate(load(slug).template.definition, answers as AnswerObject);
}

/** The document's text for answers that validate (a test of wording must not pass on refused answers). */
export function documentText(slug: string, answers: Answers): string {
  const { template } = load(slug);
  const issues = validate(template.definition, answers as AnswerObject);
  if (issues.length > 0) throw new Error(`${slug} refuses these answers: ${JSON.stringify(issues)}`);
  return plainText(preview(template, answers as AnswerObject));
}

/** The PDF's text, page by page, spacing collapsed (for what only the printed document shows). */
export async function pdfPages(slug: string, change: Change = () => {}): Promise<string[]> {
  const { template, answers } = changed(slug, change);
  const document = await assemble(template, answers);
  return readPdf(document.pdf).pages.map((page) => page.replace(/\s+/g, " "));
}

/** The issues that stop assembly of these answers (the test fails if they assemble). */
export function refusal(slug: string, change: Change): { path: string; message: string }[] {
  const { template, answers } = changed(slug, change);
  let error: unknown;
  try {
    buildDocument(template, answers);
  } catch (thrown) {
    error = thrown;
  }
  expect(error, "these answers should be refused").toBeInstanceOf(AnswersError);
  return (error as AnswersError).issues.map(({ path, message }) => ({ path, message }));
}

/** Whether these answers assemble (no issue stops them). */
export function assembles(slug: string, change: Change): boolean {
  const { template, answers } = changed(slug, change);
  try {
    buildDocument(template, answers);
    return true;
  } catch (thrown) {
    if (thrown instanceof AnswersError) return false;
    throw thrown;
  }
}

/** An individual party who signs before a witness, as the trust deeds' questions ask. */
export function person(first: string, middle: string, last: string, extra: Answers = {}): Answers {
  return {
    party_type: "individual",
    first_name: first,
    middle_name: middle,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    street: "18 Example Crescent",
    suburb: "Sandy Bay",
    state: "TAS",
    postcode: "7005",
    witness_name: "Kieran Walsh",
    witness_email: "kieran.walsh@example.com",
    ...extra,
  };
}

/** The text of every "clause N" (or "clause N.N") reference in a document. */
export const clauseReferences = (document: string): string[] =>
  [...document.matchAll(/\bclauses? (\d+(?:\.\d+)?)/g)].map(([, number = ""]) => number);
