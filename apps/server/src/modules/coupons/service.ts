import {
  COUPON_ALREADY_APPLIED,
  COUPON_USAGE_LIMIT_REACHED,
  CURRENCY,
  couponDoesNotExist,
  couponNotForTemplate,
  couponNotWithOthers,
  GST_DIVISOR,
  type PriceSummary,
} from "@precedent/contracts";
import { and, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { type CouponRow, coupons, couponUses } from "./schema.ts";

/** What a coupon is checked against: the product and its categories with their ancestors. */
export type PricedProduct = { id: number; priceCents: number; categoryIds: number[] };

const couponError = (message: string) => badRequest(message, [{ field: "code", message }]);

/** GST included in a GST-inclusive amount: 1/11, to the cent. */
export const gstOf = (totalCents: number) => Math.round(totalCents / GST_DIVISOR);

/**
 * The price with coupons applied (documents spec §4): the regular price minus each coupon's
 * amount, a percent coupon taken as a share of the regular price, never below 0.
 */
export function priceWith(
  regularCents: number,
  applied: Pick<CouponRow, "code" | "amount" | "discountType">[],
): PriceSummary {
  let remaining = regularCents;
  const discounts = applied.map((c) => {
    const wanted = c.discountType === "percent" ? Math.round((regularCents * c.amount) / 100) : c.amount;
    const amount = Math.min(wanted, remaining);
    remaining -= amount;
    return { code: c.code, amount };
  });
  return {
    regular_price: regularCents,
    discounts,
    discount_total: regularCents - remaining,
    total: remaining,
    total_tax: gstOf(remaining),
    currency: CURRENCY,
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

export function createCouponsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * A coupon by code, any case; a zero amount counts as no coupon (documents spec §5), and so do
   * a coupon staff disabled and one past its expiry: the customer is told it does not exist.
   */
  async function find(tx: Database, code: string) {
    const [row] = await tx.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code.trim()})`);
    if (!row || row.amount <= 0 || row.disabledAt !== null) return null;
    return row.expiresAt !== null && row.expiresAt <= clock() ? null : row;
  }

  async function usedByUser(tx: Database, couponId: number, userId: number) {
    const [row] = await tx
      .select({ n: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
    return row?.n ?? 0;
  }

  /**
   * Checks one code for the product next to those already applied; returns the coupon or throws
   * the spec's message. Limits are read here for the user's benefit; the payment re-checks them
   * atomically (claim).
   */
  async function checkOne(
    tx: Database,
    code: string,
    applied: CouponRow[],
    product: PricedProduct,
    userId: number,
  ) {
    const coupon = await find(tx, code);
    if (!coupon) throw couponError(couponDoesNotExist(code.trim()));
    if (applied.some((a) => a.id === coupon.id)) throw couponError(COUPON_ALREADY_APPLIED);
    const blocking = applied.find((a) => a.individualUse);
    if (blocking) throw couponError(couponNotWithOthers(blocking.code));
    if (coupon.individualUse && applied.length > 0) throw couponError(couponNotWithOthers(coupon.code));
    const inCategories = (ids: number[]) => ids.some((id) => product.categoryIds.includes(id));
    if (coupon.excludedProductIds.includes(product.id) || inCategories(coupon.excludedCategoryIds)) {
      throw couponError(couponNotForTemplate(coupon.code));
    }
    const restricted = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
    if (restricted && !coupon.productIds.includes(product.id) && !inCategories(coupon.categoryIds)) {
      throw couponError(couponNotForTemplate(coupon.code));
    }
    if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
      throw couponError(COUPON_USAGE_LIMIT_REACHED);
    }
    if (
      coupon.usageLimitPerUser !== null &&
      (await usedByUser(tx, coupon.id, userId)) >= coupon.usageLimitPerUser
    ) {
      throw couponError(COUPON_USAGE_LIMIT_REACHED);
    }
    return coupon;
  }

  return {
    /** Checks codes in order, each against those before it; the priced result. */
    async apply(codes: string[], product: PricedProduct, userId: number, tx: Database = db) {
      const applied: CouponRow[] = [];
      for (const code of codes) applied.push(await checkOne(tx, code, applied, product, userId));
      return { coupons: applied, summary: priceWith(product.priceCents, applied) };
    },

    /**
     * Counts one paid order's coupons, inside the payment's transaction. The guarded update holds
     * the coupon row until commit, so parallel payments take turns and the limit (overall and per
     * user) is never passed: the loser's payment is refused and its transaction rolls back.
     */
    async claim(
      tx: Database,
      couponIds: number[],
      userId: number,
      orderId: number,
      overLimit: "refuse" | "count" = "refuse",
    ) {
      // In id order, as `usageRefusal` locks them: two orders paid at once with the same coupons
      // typed in opposite orders would otherwise each hold one and wait for the other.
      for (const couponId of [...couponIds].sort((a, b) => a - b)) {
        const [claimed] = await tx
          .update(coupons)
          .set({ usageCount: sql`${coupons.usageCount} + 1` })
          .where(
            and(
              eq(coupons.id, couponId),
              or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit)),
            ),
          )
          .returning({ perUser: coupons.usageLimitPerUser });
        if (!claimed) {
          if (overLimit === "refuse") throw new AppError(409, COUPON_USAGE_LIMIT_REACHED);
          await tx
            .update(coupons)
            .set({ usageCount: sql`${coupons.usageCount} + 1` })
            .where(eq(coupons.id, couponId));
        } else if (
          overLimit === "refuse" &&
          claimed.perUser !== null &&
          (await usedByUser(tx, couponId, userId)) >= claimed.perUser
        ) {
          throw new AppError(409, COUPON_USAGE_LIMIT_REACHED);
        }
        await tx.insert(couponUses).values({ couponId, userId, orderId, createdAt: clock() });
      }
    },

    /**
     * Why an order's coupons can no longer be used by its buyer (a limit reached since the order
     * was priced, by other orders paid meanwhile, or held by other orders' open payments), or
     * null. Checked before a payment is opened so that no one is sent to pay for a discount that
     * payment would be refused; `claim` still decides atomically when the payment is confirmed.
     * The coupon rows are locked until the caller's transaction ends, and the holds read after, so
     * two payments opened at once for one last use take turns and the second sees the first's hold.
     */
    async usageRefusal(
      tx: Database,
      couponIds: number[],
      userId: number,
      heldElsewhere: () => Promise<readonly { userId: number; couponIds: number[] }[]> = async () => [],
    ): Promise<string | null> {
      if (couponIds.length === 0) return null;
      const rows = await tx
        .select()
        .from(coupons)
        .where(inArray(coupons.id, couponIds))
        .orderBy(coupons.id)
        .for("update");
      // Read under the lock: a payment opened by whoever held it before is seen.
      const held = await heldElsewhere();
      for (const coupon of rows) {
        const holds = held.filter((h) => h.couponIds.includes(coupon.id));
        if (coupon.usageLimit !== null && coupon.usageCount + holds.length >= coupon.usageLimit)
          return COUPON_USAGE_LIMIT_REACHED;
        if (
          coupon.usageLimitPerUser !== null &&
          (await usedByUser(tx, coupon.id, userId)) + holds.filter((h) => h.userId === userId).length >=
            coupon.usageLimitPerUser
        ) {
          return COUPON_USAGE_LIMIT_REACHED;
        }
      }
      return null;
    },

    /** Demo data and tests: a coupon as given. */
    async create(values: typeof coupons.$inferInsert) {
      const [row] = await db.insert(coupons).values(values).returning();
      if (!row) throw new Error("coupon not created");
      return row;
    },
  };
}
