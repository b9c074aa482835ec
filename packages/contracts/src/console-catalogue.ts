import { z } from "zod";
import { AuditEntry } from "./console.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/**
 * The operator console's "Catalogue" area (issue 37 items 3 and 4): products, their prices,
 * descriptions, FAQ, video and badges; categories and their tree; plan rules per category;
 * credit packages and coupons. Content editors change what a product says and where it sits;
 * what firms pay (prices, plan rules, packages, coupons) is the administrator's.
 */
export const CONSOLE_CATALOGUE_MESSAGES = {
  productNotFound: "No such product.",
  categoryNotFound: "No such category.",
  couponNotFound: "No such coupon.",
  packageNotFound: "No such credit package.",
  planNotFound: "No such plan.",
  stalePlan: "Someone else changed this plan since you opened it. Reload it to see their change.",
  planFreeOrPaid:
    "A plan cannot move between free and paid: the firms on it joined on those terms. Keep a free plan at $0.00 and a paid plan above it.",
  staleProduct: "Someone else changed this product since you opened it. Reload it to see their change.",
  staleCoupon: "Someone else changed this coupon since you opened it. Reload it to see their change.",
  cycle: "A category cannot sit inside itself or one of its own sub categories.",
  categoryNameTaken: "A category with this name already sits there.",
  categoryAtEnd: "This category is already at that end of the categories beside it.",
  couponCodeTaken: "A coupon with this code already exists.",
  packageNameTaken: "A credit package with this name already exists.",
  couponUsed:
    "This coupon has been used, so its terms cannot change. Disable it and create a new one with the new terms.",
  priceIsAdministrators: "Only an administrator may change prices.",
  hiddenCategory: "Products of the shop's own categories (credit packages, memberships) are kept there.",
  shopCategory:
    "The shop's own categories (Membership Package, Uncategorized, Cap Category) cannot be deleted: the shop files its own products there.",
  skuTaken: "A product with this SKU already exists (SKUs are compared without regard to case).",
  templateNotFound: "No such template in the library.",
  publishNeedsTemplate:
    "A product firms can see must make a document: choose the template it assembles, or keep it as a draft.",
  alreadyWithdrawn:
    "This product is already withdrawn: firms no longer see it, and its orders and documents keep it.",
  productDeleted:
    "The product was deleted. Nothing pointed at it, and it will not come back on the next start.",
  productWithdrawn:
    "Orders or documents point at this product, so it was withdrawn rather than deleted: firms no longer see it, and it is kept for their history.",
  categoryDeleted: "The category was deleted. It will not come back on the next start.",
  imageMissing: "Choose an image to upload.",
  imageWrongType: "Upload a PNG, JPEG or WebP image.",
  imageTooLarge: "The image must be at most 2 MB.",
  imageTooWide: "The image must be at most 4000 pixels wide and 4000 pixels high.",
  noImage: "There is no image to remove.",
  /** An image unused for a day is deleted; this upload met that deletion (rare): try again. */
  imageCollected: "This image was being cleared away as unused just now. Upload it again.",
  imageNotFound: "No such image.",
  notWithdrawn: "Only a withdrawn product can be put back on sale.",
  restoreNeedsTemplate:
    "This product's template is no longer in the library, so firms could buy it and not start it. Add the template back first.",
  productRestored: "The product is back in the catalogue.",
} as const;

/** A catalogue image (product or category): at most this many bytes (issue 37 item 3). */
export const CATALOGUE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A catalogue image's width and height, each at most this many pixels. */
export const CATALOGUE_IMAGE_MAX_PX = 4000;
/** The image types the catalogue takes, found in the bytes (never the name or declared type). */
export const CATALOGUE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** What keeps a category from being deleted, said as one message naming each. */
export function categoryInUseMessage(holds: {
  subCategories: string[];
  products: string[];
  plans: string[];
  coupons: string[];
}) {
  const few = (names: string[]) =>
    names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
  const parts = [
    holds.subCategories.length ? `sub categories (${few(holds.subCategories)})` : "",
    holds.products.length ? `products (${few(holds.products)})` : "",
    holds.plans.length ? `plan rules of ${few(holds.plans)}` : "",
    holds.coupons.length ? `coupons naming it (${few(holds.coupons)})` : "",
  ].filter(Boolean);
  return `This category cannot be deleted while it has ${parts.join("; ")}. Move or remove them first.`;
}

