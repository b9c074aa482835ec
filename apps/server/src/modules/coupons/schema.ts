import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

export const discountType = pgEnum("discount_type", ["percent", "fixed_cart"]);

/**
 * Coupons (documents spec §3, §5). Codes match case-insensitively (unique on lower(code)). A zero
 * amount counts as a coupon that does not exist. `usageCount` only moves when an order using the
 * coupon is paid, by an update guarded by the limit, so the limit holds under concurrency.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    /** Percent of the regular price (0–100) for percent; cents for fixed_cart. */
    amount: integer().notNull(),
    discountType: discountType().notNull(),
    individualUse: boolean().notNull().default(false),
    productIds: integer().array().notNull().default([]),
    excludedProductIds: integer().array().notNull().default([]),
    categoryIds: integer().array().notNull().default([]),
    excludedCategoryIds: integer().array().notNull().default([]),
    usageLimit: integer(),
    usageLimitPerUser: integer(),
    usageCount: integer().notNull().default(0),
    /** After this moment the code is refused as if it did not exist; null: no expiry. */
    expiresAt: timestamp({ withTimezone: true }),
    /** Set by staff to stop a code being applied; its past uses stay. */
    disabledAt: timestamp({ withTimezone: true }),
    /** Moves on every console edit (a stale edit is refused). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_idx").on(sql`lower(${t.code})`),
    check("coupons_amount_check", sql`${t.amount} >= 0`),
    check("coupons_percent_check", sql`${t.discountType} <> 'percent' or ${t.amount} <= 100`),
  ],
);

/** One paid order's use of a coupon: the per-user limit counts these. */
export const couponUses = pgTable(
  "coupon_uses",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("coupon_uses_order_idx").on(t.couponId, t.orderId),
    index("coupon_uses_user_idx").on(t.couponId, t.userId),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
