import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "./schema.ts";

/**
 * A person's paid orders in a firm, oldest first: the catalogue's membership answer lists them
 * (`paid_orders`) so the web app offers to start what was bought. A plain function of the
 * database, so the catalogue, which orders depends on, is handed it without an import cycle.
 */
export async function paidOrdersOf(db: Database, teamId: number, userId: number) {
  return db
    .select({ order_id: orders.id, product_id: orders.productId })
    .from(orders)
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.userId, userId),
        eq(orders.status, "paid"),
        eq(orders.refundedCents, 0),
      ),
    )
    .orderBy(asc(orders.id));
}
