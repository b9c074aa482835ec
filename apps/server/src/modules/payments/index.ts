// The payments module's one public entry: other modules and the app import only this file.

export {
  checkoutSessionsOf,
  createProviderRefunds,
  type ProviderRefund,
  type ProviderRefunds,
} from "./refunds.ts";
export { checkoutRoutes, sandboxCheckoutRoutes, stripeWebhookRoutes } from "./routes.ts";
// A table for tests and demo data to write rows with; another module's code may not import it.
export { checkoutSessions } from "./schema.ts";
export { createPaymentsService } from "./service.ts";
export { lazyStripeClient, STRIPE_API_VERSION } from "./stripe-client.ts";
