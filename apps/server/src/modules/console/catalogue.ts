import {
  type AuditEntry,
  CONSOLE_MESSAGES,
  type ConsoleProduct,
  type CreateProductRequest,
  categoryInUseMessage,
  HIDDEN_CATEGORY_NAMES,
  CONSOLE_CATALOGUE_MESSAGES as M,
  type UpdateProductRequest,
} from "@precedent/contracts";
import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  categoryHolds,
  changeCategory,
  changeProduct,
  deleteCategory,
  deleteProduct,
  imageHashOf,
  insertCategory,
  insertProduct,
  lockCategoryTree,
  type ProductState,
  productReferences,
  restoreProduct,
  type StaffCategory,
  setPlanRules,
  skuTaken,
  staffCategories,
  staffProduct,
  staffProductList,
  swapCategoryOrder,
  withdrawProduct,
  wouldCycle,
} from "../catalogue/index.ts";
import { allPlans } from "../teams/index.ts";
import { isUniqueViolation, type TemplateLibrary } from "../templates/index.ts";
import { recordAction } from "./audit.ts";
import { mayChangeWhatFirmsPay, type StaffFacts } from "./policy.ts";
import { staffAccounts, staffAuditLog } from "./schema.ts";

/**
 * The console's Catalogue area, products and categories (issue 37 item 3). Every change is
 * written with its audit entry (before and after) in one transaction; a product's history is its
 * audit entries. After the commit this server marks the catalogue changed at once; the database
 * tells every other server (the catalogue's triggers, migration 0036 and 0057).
 */

const HISTORY_LIMIT = 50;

export type CatalogueDeps = {
  db: Database;
  clock: Clock;
  /** Marks the catalogue changed on this server before the database's notification arrives. */
  catalogueChanged?: (() => void) | undefined;
  /**
   * The template library (made after the console): a new product's template must be one firms
   * may use (a template uploaded as new only once published).
   */
  templates: () => { library: Pick<TemplateLibrary, "get"> };
};

/** Where the console shows a catalogue image: under its own path, where the staff cookie goes. */
export const consoleImageUrl = (firmUrl: string | null) => {
  const sha256 = imageHashOf(firmUrl);
  return sha256 ? `/api/console/catalogue/images/${sha256}` : null;
};

const withConsoleImage = <T extends { image_url: string | null }>(category: T): T => ({
  ...category,
  image_url: consoleImageUrl(category.image_url),
});

/** The audit entries of these targets (`kind:id`), newest first, by target. */
export async function historyOf(db: Database, targets: string[]) {
  const out = new Map<string, AuditEntry[]>(targets.map((t) => [t, []]));
  if (targets.length === 0) return out;
  const rows = await db
    .select({ entry: staffAuditLog, email: staffAccounts.email, name: staffAccounts.name })
    .from(staffAuditLog)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(inArray(staffAuditLog.target, targets))
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(HISTORY_LIMIT * targets.length);
  for (const { entry, email, name } of rows) {
    const list = out.get(entry.target);
    if (!list || list.length >= HISTORY_LIMIT) continue;
    list.push({
      id: entry.id,
      at: entry.at.toISOString(),
      staff: { id: entry.staffId, email, name },
      action: entry.action,
      target: entry.target,
      before: entry.before,
      after: entry.after,
    });
  }
  return out;
}

