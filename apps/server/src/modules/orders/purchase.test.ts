import {
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  CATEGORY_STRATEGIST_ONLY,
  CategoryListResponse,
  COUPON_ALREADY_APPLIED,
  COUPON_USAGE_LIMIT_REACHED,
  CouponCheckResponse,
  couponDoesNotExist,
  couponNotForTemplate,
  couponNotWithOthers,
  DOCUMENT_CREATED,
  DOCUMENT_LIMIT_REACHED,
  DOCUMENT_NAME_PROMPT,
  DOCUMENT_STRATEGIST_ONLY,
  FaqResponse,
  FOLDER_REQUIRED,
  MembershipProductsResponse,
  ORDER_ALREADY_USED,
  ORDER_BILLING_LOCKED,
  ORDER_NOT_PAID,
  ORDER_PAID_ONLY_BY_PROVIDER,
  ORDER_USED_ONLY_BY_START,
  OrderListResponse,
  OrderResponse,
  type Product,
  ProductListResponse,
  paymentReturnPath,
  StartDocumentResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  signedInFirm,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { documents } from "../documents/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { teams } from "../teams/index.ts";
import { documentStarts } from "./schema.ts";

let t: TestApp;
let people: FirmWithPeople;
let byIdentifier: Map<string, Product>;
let folderId: number;
let strategist: FirmClient;
let strategistFolder: number;

const billing = { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" };
const product = (identifier: string) => {
  const p = byIdentifier.get(identifier);
  if (!p) throw new Error(`no product ${identifier}`);
  return p;
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  const list = ProductListResponse.parse((await people.as.alice.get("/api/products")).json());
  byIdentifier = new Map(list.data.rows.map((p) => [p.template_identifier, p]));
  const folder = await t.buildFolder({ teamId: people.teamId, createdBy: people.ids.alice });
  folderId = folder.id;
  const s = await signedInFirm(t, { planSlug: "strategist" });
  strategist = s.as.owner;
  strategistFolder = (await t.buildFolder({ teamId: s.teamId, createdBy: s.ids.owner })).id;
}, 240_000);
afterAll(async () => t?.close());

async function createOrder(client: FirmClient, identifier: string, codes: string[] = [], extra: object = {}) {
  return client.post("/api/orders", {
    line_items: [{ product_id: product(identifier).id, quantity: 1 }],
    coupon_lines: codes.map((code) => ({ code })),
    billing,
    ...extra,
  });
}

async function pay(client: FirmClient, orderId: number, card = "4242 4242 4242 4242") {
  const checkout = await client.post("/api/stripe/checkout", { order_id: orderId });
  expect(checkout.statusCode).toBe(200);
  const url = checkout.json().data.url as string;
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card_number: card, expiry: "12/30", cvc: "123" }).toString(),
  });
}

