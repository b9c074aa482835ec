import { CATALOGUE_BADGES, CREDIT_QUANTITY_META } from "@precedent/contracts";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { synonymsOf } from "../templates/index.ts";
import { findCreditPackages } from "./credit-packages.ts";
import {
  type MetaEntry,
  planCategoryRules,
  productCategories,
  productCategoryLinks,
  productFaqs,
  products,
} from "./schema.ts";
import { searchTextOf, slugify } from "./seed.ts";

/**
 * The catalogue as the operator console reads and changes it (issue 37 items 3 and 4): every
 * product, published or not; categories with their plan rules. Who may change what, and the
 * audit entry, are the console's; these run inside its transaction. A product's or package's
 * change is guarded by its version, so of two edits made at once one is refused.
 */

const VIDEO_META = "product_video";
const STAFF_LIST_LIMIT = 200;

/** What staff may change on a product: the state the audit log keeps before and after. */
export type ProductState = {
  name: string;
  description: string;
  short_description: string;
  price_cents: number;
  faq: { question: string; answer: string }[];
  video_url: string | null;
  badges: string[];
  category_ids: number[];
};

export type ProductChange = Partial<ProductState>;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Products by part of their name or SKU (all of them, published or not), by name. */
export async function staffProductList(db: Database, text: string | undefined) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      priceCents: products.priceCents,
      status: products.status,
      version: products.version,
      categoryIds: sql<
        number[] | null
      >`(select array_agg(${productCategoryLinks.categoryId}) from ${productCategoryLinks} where ${productCategoryLinks.productId} = ${products.id})`,
    })
    .from(products)
    .where(text ? or(ilike(products.name, likeOf(text)), ilike(products.sku, likeOf(text))) : undefined)
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(STAFF_LIST_LIMIT);
  return rows.map((r) => ({ ...r, categoryIds: r.categoryIds ?? [] }));
}

/** One product with what staff edit, or null; `lock` holds its row for the caller's transaction. */
export async function staffProduct(db: Database, id: number, lock = false) {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const [links, faq] = await Promise.all([
    db
      .select({ id: productCategoryLinks.categoryId })
      .from(productCategoryLinks)
      .where(eq(productCategoryLinks.productId, id)),
    db
      .select({ question: productFaqs.question, answer: productFaqs.answer })
      .from(productFaqs)
      .where(eq(productFaqs.productId, id))
      .orderBy(asc(productFaqs.sortOrder)),
  ]);
  const meta = (key: string) => row.metaData.find((m) => m.key === key)?.value ?? "";
  const state: ProductState = {
    name: row.name,
    description: row.description,
    short_description: row.shortDescription,
    price_cents: row.priceCents,
    faq,
    video_url: meta(VIDEO_META).trim() || null,
    badges: CATALOGUE_BADGES.filter((b) => meta(b) === "yes"),
    category_ids: links.map((l) => l.id).sort((a, b) => a - b),
  };
  return { id: row.id, sku: row.sku, status: row.status, version: row.version, state };
}

/** The meta entries with the video and badges set as staff chose; every other entry kept. */
function metaWith(meta: MetaEntry[], change: ProductChange): MetaEntry[] {
  let out = meta;
  const put = (key: string, value: string) => {
    out = out.some((m) => m.key === key)
      ? out.map((m) => (m.key === key ? { key, value } : m))
      : [...out, { key, value }];
  };
  if (change.video_url !== undefined) put(VIDEO_META, change.video_url ?? "");
  if (change.badges !== undefined)
    for (const badge of CATALOGUE_BADGES) put(badge, change.badges.includes(badge) ? "yes" : "no");
  return out;
}

/**
 * Applies a change to a product read at `version`; false when the product moved on since (the
 * update matched no row). Categories and FAQ are replaced whole, as the editor shows them.
 */
export async function changeProduct(tx: Database, id: number, version: number, change: ProductChange) {
  const [current] = await tx.select().from(products).where(eq(products.id, id));
  if (!current) return false;
  const after = { ...(await staffProduct(tx, id))?.state, ...change } as ProductState;
  const categoryNames = await tx
    .select({ name: productCategories.name })
    .from(productCategories)
    .where(inArray(productCategories.id, after.category_ids.length ? after.category_ids : [0]));
  const [updated] = await tx
    .update(products)
    .set({
      name: after.name,
      description: after.description,
      shortDescription: after.short_description,
      priceCents: after.price_cents,
      metaData: metaWith(current.metaData, change),
      searchText: searchTextOf([
        after.name,
        after.short_description,
        after.description,
        ...categoryNames.map((c) => c.name),
        ...synonymsOf(current.templateIdentifier),
      ]),
      version: sql`${products.version} + 1`,
    })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  if (!updated) return false;
  if (change.category_ids !== undefined) {
    await tx.delete(productCategoryLinks).where(eq(productCategoryLinks.productId, id));
    await tx
      .insert(productCategoryLinks)
      .values(change.category_ids.map((categoryId) => ({ productId: id, categoryId })));
  }
  if (change.faq !== undefined) {
    await tx.delete(productFaqs).where(eq(productFaqs.productId, id));
    if (change.faq.length > 0)
      await tx
        .insert(productFaqs)
        .values(
          change.faq.map((f, i) => ({ productId: id, question: f.question, answer: f.answer, sortOrder: i })),
        );
  }
  return true;
}

/** Every category with its plan rules, in the catalogue's order. */
export async function staffCategories(db: Database) {
  const [rows, rules] = await Promise.all([
    db.select().from(productCategories).orderBy(asc(productCategories.sortOrder), asc(productCategories.id)),
    db.select().from(planCategoryRules),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    parent_id: c.parentId,
    hidden: c.hidden,
    rules: rules
      .filter((r) => r.categoryId === c.id)
      .map((r) => ({ plan_id: r.planId, rule: r.rule }))
      .sort((a, b) => a.plan_id - b.plan_id),
  }));
}

