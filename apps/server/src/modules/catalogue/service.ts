import {
  type Category,
  type Faq,
  type MembershipProducts,
  ORDERED_TEMPLATE_GONE,
  type Product,
  type ProductListQuery,
  STRATEGIST_PLAN_SLUG,
} from "@precedent/contracts";
import { AnswersError, DOCGEN_VERSION, TemplateError } from "@precedent/docgen";
import type { LibraryTemplate } from "@precedent/docgen/library";
import { and, asc, count, desc, eq, exists, getTableColumns, inArray, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { ChangeFeed } from "../../platform/freshness/index.ts";
import { type Actor, type Clock, systemClock } from "../../platform/kernel/index.ts";
import type { DocumentEngine, UploadedTemplateFiles } from "../../platform/workers/index.ts";
import type { FileStore } from "../files/index.ts";
import { documentAllowance, planBySlug, planInForce, type TeamsService } from "../teams/index.ts";
import { findCreditPackages } from "./credit-packages.ts";
import { catalogueImage } from "./images.ts";
import { isStrategistOnly, metaValue, type PlanAccess, productAcknowledgement } from "./product-meta.ts";
import { templateOfProduct } from "./product-queries.ts";
import {
  type CatalogueProduct,
  type CategoryRow,
  type ProductRow,
  planCategoryRules,
  productCategories,
  productCategoryLinks,
  productFaqs,
  products,
} from "./schema.ts";

/**
 * The template library as the catalogue needs it (the templates module's): a template firms may
 * use, with an uploaded template's files for the worker threads.
 */
export type TemplateSource = {
  get(
    identifier: string,
  ): Promise<(LibraryTemplate & { uploaded?: UploadedTemplateFiles | undefined }) | undefined>;
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;

// Every column but search_text (as long as the description, and never shown).
const { searchText: _searchText, ...shownColumns } = getTableColumns(products);
type ShownRow = Omit<ProductRow, "searchText">;

export function createCatalogueService(deps: {
  db: Database;
  teams: TeamsService;
  templates: TemplateSource;
  /** Renders previews on the worker pool, off the request thread. */
  engine: DocumentEngine;
  clock?: Clock;
  /** A person's paid orders in a firm (the orders module's, which depends on this one). */
  paidOrders: (teamId: number, userId: number) => Promise<{ order_id: number; product_id: number }[]>;
  /** The change feed: categories are kept while it hears no catalogue change. */
  changes?: Pick<ChangeFeed, "mark" | "catalogueUnchangedSince"> | undefined;
  /** Where product and category images are kept (set in the console). */
  files: FileStore;
}) {
  const { db, teams, templates } = deps;
  const clock = deps.clock ?? systemClock;

  // Categories change at start (ensureCatalogue) and when staff change the tree in the console:
  // kept while the change feed hears no catalogue change (every server hears staff's), read
  // afresh otherwise. Without a listening feed nothing is kept, as with the kept replies.
  let categoryCache: { mark: number; rows: Promise<CategoryRow[]> } | undefined;
  const allCategories = () => {
    const { changes } = deps;
    if (categoryCache && changes?.catalogueUnchangedSince(categoryCache.mark)) return categoryCache.rows;
    const mark = changes?.mark() ?? 0;
    // `.then` turns Drizzle's lazy query (which runs again on every await) into one promise.
    const rows = db
      .select()
      .from(productCategories)
      .orderBy(asc(productCategories.sortOrder))
      .then((found) => found);
    categoryCache = { mark, rows };
    rows.catch(() => {
      if (categoryCache?.rows === rows) categoryCache = undefined;
    });
    return rows;
  };
  const descendantsOf = (rows: CategoryRow[], ids: Iterable<number>) => {
    const out = new Set<number>(ids);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of rows) {
        if (c.parentId !== null && out.has(c.parentId) && !out.has(c.id)) {
          out.add(c.id);
          grew = true;
        }
      }
    }
    return out;
  };
  const hiddenIds = async () => {
    const rows = await allCategories();
    return descendantsOf(
      rows,
      rows.filter((c) => c.hidden).map((c) => c.id),
    );
  };

  /** Products linked to a hidden category never show (documents spec §5). */
  const notHidden = (hidden: Set<number>) =>
    hidden.size === 0
      ? sql`true`
      : notExists(
          db
            .select({ one: sql`1` })
            .from(productCategoryLinks)
            .where(
              and(
                eq(productCategoryLinks.productId, products.id),
                inArray(productCategoryLinks.categoryId, [...hidden]),
              ),
            ),
        );

  async function linksOf(productIds: number[]) {
    if (productIds.length === 0) return new Map<number, number[]>();
    const rows = await db
      .select()
      .from(productCategoryLinks)
      .where(inArray(productCategoryLinks.productId, productIds));
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.categoryId]);
    return map;
  }

  /** Rows as the API's products; `categoryIds` when the query already brought them. */
  async function toProducts(rows: (ShownRow & { categoryIds?: number[] | null })[]): Promise<Product[]> {
    const missing = rows.filter((r) => !r.categoryIds).map((r) => r.id);
    const [fetched, categories] = await Promise.all([linksOf(missing), allCategories()]);
    const links = new Map(rows.map((r) => [r.id, r.categoryIds ?? fetched.get(r.id) ?? []]));
    const byId = new Map(categories.map((c) => [c.id, c]));
    return rows.map((row) => {
      const meta = row.metaData;
      const videos = meta
        .filter((m) => (m.key === "product_video" || m.key === "popup_video") && m.value.trim())
        .map((m) => m.value);
      return {
        id: row.id,
        name: row.name,
        sku: row.sku,
        template_identifier: row.templateIdentifier,
        description: row.description,
        short_description: row.shortDescription,
        regular_price: row.priceCents,
        images: row.imageUrl ? [{ src: row.imageUrl }] : [],
        categories: (links.get(row.id) ?? []).flatMap((id) => {
          const c = byId.get(id);
          return c ? [{ id: c.id, name: c.name }] : [];
        }),
        downloads: [],
        meta_data: meta,
        benefits: metaValue(row, "benefits") ?? "",
        videos: [...new Set(videos)],
        acknowledgement: productAcknowledgement(row),
        allow_download_pdf: row.allowDownloadPdf,
        allow_download_word: row.allowDownloadWord,
        strategist_only: isStrategistOnly(row),
      };
    });
  }

  /** One published, visible product, or 404. */
  async function requireProduct(id: number): Promise<CatalogueProduct> {
    const hidden = await hiddenIds();
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.status, "publish"), notHidden(hidden)));
    if (!row) throw notFound("This template does not exist.");
    return { ...row, categoryIds: (await linksOf([id])).get(id) ?? [] };
  }

  /**
   * The product a paid order bought, whatever has become of it since (withdrawn from sale, put
   * back as a draft, in a hidden category): what a firm paid for stays startable. Only a template
   * gone from the library stops it (409), since there is nothing left to start.
   */
  async function orderedProduct(id: number): Promise<CatalogueProduct> {
    const [row] = await db.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound("This template does not exist.");
    if (!(await templates.get(templateOfProduct(row)))) throw new AppError(409, ORDERED_TEMPLATE_GONE);
    return { ...row, categoryIds: (await linksOf([id])).get(id) ?? [] };
  }

  /** A product with its categories and their ancestors: what coupons and plan rules match on. */
  async function withCategoryScope(product: CatalogueProduct) {
    const categories = await allCategories();
    const byId = new Map(categories.map((c) => [c.id, c]));
    const scope = new Set<number>();
    for (const start of product.categoryIds) {
      for (
        let c = byId.get(start);
        c && !scope.has(c.id);
        c = c.parentId === null ? undefined : byId.get(c.parentId)
      ) {
        scope.add(c.id);
      }
    }
    return { ...product, categoryIds: [...scope] };
  }

  /**
   * What a plan lets the firm do with templates. A plan not in force (see `planInForce`) keeps
   * its exclusions but gives no full access: its firm buys per document.
   */
  async function planAccess(planSlug: string, inForce = true): Promise<PlanAccess> {
    const plan = await planBySlug(db, planSlug);
    return accessOfPlan({ id: plan?.id, slug: planSlug, name: plan?.name ?? planSlug }, inForce);
  }

  /** `planAccess` for a plan already read (the membership answer has the firm's plan in hand). */
  async function accessOfPlan(
    plan: { id: number | undefined; slug: string; name: string },
    inForce: boolean,
  ): Promise<PlanAccess> {
    const categories = await allCategories();
    const rules =
      plan.id === undefined
        ? []
        : await db
            .select({ categoryId: planCategoryRules.categoryId, rule: planCategoryRules.rule })
            .from(planCategoryRules)
            .where(eq(planCategoryRules.planId, plan.id));
    const ids = (rule: "full" | "excluded") =>
      rules.flatMap((r) => (r.rule === rule && r.categoryId !== null ? [r.categoryId] : []));
    // The top plan has no exclusions whatever the table says: excluded means Strategist-only.
    const excluded =
      plan.slug === STRATEGIST_PLAN_SLUG ? new Set<number>() : descendantsOf(categories, ids("excluded"));
    return {
      planSlug: plan.slug,
      planName: plan.name,
      excluded,
      full: inForce ? descendantsOf(categories, ids("full")) : new Set<number>(),
    };
  }

  const previews = new Map<string, Promise<Uint8Array>>();

  /** A published, visible product with its category scope (see `withCategoryScope`). */
  const pricedProduct = async (id: number) => withCategoryScope(await requireProduct(id));

  return {
    /** A product's or category's image, for any signed-in person: it is catalogue content. */
    async image(sha256: string) {
      const found = await catalogueImage(db, deps.files, sha256);
      if (!found) throw notFound("No such image.");
      return found;
    },

    requireProduct,
    pricedProduct,
    /** The product of a paid order, even withdrawn since, with its category scope (409: template gone). */
    orderedProduct: async (id: number) => withCategoryScope(await orderedProduct(id)),
    /** GET /orders/:id/product: a paid order's product as the catalogue shows one, even withdrawn. */
    async orderedProductView(id: number): Promise<Product> {
      const [product] = await toProducts([await orderedProduct(id)]);
      if (!product) throw notFound("This template does not exist.");
      return product;
    },
    planAccess,
    toProducts,

    /**
     * The library template each product assembles, by product id: its own identifier, or for a
     * product made in the console (whose key is `console-` and its SKU) the template it names.
     */
    async templatesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: products.id,
          templateIdentifier: products.templateIdentifier,
          assembles: products.assembles,
        })
        .from(products)
        .where(inArray(products.id, [...ids]));
      return new Map(rows.map((row) => [row.id, templateOfProduct(row)]));
    },

    /** Published credit packages, cheapest first (the Buying Credit modal's cards). */
    creditPackages: () => findCreditPackages(db),
    /** The credit package of this product id, or undefined when it is not one. */
    creditPackage: async (productId: number, options: { published?: boolean; tx?: Database } = {}) =>
      (await findCreditPackages(db, { productId, ...options }))[0],

    /** GET /products: published, visible products, filtered by categories (with their sub
     * categories) and a trimmed search over name, descriptions and category names. */
    async list(query: ProductListQuery) {
      const categories = await allCategories();
      const hidden = await hiddenIds();
      const conditions = [eq(products.status, "publish"), notHidden(hidden)];
      if (query.category && query.category.length > 0) {
        const wanted = [...descendantsOf(categories, query.category)];
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(productCategoryLinks)
              .where(
                and(
                  eq(productCategoryLinks.productId, products.id),
                  inArray(productCategoryLinks.categoryId, wanted),
                ),
              ),
          ),
        );
      }
      const search = query.search?.toLowerCase();
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      if (pattern) conditions.push(sql`${products.searchText} like ${pattern}`);
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      // A search ranks the templates whose name holds the words above those matched only in a
      // description or category (issue 33 item 8): someone typing "trust deed" wants the trust
      // deeds first, not every template that mentions a trust. Then those where the words begin
      // a word (a name's, a description's or an adviser's word for it: "nda" is the NDA's) above
      // those where they only sit inside one ("nda" in "standard"). The chosen order applies
      // within each.
      const wordStart = search ? `\\m${search.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)}` : undefined;
      const ranked =
        pattern && wordStart
          ? [
              desc(sql`lower(${products.name}) like ${pattern}`),
              desc(sql`lower(${products.name}) ~ ${wordStart}`),
              desc(sql`${products.searchText} ~ ${wordStart}`),
            ]
          : [];
      const orderBy = [
        ...ranked,
        ...(query.orderby === "id"
          ? [direction(products.id)]
          : [direction(sql`lower(${products.name})`), direction(products.id)]),
      ];
      // One round trip: the page with each product's categories and, when the filter is
      // selective (a search or a category), the total as a window count. The plain first page
      // counts separately, so it reads 100 rows in name order instead of every product.
      const filtered = Boolean(search) || Boolean(query.category?.length);
      const page = db
        .select({
          ...shownColumns,
          categoryIds: sql<
            number[] | null
          >`(select array_agg(${productCategoryLinks.categoryId}) from ${productCategoryLinks} where ${productCategoryLinks.productId} = ${products.id})`,
          total: filtered ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
        })
        .from(products)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const counted = async () => (await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0;
      const [rows, separateTotal] = await Promise.all([page, filtered ? Promise.resolve(null) : counted()]);
      const totalRecord = separateTotal ?? rows[0]?.total ?? (query.page > 1 ? await counted() : 0);
      return {
        rows: await toProducts(rows),
        page: query.page,
        total_page: Math.max(1, Math.ceil(totalRecord / query.per_page)),
        total_record: totalRecord,
      };
    },

    async get(id: number): Promise<Product> {
      const [product] = await toProducts([await requireProduct(id)]);
      if (!product) throw notFound("This template does not exist.");
      return product;
    },

    /** GET /products/categories: visible categories with their published product counts. */
    async categories(options: { hideEmpty: boolean; parent?: number }): Promise<Category[]> {
      const all = await allCategories();
      const hidden = await hiddenIds();
      const visible = all.filter((c) => !hidden.has(c.id));
      const links = await db
        .select({ categoryId: productCategoryLinks.categoryId, productId: productCategoryLinks.productId })
        .from(productCategoryLinks)
        .innerJoin(products, eq(products.id, productCategoryLinks.productId))
        .where(and(eq(products.status, "publish"), notHidden(hidden)));
      return visible
        .filter((c) => options.parent === undefined || c.parentId === options.parent)
        .map((c) => {
          const scope = descendantsOf(all, [c.id]);
          const productIds = new Set(links.filter((l) => scope.has(l.categoryId)).map((l) => l.productId));
          return {
            id: c.id,
            name: c.name,
            slug: c.slug,
            parent: c.parentId ?? 0,
            image: c.imageUrl ? { src: c.imageUrl } : null,
            children: visible.filter((child) => child.parentId === c.id).map((child) => child.id),
            count: productIds.size,
          };
        })
        .filter((c) => !options.hideEmpty || c.count > 0);
    },

    async faq(productId: number): Promise<Faq[]> {
      await requireProduct(productId);
      return db
        .select({ id: productFaqs.id, question: productFaqs.question, answer: productFaqs.answer })
        .from(productFaqs)
        .where(eq(productFaqs.productId, productId))
        .orderBy(asc(productFaqs.sortOrder));
    },

    /** The interview questions of a template, by identifier or product id. */
    async questions(idTemplate: string) {
      let identifier = idTemplate;
      if (/^\d+$/.test(idTemplate)) identifier = templateOfProduct(await requireProduct(Number(idTemplate)));
      const template = await templates.get(identifier);
      if (!template) throw notFound("This template does not exist.");
      return {
        template_identifier: template.identifier,
        definition: template.definition as unknown as Record<string, unknown>,
      };
    },

    /** GET /membership/products: the firm's plan's access (the actor must belong to the firm). */
    async membership(actor: Actor, teamId: number): Promise<MembershipProducts> {
      const team = await teams.getTeam(actor, teamId);
      const inForce = planInForce({ planStatus: team.plan.status, planEndDate: team.plan.end_date }, clock());
      const [access, paid] = await Promise.all([
        accessOfPlan(team.plan, inForce),
        deps.paidOrders(teamId, actor.userId),
      ]);
      // team.limit is already the balance by documentAllowance; the same rule decides "reached"
      // here and in the start check (teams.consumeDocumentUse).
      const allowance = documentAllowance({
        planLimit: team.plan.limit,
        creditLimit: team.limit,
        usedCredit: team.used,
      });
      return {
        excluded: [...access.excluded].sort((a, b) => a - b),
        full_access_categories: [...access.full].sort((a, b) => a - b),
        hasLimit: allowance.limited,
        limit: allowance.left,
        limit_reached: allowance.reached,
        plan: { slug: team.plan.slug, name: team.plan.name, in_force: inForce },
        paid_orders: paid,
      };
    },

    /**
     * The template rendered as a PDF from its sample answers. Deterministic, so kept per product
     * and engine version for the life of the process.
     */
    async preview(productId: number): Promise<Uint8Array> {
      const product = await requireProduct(productId);
      const template = await templates.get(templateOfProduct(product));
      if (!template) throw notFound("This template has no preview.");
      // A template uploaded as new is previewed at its published version: its files' hash is in the key.
      const key = `${product.id}:${template.identifier}:${template.uploaded?.contentHash ?? ""}:${DOCGEN_VERSION}`;
      let pdf = previews.get(key);
      if (!pdf) {
        // One line for every firm's previews: they are the same files, made once per process.
        pdf = deps.engine.renderPdf("catalogue previews", template, template.sampleAnswers ?? {}).then(
          (r) => r.pdf,
          (error: unknown) => {
            // The template's fault (or a run stopped at its limits on a busy machine), said as
            // such rather than as an unexplained server error; the next request tries again.
            if (error instanceof TemplateError || error instanceof AnswersError)
              throw new AppError(422, `This template's preview could not be made: ${error.message}`);
            throw error;
          },
        );
        previews.set(key, pdf);
        pdf.catch(() => previews.delete(key));
      }
      return pdf;
    },
  };
}
