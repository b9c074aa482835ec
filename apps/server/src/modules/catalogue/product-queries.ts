import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { productCategories, productCategoryLinks, products } from "./schema.ts";

/**
 * The catalogue's products as other modules read them, so they read no catalogue table
 * themselves: query fragments to place inside the caller's statement (one round trip, one plan),
 * and reads in the caller's connection or transaction.
 */

/** The id of the product whose template has this identifier (a column or value of the caller's), or null. */
export function productIdOfTemplateSql(templateIdentifier: SQLWrapper): SQL<number | null> {
  return sql<
    number | null
  >`(select p.id from ${products} p where p.template_identifier = ${templateIdentifier})`;
}

/** The ids of the products in these categories or in any category below them, as a subquery. */
export function productsInCategoriesSql(categoryIds: number[]): SQL {
  const wanted = sql.join(
    categoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(with recursive tree(id) as (select c.id from ${productCategories} c where c.id in (${wanted}) union select c.id from ${productCategories} c join tree on c.parent_id = tree.id) select l.product_id from ${productCategoryLinks} l join tree on l.category_id = tree.id)`;
}

/** The products' meta entries (documents spec §3's meta keys) by template identifier. */
export async function productMetaOfTemplates(db: Database, identifiers: string[]) {
  if (identifiers.length === 0) return new Map<string, { key: string; value: string }[]>();
  const rows = await db
    .select({ identifier: products.templateIdentifier, meta: products.metaData })
    .from(products)
    .where(inArray(products.templateIdentifier, [...new Set(identifiers)]));
  return new Map(rows.map((r) => [r.identifier, r.meta]));
}

/** Products' names, SKUs and template identifiers by id: orders, their invoices and payments. */
export async function productSummaries(db: Database, ids: number[]) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      identifier: products.templateIdentifier,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The names of the products (on sale or withdrawn) whose documents are made from a library template:
 * what keeps the console from deleting a template.
 */
export async function productNamesAssembling(db: Database, identifier: string): Promise<string[]> {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(
      or(
        eq(products.assembles, identifier),
        and(isNull(products.assembles), eq(products.templateIdentifier, identifier)),
      ),
    )
    .orderBy(products.name);
  return rows.map((row) => row.name);
}

/** The library template a product's documents are made from: its key, unless it names another. */
export const templateOfProduct = (p: { templateIdentifier: string; assembles: string | null }) =>
  p.assembles ?? p.templateIdentifier;

/**
 * Whether the product was withdrawn from sale in the console (kept for what points at it): its
 * paid orders still start, but an unpaid one is no longer paid (that would be a new purchase).
 */
export async function productWithdrawn(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, "withdrawn")));
  return row !== undefined;
}
