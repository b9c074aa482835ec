import { INTEGRATION_IMPORT_FAILED, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { LogsService } from "../logs/index.ts";
import { appOf, failureStatus, type Person } from "./connections.ts";
import { redact } from "./redact.ts";
import { integrationImportFailures } from "./schema.ts";

// Imports of a client's data that failed at the app (recorded by client-import), retried from the
// console's integrations queue (issue 37 item 7): the retry marks the failure "retrying" and
// queues a job in the console's transaction; the job asks the app again as the import did.

export type ImportFailureRow = typeof integrationImportFailures.$inferSelect;

export function createImportFailures(deps: {
  db: Database;
  clock: Clock;
  askAgain: (
    person: Person,
    slug: IntegrationAppSlug,
    clientId: string,
    contactId: string | null,
  ) => Promise<string>;
  logs?: Pick<LogsService, "recordAction">;
  jobs?: JobQueue;
}) {
  const { db, clock } = deps;

  /**
   * One attempt, final either way: the app answers (the failure is resolved; the person imports
   * the client in the interview, whose answers are saved only with their own action token) or it
   * fails again (recorded as failed with the new error, back in the queue).
   */
  const retryJob = deps.jobs?.define<{ failureId: number }>(
    "integrations.retry-import",
    async ({ failureId }) => {
      const [failure] = await db
        .select()
        .from(integrationImportFailures)
        .where(eq(integrationImportFailures.id, failureId));
      if (failure?.status !== "retrying") return;
      const slug = failure.app as IntegrationAppSlug;
      let error: unknown = null;
      try {
        await deps.askAgain(
          { teamId: failure.teamId, userId: failure.userId },
          slug,
          failure.clientId,
          failure.contactId,
        );
      } catch (caught) {
        error = caught;
      }
      const message =
        error === null
          ? `${appOf(slug).app} answered: the client's data can be imported again in the interview.`
          : error instanceof Error
            ? error.message
            : INTEGRATION_IMPORT_FAILED;
      await db
        .update(integrationImportFailures)
        .set(
          error === null
            ? { status: "resolved", resolvedAt: clock() }
            : { status: "failed", lastError: message, failedAt: clock(), attempts: failure.attempts + 1 },
        )
        .where(eq(integrationImportFailures.id, failure.id));
      await deps.logs?.recordAction(db, {
        teamId: failure.teamId,
        docId: failure.docId,
        docType: "DOC",
        userId: failure.userId,
        action: `${failure.action}, retried`,
        isSuccess: error === null,
        request: redact({
          app: slug,
          client_id: failure.clientId,
          ...(failure.contactId ? { contact_id: failure.contactId } : {}),
          question_id: failure.questionId,
        }) as Record<string, unknown>,
        response: { status: error === null ? 200 : failureStatus(error) },
        message,
      });
    },
    { retries: 0 },
  );

  return {
    /** Whether this server can retry imports (it has the job queue). */
    retries: retryJob !== undefined,

    /**
     * A failed import queued again, in the caller's transaction (the console's retry, with its
     * audit entry). False when it is not failed now, so two retries at once queue it once.
     */
    async requeue(tx: Database, failureId: number) {
      if (!retryJob) return false;
      const [row] = await tx
        .update(integrationImportFailures)
        .set({ status: "retrying" })
        .where(
          and(eq(integrationImportFailures.id, failureId), eq(integrationImportFailures.status, "failed")),
        )
        .returning({ id: integrationImportFailures.id });
      if (!row) return false;
      await retryJob.enqueue({ failureId }, { tx });
      return true;
    },
  };
}
