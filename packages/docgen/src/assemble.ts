/**
 * Assembly: answers and a template in, the finished document out, as an HTML preview, a Word file and
 * a PDF with its signature fields. Incomplete or invalid answers stop assembly with the list of what
 * is wrong; nothing is ever printed blank. The same template and answers give the same bytes.
 */
import type { Answers } from "./answers.ts";
import { withCover } from "./cover.ts";
import { draftAnswers, highlightMissing } from "./draft.ts";
import { AnswersError } from "./errors.ts";
import { cleanAnswers } from "./interview.ts";
import type { MetadataOptions } from "./metadata.ts";
import { type Block, type DocumentModel, plainText } from "./model.ts";
import { renderDocx } from "./renderers/docx.ts";
import { renderHtml } from "./renderers/html.ts";
import { renderPdf, type SignatureField } from "./renderers/pdf.ts";
import type { InterviewDefinition } from "./schema.ts";
import { executionBlocksOfClean } from "./signers.ts";
import { checkLiquid, renderLiquid } from "./template/liquid.ts";
import { buildBlocks } from "./template/markdown.ts";
import { typographicDocument } from "./typography.ts";
import { validate } from "./validate.ts";

/** A template: its interview and its text (Markdown with Liquid and directives; see the README). */
export type Template = {
  readonly definition: InterviewDefinition;
  readonly body: string;
};

/** An assembled document. */
export type AssembledDocument = {
  readonly html: string;
  readonly docx: Uint8Array;
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  /** Where each signatory signs and dates the PDF (page and box), by meta_key and date_key. */
  readonly signatureFields: readonly SignatureField[];
};

/**
 * Options for buildDocument and assemble. `assembledAt` and `author` (see MetadataOptions) go into the
 * files' metadata; without them the date is fixed, so the same answers give the same bytes.
 */
export type AssembleOptions = MetadataOptions & {
  /**
   * A draft, for reading before the interview is complete: missing or malformed answers print as
   * highlighted "[missing: Question]" placeholders instead of stopping assembly, and the PDF carries
   * a DRAFT watermark on every page. Never a finished document.
   */
  readonly draft?: boolean;
};

/**
 * Builds the document model from a template and answers: validates, renders the Liquid, reads the
 * Markdown. Throws AnswersError when answers are missing or wrong, unless `draft` is set.
 */
export function buildDocument(
  template: Template,
  answers: Answers,
  options: AssembleOptions = {},
): DocumentModel {
  if (options.draft) return buildDraft(template, answers);
  const issues = validate(template.definition, answers);
  if (issues.length > 0) throw new AnswersError(issues);
  const clean = cleanAnswers(template.definition, answers);
  const text = renderLiquid(template.body, { ...clean, document: { title: template.definition.title } });
  const executionBlocks = executionBlocksOfClean(template.definition, clean);
  const blocks = buildBlocks(text, { executionBlocks });
  const title = printedTitle(blocks, template.definition.title);
  const { cover } = template.definition;
  return typographicDocument({ title, blocks: withCover(blocks, { wanted: cover, title, executionBlocks }) });
}

/**
 * The title the footer and cover print: the document's own heading as the answers made it (a sole
 * director's "First Resolutions of the Sole Director", not the interview's "Minutes of the First
 * Meeting of Directors"), or the interview's title when the document has no heading.
 */
function printedTitle(blocks: readonly Block[], interviewTitle: string): string {
  const heading = blocks.find((block) => block.type === "title");
  const text = heading?.type === "title" ? plainText(heading.runs).trim() : "";
  return text === "" ? interviewTitle : text;
}

/** The draft model: missing answers marked in the answers, then highlighted in the blocks. */
function buildDraft(template: Template, answers: Answers): DocumentModel {
  const { definition } = template;
  const filled = draftAnswers(definition, answers);
  const text = renderLiquid(
    template.body,
    { ...filled, document: { title: definition.title } },
    { draft: true },
  );
  const executionBlocks = executionBlocksOfClean(definition, filled);
  const built = buildBlocks(text, { executionBlocks });
  const title = printedTitle(built, definition.title);
  const blocks = withCover(built, { wanted: definition.cover, title, executionBlocks });
  return typographicDocument({ title, blocks: highlightMissing(blocks), draft: true });
}

/**
 * Checks a template without answers, for its authors' tests: Liquid syntax and refused tags (thrown as
 * a TemplateError), then gives a list of problems: variables that are no question of the interview.
 */
export function checkTemplate(template: Template): string[] {
  const roots = new Set([
    "document",
    ...template.definition.questions.map((question) => question.dataPath.split(".")[0]),
  ]);
  return checkLiquid(template.body)
    .filter((variable) => !roots.has(variable))
    .map((variable) => `The template uses "${variable}", which is not a question of the interview`);
}

/** Renders the HTML preview only (fast: no Word or PDF); `draft` as for assemble. */
export function preview(template: Template, answers: Answers, options: AssembleOptions = {}): string {
  return renderHtml(buildDocument(template, answers, options));
}

/**
 * Assembles the document in all three forms. Throws AnswersError or TemplateError when it cannot;
 * with `draft`, missing answers are placeholders instead (see AssembleOptions).
 */
export async function assemble(
  template: Template,
  answers: Answers,
  options: AssembleOptions = {},
): Promise<AssembledDocument> {
  const document = buildDocument(template, answers, options);
  // The PDF first: the Word file's contents give the pages the PDF's contents print.
  const rendered = await renderPdf(document, options);
  const contentsPages = new Map(rendered.outline.map((entry) => [entry.block, entry.page]));
  const { breakBefore, executionSpacing } = rendered;
  const docx = await renderDocx(document, { ...options, contentsPages, breakBefore, executionSpacing });
  return {
    html: renderHtml(document),
    docx,
    pdf: rendered.pdf,
    pageCount: rendered.pageCount,
    signatureFields: rendered.signatureFields,
  };
}
