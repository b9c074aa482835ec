/**
 * The template engine's heavy calls, run on the worker pool: what the interview, catalogue and
 * signing modules call instead of docgen's `assemble` and `renderPdf`, so a deed is made off the
 * request thread. Same inputs, same bytes, same errors: AnswersError and TemplateError as the
 * engine throws them, and a task stopped by a limit as a TemplateError saying which (a template
 * that never ends or grows without bound is the template's fault, and is reported as one).
 */
import {
  type Answers,
  AnswersError,
  type AssembledDocument,
  type AssembleOptions,
  TemplateError,
} from "@precedent/docgen";
import type {
  DocumentTaskInput,
  Outcome,
  RenderedPdfSummary,
  UploadedTemplateFiles,
} from "./document-tasks.ts";
import { type WorkerPool, WorkerTaskError } from "./pool.ts";

const TASKS = new URL("./document-tasks.ts", import.meta.url).href;

export type { UploadedTemplateFiles };

/**
 * Which template to assemble with: a starter template by its identifier, or an uploaded version,
 * whose files travel with the task (the worker keeps the parsed template under their hash).
 */
export type EngineTemplate = string | { identifier: string; uploaded?: UploadedTemplateFiles | undefined };

const taskTemplate = (template: EngineTemplate) =>
  typeof template === "string" ? { identifier: template, uploaded: undefined } : template;

export type DocumentEngine = {
  /** docgen's `assemble` for a template of the library (an identifier: its starter version), for a firm (the pool's fairness key). */
  assemble(
    firm: string | number,
    template: EngineTemplate,
    answers: Answers,
    options?: AssembleOptions,
  ): Promise<AssembledDocument>;
  /** `renderPdf(buildDocument(…))`: the PDF, its page count and signature boxes; `draft` as for assemble. */
  renderPdf(
    firm: string | number,
    template: EngineTemplate,
    answers: Answers,
    options?: AssembleOptions,
  ): Promise<RenderedPdfSummary>;
};

export function createDocumentEngine(deps: { pool: WorkerPool; templatesRoot: string }): DocumentEngine {
  const run = async <T>(fn: string, firm: string | number, input: Omit<DocumentTaskInput, "root">) => {
    let outcome: Outcome<T>;
    try {
      outcome = await deps.pool.run<Outcome<T>>(firm, {
        module: TASKS,
        fn,
        input: { ...input, root: deps.templatesRoot } satisfies DocumentTaskInput,
      });
    } catch (error) {
      if (error instanceof WorkerTaskError) throw new TemplateError(error.message);
      throw error;
    }
    if (outcome.ok) return outcome.value;
    const { refusal } = outcome;
    throw refusal.kind === "answers" ? new AnswersError(refusal.issues) : new TemplateError(refusal.message);
  };
  return {
    assemble: (firm, template, answers, options = {}) =>
      run<AssembledDocument>("assemble", firm, {
        identifier: taskTemplate(template).identifier,
        uploaded: taskTemplate(template).uploaded,
        answers,
        options,
      }),
    renderPdf: (firm, template, answers, options = {}) =>
      run<RenderedPdfSummary>("renderPdf", firm, {
        identifier: taskTemplate(template).identifier,
        uploaded: taskTemplate(template).uploaded,
        answers,
        options,
      }),
  };
}
