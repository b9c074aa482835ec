import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "../catalogue/schema.ts";
import { orders } from "../orders/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * Credit spending history (account-area §3 "Credit usage record"): one row per plan use taken,
 * written in the transaction that takes it, so the history and the balance cannot disagree.
 */
export const creditUsages = pgTable(
  "credit_usages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    used: integer().notNull(),
    documentIds: integer().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("credit_usages_team_idx").on(t.teamId, t.createdAt)],
);

/**
 * Credit buying history (account-area §3 "Credit purchase record"). One row per paid order of a
 * credit package: `order_id` is unique, the last guard of "credit added exactly once".
 */
export const creditPurchases = pgTable(
  "credit_purchases",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** The package's name when bought (a renamed product keeps its history). */
    packageName: text().notNull(),
    capQty: integer().notNull(),
    /** The package's price, AUD cents inc. GST. */
    amountCents: integer().notNull(),
    /** What the order charged, after coupons. */
    totalCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("credit_purchases_team_idx").on(t.teamId, t.createdAt)],
);
