import { randomBytes } from "node:crypto";
import { INTERVIEW_INCOMPLETE } from "@precedent/contracts";
import { type Answers, cleanAnswers, formatIssues, missingAnswers } from "@precedent/docgen";
import { AppError, badRequest } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { fileNameOf } from "../documents/index.ts";
import { templateName } from "../templates/index.ts";
import { answerChanges, clientNameOf } from "./answer-changes.ts";
import { supplementAnswers } from "./answer-supplements.ts";
import {
  actionTokenHash,
  answerErrors,
  IN_PROGRESS,
  type InterviewScope,
  templateFailure,
} from "./interview-scope.ts";
import { interviewActionTokens } from "./schema.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// The interview page's calls (interview spec §2, §4): the action token, the page's content, saving
// and resetting the answers, and the preview. Everything before assembly.

const answersChangedText = (n: number) => `${n} ${n === 1 ? "answer" : "answers"} changed`;

export function createInterviewAnswers(
  deps: Pick<InterviewServiceDeps, "db" | "clock" | "documents" | "engine">,
  scope: Pick<
    InterviewScope,
    "supplements" | "guardedAnswers" | "refusalOfChange" | "interviewable" | "isCurrentToken"
  >,
) {
  const { db, clock, documents, engine } = deps;
  const { supplements, guardedAnswers, refusalOfChange, interviewable, isCurrentToken } = scope;

  type Interviewable = Awaited<ReturnType<typeof interviewable>>;
  /** What the interview page renders of a document and its template. */
  const pageOf = ({ doc, template }: Interviewable) => ({
    doc_id: doc.id,
    name: doc.name,
    status: doc.status,
    template_identifier: template.identifier,
    template_name: doc.templateName ?? templateName(template),
    is_relaunch: doc.isRelaunch,
    is_asic_document: doc.type === "ASIC",
    is_interview_ai: doc.isInterviewAi,
    is_sf_action: doc.isSfAction,
    definition: template.definition as unknown as Record<string, unknown>,
    xml: doc.xml,
  });

  return {
    /** GET /get-action-token/{docId}: a fresh token; the document's previous one stops working. */
    async issueToken(ctx: FirmContext, docId: number) {
      return db.transaction(async (tx) => {
        await interviewable(tx, ctx, docId, true);
        const token = randomBytes(24).toString("base64url");
        const values = { token: actionTokenHash(token), userId: ctx.userId, createdAt: clock() };
        await tx
          .insert(interviewActionTokens)
          .values({ docId, ...values })
          .onConflictDoUpdate({ target: interviewActionTokens.docId, set: values });
        return token;
      });
    },

    /** GET /doc/{docId}/interview: what the interview page renders. */
    async interview(ctx: FirmContext, docId: number) {
      return pageOf(await db.transaction((tx) => interviewable(tx, ctx, docId, false)));
    },

    /**
     * The interview, if its answers may change now: refused (409, with the guard's reason) where
     * a save would be, so Import Client and Select Fund do not hand answers to an application
     * lodged with ASIC, nor log an import that no save can keep. The document is read once.
     */
    async interviewToChange(ctx: FirmContext, docId: number) {
      const { found, refusal } = await db.transaction(async (tx) => {
        const found = await interviewable(tx, ctx, docId, false);
        return { found, refusal: await refusalOfChange(tx, ctx, found.doc) };
      });
      if (refusal) throw new AppError(409, refusal);
      return pageOf(found);
    },

    /**
     * PUT /xpressdox/update-xml/{docId}: with the current token only (false otherwise, nothing
     * saved). Missing answers are fine; malformed ones are refused, all named. The answers are
     * stored cleaned; the first save of a draft makes it In Progress. `byAssistant` (the chat's or
     * the voice interview's save) marks the document is_interview_ai in the same update.
     */
    async save(
      ctx: FirmContext,
      docId: number,
      xml: Record<string, unknown>,
      token: string,
      options: { byAssistant?: boolean } = {},
    ) {
      return db.transaction(async (tx) => {
        const { doc, template } = await interviewable(tx, ctx, docId, true);
        if (!(await isCurrentToken(tx, docId, token))) return { status: false };
        const answers = (await guardedAnswers(tx, ctx, doc, xml)) as Answers;
        const issues = formatIssues(template.definition, answers);
        if (issues.length > 0) {
          const errors = answerErrors(issues);
          throw badRequest(errors[0]?.message ?? INTERVIEW_INCOMPLETE, errors);
        }
        const cleaned = cleanAnswers(template.definition, answers) as Record<string, unknown>;
        // Logged with the save: each answer that changed, before and after.
        const changed = answerChanges(template.definition, doc.xml, cleaned);
        await documents.applyChange(
          tx,
          ctx,
          doc,
          {
            xml: cleaned,
            clientName: clientNameOf(template.definition, cleaned),
            ...(doc.status === 1 ? { status: IN_PROGRESS } : {}),
            ...(options.byAssistant ? { isInterviewAi: true as const } : {}),
          },
          changed.length > 0
            ? { answers: { from: null, to: answersChangedText(changed.length), answers: changed } }
            : {},
        );
        return { status: true };
      });
    },

    /** PUT /doc/reset-xml/{docId}: the answers emptied (a new start), logged. */
    async reset(ctx: FirmContext, docId: number) {
      await db.transaction(async (tx) => {
        const { doc, template } = await interviewable(tx, ctx, docId, true);
        await guardedAnswers(tx, ctx, doc, {});
        const had = Object.keys(doc.xml).length > 0;
        const cleared = answerChanges(template.definition, doc.xml, {});
        await documents.applyChange(
          tx,
          ctx,
          doc,
          { xml: {}, clientName: null },
          had ? { answers: { from: "Saved", to: "Cleared", answers: cleared } } : {},
        );
      });
    },

    /**
     * POST /xpressdox/preview/{docId}: the PDF of these answers, not saved. While answers are
     * missing (or malformed) it is a draft: watermarked DRAFT, each missing answer a highlighted
     * placeholder naming its question, and `missing` lists them. Never stored as the document's files.
     */
    async preview(ctx: FirmContext, docId: number, xml: Record<string, unknown>) {
      const { doc, template, supplied } = await db.transaction(async (tx) => {
        const found = await interviewable(tx, ctx, docId, false);
        // Shown as the assembly will fill them (not saved here).
        const supplied = await supplementAnswers(tx, supplements, {
          teamId: ctx.teamId,
          docId,
          templateId: found.template.identifier,
          definition: found.template.definition,
          answers: xml as Answers,
        });
        return { ...found, supplied };
      });
      const answers = supplied.answers ?? (xml as Answers);
      const missing = missingAnswers(template.definition, answers);
      const draft = missing.length > 0;
      let pdf: Uint8Array;
      try {
        pdf = (await engine.renderPdf(ctx.teamId, template, answers, { draft, assembledAt: clock() })).pdf;
      } catch (error) {
        templateFailure(error);
      }
      const fileName = fileNameOf(`${doc.name} (${draft ? "draft preview" : "preview"})`, "pdf");
      return { pdf, fileName, draft, missing };
    },
  };
}
