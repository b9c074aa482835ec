import type { MoneyOrderFilter } from "@precedent/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
  sum,
} from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { endOfSydneyDay, startOfSydneyDay } from "../../platform/kernel/calendar.ts";
import { type OrderRefundRow, type OrderRow, orderRefunds, orders } from "./schema.ts";

/**
 * Orders across firms for the operator console's money area (issue 37 item 6): staff are no
 * firm's people, so nothing here is scoped to a firm; who may read and refund is the console's
 * rule. The guarded update in `recordRefund` is what makes a refund happen once.
 */

/** Digits of an order number as people type it: "INV-000123", "inv123", "123". */
const orderIdIn = (text: string) => {
  const match = /^(?:inv-?)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
};

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of orders, newest first. `firmIds`: the firms whose name matched the search text. */
export async function staffOrderPage(
  db: Database,
  filter: MoneyOrderFilter,
  firmIds: number[],
  pageSize: number,
) {
  const conditions: (SQL | undefined)[] = [];
  const text = filter.q?.trim() ?? "";
  if (text) {
    const id = orderIdIn(text);
    conditions.push(
      or(
        id === null ? undefined : eq(orders.id, id),
        ilike(sql`${orders.billing}->>'email'`, likeText(text)),
        firmIds.length > 0 ? inArray(orders.teamId, firmIds) : undefined,
      ),
    );
  }
  if (filter.status === "refunded") conditions.push(sql`${orders.refundedCents} > 0`);
  else if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, startOfSydneyDay(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, endOfSydneyDay(filter.to)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** One order by id, across firms; locked for the caller's transaction when asked. */
export async function staffOrder(tx: Database, id: number, lock = false): Promise<OrderRow | undefined> {
  const query = tx.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function refundsOf(db: Database, orderId: number): Promise<OrderRefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
}

/**
 * Adds a refund to the order, once: the update is guarded by the refunded total the caller
 * decided on and by what was paid, so a refund racing another cannot take the total past the
 * price (the table's check says so too). False when the order changed meanwhile.
 */
export async function recordRefund(
  tx: Database,
  refund: Omit<OrderRefundRow, "id"> & { refundedBefore: number },
): Promise<boolean> {
  const { refundedBefore, ...row } = refund;
  const [updated] = await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${row.amountCents}` })
    .where(
      and(
        eq(orders.id, row.orderId),
        eq(orders.refundedCents, refundedBefore),
        sql`${orders.refundedCents} + ${row.amountCents} <= ${orders.totalCents}`,
      ),
    )
    .returning({ id: orders.id });
  if (!updated) return false;
  await tx.insert(orderRefunds).values(row);
  return true;
}

/** A Sydney day's takings: orders paid that day, and money given back that day. */
export async function takingsOf(db: Database, day: string) {
  const from = startOfSydneyDay(day);
  const to = endOfSydneyDay(day);
  const [paid] = await db
    .select({ n: count(), gross: sum(orders.totalCents), gst: sum(orders.taxCents) })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  const [refunded] = await db
    .select({ total: sum(orderRefunds.amountCents) })
    .from(orderRefunds)
    .where(and(gte(orderRefunds.createdAt, from), lt(orderRefunds.createdAt, to)));
  const gross = Number(paid?.gross ?? 0);
  const refunds = Number(refunded?.total ?? 0);
  return {
    day,
    paid_orders: paid?.n ?? 0,
    gross,
    gst: Number(paid?.gst ?? 0),
    refunds,
    net: gross - refunds,
  };
}
