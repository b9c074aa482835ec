// The membership module's one public entry: other modules and the app import only this file.

export { type BillingPortal, createBillingPortal } from "./billing-portal.ts";
export { membershipRoutes, membershipWebhookRoutes, sandboxBillingRoutes } from "./routes.ts";
export { billingEvents, planChanges, planSubscriptions } from "./schema.ts";
export { createMembershipService, type MembershipService, membershipReturnPath } from "./service.ts";
