import type { Category, MembershipProducts, Product } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  buildCategoryTree,
  categoryPath,
  excerpt,
  formatCents,
  isStrategistOnlyCategory,
  priceLabel,
  templateAccess,
} from "./catalogue-model";

const category = (id: number, name: string, parent = 0): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent,
  image: null,
  children: [],
  count: 1,
});

// Trusts > Family trusts; Companies; Wills > Estate planning.
const categories = [
  category(1, "Trusts"),
  category(2, "Family trusts", 1),
  category(3, "Companies"),
  category(4, "Wills"),
  category(5, "Estate planning", 4),
];

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 10,
  name: "Discretionary Trust Deed",
  sku: "DTD",
  template_identifier: "discretionary-trust-deed",
  description: "",
  short_description: "",
  regular_price: 33_000,
  images: [],
  categories: [{ id: 2, name: "Family trusts" }],
  downloads: [],
  meta_data: [],
  benefits: "",
  videos: [],
  acknowledgement: null,
  allow_download_pdf: true,
  allow_download_word: true,
  strategist_only: false,
  ...overrides,
});

const membership = (overrides: Partial<MembershipProducts> = {}): MembershipProducts => ({
  excluded: [],
  full_access_categories: [],
  hasLimit: false,
  limit: null,
  limit_reached: false,
  plan: { slug: "ly-basic", name: "Lite", in_force: true },
  paid_orders: [],
  ...overrides,
});

describe("category tree", () => {
  it("nests sub categories under their parents", () => {
    const tree = buildCategoryTree(categories);
    expect(tree.map((c) => c.name)).toEqual(["Trusts", "Companies", "Wills"]);
    expect(tree[0]?.subcategories.map((c) => c.name)).toEqual(["Family trusts"]);
  });

  it("keeps a category whose parent is hidden at the top", () => {
    expect(buildCategoryTree([category(7, "Orphan", 99)]).map((c) => c.name)).toEqual(["Orphan"]);
  });

  it("walks from a category up to the top for the breadcrumb", () => {
    expect(categoryPath(categories, 5).map((c) => c.name)).toEqual(["Wills", "Estate planning"]);
    expect(categoryPath(categories, undefined)).toEqual([]);
  });
});

describe("templateAccess", () => {
  it("refuses a product whose parent category is excluded from the plan", () => {
    expect(templateAccess(product(), membership({ excluded: [1] }), categories)).toEqual({
      kind: "strategist-only",
      reason: "category",
    });
    expect(isStrategistOnlyCategory(2, membership({ excluded: [1] }), categories)).toBe(true);
    expect(isStrategistOnlyCategory(3, membership({ excluded: [1] }), categories)).toBe(false);
  });

  it("refuses a Strategist-only template to other plans and lets Strategist start it", () => {
    const open = { full_access_categories: [1] };
    expect(templateAccess(product({ strategist_only: true }), membership(open), categories)).toEqual({
      kind: "strategist-only",
      reason: "document",
    });
    const strategist = membership({
      ...open,
      plan: { slug: "strategist", name: "Strategist", in_force: true },
    });
    expect(templateAccess(product({ strategist_only: true }), strategist, categories)).toEqual({
      kind: "plan",
      limitReached: false,
    });
  });

  it("starts through the plan with full access, and shows the server's limit decision", () => {
    const open = membership({ full_access_categories: [1], hasLimit: true, limit: 3 });
    expect(templateAccess(product(), open, categories)).toEqual({ kind: "plan", limitReached: false });
    const spent = membership({ full_access_categories: [1], hasLimit: true, limit: 0, limit_reached: true });
    expect(templateAccess(product(), spent, categories)).toEqual({ kind: "plan", limitReached: true });
    const unlimited = membership({ full_access_categories: [1], hasLimit: false, limit: null });
    expect(templateAccess(product(), unlimited, categories)).toEqual({ kind: "plan", limitReached: false });
  });

  it("starts a template with a paid, unused order instead of selling it again", () => {
    const paid = membership({ paid_orders: [{ order_id: 7, product_id: 10 }] });
    expect(templateAccess(product(), paid, categories)).toEqual({ kind: "order", orderId: 7 });
    expect(templateAccess(product({ id: 11 }), paid, categories)).toEqual({ kind: "purchase" });
    expect(priceLabel(product(), { kind: "order", orderId: 7 })).toBeUndefined();
  });

  it("offers free products directly and the rest for purchase", () => {
    expect(templateAccess(product({ regular_price: 0 }), membership(), categories)).toEqual({ kind: "free" });
    expect(templateAccess(product(), membership(), categories)).toEqual({ kind: "purchase" });
  });
});

describe("price labels", () => {
  it("shows no price with full access, 'Free' at 0, and dollars inc. GST otherwise", () => {
    expect(priceLabel(product(), { kind: "plan", limitReached: false })).toBeUndefined();
    expect(priceLabel(product({ regular_price: 0 }), { kind: "free" })).toBe("Free");
    expect(priceLabel(product(), { kind: "purchase" })).toBe("$330.00 inc. GST");
    // A plan that cannot buy it is not shown a price (it is told Strategist only instead).
    expect(priceLabel(product(), { kind: "strategist-only", reason: "document" })).toBeUndefined();
  });

  it("names the ASIC fee of a registration product", () => {
    const registration = product({ meta_data: [{ key: "asic_price", value: "611" }] });
    expect(priceLabel(registration, { kind: "purchase" })).toBe("$330.00 exc. ASIC fee $611.00");
  });

  it("formats cents as Australian dollars", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
  });
});

describe("excerpt", () => {
  it("keeps short text and cuts long text to 90 characters on a word", () => {
    expect(excerpt("A short description.")).toBe("A short description.");
    const long = "word ".repeat(40).trim();
    const cut = excerpt(long);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(91);
    expect(cut).not.toMatch(/ …$/);
  });
});
