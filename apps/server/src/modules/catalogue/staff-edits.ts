import { CATALOGUE_BADGES, CREDIT_QUANTITY_META } from "@precedent/contracts";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { allPlans } from "../teams/index.ts";
import { synonymsOf } from "../templates/index.ts";
import { findCreditPackages } from "./credit-packages.ts";
import {
  catalogueTombstones,
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
  return {
    id: row.id,
    sku: row.sku,
    status: row.status,
    version: row.version,
    /** The library template its documents are made from (its key, for the seed's products). */
    template: row.assembles ?? row.templateIdentifier,
    /** The firms' address of its image (catalogue/images.ts), or null. */
    imageUrl: row.imageUrl,
    state,
  };
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
        ...synonymsOf(current.assembles ?? current.templateIdentifier),
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
    /** The firms' address of its image (catalogue/images.ts), or null. */
    image_url: c.imageUrl,
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

/**
 * What keeps a category from being deleted, by kind, each a list of names: its sub categories,
 * its products, the plans with a rule for it and the coupons naming it. Empty lists: it may go.
 * Coupons are read by their table's name (the coupons module's; only this question needs it).
 */
export async function categoryHolds(tx: Database, id: number) {
  const [children, linked, rules, coupons] = await Promise.all([
    tx
      .select({ name: productCategories.name })
      .from(productCategories)
      .where(eq(productCategories.parentId, id))
      .orderBy(asc(productCategories.name)),
    tx
      .select({ name: products.name })
      .from(productCategoryLinks)
      .innerJoin(products, eq(products.id, productCategoryLinks.productId))
      .where(eq(productCategoryLinks.categoryId, id))
      .orderBy(asc(products.name)),
    tx
      .select({ planId: planCategoryRules.planId })
      .from(planCategoryRules)
      .where(eq(planCategoryRules.categoryId, id)),
    tx
      .select({
        codes: sql<
          string[]
        >`array(select code from coupons where ${id} = any(category_ids) or ${id} = any(excluded_category_ids) order by lower(code))`,
      })
      .from(productCategories)
      .where(eq(productCategories.id, id)),
  ]);
  const planNames = new Map((await allPlans(tx)).map((p) => [p.id, p.name]));
  return {
    subCategories: children.map((c) => c.name),
    products: linked.map((p) => p.name),
    plans: rules.map((r) => planNames.get(r.planId) ?? `plan ${r.planId}`).sort(),
    coupons: coupons[0]?.codes ?? [],
  };
}

/** Deletes a category and keeps its slug, so the start-up seed never makes it again. */
export async function deleteCategory(tx: Database, id: number, at: Date) {
  const [gone] = await tx
    .delete(productCategories)
    .where(eq(productCategories.id, id))
    .returning({ slug: productCategories.slug });
  if (!gone) return false;
  await tx
    .insert(catalogueTombstones)
    .values({ kind: "category", seedKey: gone.slug, deletedAt: at })
    .onConflictDoNothing();
  return true;
}

/** True when a product's SKU is taken, whatever its case. */
export async function skuTaken(db: Database, sku: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.sku}) = lower(${sku})`);
  return Boolean(row);
}

/** A product made in the console: its key is `console-` and its SKU; `assembles` names its template. */
export async function insertProduct(
  tx: Database,
  input: {
    name: string;
    sku: string;
    priceCents: number;
    description: string;
    shortDescription: string;
    assembles: string | null;
    published: boolean;
    categoryIds: number[];
  },
) {
  const categoryNames = await tx
    .select({ name: productCategories.name })
    .from(productCategories)
    .where(inArray(productCategories.id, input.categoryIds));
  const [row] = await tx
    .insert(products)
    .values({
      templateIdentifier: `console-${input.sku.toLowerCase()}`,
      sku: input.sku,
      name: input.name,
      priceCents: input.priceCents,
      description: input.description,
      shortDescription: input.shortDescription,
      status: input.published ? "publish" : "draft",
      metaData: [],
      assembles: input.assembles,
      searchText: searchTextOf([
        input.name,
        input.shortDescription,
        input.description,
        ...categoryNames.map((c) => c.name),
        ...synonymsOf(input.assembles),
      ]),
      // Not the seed's version 1: the seed never takes a console product for one of its own.
      version: 2,
    })
    .returning({ id: products.id });
  if (!row) throw new Error("product not stored");
  await tx
    .insert(productCategoryLinks)
    .values(input.categoryIds.map((categoryId) => ({ productId: row.id, categoryId })));
  return row.id;
}

/**
 * What points at a product and so keeps it for history: orders, document starts, documents made
 * from it, credit purchases and coupons naming it, counted. Read by the tables' names (the
 * orders', documents', credits' and coupons' modules), as only this question needs them.
 */
export async function productReferences(tx: Database, id: number) {
  const [row] = await tx
    .select({
      orders: sql<number>`(select count(*)::int from orders where product_id = ${id})
        + (select count(*)::int from credit_purchases where product_id = ${id})`,
      documents: sql<number>`(select count(*)::int from documents where template_id = ${id})
        + (select count(*)::int from document_starts where product_id = ${id}
           and document_id not in (select id from documents where template_id = ${id}))`,
      coupons: sql<number>`(select count(*)::int from coupons
        where ${id} = any(product_ids) or ${id} = any(excluded_product_ids))`,
    })
    .from(products)
    .where(eq(products.id, id));
  return { orders: row?.orders ?? 0, documents: row?.documents ?? 0, coupons: row?.coupons ?? 0 };
}

/** Hides a product from firms for good, keeping it for its orders and documents. */
export async function withdrawProduct(tx: Database, id: number) {
  await tx
    .update(products)
    .set({ status: "withdrawn", version: sql`${products.version} + 1` })
    .where(eq(products.id, id));
}

/** Deletes a product nothing points at; its key is kept so the seed never makes it again. */
export async function deleteProduct(tx: Database, id: number, at: Date) {
  const [gone] = await tx
    .delete(products)
    .where(eq(products.id, id))
    .returning({ key: products.templateIdentifier });
  if (!gone) return false;
  await tx
    .insert(catalogueTombstones)
    .values({ kind: "product", seedKey: gone.key, deletedAt: at })
    .onConflictDoNothing();
  return true;
}

/** Sets or removes a product's image, read at `version`; false when it moved on since. */
export async function setProductImage(tx: Database, id: number, version: number, imageUrl: string | null) {
  const [updated] = await tx
    .update(products)
    .set({ imageUrl, version: sql`${products.version} + 1` })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  return Boolean(updated);
}

/** Sets or removes a category's image. */
export async function setCategoryImage(tx: Database, id: number, imageUrl: string | null) {
  await tx.update(productCategories).set({ imageUrl }).where(eq(productCategories.id, id));
}

/** Puts a withdrawn product back: published (firms see it) or a draft. */
export async function restoreProduct(tx: Database, id: number, published: boolean) {
  await tx
    .update(products)
    .set({ status: published ? "publish" : "draft", version: sql`${products.version} + 1` })
    .where(and(eq(products.id, id), eq(products.status, "withdrawn")));
}
