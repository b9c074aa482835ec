import {
  CONSOLE_MESSAGES,
  ConsoleCategoriesResponse,
  ConsoleProductListResponse,
  ConsoleProductResponse,
  CONSOLE_CATALOGUE_MESSAGES as M,
  ProductListResponse,
  RemovedProductResponse,
} from "@precedent/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue, productCategories, products } from "../catalogue/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

// Issue 37 item 3: staff delete categories, create products and remove them. A removal is
// refused (and changes nothing) while anything holds the category; a product something points at
// is withdrawn, not deleted; what is deleted stays deleted when the catalogue is seeded again.

let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let editor: ConsoleClient;
let support: ConsoleClient;
let template: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  admin = await signInStaff(t, (await buildStaff(t, "administrator")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
  const first = t.services.templates.starters()[0];
  if (!first) throw new Error("no templates in the library");
  template = first.identifier;
}, 240_000);
afterAll(async () => t?.close());

const categoriesOf = async () =>
  ConsoleCategoriesResponse.parse((await editor.get("/api/console/catalogue/categories")).json()).data.rows;
const categoryNamed = async (name: string) => {
  const found = (await categoriesOf()).find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
};
const firmsCategories = async () =>
  JSON.stringify((await people.lite.get("/api/products/categories", { hide_empty: false })).json());
const firmsProducts = async (search: string) =>
  ProductListResponse.parse((await people.lite.get("/api/products", { search, per_page: 100 })).json()).data
    .rows;
const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);
const productCount = async () => (await t.db.select({ id: products.id }).from(products)).length;
const categoryCount = async () =>
  (await t.db.select({ id: productCategories.id }).from(productCategories)).length;

describe("DELETE /api/console/catalogue/categories/:id", () => {
  it("refuses, naming what holds it, while it has sub categories, products, plan rules or coupons; changes nothing", async () => {
    const top = (
      await editor.post("/api/console/catalogue/categories", { name: "Family Law", parent_id: null })
    ).json().data;
    const child = (
      await editor.post("/api/console/catalogue/categories", { name: "Separation", parent_id: top.id })
    ).json().data;
    const before = await categoryCount();

    const withChild = await editor.delete(`/api/console/catalogue/categories/${top.id}`);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().message).toBe(
      "This category cannot be deleted while it has sub categories (Separation). Move or remove them first.",
    );

    const wills = await categoryNamed("Wills");
    const withProducts = await editor.delete(`/api/console/catalogue/categories/${wills.id}`);
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json().message).toMatch(/while it has products \(/);

    const plan = (await categoriesOfAdmin()).plans[0];
    if (!plan) throw new Error("no plans");
    const ruled = await admin.put(`/api/console/catalogue/categories/${child.id}/plan-rules`, {
      rules: [{ plan_id: plan.id, rule: "full" }],
    });
    expect(ruled.statusCode).toBe(200);
    const withRule = await editor.delete(`/api/console/catalogue/categories/${child.id}`);
    expect(withRule.statusCode).toBe(409);
    expect(withRule.json().message).toContain(`plan rules of ${plan.name}`);
    await admin.put(`/api/console/catalogue/categories/${child.id}/plan-rules`, {
      rules: [{ plan_id: plan.id, rule: null }],
    });

    // A coupon of the old shop that names the category (the console's coupons name products).
    await t.db.execute(
      sql`insert into coupons (code, amount, discount_type, category_ids) values ('FAMILY10', 10, 'percent', ${`{${child.id}}`})`,
    );
    const withCoupon = await editor.delete(`/api/console/catalogue/categories/${child.id}`);
    expect(withCoupon.statusCode).toBe(409);
    expect(withCoupon.json().message).toContain("coupons naming it (FAMILY10)");
    await t.db.execute(sql`delete from coupons where code = 'FAMILY10'`);

    const shops = await categoryNamed("Uncategorized");
    const shopOwn = await editor.delete(`/api/console/catalogue/categories/${shops.id}`);
    expect(shopOwn.statusCode).toBe(409);
    expect(shopOwn.json().message).toBe(M.shopCategory);

    const refused = await support.delete(`/api/console/catalogue/categories/${child.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSOLE_MESSAGES.refused);
    expect((await editor.delete("/api/console/catalogue/categories/999999")).statusCode).toBe(404);
    expect((await editor.delete("/api/console/catalogue/categories/abc")).statusCode).toBe(400);

    expect(await categoryCount()).toBe(before);
    expect((await auditOf(`category:${top.id}`)).map((a) => a.action)).toEqual(["category.created"]);

    // Empty, it goes (child first, then its parent); firms stop seeing both at once.
    expect(await firmsCategories()).toContain("Separation");
    const gone = await editor.delete(`/api/console/catalogue/categories/${child.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: M.categoryDeleted, data: { id: child.id, deleted: true } });
    expect((await editor.delete(`/api/console/catalogue/categories/${top.id}`)).statusCode).toBe(200);
    expect(await firmsCategories()).not.toContain("Separation");
    expect(await firmsCategories()).not.toContain("Family Law");
    const audit = await auditOf(`category:${child.id}`);
    expect(audit.at(-1)).toMatchObject({
      action: "category.deleted",
      before: { name: "Separation", parent_id: top.id, slug: "separation" },
      after: null,
    });
  });

  it("a seeded category deleted stays deleted when the catalogue is seeded again", async () => {
    const leaf = await categoryNamed("Advance Care Directives");
    const elsewhere = await categoryNamed("Wills");
    // Its products move first (an editor's change), then the empty leaf goes.
    const list = ConsoleProductListResponse.parse(
      (await editor.get("/api/console/catalogue/products")).json(),
    ).data.rows;
    for (const row of list.filter((r) => r.categories.some((c) => c.id === leaf.id))) {
      const moved = await editor.put(`/api/console/catalogue/products/${row.id}`, {
        version: row.version,
        category_ids: [elsewhere.id],
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await editor.delete(`/api/console/catalogue/categories/${leaf.id}`)).statusCode).toBe(200);
    await ensureCatalogue(t.db, t.services.templates.starters());
    expect((await categoriesOf()).map((c) => c.name)).not.toContain("Advance Care Directives");
    expect(await firmsCategories()).not.toContain("Advance Care Directives");
  });
});

