// The coupons module's one public entry: other modules and the app import only this file.

// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { coupons, couponUses } from "./schema.ts";
export { type CouponsService, createCouponsService, gstOf, priceWith } from "./service.ts";
