import {
  CANNOT_USE_PRODUCT,
  CREDIT_ORDER_PRODUCT_MISMATCH,
  CREDITS_BUY_REFUSED,
  CREDITS_COVER,
  CREDITS_ON_HOLD,
  type CreditLogQuery,
  type CreditPackage,
  type CreditPurchaseRecord,
  type CreditStatus,
  type CreditUsageRecord,
  ORDER_IN_PROGRESS,
  ORDER_PAYMENT_ERROR,
  type UpdateCapRequest,
  type UpdateCapResult,
} from "@precedent/contracts";
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { CREDIT_LOG_MAX_ROWS, LOW_CREDIT_LIMIT } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { EventListeners } from "../../platform/events/index.ts";
import { FIRM_TIME_ZONE } from "../../platform/kernel/calendar.ts";
import type { Actor, Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { CatalogueService } from "../catalogue/index.ts";
import type { OrdersService } from "../orders/index.ts";
import { addPurchasedCredit, planInForce, type TeamsService } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import {
  canBuyCredits,
  canViewCreditLogs,
  creditBadgeShown,
  creditLogsRefusal,
  creditPurchaseRefusal,
} from "./policy.ts";
import { creditPurchases, creditUsages } from "./schema.ts";

export type CreditsService = ReturnType<typeof createCreditsService>;

/** What the payment confirmation hands over of an order just paid. */
type PaidOrder = {
  id: number;
  teamId: number;
  userId: number;
  productId: number;
  subtotalCents: number;
  totalCents: number;
};

const orderNotFound = () => notFound("Order not found.");

/** A log's date filter on a timestamp column, by the firm's calendar day (Sydney). */
function dayRange(column: PgColumn, query: Pick<CreditLogQuery, "from" | "to">): SQL[] {
  const day = sql`(${column} at time zone ${FIRM_TIME_ZONE})::date`;
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(day, sql`${query.from}::date`));
  if (query.to) conditions.push(lte(day, sql`${query.to}::date`));
  return conditions;
}

/** Sorts log rows in place by one of their fields; ties keep the newest first. */
function sortRows<T extends { id: number }>(rows: T[], key: keyof T | undefined, direction: "asc" | "desc") {
  if (!key) return rows;
  const sign = direction === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const compared =
      typeof x === "number" && typeof y === "number"
        ? x - y
        : String(x).localeCompare(String(y), "en-AU", { sensitivity: "base" });
    return compared !== 0 ? sign * compared : b.id - a.id;
  });
}

/**
 * Credits of the Best Practice plan (account-area §2-§9): the badge's figures, the packages,
 * adding a paid package's credits exactly once, and the spending and buying histories.
 */
