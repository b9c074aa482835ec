import { INTEGRATION_NO_CLIENT, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import { appOf, type Connection, failureStatus, type Person } from "./connections.ts";
import { type IntegrationProvider, ProviderUnavailable } from "./provider.ts";
import { redact } from "./redact.ts";
import { integrationSyncs } from "./schema.ts";

// Sync Document: a document's assembled PDF sent to one client of the connected app. The request
// records the sync and queues it in one transaction; the job sends it, with retries while the
// provider is down or busy.

export function createDocumentSync(deps: {
  db: Database;
  clock: Clock;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  ownConnection: (person: Person, slug: IntegrationAppSlug) => Promise<Connection>;
  accessTokenOf: (connection: Connection) => Promise<string>;
  /** The client must be one of the connection's organisation (client-import.ts). */
  clientDetail: (person: Person, slug: IntegrationAppSlug, clientId: string) => Promise<unknown>;
  logs?: Pick<LogsService, "recordAction">;
  jobs?: JobQueue;
  files?: Pick<FileStore, "get">;
  assembledPdf?: (ctx: FirmContext, docId: number) => Promise<{ name: string; sha256: string }>;
}) {
  const { db, clock, ownConnection, accessTokenOf, clientDetail } = deps;

  /**
   * Sync back, one attempt: repeatable (a sent sync is not sent again). A provider that is down or
   * busy throws, so the queue tries again after its backoff; the last attempt marks the sync failed.
   * Each attempt is in the document log, with ids and sizes but no personal data.
   */
  const syncJob = deps.jobs?.define<{ syncId: number }>(
    "integrations.sync-document",
    async ({ syncId }, job) => {
      const [sync] = await db.select().from(integrationSyncs).where(eq(integrationSyncs.id, syncId));
      if (sync?.status !== "queued") return;
      const slug = sync.app as IntegrationAppSlug;
      const log = (isSuccess: boolean, status: number, message: string) =>
        deps.logs?.recordAction(db, {
          teamId: sync.teamId,
          docId: sync.docId,
          docType: "DOC",
          userId: sync.userId,
          action: `Sync document (${appOf(slug).app})`,
          isSuccess,
          request: redact({
            app: slug,
            client_id: sync.clientId,
            file_sha256: sync.fileSha256,
            attempt: job.attempt,
          }) as Record<string, unknown>,
          response: { status },
          message,
        });
      const finish = async (status: "sent" | "failed", lastError: string | null) => {
        await db
          .update(integrationSyncs)
          .set({
            status,
            attempts: job.attempt,
            lastError,
            ...(status === "sent" ? { sentAt: clock() } : { failedAt: clock() }),
          })
          .where(eq(integrationSyncs.id, sync.id));
      };
      try {
        const connection = await ownConnection({ teamId: sync.teamId, userId: sync.userId }, slug);
        const token = await accessTokenOf(connection);
        const blob = await deps.files?.get(sync.fileSha256);
        const provider = deps.providers(slug);
        if (!blob || !provider.attachDocument) throw new AppError(409, "Nothing to send.");
        const filed = await provider.attachDocument(token, connection.tenantId, sync.clientId, {
          name: sync.fileName,
          bytes: blob.bytes,
          mediaType: blob.mediaType,
          description: sync.description,
        });
        if (!filed) {
          await finish("failed", INTEGRATION_NO_CLIENT);
          await log(false, 404, INTEGRATION_NO_CLIENT);
          return;
        }
        await finish("sent", null);
        await log(true, 200, `Sent to ${appOf(slug).app}.`);
      } catch (error) {
        const status = failureStatus(error);
        const message = error instanceof Error ? error.message : String(error);
        // Only the provider being down or busy is worth another try; anything else is final.
        const retry = error instanceof ProviderUnavailable && job.attempt < job.maxAttempts;
        if (retry) {
          await db
            .update(integrationSyncs)
            .set({ attempts: job.attempt, lastError: message })
            .where(eq(integrationSyncs.id, sync.id));
        } else await finish("failed", message);
        await log(false, status, retry ? `${message}; trying again` : message);
        if (retry) throw error;
      }
    },
    { retries: 4 },
  );

  /** Whether this server can send a document's PDF to the app (the job, the PDFs and the adapter are there). */
  function takesDocuments(slug: IntegrationAppSlug) {
    return (
      syncJob !== undefined &&
      deps.assembledPdf !== undefined &&
      deps.providers(slug).attachDocument !== undefined
    );
  }

  async function syncDocument(
    ctx: FirmContext,
    slug: IntegrationAppSlug,
    input: { doc_id: number; client_id: string; description: string },
  ) {
    if (!syncJob || !deps.assembledPdf || !takesDocuments(slug))
      throw new AppError(409, `${appOf(slug).app} does not take documents.`);
    const pdf = await deps.assembledPdf(ctx, input.doc_id);
    // The client must be one of the connection's organisation now (the job checks again).
    await clientDetail(ctx, slug, input.client_id);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(integrationSyncs)
        .values({
          teamId: ctx.teamId,
          userId: ctx.userId,
          docId: input.doc_id,
          app: slug,
          clientId: input.client_id,
          description: input.description,
          fileName: pdf.name,
          fileSha256: pdf.sha256,
          status: "queued",
          createdAt: clock(),
        })
        .returning({ id: integrationSyncs.id });
      if (!row) throw new Error("sync not recorded");
      await syncJob.enqueue({ syncId: row.id }, { tx });
      return { sync_id: row.id, status: "queued" as const };
    });
  }

  /**
   * A failed sync queued again, in the caller's transaction (the console's retry, with its audit
   * entry): a fresh round of attempts by the same job. False when the sync is not failed now, so
   * two retries at once queue it once.
   */
  async function requeueFailedSync(tx: Database, syncId: number) {
    if (!syncJob) return false;
    const [row] = await tx
      .update(integrationSyncs)
      .set({ status: "queued", failedAt: null })
      .where(and(eq(integrationSyncs.id, syncId), eq(integrationSyncs.status, "failed")))
      .returning({ id: integrationSyncs.id });
    if (!row) return false;
    await syncJob.enqueue({ syncId }, { tx });
    return true;
  }

  return {
    takesDocuments,
    requeueFailedSync,
    /** Sync Document: the assembled PDF to one client, queued; the job sends it with retries. */
    syncDocument,
  };
}
