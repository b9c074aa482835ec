import { CREDIT_PACKAGE_CATEGORY, CREDIT_QUANTITY_META } from "@precedent/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CatalogueProduct, productCategories, productCategoryLinks, products } from "./schema.ts";

/** A credit package: a shop product of the Cap Category and the credits its `cap_qty` adds. */
export type CreditPackageProduct = CatalogueProduct & { capQty: number };

const capQtyOf = (product: Pick<CatalogueProduct, "metaData">) => {
  const raw = product.metaData.find((m) => m.key === CREDIT_QUANTITY_META)?.value ?? "";
  const qty = /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
  return qty > 0 ? qty : null;
};

/**
 * Credit packages, cheapest first (account-area §3 "Credit package"). A product of the category
 * without a positive whole `cap_qty` is not a package: it could add nothing. `productId` asks for
 * one; `published: false` also finds a package since withdrawn (an order of it may still be paid);
 * `tx` reads in the caller's transaction.
 */
export async function findCreditPackages(
  db: Database,
  options: { productId?: number; published?: boolean; tx?: Database } = {},
): Promise<CreditPackageProduct[]> {
  const rows = await (options.tx ?? db)
    .select({ product: products, categoryId: productCategories.id })
    .from(products)
    .innerJoin(productCategoryLinks, eq(productCategoryLinks.productId, products.id))
    .innerJoin(productCategories, eq(productCategories.id, productCategoryLinks.categoryId))
    .where(
      and(
        eq(productCategories.name, CREDIT_PACKAGE_CATEGORY),
        options.published === false ? undefined : eq(products.status, "publish"),
        options.productId === undefined ? undefined : eq(products.id, options.productId),
      ),
    )
    .orderBy(asc(products.priceCents), asc(products.id));
  return rows.flatMap(({ product, categoryId }) => {
    const capQty = capQtyOf(product);
    return capQty === null ? [] : [{ ...product, categoryIds: [categoryId], capQty }];
  });
}
