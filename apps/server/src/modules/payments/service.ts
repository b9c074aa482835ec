import { randomBytes } from "node:crypto";
import { type CheckoutRequest, paymentReturnPath } from "@precedent/contracts";
import { and, asc, eq, gt } from "drizzle-orm";
import Stripe from "stripe";
import { STRIPE_CHECKOUT_OPEN_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { productSummaries } from "../catalogue/index.ts";
import type { MailService } from "../mail/index.ts";
import type { OrdersService } from "../orders/index.ts";
import { checkoutSessions, paymentEvents } from "./schema.ts";
import { lazyStripeClient } from "./stripe-client.ts";

/** Stripe's API version this adapter was written against (pinned: a new one can change shapes). */

export type PaymentsConfig = {
  provider: "sandbox" | "stripe";
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 for a local fake of Stripe's API. */
  stripeApiBase?: string;
};

export const SANDBOX_CARDS = { pays: "4242424242424242", declined: "4000000000000002" } as const;

export type CardInput = { card_number: string; expiry: string; cvc: string };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A session Stripe will not expire is completing: no second payment is opened beside it. */
export const PAYMENT_IN_PROGRESS =
  "A payment for this order is already being completed. Please wait a moment, then check the order.";

/** Said to the buyer after the reason a payment could not be kept. */
export const PAYMENT_REFUNDED = "Your payment has been refunded.";

/** The refund reason recorded when a second payment arrives for an order already paid. */
export const ORDER_PAID_TWICE = "The order had already been paid through another checkout session.";

const paymentIntentOf = (session: Stripe.Checkout.Session): string => {
  const intent = session.payment_intent;
  if (!intent) throw new Error(`Stripe session ${session.id} has no payment to refund`);
  return typeof intent === "string" ? intent : intent.id;
};

export function createPaymentsService(deps: {
  db: Database;
  clock: Clock;
  orders: OrdersService;
  mail: MailService;
  config: PaymentsConfig;
}) {
  const { db, clock, orders, mail, config } = deps;

  const stripe = lazyStripeClient(config);

  /** After a payment commits: send its invoice now rather than at the worker's next look. */
  const deliverMail = () => mail.sendSoon();

  /** Orders with a Stripe session that can still be paid (opened within its lifetime). */
  async function ordersPayingNow(tx: Database): Promise<number[]> {
    const rows = await tx
      .selectDistinct({ orderId: checkoutSessions.orderId })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.status, "open"),
          eq(checkoutSessions.provider, "stripe"),
          gt(checkoutSessions.createdAt, new Date(clock().getTime() - STRIPE_CHECKOUT_OPEN_MS)),
        ),
      );
    return rows.map((r) => r.orderId);
  }

  async function openSession(id: string) {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!session) throw notFound("This checkout session does not exist.");
    const order = await orders.byId(db, session.orderId);
    if (!order) throw notFound("This checkout session does not exist.");
    const product = (await productSummaries(db, [order.productId])).get(order.productId);
    return { session, order, productName: product?.name ?? "" };
  }

  return {
    config,

    /** POST /stripe/checkout: a payment session for the caller's unpaid order; its address. */
    async createCheckout(ctx: FirmContext, input: CheckoutRequest, origin: string): Promise<{ url: string }> {
      const order = await orders.requireOwn(db, ctx, input.order_id);
      const refusal = await orders.paymentRefusal(db, order);
      if (refusal) throw new AppError(409, refusal);
      const successUrl = input.success_url ?? paymentReturnPath(order.id);
      const cancelUrl = input.cancel_url ?? paymentReturnPath(order.id);
      const errorUrl = input.error_url ?? paymentReturnPath(order.id, true);
      // Nothing to pay (a coupon took the whole price): the order completes here, with its
      // coupons counted and its tax invoice sent, and no card is asked for.
      if (order.totalCents <= 0) {
        await db.transaction(async (tx) => {
          const locked = await orders.requireOwn(tx, ctx, order.id, true);
          const lockedRefusal = await orders.paymentRefusal(tx, locked);
          if (lockedRefusal) throw new AppError(409, lockedRefusal);
          await orders.markPaid(tx, locked.id);
        });
        deliverMail();
        return { url: successUrl };
      }
      const id = randomBytes(24).toString("base64url");
      const row = {
        id,
        orderId: order.id,
        provider: config.provider,
        amountCents: order.totalCents,
        successUrl,
        cancelUrl,
        errorUrl,
        createdAt: clock(),
      };
      if (config.provider === "sandbox") {
        // One open session per order: asked again (another tab, a double click, a retry), the
        // order's open session is returned rather than a second one that could also be paid.
        const sessionId = await db.transaction(async (tx) => {
          const locked = await orders.requireOwn(tx, ctx, order.id, true);
          const couponRefusal = await orders.couponRefusal(tx, locked);
          if (couponRefusal) throw new AppError(409, couponRefusal);
          const [open] = await tx
            .select({ id: checkoutSessions.id })
            .from(checkoutSessions)
            .where(and(eq(checkoutSessions.orderId, order.id), eq(checkoutSessions.status, "open")))
            .orderBy(asc(checkoutSessions.createdAt))
            .limit(1);
          if (open) return open.id;
          await tx.insert(checkoutSessions).values(row);
          return id;
        });
        return { url: `/checkout/${sessionId}` };
      }
      const product = (await productSummaries(db, [order.productId])).get(order.productId);
      /** Opens the Stripe session for the locked order and records it. */
      const openStripeSession = async (tx: Database, locked: typeof order, productName: string) => {
        const session = await stripe().checkout.sessions.create({
          mode: "payment",
          client_reference_id: String(locked.id),
          customer_email: locked.billing.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "aud",
                unit_amount: locked.totalCents,
                product_data: { name: productName },
              },
            },
          ],
          metadata: { order_id: String(locked.id), checkout_id: id },
          // The hold on the order's coupons lasts as long as the session can be paid.
          expires_at: Math.floor((clock().getTime() + STRIPE_CHECKOUT_OPEN_MS) / 1000),
          success_url: new URL(successUrl, origin).toString(),
          cancel_url: new URL(cancelUrl, origin).toString(),
        });
        if (!session.url) throw new Error("Stripe returned no checkout address");
        await tx
          .insert(checkoutSessions)
          .values({ ...row, amountCents: locked.totalCents, externalId: session.id });
        return { url: session.url };
      };
      // One open session per order: the order is locked while its older sessions are expired at
      // Stripe (so they can no longer be paid) and the new one is opened. Calls for one order take
      // turns; a session Stripe will not expire is being paid, and no second one is opened.
      return db.transaction(async (tx) => {
        const locked = await orders.requireOwn(tx, ctx, order.id, true);
        const lockedRefusal = await orders.paymentRefusal(tx, locked);
        if (lockedRefusal) throw new AppError(409, lockedRefusal);
        // Stripe takes the money before we hear of it: a coupon's last use is held by the first
        // open payment, so a second is refused here instead of being charged and refunded.
        const couponRefusal = await orders.couponRefusal(tx, locked, () => ordersPayingNow(tx));
        if (couponRefusal) throw new AppError(409, couponRefusal);
        const older = await tx
          .select({ id: checkoutSessions.id, externalId: checkoutSessions.externalId })
          .from(checkoutSessions)
          .where(and(eq(checkoutSessions.orderId, order.id), eq(checkoutSessions.status, "open")));
        for (const session of older) {
          if (session.externalId) {
            try {
              await stripe().checkout.sessions.expire(session.externalId);
            } catch (error) {
              if (error instanceof Stripe.errors.StripeInvalidRequestError) {
                throw new AppError(409, PAYMENT_IN_PROGRESS);
              }
              throw error;
            }
          }
          await tx
            .update(checkoutSessions)
            .set({ status: "cancelled", completedAt: clock() })
            .where(eq(checkoutSessions.id, session.id));
        }
        return openStripeSession(tx, locked, product?.name ?? "Template");
      });
    },

    /** The sandbox's hosted page: what it shows. */
    sandboxSession: openSession,

    /**
     * The sandbox provider takes a card: 4242… pays (the order is marked paid here, on the
     * server — the provider's confirmation), 4000…0002 is declined. Returns where to send the
     * browser, or an error to show on the page.
     */
    async sandboxPay(id: string, card: CardInput): Promise<{ redirect: string } | { error: string }> {
      const { session } = await openSession(id);
      if (session.provider !== "sandbox") throw notFound("This checkout session does not exist.");
      if (session.status !== "open") return { error: "This checkout session has already been completed." };
      const number = card.card_number.replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(number)) return { error: "Please enter a card number." };
      const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
      const month = Number(expiry?.[1]);
      if (!expiry || month < 1 || month > 12) return { error: "Please enter the expiry date as MM/YY." };
      const now = clock();
      const endOfMonth = new Date(Date.UTC(2000 + Number(expiry[2]), month, 1));
      if (endOfMonth <= now) return { error: "This card has expired." };
      if (!/^\d{3,4}$/.test(card.cvc.trim()))
        return { error: "Please enter the card's security code (CVC)." };
      const alreadyCompleted = { error: "This checkout session has already been completed." };
      /**
       * Claims the open session for one outcome in a single guarded update: of the same session
       * posted many times at once, one claims it and the others find it completed (the read above
       * is only for the page; it decides nothing).
       */
      const claim = async (tx: Database, status: "paid" | "declined") => {
        const [claimed] = await tx
          .update(checkoutSessions)
          .set({ status, completedAt: now })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")))
          .returning({ id: checkoutSessions.id });
        return claimed !== undefined;
      };
      // The session and its order marked declined together: the card was refused, or payment was.
      const decline = (reason: string | null = null) =>
        db.transaction(async (tx) => {
          if (!(await claim(tx, "declined"))) return false;
          await orders.markDeclined(tx, session.orderId, reason);
          return true;
        });
      if (number === SANDBOX_CARDS.declined) {
        return (await decline()) ? { redirect: session.errorUrl } : alreadyCompleted;
      }
      if (number !== SANDBOX_CARDS.pays) {
        return {
          error: "Sandbox checkout: use 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).",
        };
      }
      let paid: boolean;
      try {
        paid = await db.transaction(async (tx) => {
          if (!(await claim(tx, "paid"))) return false;
          // Someone else (another session of the same order) paid first: nothing more to do.
          await orders.markPaid(tx, session.orderId);
          return true;
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) {
          // Payment refused (e.g. a coupon used up meanwhile): nothing was charged or changed.
          await decline(error.message);
          return { error: error.message };
        }
        throw error;
      }
      if (!paid) return alreadyCompleted;
      deliverMail();
      return { redirect: session.successUrl };
    },

    async sandboxCancel(id: string): Promise<string> {
      const { session } = await openSession(id);
      if (session.status === "open") {
        await db
          .update(checkoutSessions)
          .set({ status: "cancelled", completedAt: clock() })
          .where(eq(checkoutSessions.id, id));
      }
      return session.cancelUrl;
    },

    /**
     * POST /stripe/webhook: the only way a Stripe payment completes. The signature is checked on
     * the raw body; each event id is applied once (a replay changes nothing).
     */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!config.stripeWebhookSecret) throw new AppError(503, "Stripe webhooks are not configured.");
      let event: Stripe.Event;
      try {
        event = stripe().webhooks.constructEvent(rawBody, signature ?? "", config.stripeWebhookSecret);
      } catch {
        throw badRequest("Invalid webhook signature.");
      }
      const completed =
        event.type === "checkout.session.completed" ||
        event.type === "checkout.session.async_payment_succeeded";
      const failed =
        event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired";
      if (!completed && !failed) return { applied: false };
      const object = event.data.object as Stripe.Checkout.Session;
      const applied = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(paymentEvents)
          .values({ id: event.id, type: event.type, receivedAt: clock() })
          .onConflictDoNothing({ target: paymentEvents.id })
          .returning({ id: paymentEvents.id });
        if (!fresh) return false;
        const [session] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.externalId, object.id));
        if (!session) return false;
        if (completed && object.payment_status !== "unpaid") {
          // Stripe has taken the money. It is kept only if the order can be honoured: not already
          // paid through another session, and its coupons still within their limits (checked
          // atomically here; a refusal rolls back to the savepoint). Otherwise it is refunded.
          let refundReason: string | null = null;
          try {
            const paidNow = await tx.transaction((savepoint) => orders.markPaid(savepoint, session.orderId));
            if (!paidNow) refundReason = ORDER_PAID_TWICE;
          } catch (error) {
            if (!(error instanceof AppError) || error.status !== 409) throw error;
            refundReason = error.message;
            await orders.markDeclined(tx, session.orderId, `${error.message} ${PAYMENT_REFUNDED}`);
          }
          if (refundReason !== null) {
            // Inside the transaction: if Stripe cannot be reached nothing is recorded, the
            // webhook answers an error, and Stripe delivers it again. The idempotency key keeps a
            // repeated delivery from refunding twice.
            await stripe().refunds.create(
              {
                payment_intent: paymentIntentOf(object),
                reason: "duplicate",
                metadata: { checkout_id: session.id },
              },
              { idempotencyKey: `refund-${session.id}` },
            );
          }
          await tx
            .update(checkoutSessions)
            .set({
              status: refundReason === null ? "paid" : "refunded",
              completedAt: clock(),
              refundReason,
              // What a later refund from the console names at Stripe.
              paymentIntent: object.payment_intent ? paymentIntentOf(object) : null,
            })
            .where(eq(checkoutSessions.id, session.id));
        } else if (failed) {
          await tx
            .update(checkoutSessions)
            .set({ status: "declined", completedAt: clock() })
            .where(eq(checkoutSessions.id, session.id));
          await orders.markDeclined(tx, session.orderId);
        }
        return true;
      });
      if (applied) deliverMail();
      return { applied };
    },
  };
}
