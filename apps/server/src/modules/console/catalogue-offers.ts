import {
  type ConsoleCoupon,
  type CreateCouponRequest,
  type CreateCreditPackageRequest,
  CONSOLE_CATALOGUE_MESSAGES as M,
  type UpdateCouponRequest,
} from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import {
  changeCreditPackage,
  insertCreditPackage,
  productSummaries,
  staffCreditPackages,
} from "../catalogue/index.ts";
import {
  type CouponRow,
  type CouponTerms,
  changeCoupon,
  insertCoupon,
  staffCoupon,
  staffCoupons,
} from "../coupons/index.ts";
import { recordAction } from "./audit.ts";
import { type CatalogueDeps, historyOf } from "./catalogue.ts";
import type { StaffFacts } from "./policy.ts";

/**
 * Credit packages and coupons (issue 37 item 4): what firms pay, so the routes let only
 * administrators here. Each change is audited with its before and after in its transaction.
 *
 * A coupon someone has used keeps its terms: the discount, limits, expiry and products are what
 * the customers who used it were given, and its history would no longer say what they got. Staff
 * may still disable it (no further use) and create a new one.
 */

const termsOf = (c: CouponRow) => ({
  discount_type: c.discountType,
  amount: c.amount,
  usage_limit: c.usageLimit,
  usage_limit_per_user: c.usageLimitPerUser,
  expires_at: c.expiresAt?.toISOString() ?? null,
  individual_use: c.individualUse,
  product_ids: c.productIds,
});

const stateOf = (c: CouponRow) => ({ ...termsOf(c), disabled: c.disabledAt !== null });

function couponView(c: CouponRow, history: ConsoleCoupon["history"]): ConsoleCoupon {
  return {
    id: c.id,
    code: c.code,
    ...termsOf(c),
    usage_count: c.usageCount,
    disabled: c.disabledAt !== null,
    version: c.version,
    abilities: { change_terms: c.usageCount === 0 },
    history,
  };
}

type TermsInput = Partial<Omit<CreateCouponRequest, "code">>;

/** The request's terms as the coupons module names them; absent fields stay absent. */
function termsFrom(input: TermsInput): Partial<CouponTerms> {
  const out: Partial<CouponTerms> = {};
  if (input.discount_type !== undefined) out.discountType = input.discount_type;
  if (input.amount !== undefined) out.amount = input.amount;
  if (input.usage_limit !== undefined) out.usageLimit = input.usage_limit;
  if (input.usage_limit_per_user !== undefined) out.usageLimitPerUser = input.usage_limit_per_user;
  if (input.expires_at !== undefined)
    out.expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
  if (input.individual_use !== undefined) out.individualUse = input.individual_use;
  if (input.product_ids !== undefined) out.productIds = [...new Set(input.product_ids)].sort((a, b) => a - b);
  return out;
}

