import { HIDDEN_CATEGORY_NAMES, PRODUCT_FLAGS } from "@precedent/contracts";
import type { LibraryTemplate } from "@precedent/docgen/library";
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { allPlans } from "../teams/index.ts";
import { synonymsOf } from "../templates/index.ts";
import {
  catalogueTombstones,
  type MetaEntry,
  planCategoryRules,
  productCategories,
  productCategoryLinks,
  productFaqs,
  products,
} from "./schema.ts";

/**
 * The catalogue's category tree. Template folders name a category in catalogue.json; PLACEMENT
 * files them under the leaf the tree gives that name (a name the tree lacks becomes a new
 * top-level category, so a new template never disappears).
 */
export const CATEGORY_TREE: { name: string; children?: string[] }[] = [
  { name: "Business & Commercial" },
  { name: "Companies", children: ["Company Setup", "Company Administration"] },
  { name: "Estate Planning", children: ["Wills", "Powers of Attorney", "Advance Care Directives"] },
  { name: "Trusts", children: ["Discretionary Trusts", "Unit Trusts"] },
  { name: "Superannuation", children: ["SMSF"] },
];

/** Company documents used after set-up, filed under Company Administration rather than Company Setup. */
const COMPANY_ADMINISTRATION = new Set(["div7a-loan-agreement", "officer-change", "share-sale-agreement"]);

/** catalogue.json category (and, for companies, trusts and estates, the template) → the tree's leaf. */
export function placement(template: LibraryTemplate, category: string): string {
  if (category === "Companies")
    return COMPANY_ADMINISTRATION.has(template.identifier) ? "Company Administration" : "Company Setup";
  // A power of attorney is an estate-planning document but not a will: it gets its own leaf. So does
  // an advance care directive, which is about medical treatment, and is neither a will nor a power.
  if (category === "Wills & Estates") {
    if (template.identifier.includes("power-of-attorney")) return "Powers of Attorney";
    if (template.identifier.includes("advance-care-directive")) return "Advance Care Directives";
    return "Wills";
  }
  if (category === "Superannuation") return "SMSF";
  if (category === "Trusts")
    return template.identifier.includes("unit") ? "Unit Trusts" : "Discretionary Trusts";
  return category;
}

/**
 * What each plan gets, by top-level category slug (rules apply to sub categories too). Best
 * Practice starts everything but Superannuation from its yearly allowance; Lite buys each
 * template; Strategist, the top plan, starts everything with no limit. Superannuation (SMSF) is
 * Strategist-only: the spec's excluded categories (documents spec §4, §6).
 */
export const PLAN_CATEGORY_RULES: ReadonlyMap<string, { full: string[]; excluded: string[] }> = new Map(
  Object.entries({
    "ly-basic": { full: [], excluded: ["superannuation"] },
    "best-practice": {
      full: ["business-commercial", "companies", "estate-planning", "trusts"],
      excluded: ["superannuation"],
    },
    strategist: {
      full: ["business-commercial", "companies", "estate-planning", "trusts", "superannuation"],
      excluded: [],
    },
  }),
);

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** What search matches: name, plain-text descriptions and category names, lower-cased. */
export const searchTextOf = (parts: string[]) => stripHtml(parts.join(" ")).toLowerCase();

const str = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

/**
 * catalogue.json's meta_data with every flag present ('yes' or 'no'). A product that names an
 * `asic_price` (the registration application) shows ASIC's fee from the server's setting, the figure
 * the document prints, never one written in catalogue.json; unknown (empty) without the setting.
 */
export function productMeta(catalogue: Record<string, unknown>, asicFee: number | undefined): MetaEntry[] {
  const given = Array.isArray(catalogue.meta_data)
    ? (catalogue.meta_data as unknown[]).flatMap((m) => {
        const entry = m as { key?: unknown; value?: unknown };
        if (typeof entry.key !== "string") return [];
        if (entry.key === "asic_price")
          return [{ key: entry.key, value: asicFee === undefined ? "" : String(asicFee) }];
        return [{ key: entry.key, value: String(entry.value ?? "") }];
      })
    : [];
  const keys = new Set(given.map((m) => m.key));
  return [...given, ...PRODUCT_FLAGS.filter((f) => !keys.has(f)).map((key) => ({ key, value: "no" }))];
}

/**
 * Makes the catalogue match the template library: categories (with the hidden ones), one product
 * per template folder (catalogue.json is the source of its name, price and texts), its FAQ and
 * the plans' category rules. Safe on every start; products of folders that are gone are left
 * alone (orders refer to them).
 */
