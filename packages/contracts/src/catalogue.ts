import { z } from "zod";
import { DOCUMENT_NAME_MAX_LENGTH } from "./documents.ts";
import { envelope, paged } from "./envelope.ts";
import { idListQuery, idParam, TeamScopeQuery } from "./folders.ts";
import { isSitePath } from "./site-path.ts";

// ---------------------------------------------------------------------------------------------
// Catalogue, plans and use, coupons, orders, payments and document start (documents spec §2–§9,
// account-area §3–§9). Money is always integer cents (AUD, GST inclusive); the server computes
// every price and ignores totals sent by the browser.
// ---------------------------------------------------------------------------------------------

/** Product list page size (documents spec §9): the default and the most one page may hold. */
export const PRODUCT_PAGE_SIZE = 100;
/** Description excerpts on cards are cut to this many characters (documents spec §9). */
export const DESCRIPTION_EXCERPT_LENGTH = 90;
/** Catalogue categories whose products never show (documents spec §5). */
export const HIDDEN_CATEGORY_NAMES = ["Membership Package", "Uncategorized", "Cap Category"] as const;
/** The top plan: excluded categories and documents need it (documents spec §6). */
export const STRATEGIST_PLAN_SLUG = "strategist";
/** Australian GST: 1/11 of a GST-inclusive price. */
export const GST_DIVISOR = 11;
export const CURRENCY = "AUD";

// ---- Messages, verbatim from the spec (documents spec §4, §5, §8, §9) ------------------------

export const DOCUMENT_LIMIT_REACHED = "Document limit usage has been reached";
export const CATEGORY_STRATEGIST_ONLY = "This category can only be purchased as Strategist";
export const DOCUMENT_STRATEGIST_ONLY = "This document can only be purchased as Strategist";
export const NO_DOCUMENTS_FOUND = "No documents found.";
export const CATALOGUE_ROOT_LABEL = "Our Templates";
export const PRICE_INC_GST = "inc. GST";
export const FREE_PRICE_LABEL = "Free";
export const PRODUCTS_PAGE_HEADING = "Welcome to unlimited options for when you have limited time.";
export const SEARCH_TEMPLATES_PLACEHOLDER = "Search templates";

export const COUPON_REQUIRED = "Please input your coupon!";
export const COUPON_ALREADY_APPLIED = "Coupon code already applied!";
export const couponDoesNotExist = (code: string) => `The coupon code "${code}" does not exist!`;
export const couponNotWithOthers = (code: string) =>
  `The coupon code "${code}" cannot be used in conjunction with other coupons.`;
export const couponNotForTemplate = (code: string) =>
  `The coupon code "${code}" cannot be used for this template.`;
export const COUPON_USAGE_LIMIT_REACHED = "The coupon usage limit has been reached.";

export const PURCHASE_FAILED = "There is something wrong. Please try again!";
export const PROCESSING_TO_PAYMENT = "Processing to payment page...";
export const PAYMENT_DECLINED_TITLE = "Payment Declined";
export const PAYMENT_DECLINED_TEXT = "Your payment has been declined. Please retry or contact us.";
export const PAYMENT_CONFIRMED_TITLE = "Payment Confirmed";
export const PAYMENT_CONFIRMED_TEXT =
  "Thank you for your payment. A copy of the invoice has been emailed to you and loaded to My Orders.";
export const CONTINUE_TO_INTERVIEW = "Continue to interview";
/** Spec leaves these texts out ("not shown"); ours. */
export const ORDER_NOT_PAID = "This order has not been paid yet.";
export const ORDER_ALREADY_USED = "This order has already been used to create a document.";
export const ORDER_ALREADY_PAID = "This order has already been paid.";
/** A paid order whose template has left the library since (a product withdrawn stays startable). */
export const ORDER_PRODUCT_WITHDRAWN =
  "This template has been withdrawn from sale, so this order can no longer be paid.";