describe("catalogue", () => {
  it("lists every starter template with its price in cents and category, searched and filtered", async () => {
    expect(byIdentifier.size).toBe(t.services.templates.starters().length);
    expect(product("mutual-nda").regular_price).toBe(8800);
    const search = ProductListResponse.parse(
      (await people.as.alice.get("/api/products", { search: "  trust deed " })).json(),
    );
    expect(search.data.rows.map((p) => p.template_identifier).sort()).toEqual([
      "change-of-trustee-deed",
      "corporate-trustee-appointment",
      "discretionary-trust-deed",
      "memorandum-of-wishes",
      "smsf-trust-deed",
      "trust-deed-of-variation",
      "unit-trust-deed",
    ]);
    // By category name: "Estate Planning" is the parent category of the will's, the power of
    // attorney's and the advance care directive's categories (Wills; Powers of Attorney; Advance Care
    // Directives). The engagement letter is found by its own name ("… Company Formation or Estate
    // Planning"), filed under Business & Commercial.
    const byCategoryName = ProductListResponse.parse(
      (await people.as.alice.get("/api/products", { search: "estate planning" })).json(),
    );
    expect(byCategoryName.data.rows.map((p) => p.template_identifier).sort()).toEqual([
      "advance-care-directive",
      "enduring-power-of-attorney",
      "engagement-letter",
      "general-power-of-attorney",
      "simple-will",
    ]);
    const categories = CategoryListResponse.parse(
      (await people.as.alice.get("/api/products/categories")).json(),
    ).data;
    expect(categories.map((c) => c.name)).not.toContain("Uncategorized");
    const trusts = categories.find((c) => c.name === "Trusts");
    expect(trusts?.children.length).toBe(2);
    // The three deeds' siblings: a change of trustee, a deed of variation and a memorandum of wishes
    // (discretionary trusts).
    expect(trusts?.count).toBe(5);
    const inTrusts = ProductListResponse.parse(
      (await people.as.alice.get("/api/products", { category: trusts?.id })).json(),
    );
    expect(inTrusts.data.total_record).toBe(5);
    // Pages: the total comes with a selective page, and is counted for a page past the end.
    const paged = async (page: number, search?: string) =>
      ProductListResponse.parse(
        (await people.as.alice.get("/api/products", { search, per_page: 2, page })).json(),
      ).data;
    expect(await paged(4, "trust deed")).toMatchObject({ total_record: 7, total_page: 4 });
    expect((await paged(3, "trust deed")).rows).toHaveLength(2);
    expect((await paged(4, "trust deed")).rows).toHaveLength(1);
    expect(await paged(5, "trust deed")).toMatchObject({ rows: [], total_record: 7 });
    expect(await paged(1)).toMatchObject({ total_record: byIdentifier.size });
    const bad = await people.as.alice.get("/api/products", { per_page: 101 });
    expect(bad.statusCode).toBe(400);
  });

  it("ranks templates whose name holds the search words above those matched elsewhere", async () => {
    const rows = async (search: string) =>
      ProductListResponse.parse((await people.as.alice.get("/api/products", { search })).json()).data.rows;
    // Checked against the names rather than a fixed list, so the test follows the catalogue.
    for (const search of ["trust deed", "estate planning"]) {
      const found = await rows(search);
      const inName = found.map((p) => p.name.toLowerCase().includes(search));
      expect(inName.some(Boolean), `some name holds "${search}"`).toBe(true);
      expect(
        inName.some((x) => !x),
        `some match is elsewhere for "${search}"`,
      ).toBe(true);
      // Every title match comes before every other match; within each, the plain list's name order.
      expect(inName).toEqual([...inName].sort((a, b) => Number(b) - Number(a)));
      const nameOrder = [...byIdentifier.keys()];
      for (const group of [true, false]) {
        const ids = found.filter((_, i) => inName[i] === group).map((p) => p.template_identifier);
        expect(ids).toEqual(nameOrder.filter((id) => ids.includes(id)));
      }
    }
  });

  it("finds a template by the word advisers use for it, above words that only hold the letters", async () => {
    const rows = async (search: string) =>
      ProductListResponse.parse((await people.as.alice.get("/api/products", { search })).json()).data.rows;
    // "NDA" is nowhere in the Mutual Non-Disclosure Agreement's name or texts: it is the
    // advisers' word for it (templates/synonyms.ts). Other templates hold the letters inside a
    // word ("standard", "mandatory"): they may be listed, but after it.
    const nda = await rows("NDA");
    expect(nda[0]?.template_identifier).toBe("mutual-nda");
    expect(nda.length, "other templates hold the letters inside a word").toBeGreaterThan(1);
    expect((await rows("BDBN"))[0]?.template_identifier).toBe("binding-death-benefit-nomination");
    expect((await rows("family trust")).map((p) => p.template_identifier)).toContain(
      "discretionary-trust-deed",
    );
  });

  it("hides products of hidden categories", async () => {
    const [hidden] = await t.db
      .select()
      .from((await import("../catalogue/index.ts")).productCategories)
      .where(eq((await import("../catalogue/index.ts")).productCategories.name, "Uncategorized"));
    const { productCategoryLinks } = await import("../catalogue/index.ts");
    const nda = product("mutual-nda");
    await t.db.insert(productCategoryLinks).values({ productId: nda.id, categoryId: hidden?.id ?? 0 });
    try {
      const list = ProductListResponse.parse((await people.as.alice.get("/api/products")).json());
      expect(list.data.rows.map((p) => p.id)).not.toContain(nda.id);
      expect((await people.as.alice.get(`/api/products/${nda.id}`)).statusCode).toBe(404);
    } finally {
      await t.db.delete(productCategoryLinks).where(eq(productCategoryLinks.categoryId, hidden?.id ?? 0));
    }
  });

  it("serves the FAQ, the interview questions and a PDF preview", async () => {
    const faq = FaqResponse.parse(
      (
        await people.as.alice.get("/api/faq/get-faq", { product_id: product("company-constitution").id })
      ).json(),
    );
    expect(faq.data.body[0]?.question).toBe("Does my company need a constitution?");
    const questions = await people.as.alice.get("/api/question/get_by_template", {
      id_template: "mutual-nda",
    });
    expect(questions.statusCode).toBe(200);
    expect(questions.json().data.body.template_identifier).toBe("mutual-nda");
    const preview = await people.as.alice.get(`/api/products/${product("mutual-nda").id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("application/pdf");
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const again = await people.as.alice.get(`/api/products/${product("mutual-nda").id}/preview`);
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);
  }, 60_000);

  it("tells each plan what it gets; another firm's id is 404", async () => {
    const best = MembershipProductsResponse.parse(
      (await people.as.alice.get("/api/membership/products")).json(),
    ).data.body;
    const smsf = product("smsf-trust-deed").categories[0]?.id ?? 0;
    expect(best.excluded).toContain(smsf);
    expect(best.hasLimit).toBe(true);
    expect(best.limit).toBe(200);
    expect(best.full_access_categories).toContain(product("mutual-nda").categories[0]?.id);
    const lite = MembershipProductsResponse.parse((await people.lite.get("/api/membership/products")).json())
      .data.body;
    expect(lite.full_access_categories).toEqual([]);
    const top = MembershipProductsResponse.parse((await strategist.get("/api/membership/products")).json())
      .data.body;
    expect(top.excluded).toEqual([]);
    expect(top.hasLimit).toBe(false);
    expect((await people.outsider.get("/api/membership/products")).statusCode).toBe(404);
  });
});

describe("coupons", () => {
  beforeAll(async () => {
    // The parent category: coupons match a product's categories and their ancestors.
    const categories = CategoryListResponse.parse(
      (await people.as.alice.get("/api/products/categories")).json(),
    ).data;
    const trusts = categories.find((c) => c.name === "Trusts")?.id ?? 0;
    const c = t.services.coupons;
    await c.create({ code: "TEN", amount: 10, discountType: "percent" });
    await c.create({ code: "FIVER", amount: 500, discountType: "fixed_cart" });
    await c.create({ code: "SOLO", amount: 20, discountType: "percent", individualUse: true });
    await c.create({ code: "ZERO", amount: 0, discountType: "percent" });
    await c.create({
      code: "NOTNDA",
      amount: 5,
      discountType: "percent",
      excludedProductIds: [product("mutual-nda").id],
    });
    await c.create({ code: "NOTTRUSTS", amount: 5, discountType: "percent", excludedCategoryIds: [trusts] });
    await c.create({
      code: "ONLYNDA",
      amount: 5,
      discountType: "percent",
      productIds: [product("mutual-nda").id],
    });
    await c.create({ code: "ONLYTRUSTS", amount: 5, discountType: "percent", categoryIds: [trusts] });
    await c.create({ code: "USEDUP", amount: 5, discountType: "percent", usageLimit: 1, usageCount: 1 });
    await c.create({ code: "HUGE", amount: 1_000_000, discountType: "fixed_cart" });
  });

  const check = (code: string, identifier = "mutual-nda", applied?: string) =>
    people.as.alice.get("/api/coupons", { code, product_id: product(identifier).id, applied });

  it("applies percent (of the regular price) and fixed coupons, case-insensitively", async () => {
    const res = CouponCheckResponse.parse((await check("fiver", "mutual-nda", "ten")).json());
    expect(res.data.codes).toEqual(["TEN", "FIVER"]);
    expect(res.data.summary).toMatchObject({
      regular_price: 8800,
      discount_total: 880 + 500,
      total: 7420,
      total_tax: 675,
    });
    const huge = CouponCheckResponse.parse((await check("HUGE")).json());
    expect(huge.data.summary.total).toBe(0);
  });

  it.each([
    ["NOPE", "mutual-nda", undefined, couponDoesNotExist("NOPE")],
    ["ZERO", "mutual-nda", undefined, couponDoesNotExist("ZERO")],
    ["ten", "mutual-nda", "TEN", COUPON_ALREADY_APPLIED],
    ["SOLO", "mutual-nda", "TEN", couponNotWithOthers("SOLO")],
    ["TEN", "mutual-nda", "SOLO", couponNotWithOthers("SOLO")],
    ["NOTNDA", "mutual-nda", undefined, couponNotForTemplate("NOTNDA")],
    ["NOTTRUSTS", "unit-trust-deed", undefined, couponNotForTemplate("NOTTRUSTS")],
    ["ONLYNDA", "simple-will", undefined, couponNotForTemplate("ONLYNDA")],
    ["ONLYTRUSTS", "simple-will", undefined, couponNotForTemplate("ONLYTRUSTS")],
    ["USEDUP", "mutual-nda", undefined, COUPON_USAGE_LIMIT_REACHED],
  ])("refuses %s on %s (applied %s)", async (code, identifier, applied, message) => {
    const res = await check(code, identifier, applied);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("accepts the restricted coupons where they apply", async () => {
    expect((await check("NOTNDA", "simple-will")).statusCode).toBe(200);
    expect((await check("ONLYNDA", "mutual-nda")).statusCode).toBe(200);
    expect((await check("ONLYTRUSTS", "discretionary-trust-deed")).statusCode).toBe(200);
    expect((await check("NOTTRUSTS", "simple-will")).statusCode).toBe(200);
    expect((await check("SOLO")).statusCode).toBe(200);
  });
});

describe("orders and the sandbox checkout", () => {
  it("prices the order on the server; a forged total is ignored; set_paid is refused", async () => {
    const res = await people.as.alice.post("/api/orders", {
      line_items: [{ product_id: product("mutual-nda").id, quantity: 1, total: "0.01" }],
      coupon_lines: [{ code: "ten" }],
      billing,
    });
    expect(res.statusCode).toBe(200);
    const order = OrderResponse.parse(res.json()).data;
    expect(order).toMatchObject({
      status: "unpaid",
      payment_status: "unpaid",
      subtotal: 8800,
      total: 7920,
      total_tax: 720,
    });
    const paid = await createOrder(people.as.alice, "mutual-nda", [], { set_paid: true });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(ORDER_PAID_ONLY_BY_PROVIDER);
    const two = await people.as.alice.post("/api/orders", {
      line_items: [{ product_id: product("mutual-nda").id, quantity: 2 }],
      billing,
    });
    expect(two.statusCode).toBe(400);
  });

  it("refuses Strategist-only templates to other plans", async () => {
    const res = await createOrder(people.as.alice, "smsf-trust-deed");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CATEGORY_STRATEGIST_ONLY);
    const start = await people.as.alice.post("/api/doc/start", {
      product_id: product("smsf-trust-deed").id,
      name: "Fund",
      folder_id: folderId,
    });
    expect(start.json().message).toBe(CATEGORY_STRATEGIST_ONLY);
    // A template marked Strategist-only by itself gets the document's message.
    const { products } = await import("../catalogue/index.ts");
    const nda = product("mutual-nda");
    const [row] = await t.db.select().from(products).where(eq(products.id, nda.id));
    await t.db
      .update(products)
      .set({ metaData: [...(row?.metaData ?? []), { key: "strategist_only", value: "yes" }] })
      .where(eq(products.id, nda.id));
    try {
      expect((await createOrder(people.as.alice, "mutual-nda")).json().message).toBe(
        DOCUMENT_STRATEGIST_ONLY,
      );
      expect((await people.as.alice.get(`/api/products/${nda.id}`)).json().data.strategist_only).toBe(true);
      const top = await strategist.post("/api/orders", { line_items: [{ product_id: nda.id }], billing });
      expect(top.statusCode).toBe(200);
    } finally {
      await t.db
        .update(products)
        .set({ metaData: row?.metaData ?? [] })
        .where(eq(products.id, nda.id));
    }
  });

  it("runs unpaid → paid (by the provider) → used, refusing every illegal step", async () => {
    const order = OrderResponse.parse((await createOrder(people.lite, "mutual-nda")).json()).data;
    const litefolder = await t.buildFolder({ teamId: people.otherTeamId, createdBy: people.ids.otherOwner });
    // Not paid yet: cannot start.
    const early = await people.lite.post("/api/doc/start", {
      order_id: order.id,
      name: "NDA",
      folder_id: litefolder.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ORDER_NOT_PAID);
    // The browser cannot mark it used or paid.
    const used = await people.lite.put(`/api/orders/${order.id}`, {
      billing,
      meta_data: [{ key: "is_used", value: "1" }],
    });
    expect(used.json().message).toBe(ORDER_USED_ONLY_BY_START);
    const setPaid = await people.lite.put(`/api/orders/${order.id}`, { billing, set_paid: true });
    expect(setPaid.json().message).toBe(ORDER_PAID_ONLY_BY_PROVIDER);
    // Billing may change while unpaid.
    const rebilled = await people.lite.put(`/api/orders/${order.id}`, {
      billing: { ...billing, company: "Elsewhere" },
    });
    expect(rebilled.statusCode).toBe(200);
    // Declined card: stays unpaid, reads declined, may be retried.
    const declined = await pay(people.lite, order.id, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/my-account/my-document?order_id=${order.id}&error=1`);
    expect(
      OrderResponse.parse((await people.lite.get(`/api/orders/${order.id}`)).json()).data.payment_status,
    ).toBe("declined");
    const ok = await pay(people.lite, order.id);
    expect(ok.headers.location).toBe(`/my-account/my-document?order_id=${order.id}`);
    expect(
      OrderResponse.parse((await people.lite.get(`/api/orders/${order.id}`)).json()).data.payment_status,
    ).toBe("paid");
    // Paid: billing locked, no second checkout.
    expect((await people.lite.put(`/api/orders/${order.id}`, { billing })).json().message).toBe(
      ORDER_BILLING_LOCKED,
    );
    expect((await people.lite.post("/api/stripe/checkout", { order_id: order.id })).statusCode).toBe(409);
    // Used once.
    const start = await people.lite.post("/api/doc/start", {
      order_id: order.id,
      name: "NDA",
      folder_id: litefolder.id,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().message).toBe(DOCUMENT_CREATED);
    const again = await people.lite.post("/api/doc/start", {
      order_id: order.id,
      name: "NDA 2",
      folder_id: litefolder.id,
    });
    expect(again.json().message).toBe(ORDER_ALREADY_USED);
    const final = OrderResponse.parse((await people.lite.get(`/api/orders/${order.id}`)).json()).data;
    expect(final.payment_status).toBe("used");
    expect(final.document_id).toBe(start.json().data.id);
    // The tax invoice waits in the outbox.
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `invoice:${order.id}`));
    expect(mail?.to).toBe(billing.email);
    expect(mail?.text).toContain("ABN 53 004 085 616");
    expect(mail?.text).toContain("GST included: $8.00");
  });

  // Issue 13, money: one order opened a payment session per call, and one session posted 40 times
  // at once answered 40 success redirects. One open session per order; one outcome per session.
  it("keeps one open session per order, and a session posted 40 times at once pays once", async () => {
    const order = OrderResponse.parse((await createOrder(people.as.alice, "director-consent")).json()).data;
    const opened = await Promise.all(
      Array.from({ length: 8 }, () => people.as.alice.post("/api/stripe/checkout", { order_id: order.id })),
    );
    expect(opened.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const urls = new Set(opened.map((r) => r.json().data.url as string));
    expect(urls.size).toBe(1);
    const [url] = [...urls];

    const posts = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: "POST",
          url: url ?? "",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({
            card_number: "4242424242424242",
            expiry: "12/30",
            cvc: "123",
          }).toString(),
        }),
      ),
    );
    const redirects = posts.filter((r) => r.statusCode === 303);
    expect(redirects).toHaveLength(1);
    expect(redirects[0]?.headers.location).toBe(`/my-account/my-document?order_id=${order.id}`);
    const refused = posts.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(39);
    for (const reply of refused)
      expect(reply.body).toContain("This checkout session has already been completed.");
    expect(
      OrderResponse.parse((await people.as.alice.get(`/api/orders/${order.id}`)).json()).data.payment_status,
    ).toBe("paid");
    const invoices = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `invoice:${order.id}`));
    expect(invoices).toHaveLength(1);
  });

  it("serves a plain checkout page that checks the card and can be cancelled", async () => {
    const order = OrderResponse.parse((await createOrder(people.as.alice, "director-consent")).json()).data;
    const url = (await people.as.alice.post("/api/stripe/checkout", { order_id: order.id })).json().data
      .url as string;
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Consent to Act as Director and Secretary");
    expect(page.body).toContain("$22.00 AUD");
    expect(page.body).not.toMatch(/<script|https?:\/\//);
    const post = (form: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      });
    const expired = await post({ card_number: "4242424242424242", expiry: "01/20", cvc: "123" });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain("This card has expired.");
    const other = await post({ card_number: "5555 5555 5555 4444", expiry: "12/30", cvc: "123" });
    expect(other.body).toContain("Sandbox checkout: use 4242 4242 4242 4242");
    const noCvc = await post({ card_number: "4242424242424242", expiry: "12/30", cvc: "" });
    expect(noCvc.body).toContain("security code");
    expect(
      OrderResponse.parse((await people.as.alice.get(`/api/orders/${order.id}`)).json()).data.status,
    ).toBe("unpaid");
    const cancel = await t.app.inject({ method: "POST", url: `${url}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/my-account/my-document?order_id=${order.id}`);
    // A cancelled session takes no more cards.
    expect((await post({ card_number: "4242424242424242", expiry: "12/30", cvc: "123" })).body).toContain(
      "already been completed",
    );
    expect(
      (await t.app.inject({ method: "GET", url: "/checkout/not-a-session-id-at-all-xx" })).statusCode,
    ).toBe(404);
  });

  it("lists the caller's own orders, newest first", async () => {
    const list = OrderListResponse.parse(
      (await people.as.alice.get("/api/orders", { length: 100 })).json(),
    ).data;
    expect(list.total_record).toBeGreaterThan(0);
    expect(list.rows.every((o) => o.customer_id === people.ids.alice)).toBe(true);
    const ids = list.rows.map((o) => o.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect((await people.as.bob.get("/api/orders")).json().data.total_record).toBe(0);
    const unpaid = OrderListResponse.parse(
      (await people.as.alice.get("/api/orders", { status: "unpaid" })).json(),
    ).data;
    expect(unpaid.rows.every((o) => o.status === "unpaid")).toBe(true);
  });

  it("completes an order of $0.00 without a card: paid at once, its coupon counted, its invoice sent", async () => {
    await t.services.coupons.create({ code: "ALLOFIT", amount: 100, discountType: "percent", usageLimit: 1 });
    const order = OrderResponse.parse(
      (await createOrder(people.as.alice, "mutual-nda", ["ALLOFIT"])).json(),
    ).data;
    expect(order.total).toBe(0);
    // Another firm's person, and another person of the firm, reach nothing and change nothing.
    expect((await people.outsider.post("/api/stripe/checkout", { order_id: order.id })).statusCode).toBe(404);
    expect((await people.as.bob.post("/api/stripe/checkout", { order_id: order.id })).statusCode).toBe(404);
    expect(
      OrderResponse.parse((await people.as.alice.get(`/api/orders/${order.id}`)).json()).data.status,
    ).toBe("unpaid");

    const checkout = await people.as.alice.post("/api/stripe/checkout", { order_id: order.id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // Straight to the success page: no card page in between.
    expect(checkout.json().data.url).toBe(paymentReturnPath(order.id));
    expect(
      OrderResponse.parse((await people.as.alice.get(`/api/orders/${order.id}`)).json()).data.status,
    ).toBe("paid");
    const [invoice] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `invoice:${order.id}`));
    expect(invoice?.text).toContain("Total (inc. GST): $0.00");
    // Its coupon is used up: the next order cannot have it.
    const next = await createOrder(people.as.alice, "mutual-nda", ["ALLOFIT"]);
    expect(next.statusCode).toBe(400);
    expect(next.json().message).toBe(COUPON_USAGE_LIMIT_REACHED);
    // Asked again, it is paid already: refused, nothing opened.
    expect((await people.as.alice.post("/api/stripe/checkout", { order_id: order.id })).statusCode).toBe(409);
  });

  it("keeps orders to their user and firm", async () => {
    const order = OrderResponse.parse((await createOrder(people.as.alice, "mutual-nda")).json()).data;
    expect((await people.outsider.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await people.lite.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await people.as.bob.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await people.lite.post("/api/stripe/checkout", { order_id: order.id })).statusCode).toBe(404);
  });

  it("counts a limit-1 coupon once across 10 orders paid in parallel", async () => {
    await t.services.coupons.create({ code: "ONCE", amount: 50, discountType: "percent", usageLimit: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1)
      ids.push(
        OrderResponse.parse((await createOrder(people.as.alice, "mutual-nda", ["ONCE"])).json()).data.id,
      );
    const results = await Promise.all(ids.map((id) => pay(people.as.alice, id)));
    expect(results.filter((r) => r.statusCode === 303)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 400 && r.body.includes(COUPON_USAGE_LIMIT_REACHED)),
    ).toHaveLength(9);
    const statuses = await Promise.all(
      ids.map(
        async (id) =>
          OrderResponse.parse((await people.as.alice.get(`/api/orders/${id}`)).json()).data.status,
      ),
    );
    expect(statuses.filter((s) => s === "paid")).toHaveLength(1);
    const res = await people.as.alice.get("/api/coupons", {
      code: "ONCE",
      product_id: product("mutual-nda").id,
    });
    expect(res.json().message).toBe(COUPON_USAGE_LIMIT_REACHED);
  }, 60_000);
});

