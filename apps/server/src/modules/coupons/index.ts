// The coupons module's one public entry: other modules and the app import only this file.

// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { type CouponRow, coupons, couponUses } from "./schema.ts";
export { type CouponsService, createCouponsService, gstOf, priceWith } from "./service.ts";
// The operator console's reads and changes of coupons (its rules and audit are the console's).
export {
  type CouponTerms,
  changeCoupon,
  insertCoupon,
  staffCoupon,
  staffCoupons,
} from "./staff-edits.ts";