async function categoriesOfAdmin() {
  return ConsoleCategoriesResponse.parse((await admin.get("/api/console/catalogue/categories")).json()).data;
}

describe("POST /api/console/catalogue/products", () => {
  const url = "/api/console/catalogue/products";
  const body = async (extra: object = {}) => ({
    name: "Deed of Forgiveness",
    sku: "DOF-1",
    price_cents: 12_345,
    category_ids: [(await categoryNamed("Business & Commercial")).id],
    description: "<p>Forgives a debt.</p>",
    short_description: "Forgives a debt",
    template,
    published: true,
    ...extra,
  });

  it("adds a product firms see at once, with its template and price, audited", async () => {
    const res = await admin.post(url, await body());
    expect(res.statusCode, res.body).toBe(200);
    const made = ConsoleProductResponse.parse(res.json()).data;
    expect(made).toMatchObject({
      name: "Deed of Forgiveness",
      sku: "DOF-1",
      price_cents: 12_345,
      status: "publish",
      template,
      abilities: { edit_content: true, edit_price: true, remove: true },
    });
    expect(made.history.map((h) => h.action)).toEqual(["product.created"]);
    expect(made.history[0]?.after).toMatchObject({ sku: "DOF-1", price_cents: 12_345, template });
    const seen = (await firmsProducts("forgiveness")).find((p) => p.id === made.id);
    expect(seen).toMatchObject({ name: "Deed of Forgiveness", regular_price: 12_345 });

    // A draft is the console's only; a product with no template is allowed.
    const draft = await admin.post(url, await body({ sku: "DOF-DRAFT", published: false, template: null }));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ status: "draft", template: null });
    expect((await firmsProducts("forgiveness")).map((p) => p.sku)).toEqual(["DOF-1"]);

    // The seed leaves console products alone.
    await ensureCatalogue(t.db, t.services.templates.starters());
    expect(ConsoleProductResponse.parse((await admin.get(`${url}/${made.id}`)).json()).data).toMatchObject({
      name: "Deed of Forgiveness",
      price_cents: 12_345,
    });
  });

  it("refuses a taken SKU in any case, bad input, a shop's category and a content editor; adds nothing", async () => {
    await admin.post(url, await body({ sku: "TAKEN-1" }));
    const before = await productCount();
    const taken = await admin.post(url, await body({ sku: "taken-1" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.skuTaken);
    const seededSku = (await t.db.select({ sku: products.sku }).from(products).limit(1))[0]?.sku ?? "";
    expect((await admin.post(url, await body({ sku: seededSku.toLowerCase() }))).statusCode).toBe(409);

    const noTemplate = await admin.post(url, await body({ sku: "NEW-2", template: "no-such-template" }));
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().message).toBe(M.templateNotFound);
    // Published with no template, firms could buy it and then not start it.
    const publishedBare = await admin.post(
      url,
      await body({ sku: "NEW-8", template: null, published: true }),
    );
    expect(publishedBare.statusCode).toBe(400);
    expect(publishedBare.json().message).toBe(M.publishNeedsTemplate);
    const hidden = await admin.post(
      url,
      await body({ sku: "NEW-3", category_ids: [(await categoryNamed("Uncategorized")).id] }),
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe(M.hiddenCategory);
    expect((await admin.post(url, await body({ sku: "NEW-4", category_ids: [999999] }))).statusCode).toBe(
      404,
    );
    const badSku = await admin.post(url, await body({ sku: "has space" }));
    expect(badSku.statusCode).toBe(400);
    expect(badSku.json().message).toBe("Use letters, digits, dots, dashes and underscores only");
    expect((await admin.post(url, await body({ sku: "NEW-5", price_cents: -1 }))).statusCode).toBe(400);
    expect((await admin.post(url, await body({ sku: "NEW-6", category_ids: [] }))).statusCode).toBe(400);
    const byEditor = await editor.post(url, await body({ sku: "NEW-7" }));
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().message).toBe(CONSOLE_MESSAGES.refused);
    expect(await productCount()).toBe(before);
  });

  it("of two creates of one SKU at once, adds one (200) and refuses the other (409)", async () => {
    const before = await productCount();
    const [a, b] = await Promise.all([
      admin.post(url, await body({ sku: "RACE-1", name: "Race one" })),
      admin.post(url, await body({ sku: "race-1", name: "Race two" })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await productCount()).toBe(before + 1);
  });
});

describe("DELETE /api/console/catalogue/products/:id", () => {
  const create = async (sku: string) => {
    const res = await admin.post("/api/console/catalogue/products", {
      name: `Removable ${sku}`,
      sku,
      price_cents: 5_000,
      category_ids: [(await categoryNamed("Business & Commercial")).id],
      template,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConsoleProductResponse.parse(res.json()).data;
  };

  it("deletes a product nothing points at, audited; firms stop seeing it at once", async () => {
    const made = await create("GONE-1");
    expect((await firmsProducts("removable")).map((p) => p.sku)).toContain("GONE-1");
    const res = await admin.delete(`/api/console/catalogue/products/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(RemovedProductResponse.parse(res.json())).toEqual({
      message: M.productDeleted,
      data: { id: made.id, outcome: "deleted", explanation: M.productDeleted },
    });
    expect((await admin.get(`/api/console/catalogue/products/${made.id}`)).statusCode).toBe(404);
    expect((await firmsProducts("removable")).map((p) => p.sku)).not.toContain("GONE-1");
    expect((await auditOf(`product:${made.id}`)).at(-1)).toMatchObject({
      action: "product.deleted",
      before: { sku: "GONE-1", status: "publish", price_cents: 5_000 },
      after: null,
    });
    // Its SKU is free again.
    expect((await create("gone-1")).sku).toBe("gone-1");
  });

  it("withdraws a product an order points at: hidden from firms, kept; refuses the rest, changing nothing", async () => {
    const made = await create("KEPT-1");
    const ordered = await people.lite.post("/api/orders", {
      line_items: [{ product_id: made.id, quantity: 1 }],
      coupon_lines: [],
      billing: { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);

    const byEditor = await editor.delete(`/api/console/catalogue/products/${made.id}`);
    expect(byEditor.statusCode).toBe(403);
    expect((await admin.delete("/api/console/catalogue/products/999999")).statusCode).toBe(404);
    expect((await firmsProducts("removable")).map((p) => p.sku)).toContain("KEPT-1");

    const res = await admin.delete(`/api/console/catalogue/products/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: made.id, outcome: "withdrawn", explanation: M.productWithdrawn });
    const kept = ConsoleProductResponse.parse(
      (await admin.get(`/api/console/catalogue/products/${made.id}`)).json(),
    ).data;
    expect(kept).toMatchObject({ status: "withdrawn", abilities: { remove: false } });
    expect(kept.history[0]).toMatchObject({
      action: "product.withdrawn",
      before: { status: "publish" },
      after: { status: "withdrawn", kept_for: { orders: 1, documents: 0, coupons: 0 } },
    });
    expect((await firmsProducts("removable")).map((p) => p.sku)).not.toContain("KEPT-1");
    // The order still names it.
    const order = (await people.lite.get(`/api/orders/${ordered.json().data.id}`)).json().data;
    expect(JSON.stringify(order)).toContain("Removable KEPT-1");

    const again = await admin.delete(`/api/console/catalogue/products/${made.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyWithdrawn);
    expect((await auditOf(`product:${made.id}`)).map((a) => a.action)).toEqual([
      "product.created",
      "product.withdrawn",
    ]);
  });

  it("a seeded product deleted stays deleted when the catalogue is seeded again", async () => {
    const seeded = t.services.templates.starters().at(-1);
    if (!seeded) throw new Error("no templates");
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.templateIdentifier, seeded.identifier));
    if (!row) throw new Error("not seeded");
    const res = await admin.delete(`/api/console/catalogue/products/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe("deleted");
    await ensureCatalogue(t.db, t.services.templates.starters());
    const again = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.templateIdentifier, seeded.identifier));
    expect(again).toEqual([]);
  });
});
