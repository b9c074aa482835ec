import type { AuditEntry } from "@precedent/contracts";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { staffAccounts, staffAuditLog } from "./schema.ts";

export const AUDIT_PAGE_SIZE = 50;

/** One staff action as the log keeps it; before and after are what the target looked like. */
export type AuditRecord = {
  staffId: number;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes an action to the audit log inside the transaction that made the change, so the log
 * and the change are kept or lost together: there is no change without its entry.
 */
export async function recordAction(tx: Database, clock: Clock, entry: AuditRecord) {
  await tx.insert(staffAuditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: clock(),
  });
}

/**
 * The entries of one action (a queue's notes) on these targets, oldest first, with who made each:
 * the queues keep their notes in the append-only log rather than in a table of their own.
 */
export async function auditEntriesOn(db: Database, action: string, targets: string[]) {
  if (targets.length === 0) return [];
  return db
    .select({
      target: staffAuditLog.target,
      at: staffAuditLog.at,
      after: staffAuditLog.after,
      staffName: staffAccounts.name,
    })
    .from(staffAuditLog)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(and(eq(staffAuditLog.action, action), inArray(staffAuditLog.target, targets)))
    .orderBy(asc(staffAuditLog.at), asc(staffAuditLog.id));
}

/** A page of the log, newest first, optionally one staff member's actions. */
export async function auditPage(db: Database, query: { page: number; staff_id?: number | undefined }) {
  const where: SQL | undefined =
    query.staff_id === undefined ? undefined : eq(staffAuditLog.staffId, query.staff_id);
  const [counted] = await db.select({ n: count() }).from(staffAuditLog).where(where);
  const rows = await db
    .select({
      id: staffAuditLog.id,
      at: staffAuditLog.at,
      action: staffAuditLog.action,
      target: staffAuditLog.target,
      before: staffAuditLog.before,
      after: staffAuditLog.after,
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
    })
    .from(staffAuditLog)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(where)
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map(
      (r): AuditEntry => ({
        id: r.id,
        at: r.at.toISOString(),
        staff: { id: r.staffId, email: r.email, name: r.name },
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
      }),
    ),
    page: query.page,
    total_page: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    total_record: total,
  };
}