export function createCreditsService(deps: {
  db: Database;
  clock: Clock;
  teams: TeamsService;
  users: UsersService;
  catalogue: CatalogueService;
  orders: OrdersService;
  /** Where credits hears "order.paid": a paid credit package adds its credits in that transaction. */
  events: EventListeners;
}) {
  const { db, clock, teams, users, catalogue, orders } = deps;

  const requireBuyer = (ctx: FirmContext) => {
    const refusal = creditPurchaseRefusal(ctx, clock());
    if (refusal) throw new AppError(refusal.status, refusal.message);
  };
  const requireLogReader = (ctx: FirmContext) => {
    const refusal = creditLogsRefusal(ctx.role);
    if (refusal) throw forbidden(refusal);
  };

  /**
   * Adds a paid credit order's credits: the order goes paid → used and the firm's balance up,
   * in the caller's transaction, or nothing happens (not a package, or not paid, or already
   * used). The guarded update of the order decides, and the unique order id of the buying
   * record backs it: however many confirmations and returns race, one adds the credits.
   */
  async function applyPaidOrder(tx: Database, order: PaidOrder) {
    const pack = await catalogue.creditPackage(order.productId, { published: false, tx });
    if (!pack) return null;
    if (!(await orders.consumeForCredit(tx, order.id))) return null;
    const limit = await addPurchasedCredit(tx, order.teamId, pack.capQty);
    await tx.insert(creditPurchases).values({
      teamId: order.teamId,
      userId: order.userId,
      orderId: order.id,
      productId: pack.id,
      packageName: pack.name,
      capQty: pack.capQty,
      amountCents: order.subtotalCents,
      totalCents: order.totalCents,
      createdAt: clock(),
    });
    return { capQty: pack.capQty, limit };
  }
  deps.events.on("order.paid", (tx, order) => applyPaidOrder(tx, order));

  return {
    applyPaidOrder,

    /** The credit badge's figures and what the actor may do (GET /credits/status). */
    async status(actor: Actor, ctx: FirmContext): Promise<CreditStatus> {
      const team = await teams.getTeam(actor, ctx.teamId);
      const remaining = team.hasLimit === 1 ? team.limit : null;
      const spendable = planInForce(ctx, clock());
      // Members are never offered credits (§6), so only a buyer's refusal (the plan's) is a reason.
      const refusal = canBuyCredits(ctx.role) ? creditPurchaseRefusal(ctx, clock()) : null;
      return {
        shown: creditBadgeShown({ planSlug: team.plan.slug, remaining }),
        remaining,
        used: team.used,
        total: remaining === null ? null : remaining + team.used,
        low: remaining !== null && remaining <= LOW_CREDIT_LIMIT,
        spendable,
        note: spendable ? CREDITS_COVER : CREDITS_ON_HOLD,
        abilities: {
          buy: canBuyCredits(ctx.role) && refusal === null,
          view_logs: canViewCreditLogs(ctx.role),
          buy_refused: refusal?.message ?? null,
        },
      };
    },

    /** GET /credits/packages: the packages on sale, cheapest first. */
    async packages(_ctx: FirmContext): Promise<CreditPackage[]> {
      return (await catalogue.creditPackages()).map((p) => ({
        id: p.id,
        name: p.name,
        regular_price: p.priceCents,
        cap_qty: p.capQty,
      }));
    },

    /**
     * GET /order/update: the step between creating a credit order and its checkout. Confirms
     * the order is the caller's, of a package, and still to be paid.
     */
    async prepareOrder(ctx: FirmContext, orderId: number) {
      requireBuyer(ctx);
      const order = await orders.requireOwn(db, ctx, orderId);
      if (!(await catalogue.creditPackage(order.productId, { published: false }))) {
        throw new AppError(409, CANNOT_USE_PRODUCT);
      }
      const refusal = orders.payableRefusal(order);
      if (refusal) throw new AppError(409, refusal);
      return { order_id: order.id };
    },

    /**
     * POST /team/update-cap, on the return from the payment page: adds the credits of a paid
     * order once. The payment's confirmation normally got there first; then this answers what
     * was added, and changes nothing.
     */
    async updateCap(actor: Actor, ctx: FirmContext, input: UpdateCapRequest): Promise<UpdateCapResult> {
      // The role only: an order paid as the plan ended was sold before, so its credits still land.
      if (!canBuyCredits(ctx.role)) throw forbidden(CREDITS_BUY_REFUSED);
      const outcome = await db.transaction(async (tx) => {
        const order = await orders.firmOrder(tx, ctx.teamId, input.id_order);
        if (!order) throw orderNotFound();
        if (input.id_product !== undefined && input.id_product !== order.productId) {
          throw badRequest(CREDIT_ORDER_PRODUCT_MISMATCH, [
            { field: "id_product", message: CREDIT_ORDER_PRODUCT_MISMATCH },
          ]);
        }
        // A paid order with no package to add is the spec's payment error.
        const pack = await catalogue.creditPackage(order.productId, { published: false, tx });
        if (!pack) throw new AppError(409, ORDER_PAYMENT_ERROR);
        if (order.status === "unpaid") throw new AppError(409, ORDER_IN_PROGRESS);
        if (order.status === "paid") {
          const applied = await applyPaidOrder(tx, order);
          if (!applied) throw new AppError(409, ORDER_PAYMENT_ERROR);
          return { capQty: applied.capQty, appliedNow: true };
        }
        const [bought] = await tx
          .select({ capQty: creditPurchases.capQty })
          .from(creditPurchases)
          .where(eq(creditPurchases.orderId, order.id));
        if (!bought) throw new AppError(409, ORDER_PAYMENT_ERROR);
        return { capQty: bought.capQty, appliedNow: false };
      });
      const team = await teams.getTeam(actor, ctx.teamId);
      return {
        order_id: input.id_order,
        cap_qty: outcome.capQty,
        limit: team.limit ?? 0,
        applied_now: outcome.appliedNow,
      };
    },

    /** Records plan uses taken, in the transaction that takes them (the spending history). */
    async recordUse(
      tx: Database,
      use: { teamId: number; userId: number; used: number; documentIds: number[] },
    ) {
      await tx.insert(creditUsages).values({ ...use, createdAt: clock() });
    },

    /** GET /team/used-cap: the spending history, newest first unless sorted. */
    async usedCap(ctx: FirmContext, query: CreditLogQuery): Promise<CreditUsageRecord[]> {
      requireLogReader(ctx);
      const rows = await db
        .select()
        .from(creditUsages)
        .where(and(eq(creditUsages.teamId, ctx.teamId), ...dayRange(creditUsages.createdAt, query)))
        .orderBy(desc(creditUsages.createdAt), desc(creditUsages.id))
        .limit(CREDIT_LOG_MAX_ROWS);
      const people = await users.summaries([...new Set(rows.map((r) => r.userId))]);
      const records = rows.map((r) => ({
        id: r.id,
        id_user: r.userId,
        user_name: people.get(r.userId)?.name ?? "",
        created_at: r.createdAt.toISOString(),
        used: r.used,
        doc_id: r.documentIds.join(","),
      }));
      const key = query.sort_by === "user_name" ? "user_name" : query.sort_by ? "created_at" : undefined;
      return sortRows(records, key, query.sort ?? "desc");
    },

    /** GET /team/order-cap: the buying history, newest first unless sorted. */
    async orderCap(ctx: FirmContext, query: CreditLogQuery): Promise<CreditPurchaseRecord[]> {
      requireLogReader(ctx);
      const rows = await db
        .select()
        .from(creditPurchases)
        .where(and(eq(creditPurchases.teamId, ctx.teamId), ...dayRange(creditPurchases.createdAt, query)))
        .orderBy(desc(creditPurchases.createdAt), desc(creditPurchases.id))
        .limit(CREDIT_LOG_MAX_ROWS);
      const people = await users.summaries([...new Set(rows.map((r) => r.userId))]);
      const records = rows.map((r) => ({
        id: r.id,
        order_id: r.orderId,
        date: r.createdAt.toISOString(),
        id_user: r.userId,
        user: people.get(r.userId)?.name ?? "",
        package: r.packageName,
        amount: r.amountCents,
        cap_qty: r.capQty,
        total: r.totalCents,
      }));
      const keys = { package: "package", user_name: "user", date: "date", created_at: "date" } as const;
      return sortRows(records, query.sort_by ? keys[query.sort_by] : undefined, query.sort ?? "desc");
    },
  };
}