/** The integration badges a product's card may show (documents spec §2), as meta keys. */
export const CATALOGUE_BADGES = ["used_xero", "is_cas360", "is_simple_fund"] as const;
export const CatalogueBadge = z.enum(CATALOGUE_BADGES, { error: "Choose a badge from the list" });
export const CATALOGUE_BADGE_LABELS: Record<(typeof CATALOGUE_BADGES)[number], string> = {
  used_xero: "Accounting integration",
  is_cas360: "Fund administration integration",
  is_simple_fund: "Simple Fund",
};

/** Cents, GST included, as the catalogue keeps every price: at most $100,000. */
export const PriceCents = z
  .number({ error: "Enter a price in cents" })
  .int("Enter the price in whole cents")
  .min(0, "A price cannot be negative")
  .max(10_000_000, "A price can be at most $100,000.00");

const Version = z
  .number({ error: "Send the version you read" })
  .int()
  .min(1)
  .max(2_147_483_647)
  .describe("The version read: a change made since then refuses this edit (409)");

const Name = z
  .string({ error: "Enter a name" })
  .trim()
  .min(2, "Enter a name of at least 2 characters")
  .max(200, "Use at most 200 characters");

export const CatalogueSearchQuery = z.object({
  q: z.string().trim().max(120, "Use at most 120 characters").optional().describe("Part of a name or SKU"),
});

export const ConsoleProductSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price_cents: z.number().int(),
  status: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  version: z.number().int(),
});
export type ConsoleProductSummary = z.infer<typeof ConsoleProductSummary>;
export const ConsoleProductListResponse = envelope(
  z.object({
    rows: z.array(ConsoleProductSummary),
    abilities: z.object({ create: z.boolean() }).describe("Adding products is the administrator's"),
  }),
);

export const FaqEntry = z.object({
  question: z.string({ error: "Enter a question" }).trim().min(3, "Enter a question").max(500),
  answer: z.string({ error: "Enter an answer" }).trim().min(1, "Enter an answer").max(10_000),
});

export const ConsoleProduct = ConsoleProductSummary.extend({
  description: z.string(),
  short_description: z.string(),
  faq: z.array(FaqEntry),
  video_url: z.string().nullable(),
  badges: z.array(CatalogueBadge),
  template: z.string().nullable().describe("The library template its documents are made from, if any"),
  image_url: z.string().nullable().describe("Where the console shows the product's image, or null for none"),
  history: z.array(AuditEntry).describe("The product's changes in the console, newest first"),
  abilities: z.object({
    edit_content: z.boolean(),
    edit_price: z.boolean(),
    remove: z.boolean(),
    restore: z.boolean().describe("Put back on sale: an administrator's, for a withdrawn product"),
  }),
});
export type ConsoleProduct = z.infer<typeof ConsoleProduct>;
export const ConsoleProductResponse = envelope(ConsoleProduct);

export const UpdateProductRequest = z.object({
  version: Version,
  name: Name.optional(),
  description: z.string().max(50_000, "Use at most 50,000 characters").optional(),
  short_description: z.string().max(2_000, "Use at most 2,000 characters").optional(),
  price_cents: PriceCents.optional(),
  faq: z.array(FaqEntry).max(50, "At most 50 questions").optional(),
  video_url: z
    .url({ protocol: /^https$/, error: "Enter a video address starting with https://" })
    .max(500)
    .nullable()
    .optional(),
  badges: z.array(CatalogueBadge).max(CATALOGUE_BADGES.length).optional(),
  category_ids: z
    .array(idParam("category"))
    .min(1, "Place the product in at least one category")
    .max(20)
    .optional(),
});
export type UpdateProductRequest = z.infer<typeof UpdateProductRequest>;

/** A SKU: letters, digits, dot, dash and underscore; unique whatever its case. */
export const Sku = z
  .string({ error: "Enter a SKU" })
  .trim()
  .min(2, "Enter a SKU of at least 2 characters")
  .max(40, "Use at most 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Use letters, digits, dots, dashes and underscores only");

/**
 * A new product (administrators only): shown to firms at once when `published`, else a draft.
 * `template`: the library template its documents are made from, or null for none.
 */
export const CreateProductRequest = z.object({
  name: Name,
  sku: Sku,
  price_cents: PriceCents,
  category_ids: z.array(idParam("category")).min(1, "Place the product in at least one category").max(20),
  description: z.string().max(50_000, "Use at most 50,000 characters").default(""),
  short_description: z.string().max(2_000, "Use at most 2,000 characters").default(""),
  template: z
    .string({ error: "Choose a template or none" })
    .trim()
    .min(1, "Choose a template or none")
    .max(120)
    .nullable()
    .describe("The library template it assembles (a template's identifier), or null for none"),
  published: z.boolean().default(false),
});
export type CreateProductRequest = z.infer<typeof CreateProductRequest>;

