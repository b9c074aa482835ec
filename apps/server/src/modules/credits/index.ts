// The credits module's one public entry: other modules and the app import only this file.

// Credits given by staff in the operator console.
export { grantCredit } from "./grant.ts";
export { creditPurchaseRefusal } from "./policy.ts";
export { creditRoutes } from "./routes.ts";
// Tables read outside this module (demo data, tests).
export { creditPurchases, creditUsages } from "./schema.ts";
export { type CreditsService, createCreditsService } from "./service.ts";
// A refunded package's credits taken back (the console's money area).
export { boughtCredits, takeBackPackageCredits } from "./take-back.ts";