describe("document start", () => {
  it("creates one document from 20 parallel starts of one paid order", async () => {
    const order = OrderResponse.parse((await createOrder(people.as.alice, "simple-will")).json()).data;
    await pay(people.as.alice, order.id);
    const starts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        people.as.alice.post("/api/doc/start", {
          order_id: order.id,
          name: `Will ${i}`,
          folder_id: folderId,
        }),
      ),
    );
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const made = await t.db.select().from(documents).where(eq(documents.xTemplateId, "simple-will"));
    expect(made.filter((d) => d.teamId === people.teamId)).toHaveLength(1);
    const ok = StartDocumentResponse.parse(starts.find((r) => r.statusCode === 200)?.json());
    expect(ok.data).toMatchObject({
      consumed: "order",
      is_will: "yes",
      is_protector: "no",
      template_identifier: "simple-will",
    });
  }, 60_000);

  it("takes a plan use atomically: one use left, 10 parallel starts, one document", async () => {
    await t.db.update(teams).set({ creditLimit: 1 }).where(eq(teams.id, people.teamId));
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        people.as.alice.post("/api/doc/start", {
          product_id: product("mutual-nda").id,
          name: `NDA ${i}`,
          folder_id: folderId,
        }),
      ),
    );
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = starts.filter((r) => r.statusCode === 403);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.json().message).toBe(DOCUMENT_LIMIT_REACHED);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    expect(team?.creditLimit).toBe(0);
    await t.db.update(teams).set({ creditLimit: 200 }).where(eq(teams.id, people.teamId));
  }, 60_000);

  it("asks for the acknowledgement when the template carries one", async () => {
    const { products } = await import("../catalogue/index.ts");
    const nda = product("mutual-nda");
    const [row] = await t.db.select().from(products).where(eq(products.id, nda.id));
    const text = "I confirm I have read the guidance notes.";
    await t.db
      .update(products)
      .set({ metaData: [...(row?.metaData ?? []), { key: "acknowledgement", value: text }] })
      .where(eq(products.id, nda.id));
    try {
      const base = { product_id: nda.id, name: "Acknowledged NDA", folder_id: folderId };
      const missing = await people.as.alice.post("/api/doc/start", base);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(ACKNOWLEDGEMENT_REQUIRED);
      expect(missing.json().data.errors.map((e: { field: string }) => e.field)).toEqual([
        "acknowledgement",
        "acknowledgement_date",
        "acknowledgement_user",
      ]);
      const badDate = await people.as.alice.post("/api/doc/start", {
        ...base,
        acknowledgement: true,
        acknowledgement_date: "31/02/2026",
        acknowledgement_user: "Alice Adviser",
      });
      expect(badDate.json().message).toBe(ACKNOWLEDGEMENT_DATE_INVALID);
      const ok = await people.as.alice.post("/api/doc/start", {
        ...base,
        acknowledgement: "yes",
        acknowledgement_date: "02/11/2026",
        acknowledgement_user: "Alice Adviser",
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.acknowledgement).toBe(text);
      const [record] = await t.db
        .select()
        .from(documentStarts)
        .where(eq(documentStarts.documentId, ok.json().data.id));
      expect(record).toMatchObject({
        consumed: "plan_use",
        acknowledgement: text,
        acknowledgementDate: "02/11/2026",
        acknowledgementUser: "Alice Adviser",
        startedBy: people.ids.alice,
      });
    } finally {
      await t.db
        .update(products)
        .set({ metaData: row?.metaData ?? [] })
        .where(eq(products.id, nda.id));
    }
  });

  it("starts without purchase on Strategist, asks Lite to buy, and checks the wizard's fields", async () => {
    const top = await strategist.post("/api/doc/start", {
      product_id: product("smsf-trust-deed").id,
      name: "Fund deed",
      folder_id: strategistFolder,
    });
    expect(top.statusCode).toBe(200);
    expect(top.json().data.consumed).toBe("full_access");
    const lite = await people.lite.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      name: "NDA",
      folder_id: 1,
    });
    expect(lite.statusCode).not.toBe(200);
    const noName = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      name: "  ",
      folder_id: folderId,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(DOCUMENT_NAME_PROMPT);
    // No folder files it at the top level of My Documents (start.test.ts); a bad one is refused.
    const badFolder = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      name: "NDA",
      folder_id: "abc",
    });
    expect(badFolder.json().message).toBe(FOLDER_REQUIRED);
    // Another firm's folder: nothing created, no use taken.
    const [before] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    const foreign = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      name: "NDA",
      folder_id: strategistFolder,
    });
    expect(foreign.statusCode).toBe(404);
    const [after] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    expect(after?.creditLimit).toBe(before?.creditLimit);
  });
});
