import {
  type Billing,
  type CreateOrderRequest,
  CURRENCY,
  INVOICE_NOT_READY,
  ORDER_ALREADY_PAID,
  ORDER_ALREADY_USED,
  ORDER_BILLING_LOCKED,
  ORDER_NOT_PAID,
  ORDER_PAID_ONLY_BY_PROVIDER,
  ORDER_PRODUCT_WITHDRAWN,
  ORDER_USED_ONLY_BY_START,
  type Order,
  type OrderListQuery,
  type UpdateOrderRequest,
} from "@precedent/contracts";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import {
  type CatalogueProduct,
  type CatalogueService,
  productSummaries,
  productWithdrawn,
  strategistRefusal,
} from "../catalogue/index.ts";
import { type CouponsService, gstOf } from "../coupons/index.ts";
import type { MailService } from "../mail/index.ts";
import { firmBillingDetails } from "../teams/index.ts";
import type {} from "./events.ts";
import { invoiceNumber, type Seller, taxInvoiceMail } from "./invoice.ts";
import { taxInvoicePdf } from "./invoice-pdf.ts";
import { refundsOf } from "./money.ts";
import { type OrderRow, orders } from "./schema.ts";

const orderNotFound = () => notFound("Order not found.");

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Another module's reason an unpaid order may not be paid now, or null. */
export type PaymentGuard = (tx: Database, row: OrderRow) => Promise<string | null>;

