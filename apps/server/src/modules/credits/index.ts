// The credits module's one public entry: other modules and the app import only this file.
export { creditPurchaseRefusal } from "./policy.ts";
export { creditRoutes } from "./routes.ts";
// Tables read outside this module (demo data, tests).
export { creditPurchases, creditUsages } from "./schema.ts";
export { type CreditsService, createCreditsService } from "./service.ts";
