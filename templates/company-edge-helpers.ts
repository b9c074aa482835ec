/**
 * What the company templates' edge-case tests share: a template's sample answers changed as a case
 * needs, the issues validation finds in them, and the text the document prints for them (its HTML
 * preview with the markup taken out: the same text the PDF and Word files set).
 */
import { type AnswerIssue, type AnswerObject, preview, type Template, validate } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";

const ROOT = import.meta.dirname;
export type Answers = Record<string, unknown>;

export function loadTemplate(slug: string): { template: Template; sample: Answers } {
  const loaded = loadTemplateFolder(ROOT, slug);
  if (!loaded.sampleAnswers) throw new Error(`${slug} has no sample answers`);
  return {
    template: { definition: loaded.definition, body: loaded.body },
    sample: loaded.sampleAnswers as Answers,
  };
}

/** The sample answers of a template, changed as a case needs. */
export function answersFor(slug: string, change: (answers: Answers) => void = () => {}): Answers {
  const answers = structuredClone(loadTemplate(slug).sample);
  change(answers);
  return answers;
}

/** The issues that stop assembly of these answers. */
export function issuesOf(slug: string, answers: Answers): AnswerIssue[] {
  return validate(loadTemplate(slug).template.definition, answers as AnswerObject);
}

/** The markup-free text of an HTML preview (typographic spaces as plain ones). */
export const plainText = (html: string): string =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&rsquo;|’/g, "’")
    .replace(/\s+/g, " ");

/** The document's text for answers that validate (a test of wording must not pass on refused answers). */
export function documentText(slug: string, answers: Answers): string {
  const { template } = loadTemplate(slug);
  const issues = validate(template.definition, answers as AnswerObject);
  if (issues.length > 0) throw new Error(`${slug} refuses these answers: ${JSON.stringify(issues)}`);
  return plainText(preview(template, answers as AnswerObject));
}
