import {
  type Category,
  DESCRIPTION_EXCERPT_LENGTH,
  FREE_PRICE_LABEL,
  type MembershipProducts,
  PRICE_INC_GST,
  type Product,
  type ProductFlag,
  STRATEGIST_PLAN_SLUG,
} from "@precedent/contracts";

/** A category with its sub categories resolved, for trees and sections. */
export type CategoryNode = Category & { subcategories: CategoryNode[] };

/** Builds the category tree from the flat list (each category names its parent; 0 is the top). */
export function buildCategoryTree(categories: Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(categories.map((c) => [c.id, { ...c, subcategories: [] }]));
  const roots: CategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id);
    if (!node) continue;
    const parent = category.parent === 0 ? undefined : nodes.get(category.parent);
    // A parent that is hidden or missing leaves its child at the top rather than lost.
    if (parent) parent.subcategories.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The category and its ancestors, top first (the breadcrumb after 'Our Templates'). */
export function categoryPath(categories: Category[], categoryId: number | undefined): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: Category[] = [];
  const seen = new Set<number>();
  let current = categoryId === undefined ? undefined : byId.get(categoryId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parent === 0 ? undefined : byId.get(current.parent);
  }
  return path;
}

/** Every category a product sits in, with their ancestors: plan rules on a parent cover its children. */
function categoryIdsWithAncestors(product: Product, categories: Category[]): Set<number> {
  const ids = new Set<number>();
  for (const ref of product.categories) {
    ids.add(ref.id);
    for (const ancestor of categoryPath(categories, ref.id)) ids.add(ancestor.id);
  }
  return ids;
}

/**
 * What the firm's plan lets the user do with a product (documents spec §4 "Template use and
 * limits"). The server decides (GET /membership/products says whether the limit is reached and
 * which templates have a paid, unused order) and decides again when the document is started or
 * the order created; this only chooses the button and the price shown.
 */
export type TemplateAccess =
  /** In a category only the Strategist plan may use, or a template marked Strategist-only. */
  | { kind: "strategist-only"; reason: "category" | "document" }
  /** Already paid for: a paid order not yet used starts the document (no price, no payment). */
  | { kind: "order"; orderId: number }
  /** Full access through the plan: Start Document, no price; a limited plan spends one use. */
  | { kind: "plan"; limitReached: boolean }
  /** Price 0: 'Free', started directly. */
  | { kind: "free" }
  | { kind: "purchase" };

export function templateAccess(
  product: Product,
  membership: MembershipProducts | undefined,
  categories: Category[],
): TemplateAccess {
  const ids = categoryIdsWithAncestors(product, categories);
  if (membership) {
    // The oldest paid order first: what was paid for is used before anything else.
    const paid = membership.paid_orders.find((order) => order.product_id === product.id);
    if (paid) return { kind: "order", orderId: paid.order_id };
    if (membership.excluded.some((id) => ids.has(id))) return { kind: "strategist-only", reason: "category" };
    if (product.strategist_only && membership.plan.slug !== STRATEGIST_PLAN_SLUG) {
      return { kind: "strategist-only", reason: "document" };
    }
    if (membership.full_access_categories.some((id) => ids.has(id))) {
      return { kind: "plan", limitReached: membership.limit_reached };
    }
  }
  if (product.regular_price === 0) return { kind: "free" };
  return { kind: "purchase" };
}

/** Whether a category (or one of its ancestors) is open only to the Strategist plan. */
export function isStrategistOnlyCategory(
  categoryId: number,
  membership: MembershipProducts | undefined,
  categories: Category[],
): boolean {
  if (!membership) return false;
  const excluded = new Set(membership.excluded);
  return categoryPath(categories, categoryId).some((c) => excluded.has(c.id));
}

const dollars = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** Cents as dollars: 33000 → "$330.00". */
export const formatCents = (cents: number) => dollars.format(cents / 100);

export const metaValue = (product: Pick<Product, "meta_data">, key: string) =>
  product.meta_data.find((entry) => entry.key === key)?.value;

export const hasFlag = (product: Pick<Product, "meta_data">, flag: ProductFlag | string) =>
  product.meta_data.find((entry) => entry.key === flag)?.value === "yes";

/**
 * The price line of a card (documents spec §4, §9): nothing with full access, 'Free' at 0,
 * otherwise dollars 'inc. GST', or 'exc. ASIC fee $X' for registration products.
 */
export function priceLabel(product: Product, access: TemplateAccess): string | undefined {
  // Nothing to pay: the plan covers it, it is paid for, or this plan cannot buy it at all.
  if (access.kind === "plan" || access.kind === "order" || access.kind === "strategist-only")
    return undefined;
  if (product.regular_price === 0) return FREE_PRICE_LABEL;
  const asicFee = Number(metaValue(product, "asic_price") ?? "");
  const suffix = asicFee > 0 ? `exc. ASIC fee ${formatCents(Math.round(asicFee * 100))}` : PRICE_INC_GST;
  return `${formatCents(product.regular_price)} ${suffix}`;
}

/** What stands in for the price when there is none to pay (preview and card). */
export const STRATEGIST_ONLY_LABEL = "Strategist only";
export const PAID_ORDER_LABEL = "Paid: ready to start";
export function accessNote(access: TemplateAccess): string | undefined {
  if (access.kind === "plan") return "Included in your plan";
  if (access.kind === "order") return PAID_ORDER_LABEL;
  if (access.kind === "strategist-only") return STRATEGIST_ONLY_LABEL;
  return undefined;
}

/** Plain text of an HTML description (descriptions come from the catalogue as HTML). */
export function plainText(html: string): string {
  if (typeof DOMParser === "undefined")
    return html
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim();
}

/** A description cut to the spec's excerpt length, on a word boundary where one is near. */
export function excerpt(text: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
