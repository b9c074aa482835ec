import {
  CONSOLE_MESSAGES,
  ConsoleCategoriesResponse,
  ConsoleCouponResponse,
  ConsoleCreditPackagesResponse,
  ConsoleProductResponse,
  CreditPackagesResponse,
  couponDoesNotExist,
  FaqResponse,
  CONSOLE_CATALOGUE_MESSAGES as M,
  MembershipProductsResponse,
  OrderResponse,
  type Product,
  ProductListResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let editor: ConsoleClient;
let byIdentifier: Map<string, Product>;

const billing = { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" };
const productId = (identifier: string) => {
  const p = byIdentifier.get(identifier);
  if (!p) throw new Error(`no product ${identifier}`);
  return p.id;
};
const productUrl = (identifier: string) => `/api/console/catalogue/products/${productId(identifier)}`;
const read = async (identifier: string) =>
  ConsoleProductResponse.parse((await admin.get(productUrl(identifier))).json()).data;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  const list = ProductListResponse.parse((await people.lite.get("/api/products", { per_page: 100 })).json());
  byIdentifier = new Map(list.data.rows.map((p) => [p.template_identifier, p]));
  admin = await signInStaff(t, (await buildStaff(t, "administrator")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
}, 240_000);
afterAll(async () => t?.close());

async function order(client: FirmClient, id: number, codes: string[] = []) {
  const res = await client.post("/api/orders", {
    line_items: [{ product_id: id, quantity: 1 }],
    coupon_lines: codes.map((code) => ({ code })),
    billing,
  });
  return res;
}

async function pay(client: FirmClient, orderId: number) {
  const checkout = await client.post("/api/stripe/checkout", { order_id: orderId });
  expect(checkout.statusCode).toBe(200);
  return t.app.inject({
    method: "POST",
    url: checkout.json().data.url as string,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      card_number: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
    }).toString(),
  });
}

