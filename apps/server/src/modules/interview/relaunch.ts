import {
  MOVE_VERSION_NOT_ALLOWED,
  MOVE_VERSION_REFUSED,
  moveVersionRefused,
  NO_TEMPLATE,
  RELAUNCH_NO_TEMPLATE,
  RELAUNCH_NOT_ALLOWED,
  type RelaunchOffer,
  relaunchVersionRefused,
} from "@precedent/contracts";
import { type Answers, cleanAnswers, type InterviewDefinition } from "@precedent/docgen";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import {
  allowedInSomeTab,
  canInterviewDocument,
  canRenameDocument,
  EDITABLE_STATUSES,
} from "../documents/index.ts";
import { currentVersionOf, namedQuestionChanges, versionRow } from "../templates/index.ts";
import { answerChanges, clientNameOf } from "./answer-changes.ts";
// The event's payload type is declared there; raising it here needs that declaration.
import type {} from "./events.ts";
import { COMPLETED, IN_PROGRESS, type InterviewScope } from "./interview-scope.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// Relaunch (documents spec §4): a completed document reopened for the interview, and the event
// that tells signing to void what was sent. Its own refusal; it shares only the document scope.
// A document stays on the template version it was made from unless the relaunch names the
// template's current version (issue 37 item 2): then its answers move to that version's questions.

const RELAUNCH_REFUSED = "Only the document's creator, the company owner or a manager can relaunch it.";

/** The answers a version's interview keeps, and those it leaves behind (by question, as shown). */
function carryOver(from: InterviewDefinition, to: InterviewDefinition, answers: Record<string, unknown>) {
  const carried = cleanAnswers(to, answers as Answers) as Record<string, unknown>;
  const dropped = answerChanges(from, answers, carried).filter((change) => change.to === null);
  return { carried, dropped };
}

