import {
  type Billing,
  type DocumentFulfilment,
  FULFILMENT_MESSAGES,
  type FulfilmentKind,
  type FulfilmentRequest,
  type FulfilmentStatus,
  type HardCopyRequest,
  type LegalReviewRequest,
  type ListSection,
} from "@precedent/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { EventListeners } from "../../platform/events/index.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { ensureServiceProduct } from "../catalogue/index.ts";
import { type DocumentsService, documentNameById } from "../documents/index.ts";
import type { MailService } from "../mail/index.ts";
import type { OrdersService } from "../orders/index.ts";
import { fulfilmentMail } from "./mail.ts";
import { type FulfilmentDocumentFacts, mayCancel, postcodeFitsState, requestRefusal } from "./policy.ts";
import { type FulfilmentRequestRow, fulfilmentRequests } from "./schema.ts";
import { type FulfilmentSettings, legalReviewFee } from "./settings.ts";
import { advanceRequest, type StaffStatus } from "./staff.ts";

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

/** The product each service's orders name (see catalogue's `ensureServiceProduct`). */
export const SERVICE_PRODUCTS: Record<FulfilmentKind, { identifier: string; sku: string; name: string }> = {
  legal_review: { identifier: "service-legal-review", sku: "SERVICE-LEGAL-REVIEW", name: "Legal review" },
  hard_copy: { identifier: "service-hard-copy", sku: "SERVICE-HARD-COPY", name: "Hard copy" },
};

/** Statuses a legal review is open in: a second one is not sold beside it. */
const REVIEW_OPEN: FulfilmentStatus[] = ["paid", "in_progress"];

