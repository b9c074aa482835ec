import Stripe from "stripe";

/** The Stripe API version both adapters (checkout, billing portal) are written against. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

/**
 * A Stripe client made on first use (the sandbox never needs one), pointed at `stripeApiBase`
 * when set: the local fake in tests.
 */
export function lazyStripeClient(config: { stripeSecretKey?: string; stripeApiBase?: string }) {
  let client: Stripe | undefined;
  return () => {
    if (!config.stripeSecretKey)
      throw new Error("STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe");
    if (!client) {
      const base = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
      client = new Stripe(config.stripeSecretKey, {
        apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
              protocol: base.protocol.replace(":", "") as "http" | "https",
            }
          : {}),
        maxNetworkRetries: 1,
      });
    }
    return client;
  };
}
