import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { documents } from "./schema.ts";

/**
 * The signing module's one way to move a document's status: Pending (4) when a request is sent,
 * Signed (3) when every party has signed (issue 15 §2: only signing sets these), and back to
 * Completed (5) when a signer declines. `from` makes it a
 * conditional update, so a document that moved meanwhile (relaunched, deleted) is left alone;
 * returns whether it moved.
 */
export async function setSigningStatus(
  tx: Database,
  change: {
    teamId: number;
    documentId: number;
    status: 3 | 4 | 5;
    from: readonly (1 | 2 | 3 | 4 | 5)[];
    at: Date;
  },
): Promise<boolean> {
  const allowed = change.from;
  const current = await lockDocumentForSigning(tx, change);
  if (!current || !allowed.includes(current.status)) return false;
  await tx
    .update(documents)
    .set({ status: change.status, updatedAt: change.at })
    .where(and(eq(documents.id, change.documentId), eq(documents.teamId, change.teamId)));
  return true;
}

/**
 * Locks a document's row (FOR UPDATE) for the rest of the caller's transaction, changes nothing and
 * returns its status (undefined when there is no such document in the firm),
 * for a signing transaction that begins from a link, a webhook or a job: signing locks the
 * document's row, then its envelopes', then their recipients', the order cancel, resend, confirm,
 * reminders and a relaunch take from the document; taken the other way round, two of them waited
 * on each other until PostgreSQL ended one (a deadlock, and a 500 for whoever asked).
 */
export async function lockDocumentForSigning(tx: Database, doc: { teamId: number; documentId: number }) {
  const [locked] = await tx
    .select({ status: documents.status })
    .from(documents)
    .where(and(eq(documents.id, doc.documentId), eq(documents.teamId, doc.teamId)))
    .for("update");
  return locked;
}
