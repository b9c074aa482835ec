import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { MAIL_OUTBOX_PRUNE_EVERY_MS, MAIL_OUTBOX_RETENTION_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { exponentialBackoff, type JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { failedMailOf, failedMailPage, lockedMail, reopenFailedMail } from "./failed-mail.ts";
import { mailAttachments, mailOutbox } from "./schema.ts";

/** A file sent with a mail (the tax invoice PDF). */
export type MailAttachment = { fileName: string; contentType: string; content: Uint8Array };

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  key: string;
  attachments?: MailAttachment[];
};

/** The mail port: SMTP when configured; the outbox table always (see schema.ts). */
export type MailService = ReturnType<typeof createMailService>;

/** Attempts per mail: the first, then retries after 1, 2, 4 and 8 minutes. */
const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 60_000;

/** What a mail's body becomes once its retention has passed. */
export const MAIL_BODY_PRUNED =
  "(Removed from the outbox after its retention period: mail carries private links, kept only while they may be needed.)";

export function createMailService(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  smtpUrl?: string;
  from: string;
}) {
  const { db, clock, jobs } = deps;
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  /**
   * Sends one outbox row. The job may run again after a worker died mid-send, so a row already
   * sent is left alone; without SMTP the row stays pending, where a developer reads it.
   */
  const deliver = jobs.define<{ mailId: number }>(
    "mail.deliver",
    async ({ mailId }, job) => {
      if (!transport) return;
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      if (mail?.status !== "pending") return;
      await db.update(mailOutbox).set({ attempts: job.attempt }).where(eq(mailOutbox.id, mailId));
      const files = await db
        .select()
        .from(mailAttachments)
        .where(eq(mailAttachments.mailId, mailId))
        .orderBy(asc(mailAttachments.id));
      try {
        await transport.sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: files.map((file) => ({
            filename: file.fileName,
            contentType: file.contentType,
            content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
          })),
        });
      } catch (error) {
        const lastAttempt = job.attempt >= job.maxAttempts;
        await db
          .update(mailOutbox)
          .set({ status: lastAttempt ? "failed" : "pending", lastError: (error as Error).message })
          .where(eq(mailOutbox.id, mailId));
        throw error;
      }
      await db.update(mailOutbox).set({ status: "sent", sentAt: clock() }).where(eq(mailOutbox.id, mailId));
    },
    { retries: MAX_ATTEMPTS - 1, backoff: exponentialBackoff(FIRST_RETRY_MS) },
  );

  /**
   * Mail bodies hold private links (signing, invitations, downloads): once a mail was sent (or,
   * unsent, written) longer ago than the retention period, its body is replaced. The row stays,
   * with its key, so that the same mail is never queued again.
   */
  async function prune(): Promise<number> {
    const before = new Date(clock().getTime() - MAIL_OUTBOX_RETENTION_MS).toISOString();
    const pruned = await db
      .update(mailOutbox)
      .set({ html: MAIL_BODY_PRUNED, text: MAIL_BODY_PRUNED })
      .where(
        and(
          sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt}) < ${before}::timestamptz`,
          ne(mailOutbox.text, MAIL_BODY_PRUNED),
        ),
      )
      .returning({ id: mailOutbox.id });
    // The files go with the body: an invoice holds the customer's name and address.
    if (pruned.length > 0)
      await db.delete(mailAttachments).where(
        inArray(
          mailAttachments.mailId,
          pruned.map((p) => p.id),
        ),
      );
    return pruned.length;
  }
  jobs.define("mail.prune", async () => void (await prune()), { retries: 0 });
  jobs.every("mail.prune", MAIL_OUTBOX_PRUNE_EVERY_MS);

  return {
    smtp: transport !== null,

    prune,

    /**
     * Queues a mail in the caller's transaction, with the job that sends it: both exist exactly
     * when the transaction commits. The same key twice queues it once.
     */
    async enqueue(tx: Database, mail: OutgoingMail) {
      const { attachments = [], ...message } = mail;
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, createdAt: clock() })
        .onConflictDoNothing({ target: mailOutbox.key })
        .returning({ id: mailOutbox.id });
      if (!row) return;
      if (attachments.length > 0)
        await tx.insert(mailAttachments).values(attachments.map((file) => ({ ...file, mailId: row.id })));
      await deliver.enqueue({ mailId: row.id }, { tx, key: `mail:${row.id}` });
    },

    /** After a commit that queued mail: look for it now rather than at the next poll. */
    sendSoon() {
      jobs.wake();
    },

    /**
     * Queues a send for every pending mail not yet tried to the end (at start, when SMTP is
     * configured: mail written while it was not, or before jobs existed). Keys keep it once.
     */
    async queuePending() {
      if (!transport) return 0;
      const pending = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lt(mailOutbox.attempts, MAX_ATTEMPTS)));
      for (const { id } of pending) await deliver.enqueue({ mailId: id }, { key: `mail:${id}` });
      return pending.length;
    },

    /** Mail whose every attempt failed, the latest first (the operator console's queue). */
    async failedPage(query: {
      page: number;
      pageSize: number;
      to?: string | undefined;
      subject?: string | undefined;
    }) {
      const { rows, total } = await failedMailPage(db, query);
      return { rows: rows.map((row) => failedMailOf(row, MAIL_BODY_PRUNED)), total };
    },

    /**
     * Sends a failed mail again with a fresh round of attempts, queued in the caller's
     * transaction: "not_failed" when it is not failed now, "pruned" when its body is gone.
     */
    async retryFailed(tx: Database, id: number) {
      const row = await lockedMail(tx, id);
      if (!row) return { refused: "not_found" as const };
      const before = failedMailOf(row, MAIL_BODY_PRUNED);
      if (row.status !== "failed") return { refused: "not_failed" as const, before };
      if (before.bodyPruned) return { refused: "pruned" as const, before };
      if (!(await reopenFailedMail(tx, id))) return { refused: "not_failed" as const, before };
      await deliver.enqueue({ mailId: id }, { tx, key: `mail:${id}` });
      return { refused: null, before, after: before };
    },

    async outbox() {
      return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    },

    close() {
      transport?.close();
    },
  };
}
