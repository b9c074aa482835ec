import { INTEGRATION_IMPORT_FAILED, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { LogsService } from "../logs/index.ts";
import { appOf, failureStatus, type Person } from "./connections.ts";
import { type ImportReadyNotice, importReadyMail, interviewLink } from "./import-ready.ts";
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
  /** Tells the person a successful retry's import can be run again (mail with the interview link). */
  notice?: ImportReadyNotice;
}) {
  const { db, clock } = deps;

  /**
   * One attempt, final either way: the app answers (the failure is resolved and its person is
   * mailed a link to import the client in the interview, whose answers are saved only with their
   * own action token) or it fails again (recorded as failed with the new error, back in the queue).
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
      const { app } = appOf(slug);
      // Read before the transaction: the person's details come from other modules' reads, which
      // use their own connection (on the embedded database that would wait on this transaction).
      const person = error === null && deps.notice ? await deps.notice.personOf(db, failure) : null;
      const told = await db.transaction(async (tx) => {
        if (error !== null) {
          await tx
            .update(integrationImportFailures)
            .set({
              status: "failed",
              lastError: error instanceof Error ? error.message : INTEGRATION_IMPORT_FAILED,
              failedAt: clock(),
              attempts: failure.attempts + 1,
            })
            .where(eq(integrationImportFailures.id, failure.id));
          return null;
        }
        // Resolved only from "retrying", so a job run twice tells the person once.
        const [resolved] = await tx
          .update(integrationImportFailures)
          .set({ status: "resolved", resolvedAt: clock() })
          .where(
            and(
              eq(integrationImportFailures.id, failure.id),
              eq(integrationImportFailures.status, "retrying"),
            ),
          )
          .returning({ id: integrationImportFailures.id });
        // The answers stay the person's to import: they are told, with a link, and nothing is written.
        if (!resolved || !deps.notice || !person) return null;
        await deps.notice.mail.enqueue(
          tx,
          importReadyMail({
            person,
            appName: app,
            what: importedWhat(failure),
            link: interviewLink(deps.notice.publicUrl, failure.docId),
            failureId: failure.id,
            attempt: failure.attempts + 1,
          }),
        );
        return person;
      });
      if (told) deps.notice?.mail.sendSoon();
      const message =
        error === null
          ? `${app} answered: the client's data can be imported again in the interview.${
              told ? ` ${told.name || told.email} was emailed a link to it.` : ""
            }`
          : error instanceof Error
            ? error.message
            : INTEGRATION_IMPORT_FAILED;
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

/** What a failed import was reading, in words: the console row's "what", and the mail's. */
export function importedWhat(i: {
  clientId: string;
  contactId: string | null;
  questionId: string;
  action: string;
}) {
  const of = i.contactId
    ? `member or trustee ${i.contactId} of fund ${i.clientId}`
    : i.questionId === "fund"
      ? `fund ${i.clientId}`
      : `client ${i.clientId}`;
  return `${i.action}: ${of}`;
}
