// The payments module's one public entry: other modules and the app import only this file.

export {
  checkoutSessionsOf,
  createProviderRefunds,
  type ProviderRefund,
  type ProviderRefunds,
} from "./refunds.ts";
export { checkoutRoutes, sandboxCheckoutRoutes, stripeWebhookRoutes } from "./routes.ts";
export { createPaymentsService } from "./service.ts";
export { lazyStripeClient, STRIPE_API_VERSION } from "./stripe-client.ts";