export const ORDERED_TEMPLATE_GONE =
  "This order's template is no longer in the library, so it cannot be started. Please contact support for a refund.";
export const ORDER_PAID_ONLY_BY_PROVIDER = "An order is marked paid only by the payment provider.";
export const ORDER_USED_ONLY_BY_START = "An order is marked used only by starting its document.";
export const ORDER_BILLING_LOCKED = "The billing details of a paid order cannot be changed.";
export const ORDER_ONE_PRODUCT = "An order holds exactly one template, quantity 1.";

export const DOCUMENT_NAME_PROMPT = "Please input your document name!";
export const FOLDER_REQUIRED = "Please select folder!";
export const COMPANY_NAME_REQUIRED = "Please input your company name!";
export const LEGAL_ELEMENT_REQUIRED = "Please select your legal!";
export const ACKNOWLEDGEMENT_ACCEPT = "Yes - I/we accept";
/** Ours (the spec only names the checkbox): shown when a required acknowledgement is missing. */
export const ACKNOWLEDGEMENT_REQUIRED = `Please tick '${ACKNOWLEDGEMENT_ACCEPT}' to continue.`;
export const ACKNOWLEDGEMENT_DATE_INVALID = "Please enter the acknowledgement date as DD/MM/YYYY.";
export const ACKNOWLEDGEMENT_USER_REQUIRED = "Please input the name of the person accepting.";
export const DOCUMENT_CREATED = "Your document has been created. Please complete the interview to fulfill it";
export const DOCUMENT_CREATE_FAILED =
  "There was a problem creating your document. Please try again later or contact us.";
export const APPLY_COMPANY_NAME_FAILED = "Can not apply company name for document. Please do it manually.";
export const APPLY_TEMPLATE_NAME_FAILED = "Can not apply template name for document. Please do it manually.";
export const PURCHASE_REQUIRED = "Please purchase this template to start a document.";

/** The document start wizard's steps (documents spec §2, §4). */
export const START_WIZARD_STEPS = [
  "Document Name & Folder Location",
  "Check Company Name Availability",
  "Pre-Registration Consent",
  "Director ID",
  "Acknowledgement",
] as const;

/** Sandbox checkout test cards (the sandbox payment provider). */
export const SANDBOX_CARD_PAYS = "4242 4242 4242 4242";
export const SANDBOX_CARD_DECLINED = "4000 0000 0000 0002";

// ---- Products and categories ----------------------------------------------------------------

/** Yes/no flags a product carries in meta_data and the start response (documents spec §3). */
export const PRODUCT_FLAGS = [
  "is_will",
  "is_adv_hc",
  "is_end_power",
  "is_hr_doc",
  "is_unit_trust",
  "is_unit_trust_old",
  "is_none_foreign",
  "is_protector",
  "is_trust_template",
  "is_special_resolution",
] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];
export const YesNo = z.enum(["yes", "no"]);

export const MetaEntry = z.object({ key: z.string(), value: z.string() });

export const CategoryRef = z.object({ id: z.number().int(), name: z.string() });

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The starter-library folder name: the interview page's templateIdentifier. */
  template_identifier: z.string(),
  /** HTML. */
  description: z.string(),
  short_description: z.string(),
  /** Cents, inc. GST. 0 means free ('Free'). */
  regular_price: z.number().int(),
  images: z.array(z.object({ src: z.string() })),
  categories: z.array(CategoryRef),
  downloads: z.array(z.object({ file: z.string() })),
  /** Includes every PRODUCT_FLAGS key ('yes' or 'no'), asic_price, used_xero, is_cas360,
   * is_simple_fund, acknowledgement (text, when starting needs one), popup_video, tabs.benefits. */
  meta_data: z.array(MetaEntry),
  /** Benefits text (HTML) for the preview's Benefits section; empty when none. */
  benefits: z.string(),
  /** How To Video URLs; the section shows only when there is at least one. */
  videos: z.array(z.string()),
  /** Acknowledgement text; when non-null the start wizard's Acknowledgement step applies. */
  acknowledgement: z.string().nullable(),
  allow_download_pdf: z.boolean(),
  allow_download_word: z.boolean(),
  /** This template itself is Strategist-only (meta strategist_only 'yes'): other plans are told
   * DOCUMENT_STRATEGIST_ONLY. Templates in an excluded category get CATEGORY_STRATEGIST_ONLY. */
  strategist_only: z.boolean(),
});
export type Product = z.infer<typeof Product>;

