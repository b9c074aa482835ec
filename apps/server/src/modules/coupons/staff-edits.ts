import { and, asc, eq, ilike, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CouponRow, coupons } from "./schema.ts";

/**
 * Coupons as the operator console reads and changes them (issue 37 item 4), inside its
 * transaction; who may, and the audit entry, are the console's. A change is guarded by the
 * coupon's version, so of two edits made at once one is refused.
 */

const STAFF_LIST_LIMIT = 200;

/** What a coupon's terms are: what a customer was promised when they used it. */
export type CouponTerms = {
  discountType: "percent" | "fixed_cart";
  amount: number;
  usageLimit: number | null;
  usageLimitPerUser: number | null;
  expiresAt: Date | null;
  individualUse: boolean;
  productIds: number[];
};

/** Coupons by part of their code, newest first. */
export async function staffCoupons(db: Database, text: string | undefined) {
  return db
    .select()
    .from(coupons)
    .where(text ? ilike(coupons.code, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
    .orderBy(asc(sql`lower(${coupons.code})`))
    .limit(STAFF_LIST_LIMIT);
}

/** One coupon, or null; `lock` holds its row until the caller's transaction ends. */
export async function staffCoupon(db: Database, id: number, lock = false) {
  const query = db.select().from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A new coupon, or null when its code (any case) is taken. */
export async function insertCoupon(tx: Database, code: string, terms: CouponTerms, at: Date) {
  const [row] = await tx
    .insert(coupons)
    .values({ code, ...terms, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Changes a coupon read at `version` (terms, or its disabled state); null when it moved on since. */
export async function changeCoupon(
  tx: Database,
  id: number,
  version: number,
  change: Partial<CouponTerms> & { disabledAt?: Date | null },
): Promise<CouponRow | null> {
  const [row] = await tx
    .update(coupons)
    .set({ ...change, version: sql`${coupons.version} + 1` })
    .where(and(eq(coupons.id, id), eq(coupons.version, version)))
    .returning();
  return row ?? null;
}