export function createConsoleOffers(deps: CatalogueDeps) {
  const { db, clock } = deps;
  const changed = () => deps.catalogueChanged?.();

  async function requireProducts(tx: Database, ids: number[] | undefined) {
    if (!ids || ids.length === 0) return;
    const found = await productSummaries(tx, ids);
    if (ids.some((id) => !found.has(id))) throw notFound(M.productNotFound);
  }

  async function viewOf(id: number) {
    const row = await staffCoupon(db, id);
    if (!row) throw notFound(M.couponNotFound);
    return couponView(row, (await historyOf(db, [`coupon:${id}`])).get(`coupon:${id}`) ?? []);
  }

  return {
    creditPackages: async (_actor: StaffFacts) => ({ rows: await staffCreditPackages(db) }),

    /** Adds a credit package, on sale to firms at once unless made inactive; audited. */
    async createCreditPackage(actor: StaffFacts, input: CreateCreditPackageRequest) {
      // The reply is the package as read inside the insert's own transaction (no read after it).
      const created = await db.transaction(async (tx) => {
        const added = await insertCreditPackage(tx, {
          name: input.name,
          priceCents: input.price_cents,
          credits: input.credits,
          active: input.active,
        });
        if (added === null) throw new AppError(409, M.packageNameTaken);
        const [after] = await staffCreditPackages(tx, added);
        if (!after) throw new Error(`credit package ${added} not found after its insert`);
        const { version: _v, ...afterState } = after;
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "credit_package.created",
          target: `product:${added}`,
          after: afterState,
        });
        return after;
      });
      changed();
      return created;
    },

    async updateCreditPackage(
      actor: StaffFacts,
      id: number,
      input: {
        version: number;
        price_cents?: number | undefined;
        credits?: number | undefined;
        active?: boolean | undefined;
      },
    ) {
      await db.transaction(async (tx) => {
        const [before] = await staffCreditPackages(tx, id);
        if (!before) throw notFound(M.packageNotFound);
        if (before.version !== input.version) throw new AppError(409, M.staleProduct);
        const done = await changeCreditPackage(tx, id, input.version, {
          ...(input.price_cents === undefined ? {} : { priceCents: input.price_cents }),
          ...(input.credits === undefined ? {} : { credits: input.credits }),
          ...(input.active === undefined ? {} : { active: input.active }),
        });
        if (!done) throw new AppError(409, M.staleProduct);
        const [after] = await staffCreditPackages(tx, id);
        const { version: _b, ...beforeState } = before;
        const { version: _a, ...afterState } = after ?? before;
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "credit_package.changed",
          target: `product:${id}`,
          before: beforeState,
          after: afterState,
        });
      });
      changed();
      const [after] = await staffCreditPackages(db, id);
      if (!after) throw notFound(M.packageNotFound);
      return after;
    },

    async coupons(_actor: StaffFacts, text: string | undefined) {
      const rows = await staffCoupons(db, text);
      const histories = await historyOf(
        db,
        rows.map((r) => `coupon:${r.id}`),
      );
      return { rows: rows.map((r) => couponView(r, histories.get(`coupon:${r.id}`) ?? [])) };
    },

    async createCoupon(actor: StaffFacts, input: CreateCouponRequest) {
      const id = await db.transaction(async (tx) => {
        await requireProducts(tx, input.product_ids);
        const terms = termsFrom(input) as CouponTerms;
        const row = await insertCoupon(tx, input.code, terms, clock());
        if (!row) throw new AppError(409, M.couponCodeTaken);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "coupon.created",
          target: `coupon:${row.id}`,
          after: { code: row.code, ...stateOf(row) },
        });
        return row.id;
      });
      return viewOf(id);
    },

    /** Changes a coupon read at `input.version`; a used coupon's terms are refused (see above). */
    async updateCoupon(actor: StaffFacts, id: number, input: UpdateCouponRequest) {
      await db.transaction(async (tx) => {
        const current = await staffCoupon(tx, id, true);
        if (!current) throw notFound(M.couponNotFound);
        if (current.version !== input.version) throw new AppError(409, M.staleCoupon);
        const terms = termsFrom(input);
        const before = stateOf(current);
        const wanted = { ...termsOf(current), ...pickTerms(input) };
        const termsMove = JSON.stringify(termsOf(current)) !== JSON.stringify(wanted);
        if (termsMove && current.usageCount > 0) throw new AppError(409, M.couponUsed);
        if (wanted.discount_type === "percent" && wanted.amount > 100)
          throw badRequest("A percentage is at most 100", [
            { field: "amount", message: "A percentage is at most 100" },
          ]);
        await requireProducts(tx, input.product_ids);
        const disabledAt =
          input.disabled === undefined ? undefined : input.disabled ? (current.disabledAt ?? clock()) : null;
        const row = await changeCoupon(tx, id, input.version, {
          ...terms,
          ...(disabledAt === undefined ? {} : { disabledAt }),
        });
        if (!row) throw new AppError(409, M.staleCoupon);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: input.disabled === true && !before.disabled ? "coupon.disabled" : "coupon.changed",
          target: `coupon:${id}`,
          before,
          after: stateOf(row),
        });
      });
      return viewOf(id);
    },
  };
}

/** The request's terms in the view's own names, for comparing with the stored ones. */
function pickTerms(input: UpdateCouponRequest) {
  const out: Record<string, unknown> = {};
  for (const key of [
    "discount_type",
    "amount",
    "usage_limit",
    "usage_limit_per_user",
    "individual_use",
  ] as const) {
    if (input[key] !== undefined) out[key] = input[key];
  }
  if (input.expires_at !== undefined)
    out.expires_at = input.expires_at === null ? null : new Date(input.expires_at).toISOString();
  if (input.product_ids !== undefined)
    out.product_ids = [...new Set(input.product_ids)].sort((a, b) => a - b);
  return out as Partial<ReturnType<typeof termsOf>>;
}

export type ConsoleOffers = ReturnType<typeof createConsoleOffers>;
