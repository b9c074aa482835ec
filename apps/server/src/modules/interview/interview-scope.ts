import { createHash, timingSafeEqual } from "node:crypto";
import {
  type DocumentStatus,
  type FieldError,
  INTERVIEW_COMPLETED_DOCUMENT,
  INTERVIEW_INCOMPLETE,
  INTERVIEW_INVALID_DOCUMENT,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  NO_TEMPLATE,
} from "@precedent/contracts";
import { type AnswerIssue, AnswersError, TemplateError } from "@precedent/docgen";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { allowedInSomeTab, canInterviewDocument, EDITABLE_STATUSES } from "../documents/index.ts";
import type { AnswerGuard, AnswerSupplement } from "./answer-supplements.ts";
import { interviewActionTokens } from "./schema.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// What every part of the interview stands on: the document as the actor may see it (the documents
// module's scope) or may interview it now, the action token that keeps one tab in charge, the
// other modules' supplements and guards on answers, and the refusals the parts share.

export type InterviewScope = ReturnType<typeof createInterviewScope>;

export const IN_PROGRESS: DocumentStatus = 2;
export const COMPLETED: DocumentStatus = 5;

const invalidDocument = () => notFound(INTERVIEW_INVALID_DOCUMENT);
const completedDocument = () => new AppError(409, INTERVIEW_COMPLETED_DOCUMENT);
export const openedElsewhere = () => new AppError(409, INTERVIEW_OPENED_IN_ANOTHER_TAB);
const INTERVIEW_REFUSED =
  "Only the document's creator, the company owner or a manager can interview this document.";
/** Autosave may send a half-answered interview, but not a wrong answer: the first one is the message. */
export const answerErrors = (issues: readonly AnswerIssue[]): FieldError[] =>
  issues.map((issue) => ({ field: issue.path, message: issue.message }));
export const incomplete = (issues: readonly AnswerIssue[]) =>
  badRequest(INTERVIEW_INCOMPLETE, answerErrors(issues));

/**
 * A template that cannot print these answers (say, a cross-reference to a clause a condition
 * removed) is the template's fault, not the user's: said plainly, with the engine's reason.
 */
export function templateFailure(error: unknown): never {
  if (error instanceof AnswersError) throw incomplete(error.issues);
  if (error instanceof TemplateError) {
    throw new AppError(422, `This document could not be produced from its template: ${error.message}`);
  }
  throw error;
}

/** Action tokens are kept as their hash: the server only compares them, so a copy of the table acts on nothing. */
export const actionTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function createInterviewScope(deps: Pick<InterviewServiceDeps, "documents" | "library">) {
  const { documents, library } = deps;
  /** What other modules add to a document's answers at assembly (answer-supplements.ts). */
  const supplements: AnswerSupplement[] = [];
  /** Other modules' say over saved answers (answer-supplements.ts). */
  const answerGuards: AnswerGuard[] = [];

  /** The answers as the guards let them be saved, or a 409 with the first refusal (400 for a wrong answer). */
  async function guardedAnswers(
    tx: Database,
    ctx: FirmContext,
    doc: { id: number; type: string },
    answers: Record<string, unknown>,
  ) {
    let guarded = answers;
    for (const guard of answerGuards) {
      const said = await guard(tx, {
        teamId: ctx.teamId,
        docId: doc.id,
        docType: doc.type,
        answers: guarded,
      });
      if (!said) continue;
      if ("refusal" in said) throw new AppError(409, said.refusal);
      if ("invalid" in said) throw badRequest(said.invalid.message, [said.invalid]);
      guarded = { ...guarded, ...said.pinned };
    }
    return guarded;
  }

  /**
   * A guard's refusal of any change to the document's answers (an application lodged with ASIC is
   * read only), for a caller that would bring answers in without saving them itself: Import Client.
   */
  async function refusalOfChange(
    tx: Database,
    ctx: FirmContext,
    doc: { id: number; type: string; xml: unknown },
  ) {
    for (const guard of answerGuards) {
      const said = await guard(tx, {
        teamId: ctx.teamId,
        docId: doc.id,
        docType: doc.type,
        answers: (doc.xml ?? {}) as Record<string, unknown>,
      });
      if (said && "refusal" in said) return said.refusal;
    }
    return undefined;
  }

  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await documents.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw invalidDocument();
    return loaded;
  }

  /** The document, if this actor may interview it now, with its template. */
  async function interviewable(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const { doc, facts } = await visible(tx, ctx, docId, lock);
    // Signed and pending documents are past assembly too: the message is the spec's for status 5.
    if (!EDITABLE_STATUSES.has(doc.status)) throw completedDocument();
    if (!allowedInSomeTab(canInterviewDocument, ctx, facts)) throw forbidden(INTERVIEW_REFUSED);
    // The version the document was made from, not whatever is current now.
    const template = doc.xTemplateId ? await library.at(doc.xTemplateId, doc.templateVersion, tx) : undefined;
    if (!template) throw new AppError(409, NO_TEMPLATE);
    return { doc, template };
  }

  async function isCurrentToken(tx: Database, docId: number, token: string) {
    const [row] = await tx
      .select({ tokenHash: interviewActionTokens.token })
      .from(interviewActionTokens)
      .where(eq(interviewActionTokens.docId, docId));
    if (!row) return false;
    const given = Buffer.from(actionTokenHash(token));
    const kept = Buffer.from(row.tokenHash);
    return given.length === kept.length && timingSafeEqual(given, kept);
  }

  return {
    supplements,
    answerGuards,
    guardedAnswers,
    refusalOfChange,
    visible,
    interviewable,
    isCurrentToken,
  };
}