describe("PUT /api/console/catalogue/products/:id — prices", () => {
  it("an administrator's new price is the next order's; an order already open keeps its price, through payment", async () => {
    const id = productId("mutual-nda");
    const before = await read("mutual-nda");
    expect(before.price_cents).toBe(8800);
    const open = OrderResponse.parse((await order(people.lite, id)).json()).data;
    expect(open.total).toBe(8800);

    const res = await admin.put(productUrl("mutual-nda"), { version: before.version, price_cents: 9900 });
    expect(res.statusCode, res.body).toBe(200);
    const after = ConsoleProductResponse.parse(res.json()).data;
    expect(after.price_cents).toBe(9900);
    expect(after.version).toBe(before.version + 1);

    // Every firm's list shows it, and the next order is priced with it.
    const listed = ProductListResponse.parse(
      (await people.lite.get("/api/products", { search: "mutual" })).json(),
    );
    expect(listed.data.rows.find((p) => p.id === id)?.regular_price).toBe(9900);
    const next = OrderResponse.parse((await order(people.lite, id)).json()).data;
    expect(next.total).toBe(9900);

    // The open order is paid at the price it was made with.
    expect((await pay(people.lite, open.id)).statusCode).toBeLessThan(400);
    const paid = OrderResponse.parse((await people.lite.get(`/api/orders/${open.id}`)).json()).data;
    expect(paid.status).toBe("paid");
    expect(paid.total).toBe(8800);

    // Audited with before and after, and kept as the product's history.
    expect(after.history[0]).toMatchObject({
      action: "product.price_changed",
      before: { price_cents: 8800 },
      after: { price_cents: 9900 },
    });
  });

  it("refuses a content editor's price change (403) and changes nothing; the same price sent back is fine", async () => {
    const before = await read("simple-will");
    const refused = await editor.put(productUrl("simple-will"), {
      version: before.version,
      price_cents: before.price_cents + 100,
      short_description: "Changed by an editor",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.priceIsAdministrators);
    expect(await read("simple-will")).toEqual(before);

    const ok = await editor.put(productUrl("simple-will"), {
      version: before.version,
      price_cents: before.price_cents,
      short_description: "A will for a person with a simple estate.",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const view = ConsoleProductResponse.parse(ok.json()).data;
    expect(view.abilities).toEqual({ edit_content: true, edit_price: false, remove: false, restore: false });
    expect(view.history[0]?.after).toEqual({
      short_description: "A will for a person with a simple estate.",
    });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await read("simple-will");
    const cases: [object, string][] = [
      [{ price_cents: -1 }, "A price cannot be negative"],
      [{ price_cents: 12.5 }, "Enter the price in whole cents"],
      [{ name: " " }, "Enter a name of at least 2 characters"],
      [{ video_url: "http://example.com/v" }, "Enter a video address starting with https://"],
      [{ badges: ["gold"] }, "Choose a badge from the list"],
      [{ category_ids: [] }, "Place the product in at least one category"],
      [{ faq: [{ question: "", answer: "x" }] }, "Enter a question"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.put(productUrl("simple-will"), { version: before.version, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().data.errors)).toContain(message);
    }
    const unknownCategory = await admin.put(productUrl("simple-will"), {
      version: before.version,
      category_ids: [999999],
    });
    expect(unknownCategory.statusCode).toBe(404);
    expect(unknownCategory.json().message).toBe(M.categoryNotFound);
    expect(await read("simple-will")).toEqual(before);
  });
});

describe("PUT /api/console/catalogue/products/:id — content", () => {
  it("lets a content editor change the FAQ, video, badges and categories; firms see each at once", async () => {
    const before = await read("unit-trust-deed");
    const categories = ConsoleCategoriesResponse.parse(
      (await editor.get("/api/console/catalogue/categories")).json(),
    ).data.rows;
    const wills = categories.find((c) => c.name === "Wills");
    if (!wills) throw new Error("no Wills category");
    const res = await editor.put(productUrl("unit-trust-deed"), {
      version: before.version,
      faq: [{ question: "Who holds the units?", answer: "<p>The unitholders named in the schedule.</p>" }],
      video_url: "https://videos.example.com/unit-trust",
      badges: ["used_xero"],
      category_ids: [...before.categories.map((c) => c.id), wills.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = ConsoleProductResponse.parse(res.json()).data;
    expect(view.badges).toEqual(["used_xero"]);
    expect(view.categories.map((c) => c.name)).toContain("Wills");

    const faq = FaqResponse.parse(
      (await people.lite.get("/api/faq/get-faq", { product_id: productId("unit-trust-deed") })).json(),
    ).data.body;
    expect(faq.map((f) => f.question)).toEqual(["Who holds the units?"]);
    const shown = ProductListResponse.parse(
      (await people.lite.get("/api/products", { category: wills.id })).json(),
    ).data.rows.find((p) => p.id === productId("unit-trust-deed"));
    expect(shown?.videos).toContain("https://videos.example.com/unit-trust");
    expect(shown?.meta_data).toContainEqual({ key: "used_xero", value: "yes" });
  });

  it("of two edits of the same version at once, one wins and the other is refused (409)", async () => {
    const before = await read("mutual-nda");
    const results = await Promise.all([
      admin.put(productUrl("mutual-nda"), { version: before.version, name: "Mutual NDA (first)" }),
      editor.put(productUrl("mutual-nda"), { version: before.version, name: "Mutual NDA (second)" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe(M.staleProduct);
    const after = await read("mutual-nda");
    expect(after.version).toBe(before.version + 1);
    const winner = ConsoleProductResponse.parse(results.find((r) => r.statusCode === 200)?.json()).data;
    expect(after.name).toBe(winner.name);
    expect(after.history.filter((h) => h.action === "product.changed")).toHaveLength(1);
  });

  it("keeps staff's edits when the catalogue is seeded again at start", async () => {
    const before = await read("mutual-nda");
    await ensureCatalogue(t.db, t.services.templates.starters());
    expect(await read("mutual-nda")).toEqual(before);
  });
});

describe("categories and plan rules", () => {
  const categoriesOf = async (client: ConsoleClient) =>
    ConsoleCategoriesResponse.parse((await client.get("/api/console/catalogue/categories")).json()).data;

  it("creates, renames and moves categories, never into a cycle, each audited", async () => {
    const top = await editor.post("/api/console/catalogue/categories", {
      name: "Family Law",
      parent_id: null,
    });
    expect(top.statusCode, top.body).toBe(200);
    const topId = top.json().data.id as number;
    const child = await editor.post("/api/console/catalogue/categories", {
      name: "Separation",
      parent_id: topId,
    });
    const childId = child.json().data.id as number;
    const duplicate = await editor.post("/api/console/catalogue/categories", {
      name: "separation",
      parent_id: topId,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(M.categoryNameTaken);

    const cycle = await editor.put(`/api/console/catalogue/categories/${topId}`, { parent_id: childId });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().message).toBe(M.cycle);
    const self = await editor.put(`/api/console/catalogue/categories/${topId}`, { parent_id: topId });
    expect(self.statusCode).toBe(409);

    const moved = await editor.put(`/api/console/catalogue/categories/${childId}`, {
      name: "Separation and Divorce",
      parent_id: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ name: "Separation and Divorce", parent_id: null });
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, `category:${childId}`));
    expect(audit.map((a) => a.action)).toEqual(["category.created", "category.changed"]);
    expect(audit[1]?.before).toEqual({ name: "Separation", parent_id: topId });

    // Firms see the new tree at once (the catalogue keeps categories only while nothing changed).
    const visible = await people.lite.get("/api/products/categories", { hide_empty: false });
    expect(JSON.stringify(visible.json())).toContain("Separation and Divorce");
  });

  it("lets only administrators set plan rules, and a firm's access follows them", async () => {
    const { rows, plans, abilities } = await categoriesOf(admin);
    expect(abilities).toEqual({ edit_tree: true, edit_plan_rules: true, offers: true });
    expect((await categoriesOf(editor)).abilities).toEqual({
      edit_tree: true,
      edit_plan_rules: false,
      offers: false,
    });
    const lite = plans.find((p) => p.slug === "ly-basic");
    const wills = rows.find((c) => c.name === "Wills");
    if (!lite || !wills) throw new Error("no ly-basic plan or Wills category");
    const body = { rules: [{ plan_id: lite.id, rule: "excluded" }] };
    const refused = await editor.put(`/api/console/catalogue/categories/${wills.id}/plan-rules`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSOLE_MESSAGES.refused);

    const res = await admin.put(`/api/console/catalogue/categories/${wills.id}/plan-rules`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rules).toContainEqual({ plan_id: lite.id, rule: "excluded" });
    const membership = MembershipProductsResponse.parse(
      (await people.lite.get("/api/membership/products")).json(),
    ).data.body;
    expect(membership.excluded).toContain(wills.id);
    // The seed at start leaves staff's rules alone.
    await ensureCatalogue(t.db, t.services.templates.starters());
    expect((await categoriesOf(admin)).rows.find((c) => c.id === wills.id)?.rules).toContainEqual({
      plan_id: lite.id,
      rule: "excluded",
    });

    const removed = await admin.put(`/api/console/catalogue/categories/${wills.id}/plan-rules`, {
      rules: [{ plan_id: lite.id, rule: null }],
    });
    expect(removed.json().data.rules).not.toContainEqual({ plan_id: lite.id, rule: "excluded" });
  });
});

describe("credit packages", () => {
  it("an administrator changes a package's price and credits; firms are offered the new terms", async () => {
    const refused = await editor.get("/api/console/catalogue/credit-packages");
    expect(refused.statusCode).toBe(403);
    const packages = ConsoleCreditPackagesResponse.parse(
      (await admin.get("/api/console/catalogue/credit-packages")).json(),
    ).data.rows;
    const first = packages[0];
    if (!first) throw new Error("no credit package");
    const res = await admin.put(`/api/console/catalogue/credit-packages/${first.id}`, {
      version: first.version,
      price_cents: 12345,
      credits: first.credits + 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price_cents: 12345, credits: first.credits + 1, active: true });
    const stale = await admin.put(`/api/console/catalogue/credit-packages/${first.id}`, {
      version: first.version,
      active: false,
    });
    expect(stale.statusCode).toBe(409);
    const offered = CreditPackagesResponse.parse((await people.as.owner.get("/api/credits/packages")).json())
      .data.packages;
    expect(offered.find((p) => p.id === first.id)).toMatchObject({ cap_qty: first.credits + 1 });
    const free = await admin.put(`/api/console/catalogue/credit-packages/${first.id}`, {
      version: first.version + 1,
      price_cents: 0,
    });
    expect(free.statusCode).toBe(400);
  });
});

describe("POST /api/console/catalogue/credit-packages", () => {
  const url = "/api/console/catalogue/credit-packages";
  const rows = async () =>
    ConsoleCreditPackagesResponse.parse((await admin.get(url)).json()).data.rows.map((r) => r.name);
  const offered = async () =>
    CreditPackagesResponse.parse((await people.as.owner.get("/api/credits/packages")).json()).data.packages;

  it("adds a package firms are offered at once and can order at its price, audited", async () => {
    const res = await admin.post(url, { name: "Practice bundle", price_cents: 14_000, credits: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().data as { id: number; credits: number; active: boolean };
    expect(added).toMatchObject({ name: "Practice bundle", price_cents: 14_000, credits: 7, active: true });
    expect((await offered()).find((p) => p.id === added.id)).toMatchObject({ cap_qty: 7 });
    const ordered = await people.as.owner.post("/api/orders", {
      line_items: [{ product_id: added.id, quantity: 1 }],
      billing,
      set_paid: false,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(OrderResponse.parse(ordered.json()).data).toMatchObject({ status: "unpaid", total: 14_000 });
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, `product:${added.id}`));
    expect(audit.map((a) => a.action)).toEqual(["credit_package.created"]);
    expect(audit[0]?.after).toMatchObject({ name: "Practice bundle", credits: 7, price_cents: 14_000 });

    // An inactive one is kept for staff but not offered.
    const held = await admin.post(url, {
      name: "Held back bundle",
      price_cents: 9_900,
      credits: 4,
      active: false,
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((await offered()).some((p) => p.id === held.json().data.id)).toBe(false);
  });

  it("refuses a taken name, bad input and a content editor, adding nothing", async () => {
    const before = await rows();
    const taken = await admin.post(url, { name: before[0]?.toUpperCase(), price_cents: 5_000, credits: 3 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("A credit package with this name already exists.");
    for (const bad of [
      { name: "Free bundle", price_cents: 0, credits: 3 },
      { name: "Empty bundle", price_cents: 5_000, credits: 0 },
      { name: "", price_cents: 5_000, credits: 3 },
    ]) {
      expect((await admin.post(url, bad)).statusCode).toBe(400);
    }
    expect(
      (await editor.post(url, { name: "Editor's bundle", price_cents: 5_000, credits: 3 })).statusCode,
    ).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it("of two packages of one name asked for at once, adds one", async () => {
    const ask = () => admin.post(url, { name: "Twin bundle", price_cents: 6_000, credits: 3 });
    const replies = await Promise.all([ask(), ask()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await rows()).filter((n) => n === "Twin bundle")).toHaveLength(1);
  });
});

describe("coupons", () => {
  const terms = {
    discount_type: "percent",
    amount: 20,
    usage_limit: null,
    usage_limit_per_user: null,
    expires_at: null,
    individual_use: false,
    product_ids: [],
  };
  const coupon = async (code: string, extra: object = {}) => {
    const res = await admin.post("/api/console/catalogue/coupons", { code, ...terms, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return ConsoleCouponResponse.parse(res.json()).data;
  };

  it("creates a coupon that checkout applies; refuses a taken code and a percentage over 100", async () => {
    const created = await coupon("TWENTYOFF");
    expect(created.abilities.change_terms).toBe(true);
    const taken = await admin.post("/api/console/catalogue/coupons", { code: "twentyoff", ...terms });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.couponCodeTaken);
    const over = await admin.post("/api/console/catalogue/coupons", {
      code: "TOOMUCH",
      ...terms,
      amount: 101,
    });
    expect(over.statusCode).toBe(400);
    expect(JSON.stringify(over.json().data.errors)).toContain("A percentage is at most 100");
    const priced = OrderResponse.parse(
      (await order(people.lite, productId("simple-will"), ["TWENTYOFF"])).json(),
    ).data;
    expect(priced.discount_total).toBe(Math.round(priced.subtotal / 5));
  });

  it("an expired or disabled coupon is one that does not exist to a customer", async () => {
    await coupon("LASTYEAR", { expires_at: new Date(t.clock.now().getTime() - 60_000).toISOString() });
    const disabled = await coupon("SWITCHEDOFF");
    const off = await admin.put(`/api/console/catalogue/coupons/${disabled.id}`, {
      version: disabled.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const code of ["LASTYEAR", "SWITCHEDOFF"]) {
      const res = await order(people.lite, productId("simple-will"), [code]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(couponDoesNotExist(code));
    }
  });

  it("keeps a used coupon's terms (409) but lets it be disabled; an edit of a stale version is refused", async () => {
    const used = await coupon("USEDONCE");
    const first = OrderResponse.parse(
      (await order(people.lite, productId("simple-will"), ["USEDONCE"])).json(),
    ).data;
    expect((await pay(people.lite, first.id)).statusCode).toBeLessThan(400);
    const list = (await admin.get("/api/console/catalogue/coupons?q=usedonce")).json().data.rows;
    expect(list[0]).toMatchObject({ usage_count: 1, abilities: { change_terms: false } });

    const change = await admin.put(`/api/console/catalogue/coupons/${used.id}`, {
      version: used.version,
      amount: 50,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(M.couponUsed);
    const off = await admin.put(`/api/console/catalogue/coupons/${used.id}`, {
      version: used.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    const view = ConsoleCouponResponse.parse(off.json()).data;
    expect(view.disabled).toBe(true);
    expect(view.history[0]).toMatchObject({ action: "coupon.disabled", after: { disabled: true } });
    const stale = await admin.put(`/api/console/catalogue/coupons/${used.id}`, {
      version: used.version,
      disabled: false,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.staleCoupon);
  });
});
