import { QUEUE_MESSAGES } from "@precedent/contracts";
import { and, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { mayUse, type StaffFacts } from "./policy.ts";
import { queueAssignments, staffAccounts } from "./schema.ts";

/**
 * Who has taken an item of the lodgement and integrations queues (issue 37 item 7), as the
 * fulfilment queue records it: one row of `queue_assignments` per queue and item.
 */
export type Assignee = { id: number; name: string };

/** A queue's item is taken only by someone who may work the queues (and is still active). */
export const mayTakeQueueItem = (assignee: StaffFacts) => assignee.active && mayUse(assignee.role, "queues");

export async function assigneesOf(tx: Database, queue: string, ids: number[]) {
  if (ids.length === 0) return new Map<number, Assignee>();
  const rows = await tx
    .select({ itemId: queueAssignments.itemId, id: staffAccounts.id, name: staffAccounts.name })
    .from(queueAssignments)
    .innerJoin(staffAccounts, eq(staffAccounts.id, queueAssignments.staffId))
    .where(and(eq(queueAssignments.queue, queue), inArray(queueAssignments.itemId, ids)));
  return new Map(rows.map((r) => [r.itemId, { id: r.id, name: r.name }]));
}

/** The filter "assigned to me", "to nobody" or to one staff member, as a condition on an item's id. */
export function assignedCondition(
  db: Database,
  queue: string,
  actor: StaffFacts,
  filter: { assigned?: "me" | "nobody" | undefined; assignee_id?: number | undefined },
  itemId: AnyPgColumn,
): SQL | undefined {
  const taken = (staffId?: number) =>
    db
      .select({ id: queueAssignments.itemId })
      .from(queueAssignments)
      .where(
        and(
          eq(queueAssignments.queue, queue),
          staffId === undefined ? undefined : eq(queueAssignments.staffId, staffId),
        ),
      );
  const all: SQL[] = [];
  if (filter.assigned === "me") all.push(inArray(itemId, taken(actor.id)));
  if (filter.assigned === "nobody") all.push(notInArray(itemId, taken()));
  if (filter.assignee_id !== undefined) all.push(inArray(itemId, taken(filter.assignee_id)));
  return all.length === 0 ? undefined : and(...all);
}

/**
 * Gives the item to a staff member who may work the queues, or to nobody, in the caller's
 * transaction. Assigns of one item wait for each other (a transaction lock on the queue and
 * item), so concurrent ones leave the last one's result and each audit entry's before is true.
 * Returns who had it before and who has it now.
 */
export async function assignItem(
  tx: Database,
  clock: Clock,
  item: { queue: string; itemId: number; staffId: number | null },
) {
  const { queue, itemId, staffId } = item;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${queue}), ${itemId})`);
  const before = (await assigneesOf(tx, queue, [itemId])).get(itemId) ?? null;
  if (staffId !== null) {
    const [assignee] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    if (!assignee || !mayTakeQueueItem(assignee)) throw new AppError(409, QUEUE_MESSAGES.assigneeNotAllowed);
    await tx
      .insert(queueAssignments)
      .values({ queue, itemId, staffId, assignedAt: clock() })
      .onConflictDoUpdate({
        target: [queueAssignments.queue, queueAssignments.itemId],
        set: { staffId, assignedAt: clock() },
      });
  } else {
    await tx
      .delete(queueAssignments)
      .where(and(eq(queueAssignments.queue, queue), eq(queueAssignments.itemId, itemId)));
  }
  const after = (await assigneesOf(tx, queue, [itemId])).get(itemId) ?? null;
  return { before, after };
}
