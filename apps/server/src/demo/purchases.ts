import type { Billing } from "@precedent/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { productCategories, products } from "../modules/catalogue/index.ts";
import { coupons, priceWith } from "../modules/coupons/index.ts";
import { documents } from "../modules/documents/index.ts";
import { orders } from "../modules/orders/index.ts";

const DAY = 86_400_000;

/**
 * Demo coupons (one per coupon rule, documents spec §5) and orders in each state for the Lite
 * firm, which buys its templates. Runs after the catalogue is seeded; without products (a
 * database seeded by tests without the catalogue) it adds only the coupons that need none.
 */
export async function loadDemoPurchases(
  tx: Database,
  buyer: { teamId: number; userId: number; billing: Billing },
  now = new Date(),
) {
  const categoryIds = new Map(
    (
      await tx
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .where(inArray(productCategories.name, ["Trusts", "Wills"]))
    ).map((c) => [c.name, c.id]),
  );
  const productRows = await tx
    .select({
      id: products.id,
      identifier: products.templateIdentifier,
      name: products.name,
      price: products.priceCents,
    })
    .from(products);
  const byIdentifier = new Map(productRows.map((p) => [p.identifier, p]));
  const nda = byIdentifier.get("mutual-nda");
  const trusts = categoryIds.get("Trusts");
  const wills = categoryIds.get("Wills");

  await tx.insert(coupons).values([
    // Plain percent and fixed coupons: any template.
    { code: "WELCOME10", amount: 10, discountType: "percent" },
    { code: "SAVE20", amount: 2000, discountType: "fixed_cart" },
    // Individual use: cannot be combined with other coupons.
    { code: "SOLO25", amount: 25, discountType: "percent", individualUse: true },
    // Only for trust deeds (a required category) / not for wills (an excluded category).
    ...(trusts
      ? [{ code: "TRUSTS15", amount: 15, discountType: "percent" as const, categoryIds: [trusts] }]
      : []),
    ...(wills
      ? [{ code: "NOTWILLS5", amount: 5, discountType: "percent" as const, excludedCategoryIds: [wills] }]
      : []),
    // Only for the NDA (a required product).
    ...(nda
      ? [{ code: "NDAONLY", amount: 1000, discountType: "fixed_cart" as const, productIds: [nda.id] }]
      : []),
    // Used up overall; once per user; and a zero amount, which counts as no coupon.
    { code: "USEDUP", amount: 50, discountType: "percent", usageLimit: 1, usageCount: 1 },
    { code: "ONCEEACH", amount: 5, discountType: "percent", usageLimitPerUser: 1 },
    { code: "NOTHING", amount: 0, discountType: "percent" },
  ]);

  const will = byIdentifier.get("simple-will");
  const consent = byIdentifier.get("director-consent");
  if (!nda || !will || !consent) return;

  const order = (
    product: { id: number; price: number },
    status: "unpaid" | "paid" | "used",
    daysAgo: number,
  ) => {
    const price = priceWith(product.price, []);
    const createdAt = new Date(now.getTime() - daysAgo * DAY);
    return {
      teamId: buyer.teamId,
      userId: buyer.userId,
      productId: product.id,
      status,
      subtotalCents: price.regular_price,
      discountCents: price.discount_total,
      totalCents: price.total,
      taxCents: price.total_tax,
      billing: buyer.billing,
      paymentMethodTitle: "Credit card (sandbox)",
      createdAt,
      paidAt: status === "unpaid" ? null : createdAt,
      usedAt: status === "used" ? createdAt : null,
    };
  };
  // A paid order waiting to be started, an unpaid one, and one already used for a document.
  await tx.insert(orders).values([order(nda, "paid", 2), order(will, "unpaid", 1)]);
  const [used] = await tx
    .insert(orders)
    .values(order(consent, "used", 10))
    .returning({ id: orders.id });
  const [doc] = await tx
    .insert(documents)
    .values({
      teamId: buyer.teamId,
      name: consent.name,
      status: 1,
      templateId: consent.id,
      templateName: consent.name,
      xTemplateId: consent.identifier,
      createdBy: buyer.userId,
      updatedBy: buyer.userId,
      createdAt: new Date(now.getTime() - 10 * DAY),
      updatedAt: new Date(now.getTime() - 10 * DAY),
    })
    .returning({ id: documents.id });
  if (used && doc) await tx.update(orders).set({ documentId: doc.id }).where(eq(orders.id, used.id));
}
