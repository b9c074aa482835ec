import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../orders/schema.ts";

export const paymentProvider = pgEnum("payment_provider", ["sandbox", "stripe"]);
/**
 * refunded: the provider took a payment that could not be honoured (the order was already paid
 * through another session, or a coupon's limit was reached meanwhile) and it was given back.
 */
export const checkoutStatus = pgEnum("checkout_status", [
  "open",
  "paid",
  "declined",
  "cancelled",
  "refunded",
]);

/** A payment session for one order; the sandbox's hosted page and Stripe's both start here. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    /** Random and unguessable: the sandbox checkout page's address. */
    id: text().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: paymentProvider().notNull(),
    status: checkoutStatus().notNull().default("open"),
    amountCents: integer().notNull(),
    /** Stripe's checkout session id. */
    externalId: text().unique(),
    /** Stripe's payment of a completed session: what a refund names. */
    paymentIntent: text(),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    errorUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    /** Why a payment was refunded (status refunded), for whoever answers the buyer. */
    refundReason: text(),
  },
  (t) => [index("checkout_sessions_order_idx").on(t.orderId)],
);

/** Provider events already applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});
