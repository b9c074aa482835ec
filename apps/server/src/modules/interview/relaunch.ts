import { RELAUNCH_NO_TEMPLATE, RELAUNCH_NOT_ALLOWED } from "@precedent/contracts";
import { AppError, forbidden } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { allowedInSomeTab, canRenameDocument } from "../documents/index.ts";
// The event's payload type is declared there; raising it here needs that declaration.
import type {} from "./events.ts";
import { COMPLETED, IN_PROGRESS, type InterviewScope } from "./interview-scope.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// Relaunch (documents spec §4): a completed document reopened for the interview, and the event
// that tells signing to void what was sent. Its own refusal; it shares only the document scope.

const RELAUNCH_REFUSED = "Only the document's creator, the company owner or a manager can relaunch it.";

export function createRelaunch(
  deps: Pick<InterviewServiceDeps, "db" | "documents" | "library" | "events">,
  scope: Pick<InterviewScope, "visible">,
) {
  const { db, documents, library } = deps;
  const { visible } = scope;

  return {
    /** PUT /doc/relaunch/{docId}: a completed document back to In Progress, answers kept. */
    async relaunch(ctx: FirmContext, docId: number) {
      await db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        if (doc.status !== COMPLETED) throw new AppError(409, RELAUNCH_NOT_ALLOWED);
        if (!allowedInSomeTab(canRenameDocument, ctx, facts)) throw forbidden(RELAUNCH_REFUSED);
        // Reopened without a template, the interview could never be completed again.
        if (!doc.xTemplateId || !library.get(doc.xTemplateId)) throw new AppError(409, RELAUNCH_NO_TEMPLATE);
        await documents.applyChange(tx, ctx, doc, { status: IN_PROGRESS, isRelaunch: true });
        await deps.events?.raise(tx, "document.relaunched", { teamId: ctx.teamId, docId });
      });
      return { doc_id: docId, status: IN_PROGRESS };
    },
  };
}