export function createRelaunch(
  deps: Pick<InterviewServiceDeps, "db" | "documents" | "library" | "events">,
  scope: Pick<InterviewScope, "visible" | "guardedAnswers" | "refusalOfChange">,
) {
  const { db, documents, library } = deps;
  const { visible, guardedAnswers, refusalOfChange } = scope;

  /** The document's template at the version it was made from, and at the template's current one. */
  async function versionsOf(tx: Database, identifier: string, madeFrom: number) {
    const current = await currentVersionOf(tx, identifier);
    const [own, now] = await Promise.all([
      library.at(identifier, madeFrom, tx),
      library.at(identifier, current, tx),
    ]);
    return { current, own, now };
  }

  type Loaded = Awaited<ReturnType<typeof visible>>["doc"];
  /**
   * Moves a document to its template's current version (`chosen` must be it): the answers go
   * through the new interview's cleaning and the answer guards, what is left behind is logged
   * with the change (`extra`: the relaunch's reopening, or nothing), in the caller's transaction.
   */
  async function moveTo(
    tx: Database,
    ctx: FirmContext,
    doc: Loaded,
    identifier: string,
    chosen: number,
    extra: Record<string, unknown>,
    refused: (chosen: number, madeFrom: number, current: number) => string,
  ) {
    const madeFrom = doc.templateVersion ?? 1;
    const { current, own, now } = await versionsOf(tx, identifier, madeFrom);
    if (chosen !== current || chosen === madeFrom || !own || !now)
      throw new AppError(409, refused(chosen, madeFrom, current));
    const { carried, dropped } = carryOver(own.definition, now.definition, doc.xml);
    const answers = await guardedAnswers(tx, ctx, doc, carried);
    await documents.applyChange(
      tx,
      ctx,
      doc,
      {
        ...extra,
        templateVersion: current,
        xml: answers,
        clientName: clientNameOf(now.definition, answers),
      },
      { template_version: { from: madeFrom, to: current, answers: dropped } },
    );
    return { version: current, dropped: dropped.map((d) => d.question) };
  }

  return {
    /**
     * PUT /doc/template-version/{docId}: a draft or in-progress document moved to the template's
     * current version (the interview offers it, with the relaunch's "what changed"). Its status
     * stays; only its current version may be chosen, and only by whoever may interview it.
     */
    async moveToCurrent(ctx: FirmContext, docId: number, chosen: number) {
      return db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        if (!EDITABLE_STATUSES.has(doc.status)) throw new AppError(409, MOVE_VERSION_NOT_ALLOWED);
        if (!allowedInSomeTab(canInterviewDocument, ctx, facts)) throw forbidden(MOVE_VERSION_REFUSED);
        if (!doc.xTemplateId || !(await library.get(doc.xTemplateId, { db: tx })))
          throw new AppError(409, NO_TEMPLATE);
        const moved = await moveTo(tx, ctx, doc, doc.xTemplateId, chosen, {}, moveVersionRefused);
        return {
          doc_id: docId,
          status: doc.status,
          template_version: moved.version,
          answers_dropped: moved.dropped,
        };
      });
    },

    /** GET /doc/relaunch/{docId}: the versions a relaunch may choose, and what the newer one changed. */
    async offer(ctx: FirmContext, docId: number): Promise<RelaunchOffer> {
      return db.transaction(async (tx) => {
        const { doc } = await visible(tx, ctx, docId, false);
        const none = { doc_id: doc.id, template_version: null, current_version: null, newer: null };
        if (!doc.xTemplateId || !(await library.get(doc.xTemplateId, { db: tx }))) return none;
        const madeFrom = doc.templateVersion ?? 1;
        const { current, own, now } = await versionsOf(tx, doc.xTemplateId, madeFrom);
        const offered = { ...none, template_version: madeFrom, current_version: current };
        if (current <= madeFrom || !own || !now) return offered;
        const changes = namedQuestionChanges(own.definition, now.definition);
        const note = (await versionRow(tx, doc.xTemplateId, current))?.note ?? "";
        return {
          ...offered,
          newer: {
            version: current,
            note,
            questions_added: changes.added,
            questions_removed: changes.removed,
            answers_dropped: carryOver(own.definition, now.definition, doc.xml).dropped.map(
              (d) => d.question,
            ),
          },
        };
      });
    },

    /**
     * PUT /doc/relaunch/{docId}: a completed document back to In Progress, answers kept. With
     * `chosen` the template's current version, the document moves to it: the answers to questions
     * it still asks are carried over, the others dropped and logged.
     */
    async relaunch(ctx: FirmContext, docId: number, chosen?: number) {
      return db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        if (doc.status !== COMPLETED) throw new AppError(409, RELAUNCH_NOT_ALLOWED);
        if (!allowedInSomeTab(canRenameDocument, ctx, facts)) throw forbidden(RELAUNCH_REFUSED);
        // Reopened where no answer may change (an application lodged with ASIC), the interview would
        // only reassemble what was lodged, and the relaunch would void what was sent for signing.
        const refusal = await refusalOfChange(tx, ctx, doc);
        if (refusal) throw new AppError(409, refusal);
        // Reopened without a template, the interview could never be completed again.
        if (!doc.xTemplateId || !(await library.get(doc.xTemplateId, { db: tx })))
          throw new AppError(409, RELAUNCH_NO_TEMPLATE);
        const madeFrom = doc.templateVersion ?? 1;
        const reopen = { status: IN_PROGRESS, isRelaunch: true } as const;
        let moved: { version: number; dropped: string[] } | undefined;
        if (chosen === undefined || chosen === madeFrom) {
          await documents.applyChange(tx, ctx, doc, reopen);
        } else {
          moved = await moveTo(tx, ctx, doc, doc.xTemplateId, chosen, reopen, relaunchVersionRefused);
        }
        await deps.events?.raise(tx, "document.relaunched", { teamId: ctx.teamId, docId });
        return {
          doc_id: docId,
          status: IN_PROGRESS,
          template_version: moved?.version ?? madeFrom,
          answers_dropped: moved?.dropped ?? [],
        };
      });
    },
  };
}
