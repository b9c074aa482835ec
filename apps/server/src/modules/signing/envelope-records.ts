import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { SigningDocumentFacts } from "./policy.ts";
import { signingEnvelopes, signingEvents } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";

// What every part of the sender's side stands on: the document as the actor may see it (the
// documents module's scope), the document's live signing request, the request's history, and
// voiding a pending request (with its FuseSign copy retracted by a job after the commit).

export type SigningRecords = ReturnType<typeof createSigningRecords>;

const documentNotFound = (id: number) => notFound(`Doc ID ${id} was not found.`);
export const noSigningRequest = () => notFound("This document has no signing request.");

export function createSigningRecords(
  deps: Pick<SigningServiceDeps, "clock" | "jobs" | "documents" | "fusesign">,
) {
  const { clock, jobs, documents, fusesign } = deps;

  // A request FuseSign holds is retracted there when ours is voided, after the commit and retried.
  const retractFuseSign = jobs.define<{ bundleId: string; reason: string }>(
    "signing.fusesign-retract",
    async ({ bundleId, reason }) => {
      if (!fusesign) throw new Error("FuseSign is not configured: cannot retract its bundle");
      await fusesign.adapter.retract(bundleId, reason);
    },
  );

  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await documents.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw documentNotFound(docId);
    const facts: SigningDocumentFacts = {
      createdBy: loaded.doc.createdBy,
      status: loaded.doc.status,
      allowSign: loaded.doc.allowSign,
      isShared: loaded.facts.isShared,
    };
    return { doc: loaded.doc, facts };
  }

  /** The document's newest signing request that was not voided, if any (its row locked when `lock`). */
  async function latestEnvelope(tx: Database, docId: number, lock = false) {
    const query = tx
      .select()
      .from(signingEnvelopes)
      .where(and(eq(signingEnvelopes.documentId, docId), ne(signingEnvelopes.status, "void")))
      .orderBy(desc(signingEnvelopes.sentAt), desc(signingEnvelopes.id))
      .limit(1);
    const [envelope] = lock ? await query.for("update") : await query;
    return envelope;
  }

  async function recordEvent(
    tx: Database,
    event: {
      envelopeId: number;
      teamId: number;
      recipientId?: number;
      action: string;
      description: string;
      note?: string;
    },
  ) {
    await tx.insert(signingEvents).values({ ...event, at: clock() });
  }

  /** Voids the document's pending request (relaunch, or a new request replacing it). */
  async function voidPending(tx: Database, teamId: number, docId: number, reason: string) {
    const voided = await tx
      .update(signingEnvelopes)
      .set({ status: "void", updatedAt: clock() })
      .where(and(eq(signingEnvelopes.documentId, docId), eq(signingEnvelopes.status, "pending")))
      .returning({ id: signingEnvelopes.id, bundleId: signingEnvelopes.providerBundleId });
    for (const { id, bundleId } of voided) {
      await recordEvent(tx, { envelopeId: id, teamId, action: "voided", description: reason });
      if (bundleId)
        await retractFuseSign.enqueue({ bundleId, reason }, { tx, key: `fusesign-retract:${id}` });
    }
    return voided.length;
  }

  /** A cancelled request's bundle is retracted at its provider too (after the commit, retried). */
  async function retract(tx: Database, envelope: { id: number; bundleId: string | null }, reason: string) {
    if (envelope.bundleId) {
      await retractFuseSign.enqueue(
        { bundleId: envelope.bundleId, reason },
        { tx, key: `fusesign-retract:${envelope.id}` },
      );
    }
  }

  return { visible, latestEnvelope, recordEvent, voidPending, retract };
}
