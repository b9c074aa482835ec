import { type FailedMailFilter, type FailedMailRow, QUEUE_MESSAGES } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { FailedMail, MailService } from "../mail/index.ts";
import { recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";

/**
 * Mail not delivered (issue 37 item 7): outbox mail whose every attempt failed, with the
 * recipient, subject and error, sent again as the mail module allows (audited). The audit log
 * keeps the mail's state and subject, not its recipient's address.
 */
const PAGE_SIZE = 20;

const auditedOf = (mail: FailedMail, status: string) => ({
  status,
  subject: mail.subject,
  attempts: mail.attempts,
  last_error: mail.lastError,
});

export function createMailQueue(deps: {
  db: Database;
  clock: Clock;
  mail: () => Pick<MailService, "failedPage" | "retryFailed" | "sendSoon">;
}) {
  const { db, clock } = deps;

  const rowOf = (actor: StaffFacts, mail: FailedMail): FailedMailRow => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    attempts: mail.attempts,
    last_error: mail.lastError,
    created_at: mail.createdAt.toISOString(),
    body_pruned: mail.bodyPruned,
    abilities: { retry: mayUse(actor.role, "queues") && !mail.bodyPruned },
  });

  return {
    /** A page of the queue, narrowed in SQL by recipient and subject (mail belongs to no firm). */
    async page(actor: StaffFacts, query: FailedMailFilter) {
      const { rows, total } = await deps
        .mail()
        .failedPage({ page: query.page, pageSize: PAGE_SIZE, to: query.to, subject: query.subject });
      return {
        rows: rows.map((mail) => rowOf(actor, mail)),
        page: query.page,
        total_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        total_record: total,
      };
    },

    /** Sends the mail again with a fresh round of attempts (queued with its audit entry). */
    async retry(actor: StaffFacts, id: number) {
      await db.transaction(async (tx) => {
        const done = await deps.mail().retryFailed(tx, id);
        if (done.refused === "not_found") throw notFound(QUEUE_MESSAGES.mailNotFound);
        if (done.refused === "pruned") throw new AppError(409, QUEUE_MESSAGES.mailPruned);
        if (done.refused !== null) throw new AppError(409, QUEUE_MESSAGES.mailNotFailed);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "mail.retried",
          target: `mail:${id}`,
          before: auditedOf(done.before, "failed"),
          after: auditedOf(done.after, "pending"),
        });
      });
      deps.mail().sendSoon();
      return { id, status: "pending" as const };
    },
  };
}