export function createOrdersService(deps: {
  db: Database;
  clock: Clock;
  catalogue: CatalogueService;
  coupons: CouponsService;
  mail: MailService;
  seller: Seller;
  /**
   * Why this person may not buy credit for the firm (null when they may): the credits module's
   * rule, handed in so that orders, which credits builds on, does not import credits.
   */
  creditPurchaseRefusal: (actor: FirmContext, now: Date) => { status: 403 | 409; message: string } | null;
  /** Told "order.paid" in the payment's transaction (credits hears it; see ./events.ts). */
  events: EventRaiser;
}) {
  const { db, clock, catalogue, coupons, mail, creditPurchaseRefusal } = deps;

  const productsOf = (ids: number[]) => productSummaries(db, ids);

  /** The order's tax invoice as a PDF, with the firm's billing details and its refunds. */
  async function invoicePdfOf(tx: Database, row: OrderRow) {
    const product = (await productSummaries(tx, [row.productId])).get(row.productId);
    return taxInvoicePdf({
      order: row,
      product: product ?? { name: "", sku: "" },
      seller: deps.seller,
      firm: await firmBillingDetails(tx, row.teamId),
      refunds: await refundsOf(tx, row.id),
    });
  }

  /**
   * The tax invoice mail with its PDF attached (INV-000123.pdf), made by the code that makes the
   * download, so the two cannot differ.
   */
  async function taxInvoiceMailWithPdf(tx: Database, row: OrderRow) {
    const product = (await productSummaries(tx, [row.productId])).get(row.productId);
    const invoice = taxInvoiceMail(row, product ?? { name: "", sku: "" }, deps.seller);
    const pdf = await invoicePdfOf(tx, row);
    return {
      ...invoice,
      attachments: [
        { fileName: `${invoiceNumber(row.id)}.pdf`, contentType: "application/pdf", content: pdf },
      ],
    };
  }

  async function toOrder(row: OrderRow, known?: Awaited<ReturnType<typeof productsOf>>): Promise<Order> {
    const product = (known ?? (await productsOf([row.productId]))).get(row.productId);
    return {
      id: row.id,
      number: invoiceNumber(row.id),
      status: row.status,
      payment_status: row.status === "unpaid" && row.declined ? "declined" : row.status,
      declined_reason: row.status === "unpaid" && row.declined ? row.declinedReason : null,
      line_items: [
        {
          product_id: row.productId,
          name: product?.name ?? "",
          sku: product?.sku ?? "",
          template_identifier: product?.identifier ?? "",
          quantity: 1,
          subtotal: row.subtotalCents,
          total: row.totalCents,
        },
      ],
      coupon_lines: row.couponLines.map((c) => ({ code: c.code, discount: c.discount })),
      billing: row.billing,
      subtotal: row.subtotalCents,
      discount_total: row.discountCents,
      total: row.totalCents,
      total_tax: row.taxCents,
      currency: CURRENCY,
      payment_method_title: row.paymentMethodTitle,
      customer_id: row.userId,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      used_at: row.usedAt?.toISOString() ?? null,
      document_id: row.documentId,
      has_invoice: row.status !== "unpaid",
    };
  }

  /** The caller's own order in this firm; anyone else's (another member's, another firm's) is 404. */
  async function requireOwn(tx: Database, ctx: FirmContext, id: number, lock = false) {
    const query = tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.teamId, ctx.teamId), eq(orders.userId, ctx.userId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw orderNotFound();
    return row;
  }

  function payableRefusal(row: OrderRow): string | null {
    if (row.status === "paid") return ORDER_ALREADY_PAID;
    if (row.status === "used") return ORDER_ALREADY_USED;
    return null;
  }
  const paymentGuards: PaymentGuard[] = [];

  return {
    requireOwn,
    toOrder,
    invoicePdfOf,

    /** POST /orders: an unpaid order priced by the server; browser totals are ignored. */
    async create(ctx: FirmContext, input: CreateOrderRequest): Promise<Order> {
      const line = input.line_items[0];
      if (!line) throw badRequest("Please choose a template.");
      // A credit package (account-area §4 "Credit purchase") is ordered like a template, by
      // owners and managers of a Best Practice firm; the credits are added once it is paid.
      const creditPackage = await catalogue.creditPackage(line.product_id);
      let product: CatalogueProduct;
      if (creditPackage) {
        const refusal = creditPurchaseRefusal(ctx, clock());
        if (refusal) throw new AppError(refusal.status, refusal.message);
        product = creditPackage;
      } else {
        product = await catalogue.pricedProduct(line.product_id);
        const access = await catalogue.planAccess(ctx.planSlug);
        const refusal = strategistRefusal(product, access);
        if (refusal) throw forbidden(refusal);
      }
      const { coupons: applied, summary } = await coupons.apply(
        input.coupon_lines.map((c) => c.code),
        product,
        ctx.userId,
      );
      const [row] = await db
        .insert(orders)
        .values({
          teamId: ctx.teamId,
          userId: ctx.userId,
          productId: product.id,
          subtotalCents: summary.regular_price,
          discountCents: summary.discount_total,
          totalCents: summary.total,
          taxCents: summary.total_tax,
          couponLines: applied.map((c, i) => ({
            couponId: c.id,
            code: c.code,
            discount: summary.discounts[i]?.amount ?? 0,
          })),
          billing: input.billing,
          paymentMethodTitle: input.payment_method_title ?? "Credit card",
          createdAt: clock(),
        })
        .returning();
      if (!row) throw new Error("order not created");
      return toOrder(row);
    },

    /**
     * An unpaid order of a service the firm asks for on a document (legal review, hard copy),
     * priced by the module that sells it from the settings, in the caller's transaction. It
     * goes through checkout and payment as a template's order does; no coupons apply.
     */
    async createServiceOrder(
      tx: Database,
      ctx: FirmContext,
      input: { productId: number; totalCents: number; billing: Billing },
    ): Promise<OrderRow> {
      const [row] = await tx
        .insert(orders)
        .values({
          teamId: ctx.teamId,
          userId: ctx.userId,
          productId: input.productId,
          subtotalCents: input.totalCents,
          discountCents: 0,
          totalCents: input.totalCents,
          taxCents: gstOf(input.totalCents),
          billing: input.billing,
          paymentMethodTitle: "Credit card",
          createdAt: clock(),
        })
        .returning();
      if (!row) throw new Error("order not created");
      return row;
    },

    /** GET /orders: the caller's own orders in this firm, newest first. */
    async list(ctx: FirmContext, query: OrderListQuery) {
      const where = and(
        eq(orders.teamId, ctx.teamId),
        eq(orders.userId, ctx.userId),
        query.status ? eq(orders.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.length)
          .offset((query.page - 1) * query.length),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      const known = await productsOf(rows.map((r) => r.productId));
      const totalRecord = total?.n ?? 0;
      return {
        rows: await Promise.all(rows.map((r) => toOrder(r, known))),
        page: query.page,
        total_page: Math.max(1, Math.ceil(totalRecord / query.length)),
        total_record: totalRecord,
      };
    },

    async get(ctx: FirmContext, id: number): Promise<Order> {
      return toOrder(await requireOwn(db, ctx, id));
    },

    /** GET /orders/{id}/invoice: the tax invoice of a paid (or used) order, as a PDF. */
    async invoice(ctx: FirmContext, id: number) {
      const row = await requireOwn(db, ctx, id);
      if (row.status === "unpaid") throw new AppError(409, INVOICE_NOT_READY);
      return { name: `${invoiceNumber(row.id)}.pdf`, pdf: await invoicePdfOf(db, row) };
    },

    /** A paid order's tax invoice mailed again to its billing e-mail: a new mail, not the first's retry. */
    async resendInvoice(tx: Database, row: OrderRow): Promise<string> {
      const invoice = await taxInvoiceMailWithPdf(tx, row);
      await mail.enqueue(tx, { ...invoice, key: `invoice:${row.id}:again:${clock().getTime()}` });
      return invoice.to;
    },

    /** PUT /orders/{id}: only the billing details, only while unpaid. */
    async update(ctx: FirmContext, id: number, input: UpdateOrderRequest): Promise<Order> {
      if (input.meta_data !== undefined) throw badRequest(ORDER_USED_ONLY_BY_START);
      if (input.set_paid !== undefined || input.status !== undefined)
        throw badRequest(ORDER_PAID_ONLY_BY_PROVIDER);
      const row = await db.transaction(async (tx) => {
        const current = await requireOwn(tx, ctx, id, true);
        if (current.status !== "unpaid") throw new AppError(409, ORDER_BILLING_LOCKED);
        const [updated] = await tx
          .update(orders)
          .set({ billing: input.billing satisfies Billing })
          .where(eq(orders.id, id))
          .returning();
        return updated ?? current;
      });
      return toOrder(row);
    },

    /** Why an order cannot be paid now, or null when it can (checkout creation). */
    /**
     * Why the order's coupons can no longer be used (see `coupons.usageRefusal`), or null. The
     * orders `holdingOrders` names (read under the coupons' lock) have payments open, and their
     * coupons count as used.
     */
    async couponRefusal(
      tx: Database,
      row: OrderRow,
      holdingOrders: () => Promise<number[]> = async () => [],
    ): Promise<string | null> {
      const couponIds = row.couponLines.map((c) => c.couponId);
      return coupons.usageRefusal(tx, couponIds, row.userId, async () => {
        const others = (await holdingOrders()).filter((id) => id !== row.id);
        if (others.length === 0) return [];
        const holders = await tx
          .select({ userId: orders.userId, couponLines: orders.couponLines })
          .from(orders)
          .where(inArray(orders.id, others));
        return holders.map((h) => ({ userId: h.userId, couponIds: h.couponLines.map((c) => c.couponId) }));
      });
    },

    payableRefusal,

    /**
     * Adds a module's reason an unpaid order may not be paid (a service request withdrawn before
     * payment), asked before a payment is opened, so no card is charged only to be refunded.
     */
    registerPaymentGuard(guard: PaymentGuard) {
      paymentGuards.push(guard);
    },

    /** Why an order cannot be paid now: its own state, then every registered guard; null when it can. */
    async paymentRefusal(tx: Database, row: OrderRow): Promise<string | null> {
      const own = payableRefusal(row);
      if (own) return own;
      // Withdrawn after the order was made: paying now would be a new purchase of it.
      if (await productWithdrawn(tx, row.productId)) return ORDER_PRODUCT_WITHDRAWN;
      for (const guard of paymentGuards) {
        const refusal = await guard(tx, row);
        if (refusal) return refusal;
      }
      return null;
    },

    /**
     * The provider confirmed payment: unpaid → paid, coupons counted (limits enforced
     * atomically; a refusal rolls the whole payment back) and the tax invoice queued, all in the
     * caller's transaction. Returns false when the order was already paid (a repeated
     * confirmation changes nothing).
     */
    async markPaid(
      tx: Database,
      orderId: number,
      options: { overLimit: "refuse" | "count" } = { overLimit: "refuse" },
    ): Promise<boolean> {
      const now = clock();
      const [row] = await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, declined: false, declinedReason: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, "unpaid")))
        .returning();
      if (!row) return false;
      await coupons.claim(
        tx,
        row.couponLines.map((c) => c.couponId),
        row.userId,
        row.id,
        options.overLimit,
      );
      await mail.enqueue(tx, await taxInvoiceMailWithPdf(tx, row));
      await deps.events.raise(tx, "order.paid", row);
      return true;
    },

    /**
     * An order by its id alone, unlocked; undefined if none. Only for a caller that already holds
     * something naming the order (a checkout session's page is reached by the session's secret id).
     */
    async byId(tx: Database, orderId: number): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** An order of the firm (anyone's in it), locked for the caller's transaction; undefined if none. */
    async firmOrder(tx: Database, teamId: number, orderId: number): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)))
        .for("update");
      return row;
    },

    /**
     * A paid order of a credit package is used by adding its credits: paid → used, once. The
     * guarded update is the decision; false when the order was not paid (or already used).
     */
    async consumeForCredit(tx: Database, orderId: number): Promise<boolean> {
      const [row] = await tx
        .update(orders)
        .set({ status: "used", usedAt: clock() })
        .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
        .returning({ id: orders.id });
      return row !== undefined;
    },

    /**
     * A paid order of a service on a document (legal review, hard copy) is used by its request as
     * it is paid: paid → used, naming the document, so My Orders links the document instead of
     * offering to start one from it. False when the order was not paid (or already used).
     */
    async consumeForService(tx: Database, orderId: number, documentId: number): Promise<boolean> {
      const [row] = await tx
        .update(orders)
        .set({ status: "used", usedAt: clock(), documentId })
        .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
        .returning({ id: orders.id });
      return row !== undefined;
    },

    /** The provider declined a payment: the order stays unpaid, and says so to the return page. */
    async markDeclined(tx: Database, orderId: number, reason: string | null = null) {
      await tx
        .update(orders)
        .set({ declined: true, declinedReason: reason })
        .where(and(eq(orders.id, orderId), eq(orders.status, "unpaid")));
    },

    /**
     * Starting a document from a paid order: paid → used, once. The guarded update is the
     * decision, so of any number of parallel starts exactly one gets the order.
     */
    async consume(tx: Database, ctx: FirmContext, orderId: number, documentId: () => Promise<number>) {
      const [row] = await tx
        .update(orders)
        .set({ status: "used", usedAt: clock() })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.teamId, ctx.teamId),
            eq(orders.userId, ctx.userId),
            eq(orders.status, "paid"),
            // Money given back withdraws a template bought and not yet started (decisions.md).
            eq(orders.refundedCents, 0),
          ),
        )
        .returning();
      if (!row) {
        const current = await requireOwn(tx, ctx, orderId);
        throw new AppError(409, current.status === "used" ? ORDER_ALREADY_USED : ORDER_NOT_PAID);
      }
      const docId = await documentId();
      await tx.update(orders).set({ documentId: docId }).where(eq(orders.id, orderId));
      return { order: row, documentId: docId };
    },
  };
}