/** Only the fields that changed, before and after: what the audit entry keeps. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    keys,
  };
}

export function createConsoleCatalogue(deps: CatalogueDeps) {
  const { db, clock } = deps;
  const changed = () => deps.catalogueChanged?.();

  const categoryNames = (rows: StaffCategory[]) => new Map(rows.map((c) => [c.id, c.name]));

  // A template firms may use (a new one only once published): in `tx` when inside one.
  const inLibrary = async (identifier: string, tx?: Database) =>
    Boolean(await deps.templates().library.get(identifier, tx ? { db: tx } : {}));

  async function productView(actor: StaffFacts, id: number): Promise<ConsoleProduct> {
    const [found, categories] = await Promise.all([staffProduct(db, id), staffCategories(db)]);
    if (!found) throw notFound(M.productNotFound);
    const names = categoryNames(categories);
    const target = `product:${id}`;
    const history = (await historyOf(db, [target])).get(target) ?? [];
    const { state } = found;
    return {
      id: found.id,
      name: state.name,
      sku: found.sku,
      price_cents: state.price_cents,
      status: found.status,
      version: found.version,
      categories: state.category_ids.map((c) => ({ id: c, name: names.get(c) ?? "" })),
      description: state.description,
      short_description: state.short_description,
      faq: state.faq,
      video_url: state.video_url,
      badges: state.badges as ConsoleProduct["badges"],
      template: found.template && (await inLibrary(found.template)) ? found.template : null,
      image_url: consoleImageUrl(found.imageUrl),
      history,
      abilities: {
        edit_content: true,
        edit_price: mayChangeWhatFirmsPay(actor.role),
        remove: mayChangeWhatFirmsPay(actor.role) && found.status !== "withdrawn",
        restore: mayChangeWhatFirmsPay(actor.role) && found.status === "withdrawn",
      },
    };
  }

  async function categoryView(id: number) {
    const found = (await staffCategories(db)).find((c) => c.id === id);
    if (!found) throw notFound(M.categoryNotFound);
    return withConsoleImage(found);
  }

  /** Refuses a name another category under the same parent has (any case). */
  function refuseSiblingName(rows: StaffCategory[], name: string, parentId: number | null, self?: number) {
    const taken = rows.some(
      (c) => c.id !== self && c.parent_id === parentId && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) throw new AppError(409, M.categoryNameTaken);
  }

  return {
    async products(actor: StaffFacts, text: string | undefined) {
      const [rows, categories] = await Promise.all([staffProductList(db, text), staffCategories(db)]);
      const names = categoryNames(categories);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          sku: r.sku,
          price_cents: r.priceCents,
          status: r.status,
          version: r.version,
          categories: r.categoryIds.map((c) => ({ id: c, name: names.get(c) ?? "" })),
        })),
        abilities: { create: mayChangeWhatFirmsPay(actor.role) },
      };
    },

    product: productView,
    category: categoryView,

    /**
     * Adds a product (administrators: it puts a price before firms). Its SKU is unique whatever
     * its case: checked first for a clear reply, and by the unique index when two creates of one
     * SKU race (the second's insert fails and is answered the same 409).
     */
    async createProduct(actor: StaffFacts, input: CreateProductRequest) {
      if (!mayChangeWhatFirmsPay(actor.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      if (input.template !== null && !(await inLibrary(input.template)))
        throw badRequest(M.templateNotFound, [{ field: "template", message: M.templateNotFound }]);
      // Published with no template, firms could buy it and then not start it ("template does
      // not exist" at the start): refused here instead.
      if (input.published && input.template === null)
        throw badRequest(M.publishNeedsTemplate, [{ field: "template", message: M.publishNeedsTemplate }]);
      const categoryIds = [...new Set(input.category_ids)].sort((a, b) => a - b);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const categories = new Map((await staffCategories(tx)).map((c) => [c.id, c]));
          if (categoryIds.some((c) => !categories.has(c))) throw notFound(M.categoryNotFound);
          if (categoryIds.some((c) => categories.get(c)?.hidden))
            throw badRequest(M.hiddenCategory, [{ field: "category_ids", message: M.hiddenCategory }]);
          if (await skuTaken(tx, input.sku)) throw new AppError(409, M.skuTaken);
          const created = await insertProduct(tx, {
            name: input.name,
            sku: input.sku,
            priceCents: input.price_cents,
            description: input.description,
            shortDescription: input.short_description,
            assembles: input.template,
            published: input.published,
            categoryIds,
          });
          await recordAction(tx, clock, {
            staffId: actor.id,
            action: "product.created",
            target: `product:${created}`,
            after: {
              name: input.name,
              sku: input.sku,
              price_cents: input.price_cents,
              category_ids: categoryIds,
              template: input.template,
              status: input.published ? "publish" : "draft",
            },
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, M.skuTaken);
        throw error;
      }
      changed();
      return productView(actor, id);
    },

    /**
     * Removes a product (administrators): one that orders, documents or coupons point at is
     * withdrawn (hidden from firms, kept for their history); one nothing points at is deleted,
     * its key kept so the start-up seed never makes it again.
     */
    async removeProduct(actor: StaffFacts, id: number) {
      if (!mayChangeWhatFirmsPay(actor.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      const outcome = await db.transaction(async (tx) => {
        const found = await staffProduct(tx, id, true);
        if (!found) throw notFound(M.productNotFound);
        if (found.status === "withdrawn") throw new AppError(409, M.alreadyWithdrawn);
        const refs = await productReferences(tx, id);
        const before = { name: found.state.name, sku: found.sku, status: found.status };
        if (refs.orders + refs.documents + refs.coupons > 0) {
          await withdrawProduct(tx, id);
          await recordAction(tx, clock, {
            staffId: actor.id,
            action: "product.withdrawn",
            target: `product:${id}`,
            before,
            after: { status: "withdrawn", kept_for: refs },
          });
          return "withdrawn" as const;
        }
        await deleteProduct(tx, id, clock());
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "product.deleted",
          target: `product:${id}`,
          before: { ...before, price_cents: found.state.price_cents, category_ids: found.state.category_ids },
          after: null,
        });
        return "deleted" as const;
      });
      changed();
      return {
        id,
        outcome,
        explanation: outcome === "deleted" ? M.productDeleted : M.productWithdrawn,
      };
    },

    /**
     * Changes a product read at `input.version`. A price that differs from the stored one is the
     * administrator's alone (a content editor's form may send the price unchanged).
     */
    async updateProduct(actor: StaffFacts, id: number, input: UpdateProductRequest) {
      const { version, ...fields } = input;
      await db.transaction(async (tx) => {
        const found = await staffProduct(tx, id, true);
        if (!found) throw notFound(M.productNotFound);
        if (
          fields.price_cents !== undefined &&
          fields.price_cents !== found.state.price_cents &&
          !mayChangeWhatFirmsPay(actor.role)
        )
          throw forbidden(M.priceIsAdministrators);
        if (found.version !== version) throw new AppError(409, M.staleProduct);
        if (fields.category_ids) {
          const categories = new Map((await staffCategories(tx)).map((c) => [c.id, c]));
          const wanted = [...new Set(fields.category_ids)].sort((a, b) => a - b);
          if (wanted.some((c) => !categories.has(c))) throw notFound(M.categoryNotFound);
          const addedHidden = wanted.some(
            (c) => categories.get(c)?.hidden && !found.state.category_ids.includes(c),
          );
          if (addedHidden)
            throw badRequest(M.hiddenCategory, [{ field: "category_ids", message: M.hiddenCategory }]);
          fields.category_ids = wanted;
        }
        const change = Object.fromEntries(
          Object.entries(fields).filter(([, v]) => v !== undefined),
        ) as Partial<ProductState>;
        if (!(await changeProduct(tx, id, version, change))) throw new AppError(409, M.staleProduct);
        const diff = changedFields(found.state, { ...found.state, ...change });
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: diff.keys.includes("price_cents") ? "product.price_changed" : "product.changed",
          target: `product:${id}`,
          before: diff.before,
          after: diff.after,
        });
      });
      changed();
      return productView(actor, id);
    },

    /**
     * Puts back on sale a withdrawn product (administrators: it puts a price before firms again),
     * published or as a draft, only while its template is still in the library: otherwise firms
     * could buy it and not start it.
     */
    async restoreProduct(actor: StaffFacts, id: number, published: boolean) {
      if (!mayChangeWhatFirmsPay(actor.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      await db.transaction(async (tx) => {
        const found = await staffProduct(tx, id, true);
        if (!found) throw notFound(M.productNotFound);
        if (found.status !== "withdrawn") throw new AppError(409, M.notWithdrawn);
        if (!found.template || !(await inLibrary(found.template, tx)))
          throw new AppError(409, M.restoreNeedsTemplate);
        await restoreProduct(tx, id, published);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "product.restored",
          target: `product:${id}`,
          before: { status: "withdrawn" },
          after: { status: published ? "publish" : "draft" },
        });
      });
      changed();
      return productView(actor, id);
    },

    async categories(actor: StaffFacts) {
      const [rows, plans] = await Promise.all([staffCategories(db), allPlans(db)]);
      return {
        rows: rows.map(withConsoleImage),
        plans: plans.map((p) => ({ id: p.id, slug: p.slug, name: p.name })),
        abilities: {
          edit_tree: true,
          edit_plan_rules: mayChangeWhatFirmsPay(actor.role),
          offers: mayChangeWhatFirmsPay(actor.role),
        },
      };
    },

    async createCategory(actor: StaffFacts, input: { name: string; parent_id: number | null }) {
      const id = await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const rows = await staffCategories(tx);
        if (input.parent_id !== null && !rows.some((c) => c.id === input.parent_id))
          throw notFound(M.categoryNotFound);
        refuseSiblingName(rows, input.name, input.parent_id);
        const created = await insertCategory(tx, input.name, input.parent_id, clock());
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "category.created",
          target: `category:${created}`,
          after: { name: input.name, parent_id: input.parent_id },
        });
        return created;
      });
      changed();
      return categoryView(id);
    },

    /** Renames or moves a category; a move under itself or its own sub category is refused. */
    async updateCategory(actor: StaffFacts, id: number, input: { name?: string; parent_id?: number | null }) {
      await db.transaction(async (tx) => {
        // The whole tree is locked: two moves at once could each be fine alone and a cycle together.
        await lockCategoryTree(tx);
        const rows = await staffCategories(tx);
        const current = rows.find((c) => c.id === id);
        if (!current) throw notFound(M.categoryNotFound);
        const parentId = input.parent_id === undefined ? current.parent_id : input.parent_id;
        if (parentId !== null && !rows.some((c) => c.id === parentId)) throw notFound(M.categoryNotFound);
        if (wouldCycle(rows, id, parentId)) throw new AppError(409, M.cycle);
        const name = input.name ?? current.name;
        refuseSiblingName(rows, name, parentId, id);
        await changeCategory(tx, id, { name, parentId }, clock());
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "category.changed",
          target: `category:${id}`,
          before: { name: current.name, parent_id: current.parent_id },
          after: { name, parent_id: parentId },
        });
      });
      changed();
      return categoryView(id);
    },

    /**
     * Deletes a category that holds nothing: refused (409, naming what) while it has sub
     * categories or products, or a plan rule or coupon names it; the shop's own are kept. Its
     * slug is kept so the start-up seed never makes it again.
     */
    async deleteCategory(actor: StaffFacts, id: number) {
      await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const current = (await staffCategories(tx)).find((c) => c.id === id);
        if (!current) throw notFound(M.categoryNotFound);
        if (current.hidden || (HIDDEN_CATEGORY_NAMES as readonly string[]).includes(current.name))
          throw new AppError(409, M.shopCategory);
        const holds = await categoryHolds(tx, id);
        if (Object.values(holds).some((names) => names.length > 0))
          throw new AppError(409, categoryInUseMessage(holds));
        await deleteCategory(tx, id, clock());
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "category.deleted",
          target: `category:${id}`,
          before: { name: current.name, slug: current.slug, parent_id: current.parent_id },
          after: null,
        });
      });
      changed();
      return { id, deleted: true as const };
    },

    /** Moves a category one place up or down among those beside it (the order firms see); audited. */
    async moveCategory(actor: StaffFacts, id: number, direction: "up" | "down") {
      await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const before = await staffCategories(tx);
        if (!before.some((c) => c.id === id)) throw notFound(M.categoryNotFound);
        if (!(await swapCategoryOrder(tx, id, direction, clock()))) throw new AppError(409, M.categoryAtEnd);
        const current = before.find((c) => c.id === id);
        const besideIt = (rows: StaffCategory[]) =>
          rows
            .filter((c) => c.parent_id === current?.parent_id && c.hidden === current?.hidden)
            .map((c) => c.name);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "category.moved",
          target: `category:${id}`,
          before: { order: besideIt(before) },
          after: { order: besideIt(await staffCategories(tx)) },
        });
      });
      changed();
      return categoryView(id);
    },

    /** Sets the category's rule for each plan named (null removes it): administrators only. */
    async setPlanRules(
      actor: StaffFacts,
      id: number,
      rules: { plan_id: number; rule: "full" | "excluded" | null }[],
    ) {
      if (!mayChangeWhatFirmsPay(actor.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const current = (await staffCategories(tx)).find((c) => c.id === id);
        if (!current) throw notFound(M.categoryNotFound);
        const plans = new Set((await allPlans(tx)).map((p) => p.id));
        if (rules.some((r) => !plans.has(r.plan_id))) throw notFound(M.planNotFound);
        await setPlanRules(
          tx,
          id,
          rules.map((r) => ({ planId: r.plan_id, rule: r.rule })),
          clock(),
        );
        const after = (await staffCategories(tx)).find((c) => c.id === id);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "category.plan_rules_changed",
          target: `category:${id}`,
          before: { rules: current.rules },
          after: { rules: after?.rules ?? [] },
        });
      });
      changed();
      return categoryView(id);
    },
  };
}

export type ConsoleCatalogue = ReturnType<typeof createConsoleCatalogue>;