export async function ensureCatalogue(
  db: Database,
  templates: readonly LibraryTemplate[],
  settings: {
    /** ASIC's registration fee in dollars (ASIC_REGISTRATION_FEE), shown beside the registration's price. */
    readonly asicFee?: number;
  } = {},
) {
  await db.transaction(async (tx) => {
    // Serialise concurrent starts (several instances on one PostgreSQL server).
    await tx.execute(sql`select pg_advisory_xact_lock(724911302)`);
    // What staff deleted stays deleted: the seed makes none of these again (migration 0071).
    const tombstones = await tx.select().from(catalogueTombstones);
    const deleted = (kind: "category" | "product", key: string) =>
      tombstones.some((t) => t.kind === kind && t.seedKey === key);
    const categoryIds = new Map<string, number>();
    const upsertCategory = async (
      name: string,
      parentId: number | null,
      sortOrder: number,
      hidden = false,
    ): Promise<number | null> => {
      const slug = slugify(name);
      if (deleted("category", slug)) return null;
      // A category staff renamed or moved keeps what they made of it.
      const [written] = await tx
        .insert(productCategories)
        .values({ slug, name, parentId, sortOrder, hidden })
        .onConflictDoUpdate({
          target: productCategories.slug,
          set: { name, parentId, sortOrder, hidden },
          setWhere: isNull(productCategories.editedAt),
        })
        .returning({ id: productCategories.id });
      const row =
        written ??
        (
          await tx
            .select({ id: productCategories.id })
            .from(productCategories)
            .where(eq(productCategories.slug, slug))
        )[0];
      if (!row) throw new Error(`category ${name} not stored`);
      categoryIds.set(name, row.id);
      return row.id;
    };
    let order = 0;
    for (const top of CATEGORY_TREE) {
      const id = await upsertCategory(top.name, null, order++);
      for (const child of top.children ?? []) await upsertCategory(child, id, order++);
    }
    for (const hidden of HIDDEN_CATEGORY_NAMES) await upsertCategory(hidden, null, 1000 + order++, true);

    for (const template of templates) {
      if (deleted("product", template.identifier)) continue;
      const c = template.catalogue;
      const categoryName = str(c.category, "Uncategorized");
      const leaf = placement(template, categoryName);
      // A leaf staff deleted: its product waits, hidden, in Uncategorized for staff to place it.
      const categoryId =
        categoryIds.get(leaf) ??
        (await upsertCategory(leaf, null, order++)) ??
        categoryIds.get("Uncategorized") ??
        (await upsertCategory("Uncategorized", null, 1000 + order++, true));
      if (categoryId === null) continue;
      const ancestors = [leaf];
      for (const top of CATEGORY_TREE) if (top.children?.includes(leaf)) ancestors.push(top.name);
      const values = {
        templateIdentifier: template.identifier,
        sku: str(c.sku, template.identifier.toUpperCase()),
        name: str(c.name, template.definition.title),
        priceCents: typeof c.price === "number" && Number.isInteger(c.price) && c.price >= 0 ? c.price : 0,
        description: str(c.description),
        shortDescription: str(c.short_description),
        metaData: productMeta(c, settings.asicFee),
        allowDownloadPdf: c.allow_download_pdf !== "no",
        allowDownloadWord: c.allow_download_word !== "no",
        searchText: searchTextOf([
          str(c.name),
          str(c.short_description),
          str(c.description),
          ...ancestors,
          ...synonymsOf(template.identifier),
        ]),
      };
      // A product staff edited in the console (its version moved) is theirs now: the library's
      // catalogue.json no longer overwrites its price, texts, categories or FAQ.
      const [product] = await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({
          target: products.templateIdentifier,
          set: values,
          setWhere: eq(products.version, 1),
        })
        .returning({ id: products.id });
      if (!product) continue;
      await tx.delete(productCategoryLinks).where(eq(productCategoryLinks.productId, product.id));
      await tx.insert(productCategoryLinks).values({ productId: product.id, categoryId });
      await tx.delete(productFaqs).where(eq(productFaqs.productId, product.id));
      const faq = Array.isArray(c.faq) ? (c.faq as { question?: unknown; answer?: unknown }[]) : [];
      if (faq.length > 0) {
        await tx.insert(productFaqs).values(
          faq.map((f, i) => ({
            productId: product.id,
            question: str(f.question),
            answer: str(f.answer),
            sortOrder: i,
          })),
        );
      }
    }

    const planRows = await allPlans(tx);
    // Categories whose plan rules staff set: the seed neither adds nor removes their rules.
    const staffRuled = (
      await tx
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(isNotNull(productCategories.rulesEditedAt))
    ).map((r) => r.id);
    for (const plan of planRows) {
      const rules = PLAN_CATEGORY_RULES.get(plan.slug);
      if (!rules) continue;
      const wanted = [
        ...rules.full.map((slug) => ({ slug, rule: "full" as const })),
        ...rules.excluded.map((slug) => ({ slug, rule: "excluded" as const })),
      ];
      const bySlug = new Map(
        (
          await tx
            .select({ id: productCategories.id, slug: productCategories.slug })
            .from(productCategories)
            .where(
              inArray(
                productCategories.slug,
                wanted.map((w) => w.slug),
              ),
            )
        ).map((r) => [r.slug, r.id]),
      );
      const rows = wanted.flatMap((w) => {
        const categoryId = bySlug.get(w.slug);
        return categoryId ? [{ planId: plan.id, categoryId, rule: w.rule }] : [];
      });
      if (rows.length === 0) continue;
      await tx.delete(planCategoryRules).where(
        and(
          eq(planCategoryRules.planId, plan.id),
          notInArray(planCategoryRules.categoryId, staffRuled),
          notInArray(
            planCategoryRules.categoryId,
            rows.map((r) => r.categoryId),
          ),
        ),
      );
      for (const row of rows) {
        if (staffRuled.includes(row.categoryId)) continue;
        await tx
          .insert(planCategoryRules)
          .values(row)
          .onConflictDoUpdate({
            target: [planCategoryRules.planId, planCategoryRules.categoryId],
            set: { rule: row.rule },
          });
      }
    }
  });
}
