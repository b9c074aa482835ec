import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "./schema.ts";

/**
 * Mail not delivered (issue 37 item 7): outbox rows whose every attempt failed, for the operator
 * console to list and send again. Only a failed row is sent again, and only while it still has
 * its body: after the retention period the body is a placeholder (see MAIL_BODY_PRUNED), and
 * sending that would tell the recipient nothing.
 */
export type FailedMail = {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  bodyPruned: boolean;
};

const columns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
};
type Selected = { [K in keyof typeof columns]: (typeof mailOutbox.$inferSelect)[K] };

export const failedMailOf = (row: Selected, prunedText: string): FailedMail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  bodyPruned: row.text === prunedText,
});

/** `text` anywhere in a value, its own `%`, `_` and `\` taken as letters. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function failedMailPage(
  db: Database,
  query: { page: number; pageSize: number; to?: string | undefined; subject?: string | undefined },
) {
  const failed = and(
    eq(mailOutbox.status, "failed"),
    query.to ? ilike(mailOutbox.to, containing(query.to)) : undefined,
    query.subject ? ilike(mailOutbox.subject, containing(query.subject)) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(mailOutbox).where(failed);
  const rows = await db
    .select(columns)
    .from(mailOutbox)
    .where(failed)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: counted?.n ?? 0 };
}

/** The row as it is now, locked for the caller's transaction. */
export async function lockedMail(tx: Database, id: number): Promise<Selected | undefined> {
  const [row] = await tx.select(columns).from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
  return row;
}

/** Puts a failed row back to pending (its attempts and last error kept); false when it is not failed. */
export async function reopenFailedMail(tx: Database, id: number) {
  const reopened = await tx
    .update(mailOutbox)
    .set({ status: "pending" })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  return reopened.length > 0;
}
