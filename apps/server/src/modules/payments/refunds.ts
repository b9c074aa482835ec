import { randomBytes } from "node:crypto";
import { CONSOLE_MONEY_MESSAGES } from "@precedent/contracts";
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { checkoutSessions } from "./schema.ts";
import { lazyStripeClient } from "./stripe-client.ts";

/** What the provider answered: its refund's id. */
export type ProviderRefund = { provider: "sandbox" | "stripe"; externalId: string };

/**
 * The payment provider's port for giving money back on an order, through the provider that
 * took it (the order's paid checkout session says which): the sandbox keeps its refunds as the
 * order's refund rows; Stripe is asked at `POST /v1/refunds` for the session's payment, with an
 * idempotency key the caller derives from the order's state, so a retry after a lost answer
 * cannot refund twice.
 */
export function createProviderRefunds(config: { stripeSecretKey?: string; stripeApiBase?: string }) {
  const stripe = lazyStripeClient(config);

  return {
    async refund(
      tx: Database,
      order: { id: number },
      amountCents: number,
      idempotencyKey: string,
    ): Promise<ProviderRefund> {
      const [paid] = await tx
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.orderId, order.id), eq(checkoutSessions.status, "paid")))
        .orderBy(desc(checkoutSessions.completedAt))
        .limit(1);
      if (!paid) throw new AppError(409, CONSOLE_MONEY_MESSAGES.noPayment);
      if (paid.provider === "sandbox") {
        return { provider: "sandbox", externalId: `sandbox_re_${randomBytes(9).toString("base64url")}` };
      }
      if (!paid.paymentIntent) throw new AppError(409, CONSOLE_MONEY_MESSAGES.noPayment);
      try {
        const refund = await stripe().refunds.create(
          {
            payment_intent: paid.paymentIntent,
            amount: amountCents,
            reason: "requested_by_customer",
            metadata: { order_id: String(order.id), checkout_id: paid.id },
          },
          { idempotencyKey },
        );
        return { provider: "stripe", externalId: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError)
          throw new AppError(502, CONSOLE_MONEY_MESSAGES.providerFailed);
        throw error;
      }
    },
  };
}

export type ProviderRefunds = ReturnType<typeof createProviderRefunds>;

/** An order's checkout sessions, oldest first: the payments the console's money area shows. */
export async function checkoutSessionsOf(db: Database, orderId: number) {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.orderId, orderId))
    .orderBy(checkoutSessions.createdAt);
}