/** A product removed: deleted when nothing pointed at it, else withdrawn (hidden, kept). */
export const RemovedProductResponse = envelope(
  z.object({
    id: z.number().int(),
    outcome: z.enum(["deleted", "withdrawn"]),
    /** What happened and why, to show as it is. */
    explanation: z.string(),
  }),
);

/** The version of the product read, for an image put or removed (a multipart body has no JSON). */
export const ProductImageQuery = z.object({
  version: z.coerce
    .number({ error: "Send the version you read" })
    .int("Send the version you read")
    .min(1, "Send the version you read")
    .max(2_147_483_647, "Send the version you read")
    .describe("The version read: a change made since then refuses this edit (409)"),
});

/** A withdrawn product put back on sale: published (firms see it at once) or as a draft. */
export const RestoreProductRequest = z.object({
  published: z.boolean({ error: "Choose published or draft" }),
});

/** A catalogue image's address names its content's SHA-256, so the bytes under it never change. */
export const CatalogueImageParams = z.object({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "An image address names its SHA-256 in hex")
    .describe("The image's SHA-256 (hex)"),
});

export const DeletedCategoryResponse = envelope(z.object({ id: z.number().int(), deleted: z.literal(true) }));

export const PLAN_RULES = ["full", "excluded"] as const;
export const PlanRule = z.enum(PLAN_RULES, { error: "Choose full or excluded" });

export const ConsoleCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().int().nullable(),
  hidden: z.boolean(),
  image_url: z.string().nullable().describe("Where the console shows the category's image, or null for none"),
  rules: z.array(z.object({ plan_id: z.number().int(), rule: PlanRule })),
});
export type ConsoleCategory = z.infer<typeof ConsoleCategory>;
export const ConsoleCategoriesResponse = envelope(
  z.object({
    rows: z.array(ConsoleCategory),
    plans: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
    abilities: z.object({
      edit_tree: z.boolean(),
      edit_plan_rules: z.boolean(),
      /** Credit packages and coupons. */
      offers: z.boolean(),
    }),
  }),
);

export const CreateCategoryRequest = z.object({ name: Name, parent_id: idParam("parent").nullable() });
export const UpdateCategoryRequest = z.object({
  name: Name.optional(),
  parent_id: idParam("parent").nullable().optional(),
});
export const PlanRulesRequest = z.object({
  rules: z
    .array(z.object({ plan_id: idParam("plan"), rule: PlanRule.nullable() }))
    .min(1, "Name at least one plan")
    .max(20),
});
export const ConsoleCategoryResponse = envelope(ConsoleCategory);

/** One place up or down among the categories beside it (same parent): the order firms see. */
export const MoveCategoryRequest = z.object({
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
});

export const ConsoleCreditPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price_cents: z.number().int(),
  credits: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export const ConsoleCreditPackagesResponse = envelope(z.object({ rows: z.array(ConsoleCreditPackage) }));
export const ConsoleCreditPackageResponse = envelope(ConsoleCreditPackage);
const PackagePrice = PriceCents.refine((c) => c > 0, "A credit package cannot be free");
const PackageCredits = z
  .number({ error: "Enter a number of credits" })
  .int("Enter a whole number of credits")
  .min(1, "A package adds at least 1 credit")
  .max(10_000, "A package adds at most 10,000 credits");
export const UpdateCreditPackageRequest = z.object({
  version: Version,
  price_cents: PackagePrice.optional(),
  credits: PackageCredits.optional(),
  active: z.boolean().optional(),
});
/** A new credit package, on sale at once unless `active` is false. */
export const CreateCreditPackageRequest = z.object({
  name: z
    .string({ error: "Enter a name" })
    .trim()
    .min(3, "Enter a name of at least 3 characters")
    .max(80, "Use at most 80 characters"),
  price_cents: PackagePrice,
  credits: PackageCredits,
  active: z.boolean().default(true),
});
export type CreateCreditPackageRequest = z.infer<typeof CreateCreditPackageRequest>;

/**
 * A membership plan as the console edits it (issue 37 item 4). The slug (what the code knows the
 * plan by), its billing period and whether it is pay-as-you-go are fixed: they are the billing
 * terms firms joined on. `firms`: how many firms are on it now, whom a change reaches at once.
 */