export const ProductListQuery = z.object({
  category: idListQuery("category").describe(
    "Category ids (comma list): products in any of them or their sub categories.",
  ),
  search: z
    .string()
    .max(200, "search must be 200 characters or fewer")
    .transform((s) => s.trim())
    .optional()
    .describe("Trimmed; matches name, description or category name. Empty: no search."),
  status: z.literal("publish").default("publish"),
  per_page: z.coerce
    .number({ error: "per_page must be a number" })
    .int()
    .min(1)
    .max(PRODUCT_PAGE_SIZE, `per_page must be at most ${PRODUCT_PAGE_SIZE}`)
    .default(PRODUCT_PAGE_SIZE),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page starts at 1").default(1),
  orderby: z.enum(["title", "id"]).default("title"),
  order: z.enum(["asc", "desc"]).default("asc"),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;
export const ProductListResponse = envelope(paged(Product));

export const ProductIdParams = z.object({ id: idParam("id") });
export const ProductResponse = envelope(Product);

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Parent category id; 0 at the top level (as the spec's tree by parent id). */
  parent: z.number().int(),
  image: z.object({ src: z.string() }).nullable(),
  /** Ids of the direct sub categories, in display order. */
  children: z.array(z.number().int()),
  /** Published products in this category and its sub categories. */
  count: z.number().int(),
});
export type Category = z.infer<typeof Category>;

export const CategoryListQuery = z.object({
  hide_empty: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  parent: idParam("parent").optional(),
  per_page: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  status: z.string().optional(),
});
/** Every visible category (hidden ones never appear), flat, ordered for display; build the tree
 * from `parent`. */
export const CategoryListResponse = envelope(z.array(Category));

export const Faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof Faq>;
export const FaqQuery = z.object({ product_id: idParam("product_id") });
export const FaqResponse = envelope(z.object({ code: z.literal(200), body: z.array(Faq) }));

export const QuestionsQuery = z.object({
  id_template: z
    .string()
    .trim()
    .min(1, "id_template is required")
    .describe("A template identifier (folder name) or a product id."),
});
export const QuestionsResponse = envelope(
  z.object({
    code: z.literal(200),
    body: z.object({
      template_identifier: z.string(),
      /** The interview definition (docgen's InterviewDefinition). */
      definition: z.record(z.string(), z.unknown()),
    }),
  }),
);

// GET /api/products/{id}/preview answers application/pdf (the template on its sample answers):
// the link `API.catalogue.preview`.

// ---- Membership (which plan gets what) ------------------------------------------------------

export const MembershipProductsQuery = TeamScopeQuery;
export const MembershipProducts = z.object({
  /** Category ids only the Strategist plan may use (and whose sub categories). */
  excluded: z.array(z.number().int()),
  /** Category ids whose products start without purchase (consuming a use when hasLimit). */
  full_access_categories: z.array(z.number().int()),
  hasLimit: z.boolean(),
  /** Uses remaining when hasLimit (a firm that has not used its plan yet has the plan's whole
   * allowance); null when unlimited. */
  limit: z.number().int().nullable(),
  /** The server's decision for full-access templates: true when a start would need a plan use and
   * none is left. The catalogue shows it as is; it never works it out from `limit`. */
  limit_reached: z.boolean(),
  /** in_force: the plan gives its full access and uses only while active and not past its end
   * date; a firm whose plan has expired or ended buys per document until it renews. */
  plan: z.object({ slug: z.string(), name: z.string(), in_force: z.boolean() }),
  /** The caller's paid, unused orders in this firm, oldest first: each starts its template
   * without paying again (the catalogue shows Start Document for these products). */
  paid_orders: z.array(z.object({ order_id: z.number().int(), product_id: z.number().int() })),
});
export type MembershipProducts = z.infer<typeof MembershipProducts>;
export const MembershipProductsResponse = envelope(
  z.object({ code: z.literal(200), body: MembershipProducts }),
);

// ---- Coupons and prices ----------------------------------------------------------------------

export const DiscountType = z.enum(["percent", "fixed_cart"]);
export type DiscountType = z.infer<typeof DiscountType>;

export const couponCode = z
  .string({ error: COUPON_REQUIRED })
  .trim()
  .min(1, COUPON_REQUIRED)
  .max(100, "Coupon code must be 100 characters or fewer");

/** The price of one product with coupons applied, every figure in cents (inc. GST). */
export const PriceSummary = z.object({
  regular_price: z.number().int(),
  discounts: z.array(z.object({ code: z.string(), amount: z.number().int() })),
  discount_total: z.number().int(),
  /** regular_price minus the discounts, never below 0. */
  total: z.number().int(),
  /** GST included in total: 1/11 of it, rounded to the cent. */
  total_tax: z.number().int(),
  currency: z.literal(CURRENCY),
});
export type PriceSummary = z.infer<typeof PriceSummary>;

export const CouponCheckQuery = TeamScopeQuery.extend({
  code: couponCode,
  product_id: idParam("product_id"),
  applied: z
    .preprocess(
      (value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
          .map((v) => v.trim())
          .filter((v) => v !== ""),
      z.array(z.string().max(100)).max(20),
    )
    .default([])
    .describe("Codes already applied (comma list); the new code is checked together with them."),
});
export type CouponCheckQuery = z.infer<typeof CouponCheckQuery>;

export const AppliedCoupon = z.object({
  code: z.string(),
  amount: z.number().describe("Percent (0–100) or cents, by discount_type."),
  discount_type: DiscountType,
  individual_use: z.boolean(),
});
/** 200: the coupon applies; `summary` prices the product with applied + code. 400 with a coupon
 * message otherwise. */
export const CouponCheckResponse = envelope(
  z.object({ coupon: AppliedCoupon, codes: z.array(z.string()), summary: PriceSummary }),
);

// ---- Orders ---------------------------------------------------------------------------------

export const Billing = z.object({
  first_name: z.string().trim().min(1, "Please input your first name!").max(100),
  last_name: z.string().trim().min(1, "Please input your last name!").max(100),
  company: z.string().trim().max(200).default(""),
  email: z.email("Please input a valid email!").max(254),
  phone: z.string().trim().max(40).default(""),
  address_1: z.string().trim().max(200).default(""),
  address_2: z.string().trim().max(200).default(""),
  city: z.string().trim().max(100).default(""),
  state: z.string().trim().max(100).default(""),
  postcode: z.string().trim().max(20).default(""),
  country: z.string().trim().max(2).default("AU"),
});
export type Billing = z.infer<typeof Billing>;

/** Order lifecycle (account-area §4): unpaid → paid (by the provider) → used (by a document). */
export const OrderStatus = z.enum(["unpaid", "paid", "used"]);
export type OrderStatus = z.infer<typeof OrderStatus>;
/** What the return page shows: status, or 'declined' for an unpaid order whose last payment
 * attempt was declined. */
export const PaymentStatus = z.enum(["unpaid", "paid", "used", "declined"]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CreateOrderRequest = z.object({
  line_items: z
    .array(
      z.object({
        product_id: idParam("product_id"),
        quantity: z.literal(1, ORDER_ONE_PRODUCT).default(1),
        total: z.unknown().optional().describe("Ignored: the server prices every order."),
      }),
    )
    .length(1, ORDER_ONE_PRODUCT),
  coupon_lines: z
    .array(z.object({ code: couponCode, meta_data: z.unknown().optional() }))
    .max(20)
    .default([]),
  billing: Billing,
  shipping: z.unknown().optional().describe("Ignored: templates are not shipped."),
  set_paid: z
    .literal(false, ORDER_PAID_ONLY_BY_PROVIDER)
    .optional()
    .describe("Must be false or absent: only the payment provider marks an order paid."),
  customer_id: z.unknown().optional().describe("Ignored: the order belongs to the signed-in user."),
  payment_method_title: z.string().max(100).optional(),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

export const UpdateOrderRequest = z.object({
  billing: Billing,
  meta_data: z
    .unknown()
    .optional()
    .describe("Refused when given: an order is marked used only by starting its document."),
  set_paid: z.unknown().optional().describe("Refused when given."),
  status: z.unknown().optional().describe("Refused when given."),
});
export type UpdateOrderRequest = z.infer<typeof UpdateOrderRequest>;

export const OrderQuery = TeamScopeQuery;
export const OrderIdParams = z.object({ id: idParam("id") });

export const Order = z.object({
  id: z.number().int(),
  /** Tax invoice number, e.g. INV-000123. */
  number: z.string(),
  status: OrderStatus,
  payment_status: PaymentStatus,
  /** Why the last payment was declined, when more is known than that it was (e.g. refunded
   * because a coupon's limit was reached meanwhile); null otherwise. */
  declined_reason: z.string().nullable(),
  line_items: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      template_identifier: z.string(),
      quantity: z.literal(1),
      subtotal: z.number().int(),
      total: z.number().int(),
    }),
  ),
  coupon_lines: z.array(z.object({ code: z.string(), discount: z.number().int() })),
  billing: Billing,
  subtotal: z.number().int(),
  discount_total: z.number().int(),
  total: z.number().int(),
  total_tax: z.number().int(),
  currency: z.literal(CURRENCY),
  payment_method_title: z.string(),
  customer_id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  used_at: z.string().nullable(),
  /** The document created from it, once used. */
  document_id: z.number().int().nullable(),
  /** Paid (or used) orders have a tax invoice (the link `API.orders.invoice`). */
  has_invoice: z.boolean(),
});
export type Order = z.infer<typeof Order>;
export const OrderResponse = envelope(Order);

/** GET /api/orders: the caller's own orders in the firm (My Orders), newest first. */
export const OrderListQuery = TeamScopeQuery.extend({
  status: OrderStatus.optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page starts at 1").default(1),
  length: z.coerce
    .number({ error: "length must be a number" })
    .int()
    .min(1)
    .max(100, "length must be at most 100")
    .default(10),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const OrderListResponse = envelope(paged(Order));

// GET /api/orders/{id}/invoice?id_team= (the link `API.orders.invoice`) answers the tax invoice as
// an HTML file download (the invoice emailed on payment); 404 for an unpaid order or anyone else's.
export const INVOICE_NOT_READY = "The tax invoice is issued once the order is paid.";

// ---- Payments -------------------------------------------------------------------------------

const returnPath = z
  .string()
  .max(500)
  .refine(isSitePath, "Return addresses must be paths of this site.")
  .optional();

export const CheckoutRequest = z.object({
  order_id: idParam("order_id"),
  /** Paths of this site; defaults: /my-account/my-document?order_id={id} (success, cancel) and
   * the same with &error=1 (error). */
  success_url: returnPath,
  cancel_url: returnPath,
  error_url: returnPath,
  price: z.unknown().optional().describe("Ignored: the order's server-computed total is charged."),
  product_id: z.unknown().optional().describe("Ignored."),
  product_name: z.unknown().optional().describe("Ignored."),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;
export const CheckoutQuery = TeamScopeQuery;
export const CheckoutResponse = envelope(z.object({ url: z.string() }));

/** Where the provider returns the browser (documents spec §2). */
export const paymentReturnPath = (orderId: number, error = false) =>
  `/my-account/my-document?order_id=${orderId}${error ? "&error=1" : ""}`;

// ---- Document start -------------------------------------------------------------------------

/** DD/MM/YYYY with a real calendar date. */
export const isDdMmYyyy = (value: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

export const StartDocumentRequest = z.object({
  product_id: idParam("product_id")
    .optional()
    .describe("Start through the plan (full access, a plan use) or a free product."),
  order_id: idParam("order_id").optional().describe("Start from a paid, unused order (marks it used)."),
  name: z
    .string({ error: DOCUMENT_NAME_PROMPT })
    .trim()
    .min(1, DOCUMENT_NAME_PROMPT)
    .max(DOCUMENT_NAME_MAX_LENGTH, `Document name must be ${DOCUMENT_NAME_MAX_LENGTH} characters or fewer`),
  folder_id: z
    .preprocess(
      (v) => (v === null || v === "" ? undefined : v),
      z.coerce.number({ error: FOLDER_REQUIRED }).int(FOLDER_REQUIRED).positive(FOLDER_REQUIRED).optional(),
    )
    .describe(
      "A folder of the caller's My Documents or of Shared Folders; omitted or null: the top level of the caller's My Documents. Not with doc_id.",
    ),
  doc_id: idParam("doc_id")
    .optional()
    .describe(
      "A draft of the caller's without a template (Create New > New Document): the template is attached to it, renamed to `name`, in its folder, instead of creating a document.",
    ),
  /** 'yes' / true: the 'Yes - I/we accept' box; required when the product has an acknowledgement. */
  acknowledgement: z.union([z.boolean(), z.enum(["yes", "no"])]).optional(),
  acknowledgement_date: z.string().trim().optional(),
  acknowledgement_user: z.string().trim().max(200).optional(),
  /** Registration documents (ASIC wizard steps); stored for the interview, not checked here. */
  proposed_name: z.string().trim().max(200).optional(),
  legal_element: z.string().trim().max(50).optional(),
  is_asic: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type StartDocumentRequest = z.infer<typeof StartDocumentRequest>;
/** Starting a template on a draft (doc_id) that already has one. */
export const DRAFT_HAS_TEMPLATE = "This document already has a template. Open its interview instead.";
/** Starting a template on a draft that is past the interview (signed, pending or completed). */
export const DRAFT_NOT_EDITABLE = "Only a draft or in-progress document can be given a template.";
/** doc_id with folder_id: the draft stays where it is filed. */
export const DRAFT_KEEPS_FOLDER = "The document keeps its folder; move it from the list instead.";
export const StartDocumentQuery = TeamScopeQuery;

export const StartDocumentResult = z.object({
  id: z.number().int(),
  template_identifier: z.string(),
  template_name: z.string(),
  /** How the start was paid for. */
  consumed: z.enum(["order", "plan_use", "full_access", "free"]),
  /** Uses left on a limited plan after this start; null when unlimited or not a plan use. */
  limit: z.number().int().nullable(),
  popup_video: z.string().nullable(),
  acknowledgement: z.string().nullable(),
  is_will: YesNo,
  is_adv_hc: YesNo,
  is_end_power: YesNo,
  is_hr_doc: YesNo,
  is_unit_trust: YesNo,
  is_unit_trust_old: YesNo,
  is_none_foreign: YesNo,
  is_protector: YesNo,
  is_trust_template: YesNo,
  is_special_resolution: YesNo,
});
export type StartDocumentResult = z.infer<typeof StartDocumentResult>;
/** On success `message` is DOCUMENT_CREATED. */
export const StartDocumentResponse = envelope(StartDocumentResult);
