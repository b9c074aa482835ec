/**
 * The engine's work as pool tasks (runs on a worker thread; see document-engine.ts for the request
 * side). A starter template (version 1) is read from the library folder by identifier, once per
 * thread, and kept: its task carries only the identifier and the answers. An uploaded version
 * comes with its files' text and their hash, and is parsed once per thread under that hash: a
 * task is assembled with exactly the version it names, never whatever is current. The engine's refusals (answers missing or
 * wrong, a template that cannot be produced) come back as values, because an error crossing
 * threads loses its class and fields; the request side throws them again as the engine's errors.
 */
import {
  type AnswerIssue,
  type Answers,
  AnswersError,
  type AssembledDocument,
  type AssembleOptions,
  assemble as assembleDocument,
  buildDocument,
  type RenderedPdf,
  renderPdf as renderDocumentPdf,
  TemplateError,
} from "@precedent/docgen";
import {
  type LibraryTemplate,
  loadTemplateFolder,
  type TemplateFiles,
  templateFromFiles,
} from "@precedent/docgen/library";

/** An uploaded template version's files, named by the sha256 of their text. */
export type UploadedTemplateFiles = { contentHash: string; files: TemplateFiles };

export type DocumentTaskInput = {
  /** The template library's folder and the template's identifier (its folder name). */
  root: string;
  identifier: string;
  /** An uploaded version's files; without them, the starter folder's template. */
  uploaded?: UploadedTemplateFiles | undefined;
  answers: Answers;
  options: AssembleOptions;
};

export type EngineRefusal =
  | { kind: "answers"; issues: AnswerIssue[] }
  | { kind: "template"; message: string };
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: EngineRefusal };
export type RenderedPdfSummary = Pick<RenderedPdf, "pdf" | "pageCount" | "signatureFields">;

const templates = new Map<string, LibraryTemplate>();

function templateOf({ root, identifier, uploaded }: DocumentTaskInput): LibraryTemplate {
  const key = uploaded ? `sha256:${uploaded.contentHash}` : `${root}\u0000${identifier}`;
  let template = templates.get(key);
  if (!template) {
    template = uploaded
      ? templateFromFiles(identifier, uploaded.files)
      : loadTemplateFolder(root, identifier);
    templates.set(key, template);
  }
  return template;
}

async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AnswersError)
      return { ok: false, refusal: { kind: "answers", issues: [...error.issues] } };
    if (error instanceof TemplateError)
      return { ok: false, refusal: { kind: "template", message: error.message } };
    throw error;
  }
}

/** The document in all three forms (docgen's `assemble`). */
export function assemble(input: DocumentTaskInput): Promise<Outcome<AssembledDocument>> {
  return outcomeOf(() => assembleDocument(templateOf(input), input.answers, input.options));
}

/** The PDF only (a preview, or the signature boxes of the document to send for signing). */
export function renderPdf(input: DocumentTaskInput): Promise<Outcome<RenderedPdfSummary>> {
  return outcomeOf(async () => {
    const { draft, ...metadata } = input.options;
    const rendered = await renderDocumentPdf(
      buildDocument(templateOf(input), input.answers, { draft }),
      metadata,
    );
    return { pdf: rendered.pdf, pageCount: rendered.pageCount, signatureFields: rendered.signatureFields };
  });
}
