import {
  CONSOLE_MONEY_MESSAGES,
  MONEY_PAGE_SIZE,
  type MoneyOrderDetail,
  type MoneyOrderFilter,
  type MoneyOrderSummary,
  type RefundRequest,
  refundTooLarge,
} from "@precedent/contracts";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { productSummaries } from "../catalogue/index.ts";
import { boughtCredits, takeBackPackageCredits } from "../credits/index.ts";
import type { MailService } from "../mail/index.ts";
import {
  type OrderRow,
  type OrdersService,
  recordRefund,
  refundsOf,
  staffOrder,
  staffOrderPage,
  takingsOf,
} from "../orders/index.ts";
import { checkoutSessionsOf, type ProviderRefunds } from "../payments/index.ts";
import { firmNames, searchFirms } from "../teams/index.ts";
import { recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";
import { staffAccounts } from "./schema.ts";

/** What the money area needs of modules made after the console. */
export type MoneyPorts = {
  orders: Pick<OrdersService, "resendInvoice">;
  refunds: ProviderRefunds;
  mail: Pick<MailService, "sendSoon">;
};

/** Firms a search by name may match; the order list then shows those firms' orders. */
const FIRMS_MATCHED_AT_MOST = 50;

/**
 * Why no refund may be given on this order now, or null. What the order gave must come back with
 * the money (decisions.md): a template bought and not started is withdrawn by the refund; a
 * credit package's credits are taken back (refused if some are spent); an order already used to
 * start a document or to request a service is not refunded here.
 */
async function refundRefusal(db: Database, order: OrderRow): Promise<string | null> {
  if (order.status === "unpaid") return CONSOLE_MONEY_MESSAGES.notPaid;
  if (order.totalCents <= 0) return CONSOLE_MONEY_MESSAGES.noPayment;
  if (order.refundedCents >= order.totalCents) return CONSOLE_MONEY_MESSAGES.refundedInFull;
  if (order.status === "used" && order.refundedCents === 0 && !(await boughtCredits(db, order.id)))
    return CONSOLE_MONEY_MESSAGES.used;
  return null;
}

export function createConsoleMoney(deps: { db: Database; clock: Clock; money: () => MoneyPorts }) {
  const { db, clock } = deps;

  async function summariesOf(rows: OrderRow[]): Promise<MoneyOrderSummary[]> {
    const products = await productSummaries(db, [...new Set(rows.map((r) => r.productId))]);
    const firms = await firmNames(
      db,
      rows.map((r) => r.teamId),
    );
    return rows.map((r) => ({
      id: r.id,
      number: `INV-${String(r.id).padStart(6, "0")}`,
      firm: { id: r.teamId, name: firms.get(r.teamId) ?? "" },
      customer_email: r.billing.email,
      product_name: products.get(r.productId)?.name ?? "",
      status: r.status,
      total: r.totalCents,
      refunded: r.refundedCents,
      created_at: r.createdAt.toISOString(),
      paid_at: r.paidAt?.toISOString() ?? null,
    }));
  }

  async function detailOf(actor: StaffFacts, id: number): Promise<MoneyOrderDetail> {
    const order = await staffOrder(db, id);
    if (!order) throw notFound(CONSOLE_MONEY_MESSAGES.orderNotFound);
    const [summary] = await summariesOf([order]);
    if (!summary) throw notFound(CONSOLE_MONEY_MESSAGES.orderNotFound);
    const product = (await productSummaries(db, [order.productId])).get(order.productId);
    const refunds = await refundsOf(db, order.id);
    const staffIds = [...new Set(refunds.map((r) => r.staffId))];
    const staff =
      staffIds.length === 0
        ? []
        : await db
            .select({ id: staffAccounts.id, name: staffAccounts.name, email: staffAccounts.email })
            .from(staffAccounts)
            .where(inArray(staffAccounts.id, staffIds));
    const sessions = await checkoutSessionsOf(db, order.id);
    const refusal = await refundRefusal(db, order);
    const mayAct = mayUse(actor.role, "money");
    return {
      ...summary,
      customer_name: `${order.billing.first_name} ${order.billing.last_name}`.trim(),
      company: order.billing.company,
      line_items: [
        { name: product?.name ?? "", sku: product?.sku ?? "", quantity: 1, subtotal: order.subtotalCents },
      ],
      coupon_lines: order.couponLines.map((c) => ({ code: c.code, discount: c.discount })),
      subtotal: order.subtotalCents,
      discount_total: order.discountCents,
      total_tax: order.taxCents,
      payments: sessions.map((s) => ({
        provider: s.provider,
        status: s.status,
        amount: s.amountCents,
        external_id: s.externalId,
        created_at: s.createdAt.toISOString(),
        completed_at: s.completedAt?.toISOString() ?? null,
        refund_reason: s.refundReason,
      })),
      refunds: refunds.map((r) => {
        const by = staff.find((s) => s.id === r.staffId);
        return {
          id: r.id,
          amount: r.amountCents,
          reason: r.reason,
          provider: r.provider,
          external_id: r.externalId,
          credits_taken_back: r.creditsTakenBack,
          staff: { id: r.staffId, name: by?.name ?? "", email: by?.email ?? "" },
          created_at: r.createdAt.toISOString(),
        };
      }),
      refundable: Math.max(0, order.totalCents - order.refundedCents),
      abilities: { refund: mayAct && refusal === null, resend_invoice: mayAct && order.status !== "unpaid" },
      refund_refusal: refusal,
    };
  }

  return {
    /** Orders across firms, newest first; reading a list is not audited. */
    async orders(_actor: StaffFacts, filter: MoneyOrderFilter) {
      const text = filter.q?.trim() ?? "";
      const firmIds =
        // An order number is not a firm's name (nor digits of its ABN).
        text.length >= 2 && !/^(inv-?)?\d+$/i.test(text)
          ? (await searchFirms(db, { text, ownerIds: [], limit: FIRMS_MATCHED_AT_MOST })).map((f) => f.id)
          : [];
      const { rows, total } = await staffOrderPage(db, filter, firmIds, MONEY_PAGE_SIZE);
      return {
        rows: await summariesOf(rows),
        page: filter.page,
        total_page: Math.max(1, Math.ceil(total / MONEY_PAGE_SIZE)),
        total_record: total,
      };
    },

    order: detailOf,

    /**
     * Gives money back through the provider that took it, once: the order is locked, the
     * refunded total the caller saw must still be the order's (so a second identical request,
     * however close behind, is refused), what the order gave is taken back, the provider is
     * asked, and the refund and its audit entry are written, all in one transaction. A provider
     * that refuses rolls everything back (502).
     */
    async refund(actor: StaffFacts, id: number, input: RefundRequest) {
      const { refunds } = deps.money();
      await db.transaction(async (tx) => {
        const order = await staffOrder(tx, id, true);
        if (!order) throw notFound(CONSOLE_MONEY_MESSAGES.orderNotFound);
        if (order.refundedCents !== input.refunded_before)
          throw new AppError(409, CONSOLE_MONEY_MESSAGES.changedMeanwhile);
        const refusal = await refundRefusal(tx, order);
        if (refusal) throw new AppError(409, refusal);
        const left = order.totalCents - order.refundedCents;
        if (input.amount > left) throw new AppError(409, refundTooLarge(left));
        // The first refund takes back what the order gave; a later one has nothing left to take.
        const creditsTakenBack =
          order.refundedCents === 0 && order.status === "used"
            ? ((await takeBackPackageCredits(tx, order.id)) ?? 0)
            : 0;
        const given = await refunds.refund(
          tx,
          order,
          input.amount,
          `refund-order-${order.id}-${order.refundedCents}`,
        );
        const now = clock();
        const recorded = await recordRefund(tx, {
          orderId: order.id,
          amountCents: input.amount,
          reason: input.reason,
          provider: given.provider,
          externalId: given.externalId,
          staffId: actor.id,
          creditsTakenBack,
          createdAt: now,
          refundedBefore: order.refundedCents,
        });
        if (!recorded) throw new AppError(409, CONSOLE_MONEY_MESSAGES.changedMeanwhile);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "order.refunded",
          target: `order:${order.id}`,
          before: { status: order.status, total: order.totalCents, refunded: order.refundedCents },
          after: {
            status: order.status,
            total: order.totalCents,
            refunded: order.refundedCents + input.amount,
            amount: input.amount,
            provider: given.provider,
            provider_refund: given.externalId,
            credits_taken_back: creditsTakenBack,
            reason: input.reason,
          },
        });
      });
      return detailOf(actor, id);
    },

    /** The order's tax invoice mailed again to its billing e-mail, through the mail queue (audited). */
    async resendInvoice(actor: StaffFacts, id: number) {
      const { orders, mail } = deps.money();
      const sentTo = await db.transaction(async (tx) => {
        const order = await staffOrder(tx, id);
        if (!order) throw notFound(CONSOLE_MONEY_MESSAGES.orderNotFound);
        if (order.status === "unpaid") throw new AppError(409, CONSOLE_MONEY_MESSAGES.invoiceNotReady);
        const to = await orders.resendInvoice(tx, order);
        // The address is not kept in the log (kept for ever); the order names it.
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "order.invoice_resent",
          target: `order:${id}`,
        });
        return to;
      });
      mail.sendSoon();
      return { sent_to: sentTo };
    },

    takings: (_actor: StaffFacts, day: string) => takingsOf(db, day),
  };
}

export type ConsoleMoney = ReturnType<typeof createConsoleMoney>;
