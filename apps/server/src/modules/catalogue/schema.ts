import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { plans } from "../teams/schema.ts";

/**
 * Catalogue categories: a tree by parent id (documents spec §3 "Category"). `hidden` marks the
 * spec's Membership Package, Uncategorized and Cap Category, whose products never show.
 */
export const productCategories = pgTable(
  "product_categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    parentId: integer().references((): AnyPgColumn => productCategories.id),
    imageUrl: text(),
    hidden: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    /** Set when staff rename or move it: the start-up seed then leaves its name and place alone. */
    editedAt: timestamp({ withTimezone: true }),
    /** Set when staff set its plan rules: the seed then leaves its rules alone. */
    rulesEditedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("product_categories_parent_idx").on(t.parentId)],
);

export type MetaEntry = { key: string; value: string };

/**
 * Products (templates for sale). Seeded from the starter library's catalogue.json at start; the
 * template identifier (folder name) ties a product to its interview and template text.
 */
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    templateIdentifier: text().notNull().unique(),
    sku: text().notNull().unique(),
    name: text().notNull(),
    /** AUD cents, inc. GST; 0 is free. */
    priceCents: integer().notNull(),
    description: text().notNull().default(""),
    shortDescription: text().notNull().default(""),
    status: text().notNull().default("publish"),
    metaData: jsonb().$type<MetaEntry[]>().notNull().default([]),
    imageUrl: text(),
    allowDownloadPdf: boolean().notNull().default(true),
    allowDownloadWord: boolean().notNull().default(true),
    /** Lower-cased name, plain-text description and category names: what search matches. */
    searchText: text().notNull().default(""),
    /** Moves on every console edit: an edit names the version it read, so a stale one is refused. */
    version: integer().notNull().default(1),
    /**
     * The library template a console-made product assembles, when its key (templateIdentifier)
     * is not itself a template; null for the seed's products, whose key is their template.
     */
    assembles: text(),
  },
  (t) => [
    index("products_name_idx").on(sql`lower(${t.name})`, t.id),
    uniqueIndex("products_sku_lower_idx").on(sql`lower(${t.sku})`),
  ],
);

/**
 * What staff deleted of the library's seed: a category's slug or a product's template identifier.
 * The start-up seed makes none of these again (migration 0071).
 */
export const catalogueTombstones = pgTable(
  "catalogue_tombstones",
  {
    kind: text().$type<"category" | "product">().notNull(),
    seedKey: text().notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.seedKey] })],
);

export const productCategoryLinks = pgTable(
  "product_category_links",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => productCategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_category_links_category_idx").on(t.categoryId),
  ],
);

export const productFaqs = pgTable(
  "product_faqs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    question: text().notNull(),
    /** HTML. */
    answer: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("product_faqs_product_order_idx").on(t.productId, t.sortOrder)],
);

/** full: the plan's firms start these categories' products without buying them (using a plan use
 * when the firm's plan is limited); excluded: Strategist only (documents spec §4, §6). */
export const planCategoryRule = pgEnum("plan_category_rule", ["full", "excluded"]);

export const planCategoryRules = pgTable(
  "plan_category_rules",
  {
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => productCategories.id, { onDelete: "cascade" }),
    rule: planCategoryRule().notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.categoryId] })],
);

export type ProductRow = typeof products.$inferSelect;
/** A product with what purchase and start decide on. */
export type CatalogueProduct = ProductRow & { categoryIds: number[] };
export type CategoryRow = typeof productCategories.$inferSelect;

/**
 * The images the catalogue stored in the FileStore (product and category images), and since when
 * each has been unused: null while a product or category names it. An image is entered unused
 * when stored (an upload in flight is not yet named) and in use once its change commits; a job
 * deletes the file of one unused for the grace period (images.ts `collectUnusedImages`).
 */
export const catalogueImageFiles = pgTable(
  "catalogue_image_files",
  {
    sha256: text().primaryKey(),
    storedAt: timestamp({ withTimezone: true }).notNull(),
    unusedSince: timestamp({ withTimezone: true }),
  },
  (t) => [index("catalogue_image_files_unused_idx").on(t.unusedSince)],
);
