import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

// ---- Credits (account-area §2 badge, Buying Credit and Credit Logs modals; §3; §4; §9) ----

/** Credit packages are shop products of this (hidden) category, with their credits in `cap_qty`. */
export const CREDIT_PACKAGE_CATEGORY = "Cap Category";
export const CREDIT_QUANTITY_META = "cap_qty";
/** The credit badge and credit status belong to this plan only (account-area §6). */
export const CREDIT_PLAN_SLUG = "best-practice";

export const CREDIT_REMAINING = "Credit remaining";
export const GET_MORE = "Get more";
export const RUN_OUT = "Run out!";
export const CREDIT_SPENDING_HISTORY = "Credit Spending History";
export const CREDIT_BUYING_HISTORY = "Credit Buying History";
export const NO_RECORDS_FOUND = "No records found";
export const RUN_OUT_OF_CREDITS = "Run out of Credits";
export const SEARCHING = "Searching...";

// §8, verbatim.
export const CANNOT_GET_COMPANY_ID = "Cannot get company id";
export const CANNOT_GET_CREDIT_PACKAGES = "Cannot get credit packages";
export const CANNOT_UPDATE_CREDIT = "Cannot update credit";
export const CANNOT_GET_SPENT_HISTORY = "Cannot get spent credit history";
export const CANNOT_GET_BUYING_HISTORY = "Cannot get buying credit history";
export const CANNOT_GET_USED_CREDIT = "Cannot get used credit data";
/** The credit purchase's return reading its order (which package, so how many credits) failed. */
export const CANNOT_GET_ORDER_CREDIT = "Cannot get order credit data";
export const CANNOT_USE_PRODUCT = "Cannot use this product. Please contact admin for more information";
export const ORDER_IN_PROGRESS = "Your order is in progress. Please contact admin for more information";
export const ORDER_PAYMENT_ERROR =
  "There was an error while processing order payment. Please contact admin for more information.";
/** §8's shop messages: a purchase step the server failed (not a refusal, which has its reason). */
export const CANT_CREATE_ORDER = "Can't create order";
export const CANT_GET_ORDER = "Can't get order";
export const CANT_UPDATE_ORDER = "Can't update order";
export const CREDIT_PAYMENT_CONFIRMED = "Payment Confirmed. A copy of the invoice has been emailed to you.";

// Refusals the spec leaves unworded.
export const CREDITS_BUY_REFUSED = "Only the company owner or a manager can buy credits.";
export const CREDIT_LOGS_REFUSED = "Only the company owner or a manager can view credit logs.";
export const CREDITS_PLAN_REQUIRED = "Credits can be bought only on the Best Practice plan.";
/** Why nothing is sold (not the banner's words, which stay the banner's: account-area §2). */
export const CREDITS_PLAN_ENDED =
  "Credits cannot be bought while your Membership Plan is not in force: they are used only while it is. Renew the plan first.";
/** What a credit is for, beside the badge and the company page's credit status. */
export const CREDITS_COVER =
  "One credit starts one document from a template your plan includes. Credits do not cover templates outside your plan, which are bought one at a time.";
/** The same, for a firm whose plan is not in force: its credits are not used at all. */
export const CREDITS_ON_HOLD =
  "Credits are on hold: they are used only while your Membership Plan is in force. Until it is renewed, templates are bought one at a time.";
export const CREDIT_ORDER_PRODUCT_MISMATCH = "This order is for another credit package.";

/** Where the payment page returns the browser after a credit purchase (account-area §2). */
export const CREDIT_RETURN_PATH = "/my-account/my-company";
export const creditReturnPath = (orderId: number, error = false) =>
  `${CREDIT_RETURN_PATH}?order_id=${orderId}${error ? "&error=1" : ""}`;

/** `?id_team=` of the credit calls: without it the spec's 'Cannot get company id'. */
const companyId = z.coerce
  .number({ error: CANNOT_GET_COMPANY_ID })
  .int(CANNOT_GET_COMPANY_ID)
  .positive(CANNOT_GET_COMPANY_ID)
  .max(2_147_483_647, CANNOT_GET_COMPANY_ID);

export const CreditTeamQuery = z.object({
  id_team: companyId.describe("The firm (team); the caller must be one of its members."),
});
export type CreditTeamQuery = z.infer<typeof CreditTeamQuery>;

