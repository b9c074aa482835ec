import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { documents } from "./schema.ts";

/**
 * The integrations module's one way to mark a document's is_sf_action: called in the transaction
 * that records a Simple Fund 360 action that succeeded (a contact validation without errors), so
 * the mark and the action's log entry commit together. Once marked it stays: SF 360 takes no
 * resubmission. Who last changed the document is left alone (the document itself did not change).
 * Returns whether it was newly marked (false when marked before or not in the firm).
 */
export async function recordSimpleFundAction(
  tx: Database,
  doc: { teamId: number; documentId: number },
): Promise<boolean> {
  const marked = await tx
    .update(documents)
    .set({ isSfAction: true })
    .where(
      and(
        eq(documents.id, doc.documentId),
        eq(documents.teamId, doc.teamId),
        eq(documents.isSfAction, false),
      ),
    )
    .returning({ id: documents.id });
  return marked.length > 0;
}
