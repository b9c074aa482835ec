// The fulfilment module's one public entry (legal review and hard copy): the app imports only this file.

export { fulfilmentDocumentColumns } from "./document-columns.ts";
export { fulfilmentRoutes } from "./routes.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them.
export { fulfilmentRequests } from "./schema.ts";
export { createFulfilmentService, type FulfilmentService, SERVICE_PRODUCTS } from "./service.ts";
export {
  type FulfilmentConfig,
  type FulfilmentSettings,
  fulfilmentSettingsOf,
  parseLegalReviewFees,
  parseShippingOptions,
} from "./settings.ts";
// The operator console's fulfilment queue: the requests across firms, and the team's steps on them.
export { advanceRequest, type StaffStatus, staffStepsFrom } from "./staff.ts";
export { type StaffQueueItem, staffQueueItem, staffQueuePage } from "./staff-queue.ts";
