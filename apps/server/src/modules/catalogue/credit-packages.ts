import { CREDIT_PACKAGE_CATEGORY, CREDIT_QUANTITY_META } from "@precedent/contracts";
import { and, asc, eq, like, sql } from "drizzle-orm";
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

/**
 * Adds a credit package (a product of the Cap Category with its credits in `cap_qty`), run in
 * the console's transaction; null when a package of that name exists already (names are what
 * firms choose between). Its SKU and identifier follow the seeded ones (`CREDIT-25`,
 * `credit-package-25`) with a number added when another package has the same credits. Nothing
 * is ever deleted: orders keep pointing at a package, so one is withdrawn (status draft) instead.
 */
export async function insertCreditPackage(
  tx: Database,
  input: { name: string; priceCents: number; credits: number; active: boolean },
): Promise<number | null> {
  // One package added at a time, so two at once cannot both find a name or SKU free.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('precedent.credit-package.insert'))`);
  const existing = await findCreditPackages(tx, { published: false, tx });
  if (existing.some((p) => p.name.trim().toLowerCase() === input.name.trim().toLowerCase())) return null;
  const [category] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.name, CREDIT_PACKAGE_CATEGORY));
  if (!category) throw new Error(`The ${CREDIT_PACKAGE_CATEGORY} category is missing`);
  const taken = new Set(
    (
      await tx
        .select({ sku: products.sku })
        .from(products)
        .where(like(products.sku, `CREDIT-${input.credits}%`))
    ).map((r) => r.sku),
  );
  let suffix = "";
  for (let n = 2; taken.has(`CREDIT-${input.credits}${suffix}`); n++) suffix = `-${n}`;
  const perDocument = (input.priceCents / input.credits / 100).toFixed(2);
  const [row] = await tx
    .insert(products)
    .values({
      templateIdentifier: `credit-package-${input.credits}${suffix}`,
      sku: `CREDIT-${input.credits}${suffix}`,
      name: input.name.trim(),
      priceCents: input.priceCents,
      description: `${input.credits} document credits.`,
      shortDescription: `$${perDocument} a document`,
      status: input.active ? "publish" : "draft",
      metaData: [{ key: CREDIT_QUANTITY_META, value: String(input.credits) }],
      allowDownloadPdf: false,
      allowDownloadWord: false,
      searchText: `${input.name.trim().toLowerCase()} ${input.credits} credits`,
    })
    .returning({ id: products.id });
  if (!row) throw new Error("The credit package was not added");
  await tx.insert(productCategoryLinks).values({ productId: row.id, categoryId: category.id });
  return row.id;
}
