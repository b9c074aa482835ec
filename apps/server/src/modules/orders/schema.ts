import type { Billing } from "@precedent/contracts";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "../catalogue/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

export const orderStatus = pgEnum("order_status", ["unpaid", "paid", "used"]);

export type OrderCouponLine = { couponId: number; code: string; discount: number };

/**
 * Orders of one template (quantity 1). unpaid → paid (only by the payment provider's
 * confirmation) → used (only by starting a document from it). Every figure in AUD cents inc. GST,
 * computed by the server when the order is created.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    status: orderStatus().notNull().default("unpaid"),
    /** The last payment attempt was declined (the order stays unpaid and may be paid again). */
    declined: boolean().notNull().default(false),
    /** Why, when the server knows more than "declined" (e.g. a payment refunded because a
     * coupon's limit was reached meanwhile); shown to the buyer on the return page. */
    declinedReason: text(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
    totalCents: integer().notNull(),
    taxCents: integer().notNull(),
    /** Given back through the payment provider so far (never more than `totalCents`). */
    refundedCents: integer().notNull().default(0),
    couponLines: jsonb().$type<OrderCouponLine[]>().notNull().default([]),
    billing: jsonb().$type<Billing>().notNull(),
    paymentMethodTitle: text().notNull().default(""),
    documentId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("orders_team_user_idx").on(t.teamId, t.userId, t.createdAt),
    index("orders_paid_at_idx").on(t.paidAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * Money given back on an order through the payment provider, by staff with a reason (the
 * operator console's money area). `creditsTakenBack`: a credit package's credits removed from
 * the firm's balance by the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    provider: text().notNull(),
    /** The provider's refund id (Stripe's `re_…`, or the sandbox's own). */
    externalId: text(),
    staffId: integer().notNull(),
    creditsTakenBack: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId), index("order_refunds_created_idx").on(t.createdAt)],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export const startConsumed = pgEnum("start_consumed", ["order", "plan_use", "full_access", "free"]);

/**
 * How each document started from the catalogue was paid for, and the acknowledgement given in
 * the start wizard (who accepted, on what date, the text they accepted): a record of the right
 * consumed and of the acceptance, written in the start's transaction.
 */
export const documentStarts = pgTable(
  "document_starts",
  {
    documentId: integer().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    orderId: integer().references(() => orders.id),
    consumed: startConsumed().notNull(),
    acknowledgement: text(),
    /** DD/MM/YYYY as entered. */
    acknowledgementDate: text(),
    acknowledgementUser: text(),
    startedBy: integer()
      .notNull()
      .references(() => users.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("document_starts_team_idx").on(t.teamId, t.startedAt)],
);