export type StaffCategory = Awaited<ReturnType<typeof staffCategories>>[number];

/** Locks the category tree for a change of it: two moves at once cannot make a cycle together. */
export async function lockCategoryTree(tx: Database) {
  await tx.execute(sql`lock table ${productCategories} in share row exclusive mode`);
}

/** True when `parentId` is the category itself or lies below it: the move would make a cycle. */
export function wouldCycle(rows: StaffCategory[], id: number, parentId: number | null) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let at = parentId; at !== null; at = byId.get(at)?.parent_id ?? null) {
    if (at === id) return true;
  }
  return false;
}

/** A new category under `parentId`; its slug from its name, made unique. */
export async function insertCategory(tx: Database, name: string, parentId: number | null, at: Date) {
  const base = slugify(name) || "category";
  const taken = new Set(
    (
      await tx
        .select({ slug: productCategories.slug })
        .from(productCategories)
        .where(sql`${productCategories.slug} like ${`${base}%`}`)
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const [{ max } = { max: 0 }] = await tx
    .select({ max: sql<number>`coalesce(max(${productCategories.sortOrder}), 0)::int` })
    .from(productCategories);
  const [row] = await tx
    .insert(productCategories)
    .values({ slug, name, parentId, sortOrder: max + 1, editedAt: at })
    .returning({ id: productCategories.id });
  if (!row) throw new Error("category not stored");
  return row.id;
}

/** Renames or moves a category (its slug, which links may name, stays). */
export async function changeCategory(
  tx: Database,
  id: number,
  change: { name?: string; parentId?: number | null },
  at: Date,
) {
  await tx
    .update(productCategories)
    .set({ name: change.name, parentId: change.parentId, editedAt: at })
    .where(eq(productCategories.id, id));
}

/**
 * Moves a category one place up or down among the categories beside it (same parent; the shop's
 * hidden ones apart), by swapping its sort order with its neighbour's. Both are marked edited, so
 * the start-up seed leaves the new order alone. False when there is no neighbour that way. The
 * caller holds the tree's lock (`lockCategoryTree`).
 */
export async function swapCategoryOrder(tx: Database, id: number, direction: "up" | "down", at: Date) {
  const rows = await tx
    .select({
      id: productCategories.id,
      parentId: productCategories.parentId,
      hidden: productCategories.hidden,
      sortOrder: productCategories.sortOrder,
    })
    .from(productCategories)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
  const moving = rows.find((r) => r.id === id);
  if (!moving) return false;
  const siblings = rows.filter((r) => r.parentId === moving.parentId && r.hidden === moving.hidden);
  const index = siblings.findIndex((r) => r.id === id);
  const other = siblings[direction === "up" ? index - 1 : index + 1];
  if (!other) return false;
  // Equal orders (categories added in one seed step) would swap to the same thing: make them
  // differ first, keeping the order shown.
  const [first, second] = direction === "up" ? [other, moving] : [moving, other];
  const low = Math.min(first.sortOrder, second.sortOrder);
  const high = Math.max(first.sortOrder, second.sortOrder, low + 1);
  await tx
    .update(productCategories)
    .set({ sortOrder: low, editedAt: at })
    .where(eq(productCategories.id, second.id));
  await tx
    .update(productCategories)
    .set({ sortOrder: high, editedAt: at })
    .where(eq(productCategories.id, first.id));
  return true;
}

/** Sets (or, with null, removes) a category's rule for each plan named. */
export async function setPlanRules(
  tx: Database,
  categoryId: number,
  rules: { planId: number; rule: "full" | "excluded" | null }[],
  at: Date,
) {
  for (const { planId, rule } of rules) {
    const where = and(eq(planCategoryRules.planId, planId), eq(planCategoryRules.categoryId, categoryId));
    if (rule === null) await tx.delete(planCategoryRules).where(where);
    else
      await tx
        .insert(planCategoryRules)
        .values({ planId, categoryId, rule })
        .onConflictDoUpdate({
          target: [planCategoryRules.planId, planCategoryRules.categoryId],
          set: { rule },
        });
  }
  await tx.update(productCategories).set({ rulesEditedAt: at }).where(eq(productCategories.id, categoryId));
}

/** Credit packages, active or not, as staff see them. */
export async function staffCreditPackages(db: Database, productId?: number) {
  const rows = await findCreditPackages(db, {
    published: false,
    ...(productId === undefined ? {} : { productId, tx: db }),
  });
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    price_cents: p.priceCents,
    credits: p.capQty,
    active: p.status === "publish",
    version: p.version,
  }));
}

/** Changes a credit package read at `version`; false when it moved on since. */
export async function changeCreditPackage(
  tx: Database,
  id: number,
  version: number,
  change: { priceCents?: number; credits?: number; active?: boolean },
) {
  const [current] = await tx.select({ meta: products.metaData }).from(products).where(eq(products.id, id));
  if (!current) return false;
  const meta =
    change.credits === undefined
      ? current.meta
      : current.meta.map((m) =>
          m.key === CREDIT_QUANTITY_META ? { key: m.key, value: String(change.credits) } : m,
        );
  const [updated] = await tx
    .update(products)
    .set({
      priceCents: change.priceCents,
      metaData: meta,
      status: change.active === undefined ? undefined : change.active ? "publish" : "draft",
      version: sql`${products.version} + 1`,
    })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  return Boolean(updated);
}
