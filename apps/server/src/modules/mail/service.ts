import { and, asc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../auth/service.ts";
import { mailOutbox } from "./schema.ts";

export type OutgoingMail = { to: string; subject: string; html: string; text: string; key: string };

/** The mail port: SMTP when configured; the outbox table always (see schema.ts). */
export type MailService = ReturnType<typeof createMailService>;

const MAX_ATTEMPTS = 5;

export function createMailService(deps: { db: Database; clock: Clock; smtpUrl?: string; from: string }) {
  const { db, clock } = deps;
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  let delivering: Promise<number> | null = null;

  /** Sends what is pending, oldest first; each row is claimed before sending so two instances
   * never send the same mail. Returns how many were sent. */
  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, "pending"), sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`))
          .orderBy(asc(mailOutbox.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!row) return null;
        await tx
          .update(mailOutbox)
          .set({ attempts: row.attempts + 1 })
          .where(eq(mailOutbox.id, row.id));
        return row;
      });
      if (!claimed) return sent;
      try {
        await transport.sendMail({
          from: deps.from,
          to: claimed.to,
          subject: claimed.subject,
          html: claimed.html,
          text: claimed.text,
        });
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: clock() })
          .where(eq(mailOutbox.id, claimed.id));
        sent += 1;
      } catch (error) {
        const failed = claimed.attempts + 1 >= MAX_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set({ status: failed ? "failed" : "pending", lastError: (error as Error).message })
          .where(eq(mailOutbox.id, claimed.id));
        // Try the rest later (the periodic run), not in a tight loop against a failing server.
        return sent;
      }
    }
  }

  return {
    smtp: transport !== null,

    /** Queues a mail in the caller's transaction; the same key twice queues it once. */
    async enqueue(tx: Database, mail: OutgoingMail) {
      await tx
        .insert(mailOutbox)
        .values({ ...mail, createdAt: clock() })
        .onConflictDoNothing({ target: mailOutbox.key });
    },

    /** Delivers pending mail now (after a commit) and whenever called again; one run at a time. */
    deliver(): Promise<number> {
      if (!delivering) {
        delivering = deliverPending().finally(() => {
          delivering = null;
        });
      }
      return delivering;
    },

    async outbox() {
      return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    },

    close() {
      transport?.close();
    },
  };
}