export const CreditPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  /** AUD cents, inc. GST. */
  regular_price: z.number().int(),
  /** Credits the package adds. */
  cap_qty: z.number().int(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

/** What the caller may do with the firm's credit (account-area §6), computed by the server. */
export const CreditAbilities = z.object({
  buy: z.boolean(),
  view_logs: z.boolean(),
  /**
   * Why an owner or manager may not buy now (the plan has ended), the purchase's own 409 message;
   * null when they may, and for members, who are never offered credits (account-area §6).
   */
  buy_refused: z.string().nullable(),
});
export type CreditAbilities = z.infer<typeof CreditAbilities>;

export const CreditPackagesResponse = envelope(
  z.object({ code: z.literal(200), packages: z.array(CreditPackage) }),
);

/** The credit badge's figures: shown only on Best Practice with a numeric limit. */
export const CreditStatus = z.object({
  shown: z.boolean(),
  /** Credits remaining (the spec's limit); null when the plan has no limit. */
  remaining: z.number().int().nullable(),
  used: z.number().int(),
  /** used + remaining. */
  total: z.number().int().nullable(),
  low: z.boolean(),
  /** Whether the credits are used now: false while the plan is not in force. */
  spendable: z.boolean(),
  /** What credits do and do not cover, for this firm now (CREDITS_COVER or CREDITS_ON_HOLD). */
  note: z.string(),
  abilities: CreditAbilities,
});
export type CreditStatus = z.infer<typeof CreditStatus>;
export const CreditStatusResponse = envelope(z.object({ code: z.literal(200), credit: CreditStatus }));

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Dates must be real dates");

export const CREDIT_LOG_SORT_KEYS = ["package", "user_name", "date", "created_at"] as const;
export const CreditLogQuery = CreditTeamQuery.extend({
  from: isoDay.optional(),
  to: isoDay.optional(),
  sort_by: z.enum(CREDIT_LOG_SORT_KEYS).optional(),
  sort: z.enum(["asc", "desc"]).optional(),
});
export type CreditLogQuery = z.infer<typeof CreditLogQuery>;

/** A spending record: credits used when documents were started (account-area §3). */
export const CreditUsageRecord = z.object({
  id: z.number().int(),
  id_user: z.number().int(),
  user_name: z.string(),
  created_at: z.string(),
  used: z.number().int(),
  /** Comma-separated document ids. */
  doc_id: z.string(),
});
export type CreditUsageRecord = z.infer<typeof CreditUsageRecord>;

/** A buying record (account-area §3); amounts in AUD cents. */
export const CreditPurchaseRecord = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  date: z.string(),
  id_user: z.number().int(),
  user: z.string(),
  package: z.string(),
  /** The package's price. */
  amount: z.number().int(),
  cap_qty: z.number().int(),
  /** What the order charged (after coupons). */
  total: z.number().int(),
});
export type CreditPurchaseRecord = z.infer<typeof CreditPurchaseRecord>;

export const UsedCapResponse = envelope(z.object({ code: z.literal(200), rows: z.array(CreditUsageRecord) }));
export const OrderCapResponse = envelope(
  z.object({ code: z.literal(200), rows: z.array(CreditPurchaseRecord) }),
);

export const UpdateCapRequest = z.object({
  id_order: idParam("id_order"),
  id_product: idParam("id_product").optional().describe("The order's first line item; checked when given."),
});
export type UpdateCapRequest = z.infer<typeof UpdateCapRequest>;
export const UpdateCapResult = z.object({
  order_id: z.number().int(),
  cap_qty: z.number().int(),
  /** Credits remaining after the purchase. */
  limit: z.number().int(),
  /** False when the credit had already been added (by the payment confirmation or a reload). */
  applied_now: z.boolean(),
});
export type UpdateCapResult = z.infer<typeof UpdateCapResult>;
export const UpdateCapResponse = envelope(z.object({ code: z.literal(200), result: UpdateCapResult }));

export const OrderUpdateQuery = CreditTeamQuery.extend({ id_order: idParam("id_order") });
export const OrderUpdateResponse = envelope(z.object({ code: z.literal(200), order_id: z.number().int() }));