export const toFulfilmentRequest = (row: FulfilmentRequestRow): FulfilmentRequest => ({
  id: row.id,
  doc_id: row.docId,
  kind: row.kind,
  status: row.status,
  order_id: row.orderId,
  total: row.totalCents,
  note: row.note,
  copies: row.copies,
  shipping: row.shippingId,
  shipping_label: row.shippingLabel,
  address: row.address,
  requested_by: row.requestedBy,
  created_at: row.createdAt.toISOString(),
  paid_at: row.paidAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

export function createFulfilmentService(deps: {
  db: Database;
  clock: Clock;
  documents: Pick<DocumentsService, "loadForChange">;
  orders: Pick<
    OrdersService,
    "createServiceOrder" | "markPaid" | "consumeForService" | "registerPaymentGuard"
  >;
  mail: Pick<MailService, "enqueue" | "sendSoon">;
  events: EventListeners;
  /** The settings in force now: the console may change them while the server runs (issue 37 item 4). */
  /** (Inside a transaction, read through it: the embedded database runs one at a time.) */
  settings: (tx?: Database) => Promise<FulfilmentSettings>;
}) {
  const { db, clock, documents, orders, mail } = deps;
  const productIds = new Map<FulfilmentKind, Promise<number>>();
  const productOf = (kind: FulfilmentKind) => {
    let id = productIds.get(kind);
    if (!id) {
      id = ensureServiceProduct(db, SERVICE_PRODUCTS[kind]);
      // A failed first try (the database away) is tried again at the next request.
      id.catch(() => productIds.delete(kind));
      productIds.set(kind, id);
    }
    return id;
  };

  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await documents.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw notFound("Document not found.");
    const facts: FulfilmentDocumentFacts = {
      createdBy: loaded.doc.createdBy,
      status: loaded.doc.status,
      isShared: loaded.facts.isShared,
    };
    return { doc: loaded.doc, facts };
  }

  const requestsOf = (tx: Database, teamId: number, docId: number) =>
    tx
      .select()
      .from(fulfilmentRequests)
      .where(and(eq(fulfilmentRequests.teamId, teamId), eq(fulfilmentRequests.docId, docId)))
      .orderBy(desc(fulfilmentRequests.createdAt), desc(fulfilmentRequests.id));

  /** Why a new request of this kind would be refused because of the document's other requests. */
  function openRequestRefusal(kind: FulfilmentKind, existing: FulfilmentRequestRow[]): string | null {
    const same = existing.filter((r) => r.kind === kind);
    if (same.some((r) => r.status === "requested")) return FULFILMENT_MESSAGES.requestUnpaid;
    if (kind === "legal_review" && same.some((r) => REVIEW_OPEN.includes(r.status)))
      return FULFILMENT_MESSAGES.reviewOpen;
    return null;
  }

  type Priced = {
    totalCents: number;
    note: string;
    hardCopy?: {
      copies: number;
      unitCents: number;
      shippingId: string;
      shippingLabel: string;
      shippingCents: number;
      address: HardCopyRequest["address"];
    };
  };

  /**
   * The one way a request is made: the document locked (requests for one document take turns),
   * the rules, the price, an unpaid order and the request, in one transaction. A $0 request is
   * paid at once through the orders' own confirmation, with no card.
   */
  async function create(
    ctx: FirmContext,
    docId: number,
    kind: FulfilmentKind,
    input: { billing: Billing; type?: ListSection; owner_confirmed: boolean },
    price: (doc: { xTemplateId: string | null }) => Priced,
  ): Promise<FulfilmentRequest> {
    const productId = await productOf(kind);
    const row = await db.transaction(async (tx) => {
      const { doc, facts } = await visible(tx, ctx, docId, true);
      const refusal = requestRefusal(kind, ctx, facts, {
        section: input.type,
        ownerConfirmed: input.owner_confirmed,
      });
      if (refusal) throw new AppError(refusal.status, refusal.message);
      const open = openRequestRefusal(kind, await requestsOf(tx, ctx.teamId, docId));
      if (open) throw new AppError(409, open);
      const priced = price(doc);
      const order = await orders.createServiceOrder(tx, ctx, {
        productId,
        totalCents: priced.totalCents,
        billing: input.billing,
      });
      const now = clock();
      const [inserted] = await tx
        .insert(fulfilmentRequests)
        .values({
          teamId: ctx.teamId,
          docId,
          kind,
          orderId: order.id,
          requestedBy: ctx.userId,
          note: priced.note,
          totalCents: priced.totalCents,
          copies: priced.hardCopy?.copies,
          unitCents: priced.hardCopy?.unitCents,
          shippingId: priced.hardCopy?.shippingId,
          shippingLabel: priced.hardCopy?.shippingLabel,
          shippingCents: priced.hardCopy?.shippingCents,
          address: priced.hardCopy?.address,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error("request not created");
      if (priced.totalCents === 0) {
        await orders.markPaid(tx, order.id);
        const [paid] = await tx
          .select()
          .from(fulfilmentRequests)
          .where(eq(fulfilmentRequests.id, inserted.id));
        return paid ?? inserted;
      }
      return inserted;
    });
    if (row.status === "paid") mail.sendSoon();
    return toFulfilmentRequest(row);
  }

  const WITHDRAWN = "This request was cancelled before it was paid: nothing was charged for it.";
  const withdrawn = async (tx: Database, orderId: number) => {
    const [request] = await tx
      .select({ status: fulfilmentRequests.status })
      .from(fulfilmentRequests)
      .where(eq(fulfilmentRequests.orderId, orderId));
    return request?.status === "cancelled";
  };
  // A withdrawn request's order is not offered for payment (My Orders still lists it).
  orders.registerPaymentGuard(async (tx, order) => ((await withdrawn(tx, order.id)) ? WITHDRAWN : null));

  /**
   * The orders module tells of every paid order, in the payment's transaction: the request of a
   * paid order becomes paid and its team is emailed, once (the guarded update decides, and the
   * mail's key is the request's). A request cancelled before its payment arrived refuses the
   * payment (409), which the payments module turns into a declined card or a refund.
   */
  deps.events.on("order.paid", async (tx, order) => {
    const [paid] = await tx
      .update(fulfilmentRequests)
      .set({ status: "paid", paidAt: clock(), updatedAt: clock() })
      .where(and(eq(fulfilmentRequests.orderId, order.id), eq(fulfilmentRequests.status, "requested")))
      .returning();
    if (!paid) {
      // Paid through a session opened before the request was cancelled: refused, so the payments
      // module declines the card (sandbox) or refunds it (Stripe).
      if (await withdrawn(tx, order.id)) throw new AppError(409, WITHDRAWN);
      return;
    }
    await orders.consumeForService(tx, order.id, paid.docId);
    const settings = await deps.settings(tx);
    const to = paid.kind === "legal_review" ? settings.legalReviewEmail : settings.hardCopyEmail;
    const docName = (await documentNameById(tx, paid.teamId, paid.docId)) ?? `Doc ID ${paid.docId}`;
    await mail.enqueue(tx, fulfilmentMail(paid, { to, docName, billing: order.billing, orderId: order.id }));
  });

  return {
    /** GET /doc/{id}/fulfilment: the prices, what this person may ask for now, the requests. */
    async forDocument(ctx: FirmContext, docId: number): Promise<DocumentFulfilment> {
      const { doc, facts } = await visible(db, ctx, docId, false);
      const requests = await requestsOf(db, ctx.teamId, docId);
      const settings = await deps.settings();
      const refusalOf = (kind: FulfilmentKind) =>
        requestRefusal(kind, ctx, facts, null)?.message ?? openRequestRefusal(kind, requests);
      const reviewPrice = legalReviewFee(settings, doc.xTemplateId);
      return {
        legal_review: {
          price: reviewPrice,
          refusal:
            refusalOf("legal_review") ??
            (reviewPrice === null
              ? FULFILMENT_MESSAGES.reviewQuoted(settings.salesPhone, settings.salesEmail)
              : null),
        },
        hard_copy: {
          price_per_copy: settings.hardCopyPerCopyCents,
          max_copies: settings.hardCopyMaxCopies,
          shipping: [...settings.shipping],
          refusal: refusalOf("hard_copy"),
        },
        sales_phone: settings.salesPhone,
        sales_email: settings.salesEmail,
        requests: requests.map(toFulfilmentRequest),
      };
    },

    /** POST /doc/{id}/legal-review. */
    legalReview: async (ctx: FirmContext, docId: number, input: LegalReviewRequest) => {
      const settings = await deps.settings();
      return create(ctx, docId, "legal_review", input, (doc) => {
        const fee = legalReviewFee(settings, doc.xTemplateId);
        if (fee === null)
          throw new AppError(409, FULFILMENT_MESSAGES.reviewQuoted(settings.salesPhone, settings.salesEmail));
        return { totalCents: fee, note: input.note };
      });
    },

    /** POST /doc/{id}/hard-copy. */
    hardCopy: async (ctx: FirmContext, docId: number, input: HardCopyRequest) => {
      const settings = await deps.settings();
      return create(ctx, docId, "hard_copy", input, () => {
        const errors = [];
        if (input.copies > settings.hardCopyMaxCopies)
          errors.push({
            field: "copies",
            message: `At most ${settings.hardCopyMaxCopies} copies per order.`,
          });
        const shipping = settings.shipping.find((o) => o.id === input.shipping);
        if (!shipping) errors.push({ field: "shipping", message: FULFILMENT_MESSAGES.shippingUnknown });
        if (!postcodeFitsState(input.address.postcode, input.address.state))
          errors.push({
            field: "address.postcode",
            message: FULFILMENT_MESSAGES.postcodeState(input.address.postcode, input.address.state),
          });
        if (errors.length > 0 || !shipping) throw badRequest(errors[0]?.message ?? "", errors);
        const unitCents = settings.hardCopyPerCopyCents;
        return {
          totalCents: unitCents * input.copies + shipping.price,
          note: input.note,
          hardCopy: {
            copies: input.copies,
            unitCents,
            shippingId: shipping.id,
            shippingLabel: shipping.label,
            shippingCents: shipping.price,
            address: input.address,
          },
        };
      });
    },

    /** POST /doc/{id}/fulfilment/{request_id}/cancel: an unpaid request is withdrawn. */
    async cancel(ctx: FirmContext, docId: number, requestId: number): Promise<FulfilmentRequest> {
      const row = await db.transaction(async (tx) => {
        const { facts } = await visible(tx, ctx, docId, true);
        const [current] = await tx
          .select()
          .from(fulfilmentRequests)
          .where(
            and(
              eq(fulfilmentRequests.id, requestId),
              eq(fulfilmentRequests.teamId, ctx.teamId),
              eq(fulfilmentRequests.docId, docId),
            ),
          )
          .for("update");
        if (!current) throw notFound(FULFILMENT_MESSAGES.requestNotFound);
        if (!mayCancel(ctx, facts)) throw new AppError(403, FULFILMENT_MESSAGES.refused);
        if (current.status === "cancelled") return current;
        if (current.status !== "requested") throw new AppError(409, FULFILMENT_MESSAGES.notCancellable);
        const [cancelled] = await tx
          .update(fulfilmentRequests)
          .set({ status: "cancelled", updatedAt: clock() })
          .where(eq(fulfilmentRequests.id, requestId))
          .returning();
        return cancelled ?? current;
      });
      return toFulfilmentRequest(row);
    },

    /** The team's step on a paid request (see ./staff.ts). */
    advance: (requestId: number, status: StaffStatus) => advanceRequest(db, clock, requestId, status),
  };
}
