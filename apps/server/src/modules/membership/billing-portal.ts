import Stripe from "stripe";
import { AppError, badRequest } from "../../errors.ts";
import { lazyStripeClient } from "../payments/index.ts";
import type { PlanRow } from "../teams/index.ts";

/** Stripe's API version this adapter was written against (the payments adapter's, pinned). */

export type BillingConfig = {
  provider: "sandbox" | "stripe";
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 for a local fake of Stripe's API. */
  stripeApiBase?: string;
};

/** A plan change to be paid for: what the provider's page shows and sends back. */
export type PlanCheckout = {
  changeId: string;
  teamId: number;
  plan: PlanRow;
  /** The firm's Stripe customer when it has been one; otherwise the payer's email. */
  customerId?: string;
  email: string;
  /** Absolute addresses the provider's page returns to. */
  successUrl: string;
  cancelUrl: string;
};

/**
 * The billing portal port: where an owner or manager goes to pay for a change of plan. The
 * sandbox is a page of ours (`/billing/{change}`) whose Confirm applies the change; Stripe is
 * Checkout in subscription mode for a firm without a subscription and the customer portal for a
 * subscriber, and its changes arrive only as signed webhooks.
 */
export type BillingPortal = {
  provider: "sandbox" | "stripe";
  /** The page where the change is paid for, and the provider's id for it (Stripe's session). */
  checkout(change: PlanCheckout): Promise<{ url: string; externalId: string | null }>;
  /** The provider's own page where a subscriber changes or cancels their subscription. */
  customerPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** A webhook's event, once its signature over the raw body is proven; 400 otherwise. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
};

/**
 * A Stripe event, once its signature over the raw body is proven (checked locally: no call to
 * Stripe). Without a secret the endpoint is not set up (503); a bad signature is a 400.
 */
function verifyStripeEvent(secret: string | undefined, rawBody: Buffer, signature: string | undefined) {
  if (!secret) throw new AppError(503, "Stripe webhooks are not configured.");
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    throw badRequest("Invalid webhook signature.");
  }
}

export function createSandboxBillingPortal(
  config: Pick<BillingConfig, "stripeWebhookSecret"> = {},
): BillingPortal {
  return {
    provider: "sandbox",
    async checkout(change) {
      return { url: `/billing/${change.changeId}`, externalId: null };
    },
    async customerPortal() {
      // The sandbox keeps no subscriptions: every change goes through its own page.
      throw new AppError(409, "The sandbox billing portal has no subscriptions.");
    },
    // Signed events are checked as in production (a configured secret), though none are sent.
    verifyEvent: (rawBody, signature) => verifyStripeEvent(config.stripeWebhookSecret, rawBody, signature),
  };
}

export function createStripeBillingPortal(config: BillingConfig): BillingPortal {
  const stripe = lazyStripeClient(config);

  return {
    provider: "stripe",
    async checkout(change) {
      const { plan } = change;
      // The plan's slug travels on the subscription, so every later event names the plan.
      const metadata = { team_id: String(change.teamId), plan_slug: plan.slug, change_id: change.changeId };
      const session = await stripe().checkout.sessions.create(
        {
          mode: "subscription",
          client_reference_id: String(change.teamId),
          ...(change.customerId ? { customer: change.customerId } : { customer_email: change.email }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "aud",
                unit_amount: plan.priceCents,
                recurring: { interval: plan.duration === "year" ? "year" : "month" },
                product_data: { name: `${plan.name} membership` },
              },
            },
          ],
          metadata,
          subscription_data: { metadata },
          success_url: change.successUrl,
          cancel_url: change.cancelUrl,
        },
        { idempotencyKey: `plan-change-${change.changeId}` },
      );
      if (!session.url) throw new Error("Stripe returned no checkout address");
      return { url: session.url, externalId: session.id };
    },
    async customerPortal(customerId, returnUrl) {
      const session = await stripe().billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    verifyEvent: (rawBody, signature) => verifyStripeEvent(config.stripeWebhookSecret, rawBody, signature),
  };
}

export const createBillingPortal = (config: BillingConfig): BillingPortal =>
  config.provider === "stripe" ? createStripeBillingPortal(config) : createSandboxBillingPortal(config);