export const ConsolePlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  duration: z.string().describe("The billing period: month, year, or empty for pay-as-you-go"),
  payg: z.boolean(),
  document_limit: z.number().int().nullable().describe("Documents a year; null for no limit"),
  max_users: z.number().int(),
  short_description: z.string(),
  video_url: z.string().nullable(),
  firms: z.number().int(),
  version: z.number().int(),
});
export const ConsolePlansResponse = envelope(z.object({ rows: z.array(ConsolePlan) }));
export const ConsolePlanResponse = envelope(ConsolePlan);
export const UpdatePlanRequest = z.object({
  version: Version,
  name: Name.max(60, "Use at most 60 characters").optional(),
  price_cents: PriceCents.optional(),
  document_limit: z
    .number({ error: "Enter a number of documents" })
    .int("Enter a whole number of documents")
    .min(1, "A limit is at least 1 document (leave it empty for no limit)")
    .max(1_000_000, "A limit is at most 1,000,000 documents")
    .nullable()
    .optional(),
  max_users: z
    .number({ error: "Enter a number of people" })
    .int("Enter a whole number of people")
    .min(1, "A plan has room for at least 1 person")
    .max(1_000, "A plan has room for at most 1,000 people")
    .optional(),
  short_description: z.string().trim().max(300, "Use at most 300 characters").optional(),
  video_url: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters")
    .refine(
      (url) => /^https:\/\/[^\s]+$/.test(url) || /^\/media\/[\w./-]+$/.test(url),
      "Enter an https:// address or a /media/ file the product serves",
    )
    .nullable()
    .optional(),
});

export const COUPON_KINDS = ["percent", "fixed_cart"] as const;
const CouponTerms = {
  discount_type: z.enum(COUPON_KINDS, { error: "Choose a percentage or a fixed amount" }),
  amount: z
    .number({ error: "Enter the discount" })
    .int("Enter a whole number")
    .min(1, "A discount is at least 1")
    .max(10_000_000, "That discount is too large"),
  usage_limit: z.number().int().min(1, "A limit is at least 1").max(1_000_000).nullable(),
  usage_limit_per_user: z.number().int().min(1, "A limit is at least 1").max(1_000_000).nullable(),
  expires_at: z.iso.datetime({ offset: true, error: "Enter the expiry as a date and time" }).nullable(),
  individual_use: z.boolean(),
  product_ids: z.array(idParam("product")).max(200),
};
const percentAtMost100 = (c: { discount_type?: string; amount?: number }) =>
  c.discount_type !== "percent" || c.amount === undefined || c.amount <= 100;
const percentIssue = { message: "A percentage is at most 100", path: ["amount"] };

export const CreateCouponRequest = z
  .object({
    code: z
      .string({ error: "Enter a code" })
      .trim()
      .min(3, "Enter a code of at least 3 characters")
      .max(40, "Use at most 40 characters")
      .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only"),
    ...CouponTerms,
  })
  .refine(percentAtMost100, percentIssue);
export const UpdateCouponRequest = z
  .object({
    version: Version,
    discount_type: CouponTerms.discount_type.optional(),
    amount: CouponTerms.amount.optional(),
    usage_limit: CouponTerms.usage_limit.optional(),
    usage_limit_per_user: CouponTerms.usage_limit_per_user.optional(),
    expires_at: CouponTerms.expires_at.optional(),
    individual_use: CouponTerms.individual_use.optional(),
    product_ids: CouponTerms.product_ids.optional(),
    disabled: z.boolean().optional(),
  })
  .refine(percentAtMost100, percentIssue);
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequest>;
export type UpdatePlanRequest = z.infer<typeof UpdatePlanRequest>;
export type ConsolePlan = z.infer<typeof ConsolePlan>;

export const ConsoleCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(COUPON_KINDS),
  amount: z.number().int(),
  usage_limit: z.number().int().nullable(),
  usage_limit_per_user: z.number().int().nullable(),
  usage_count: z.number().int(),
  expires_at: z.string().nullable(),
  disabled: z.boolean(),
  individual_use: z.boolean(),
  product_ids: z.array(z.number().int()),
  version: z.number().int(),
  abilities: z.object({ change_terms: z.boolean() }),
  history: z.array(AuditEntry),
});
export type ConsoleCoupon = z.infer<typeof ConsoleCoupon>;
export const ConsoleCouponsResponse = envelope(z.object({ rows: z.array(ConsoleCoupon) }));
export const ConsoleCouponResponse = envelope(ConsoleCoupon);

export const CatalogueItemParams = z.object({ id: idParam("id") });
