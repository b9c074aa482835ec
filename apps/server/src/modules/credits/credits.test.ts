import {
  CANNOT_GET_COMPANY_ID,
  CANNOT_USE_PRODUCT,
  CREDIT_LOGS_REFUSED,
  CREDIT_ORDER_PRODUCT_MISMATCH,
  CREDITS_BUY_REFUSED,
  CREDITS_PLAN_REQUIRED,
  CreditPackagesResponse,
  CreditStatusResponse,
  ORDER_IN_PROGRESS,
  ORDER_PAYMENT_ERROR,
  OrderCapResponse,
  OrderResponse,
  ProductListResponse,
  UpdateCapResponse,
  UsedCapResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { orders } from "../orders/index.ts";
import { teams } from "../teams/index.ts";
import { creditPurchases, creditUsages } from "./schema.ts";

let t: TestApp;
let people: FirmWithPeople;
let packages: { id: number; name: string; regular_price: number; cap_qty: number }[];
let ndaId: number;
let folderId: number;
let aliceFolderId: number;
let strategist: FirmClient;

const billing = { first_name: "Olive", last_name: "Owner", email: "olive@firm.test" };

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  packages = CreditPackagesResponse.parse((await people.as.owner.get("/api/credits/packages")).json()).data
    .packages;
  const list = ProductListResponse.parse((await people.as.owner.get("/api/products")).json());
  ndaId = list.data.rows.find((p) => p.template_identifier === "mutual-nda")?.id ?? 0;
  folderId = (await t.buildFolder({ teamId: people.teamId, createdBy: people.ids.owner })).id;
  aliceFolderId = (await t.buildFolder({ teamId: people.teamId, createdBy: people.ids.alice })).id;
  strategist = (await signedInFirm(t, { planSlug: "strategist" })).as.owner;
}, 240_000);
afterAll(async () => t?.close());

const pack = (credits: number) => {
  const found = packages.find((p) => p.cap_qty === credits);
  if (!found) throw new Error(`no package of ${credits}`);
  return found;
};

const creditOrder = (client: FirmClient, productId: number) =>
  client.post("/api/orders", {
    line_items: [{ product_id: productId, quantity: 1 }],
    billing,
    set_paid: false,
  });

async function newCreditOrder(client: FirmClient, credits: number) {
  const reply = await creditOrder(client, pack(credits).id);
  expect(reply.statusCode).toBe(200);
  return OrderResponse.parse(reply.json()).data;
}

async function checkoutUrl(client: FirmClient, orderId: number) {
  const reply = await client.post("/api/stripe/checkout", {
    order_id: orderId,
    success_url: `/my-account/my-company?order_id=${orderId}`,
    error_url: `/my-account/my-company?order_id=${orderId}&error=1`,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.url as string;
}

/** The sandbox provider's confirmation: the card form posted to the checkout page. */
const payAt = (url: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card_number: "4242424242424242", expiry: "12/30", cvc: "123" }).toString(),
  });

async function balance() {
  const [team] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
  return team?.creditLimit;
}

const purchasesOf = (orderId: number) =>
  t.db.select().from(creditPurchases).where(eq(creditPurchases.orderId, orderId));

describe("GET /api/credits/packages", () => {
  it("lists the Cap Category's packages with their credits, cheapest first, and never in the catalogue", async () => {
    expect(packages.map((p) => p.cap_qty)).toEqual([10, 25, 50, 100]);
    expect(packages.map((p) => p.regular_price)).toEqual([22000, 50000, 90000, 165000]);
    const catalogue = ProductListResponse.parse((await people.as.owner.get("/api/products")).json());
    const shown = new Set(catalogue.data.rows.map((p) => p.id));
    expect(packages.some((p) => shown.has(p.id))).toBe(false);
  });

  it("answers 'Cannot get company id' without id_team, and 404 to another firm", async () => {
    const token = await signIn(t, (await t.buildUser()).email);
    const bare = await t.app.inject({
      method: "GET",
      url: "/api/credits/packages",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(CANNOT_GET_COMPANY_ID);
    expect((await people.outsider.get("/api/credits/packages")).statusCode).toBe(404);
  });
});

describe("GET /api/credits/status", () => {
  it("shows the badge on Best Practice, with what each role may do", async () => {
    const owner = CreditStatusResponse.parse((await people.as.owner.get("/api/credits/status")).json()).data;
    expect(owner.credit).toMatchObject({
      shown: true,
      remaining: 200,
      used: 0,
      total: 200,
      low: false,
      abilities: { buy: true, view_logs: true },
    });
    const manager = CreditStatusResponse.parse((await people.as.manager.get("/api/credits/status")).json());
    expect(manager.data.credit.abilities).toEqual({ buy: true, view_logs: true, buy_refused: null });
    const member = CreditStatusResponse.parse((await people.as.alice.get("/api/credits/status")).json());
    expect(member.data.credit).toMatchObject({ shown: true, abilities: { buy: false, view_logs: false } });
  });

  it("hides it on the other plans, and is low at 10 or fewer", async () => {
    const other = CreditStatusResponse.parse((await strategist.get("/api/credits/status")).json()).data;
    expect(other.credit).toMatchObject({ shown: false, remaining: null, total: null });
    const lite = CreditStatusResponse.parse((await people.lite.get("/api/credits/status")).json()).data;
    expect(lite.credit.shown).toBe(false);
    await t.db.update(teams).set({ creditLimit: 10 }).where(eq(teams.id, people.teamId));
    const low = CreditStatusResponse.parse((await people.as.owner.get("/api/credits/status")).json()).data;
    expect(low.credit).toMatchObject({ remaining: 10, low: true });
    await t.db.update(teams).set({ creditLimit: 200 }).where(eq(teams.id, people.teamId));
    expect((await people.outsider.get("/api/credits/status")).statusCode).toBe(404);
  });
});

describe("POST /api/orders (a credit package)", () => {
  it("lets owners and managers order a package, unpaid, at the server's price", async () => {
    for (const client of [people.as.owner, people.as.manager]) {
      const order = await newCreditOrder(client, 25);
      expect(order).toMatchObject({ status: "unpaid", total: 50000 });
      expect(order.line_items[0]?.product_id).toBe(pack(25).id);
    }
  });

  it("refuses members (403) and firms not on Best Practice (409), creating nothing", async () => {
    const before = (await t.db.select().from(orders)).length;
    const member = await creditOrder(people.as.alice, pack(10).id);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(CREDITS_BUY_REFUSED);
    const lite = await creditOrder(people.lite, pack(10).id);
    expect(lite.statusCode).toBe(409);
    expect(lite.json().message).toBe(CREDITS_PLAN_REQUIRED);
    expect((await creditOrder(strategist, pack(10).id)).json().message).toBe(CREDITS_PLAN_REQUIRED);
    expect((await creditOrder(people.outsider, pack(10).id)).statusCode).toBe(404);
    expect(await t.db.select().from(orders)).toHaveLength(before);
  });
});

describe("GET /api/order/update", () => {
  it("confirms the caller's unpaid credit order, and refuses everything else", async () => {
    const order = await newCreditOrder(people.as.owner, 10);
    const ok = await people.as.owner.get("/api/order/update", { id_order: order.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ code: 200, order_id: order.id });
    // Another person's order (even the manager's) and another firm: 404; a member: 403.
    expect((await people.as.manager.get("/api/order/update", { id_order: order.id })).statusCode).toBe(404);
    expect((await people.outsider.get("/api/order/update", { id_order: order.id })).statusCode).toBe(404);
    const member = await people.as.alice.get("/api/order/update", { id_order: order.id });
    expect(member.statusCode).toBe(403);
    // A template order is not a credit order.
    const template = OrderResponse.parse(
      (
        await people.as.owner.post("/api/orders", {
          line_items: [{ product_id: ndaId, quantity: 1 }],
          billing,
        })
      ).json(),
    ).data;
    const refused = await people.as.owner.get("/api/order/update", { id_order: template.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CANNOT_USE_PRODUCT);
  });
});

describe("POST /api/team/update-cap", () => {
  it("adds the package's credits once the order is paid, and answers the return without adding again", async () => {
    const start = await balance();
    const order = await newCreditOrder(people.as.manager, 25);
    const url = await checkoutUrl(people.as.manager, order.id);

    const early = await people.as.manager.post("/api/team/update-cap", {
      id_order: order.id,
      id_product: pack(25).id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ORDER_IN_PROGRESS);
    expect(await balance()).toBe(start);

    const paid = await payAt(url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/my-account/my-company?order_id=${order.id}`);
    // The payment's confirmation added the credit (a buyer who never returns still has it).
    expect(await balance()).toBe((start ?? 0) + 25);

    const back = UpdateCapResponse.parse(
      (
        await people.as.manager.post("/api/team/update-cap", { id_order: order.id, id_product: pack(25).id })
      ).json(),
    ).data;
    expect(back.result).toEqual({
      order_id: order.id,
      cap_qty: 25,
      limit: (start ?? 0) + 25,
      applied_now: false,
    });
    expect(await balance()).toBe((start ?? 0) + 25);
    const [record] = await purchasesOf(order.id);
    expect(record).toMatchObject({
      teamId: people.teamId,
      userId: people.ids.manager,
      packageName: "25 Credits",
      capQty: 25,
      amountCents: 50000,
      totalCents: 50000,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("used");
  });

  it("adds credit to a firm with no balance yet on top of what is left of its allowance", async () => {
    await t.db.update(teams).set({ creditLimit: null, usedCredit: 150 }).where(eq(teams.id, people.teamId));
    const order = await newCreditOrder(people.as.owner, 10);
    await payAt(await checkoutUrl(people.as.owner, order.id));
    expect(await balance()).toBe(60);
    await t.db.update(teams).set({ creditLimit: 200, usedCredit: 0 }).where(eq(teams.id, people.teamId));
  });

  it("refuses members, other firms, a product that is not the order's and a paid order with no package", async () => {
    const order = await newCreditOrder(people.as.owner, 10);
    const member = await people.as.alice.post("/api/team/update-cap", { id_order: order.id });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(CREDITS_BUY_REFUSED);
    expect((await people.outsider.post("/api/team/update-cap", { id_order: order.id })).statusCode).toBe(404);
    expect((await people.as.owner.post("/api/team/update-cap", { id_order: 999_999 })).statusCode).toBe(404);
    const mismatch = await people.as.owner.post("/api/team/update-cap", {
      id_order: order.id,
      id_product: pack(100).id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(CREDIT_ORDER_PRODUCT_MISMATCH);

    const template = OrderResponse.parse(
      (
        await people.as.owner.post("/api/orders", {
          line_items: [{ product_id: ndaId, quantity: 1 }],
          billing,
        })
      ).json(),
    ).data;
    await payAt(await checkoutUrl(people.as.owner, template.id));
    const before = await balance();
    const noPackage = await people.as.owner.post("/api/team/update-cap", { id_order: template.id });
    expect(noPackage.statusCode).toBe(409);
    expect(noPackage.json().message).toBe(ORDER_PAYMENT_ERROR);
    expect(await balance()).toBe(before);
    // The template order is still the buyer's to start a document from.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, template.id));
    expect(row?.status).toBe("paid");

    const noId = await people.as.owner.post("/api/team/update-cap", {});
    expect(noId.statusCode).toBe(400);
  });

  it("adds the credit exactly once when payments and returns race", async () => {
    const start = (await balance()) ?? 0;
    const order = await newCreditOrder(people.as.owner, 50);
    const url = await checkoutUrl(people.as.owner, order.id);
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => payAt(url)),
      ...Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? people.as.owner : people.as.manager).post("/api/team/update-cap", {
          id_order: order.id,
          id_product: pack(50).id,
        }),
      ),
    ]);
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
    expect(replies.slice(0, 4).filter((r) => r.statusCode === 303)).toHaveLength(1);
    expect(await balance()).toBe(start + 50);
    expect(await purchasesOf(order.id)).toHaveLength(1);
    // Whoever came back after the payment was told what was added; none added it again.
    for (const reply of replies.slice(4).filter((r) => r.statusCode === 200)) {
      expect(UpdateCapResponse.parse(reply.json()).data.result).toMatchObject({
        cap_qty: 50,
        applied_now: false,
      });
    }
  }, 60_000);

  it("adds a paid order's credit once when only returns race (no credit at payment)", async () => {
    const start = (await balance()) ?? 0;
    const order = await newCreditOrder(people.as.owner, 100);
    // Paid as an earlier release recorded payments: the order paid, its credits not yet added.
    await t.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, order.id));
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? people.as.owner : people.as.manager).post("/api/team/update-cap", {
          id_order: order.id,
          id_product: pack(100).id,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const applied = replies.map((r) => UpdateCapResponse.parse(r.json()).data.result.applied_now);
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await balance()).toBe(start + 100);
    expect(await purchasesOf(order.id)).toHaveLength(1);
  }, 60_000);
});

describe("GET /api/team/used-cap", () => {
  it("records each plan use where it is taken, and lists them by day, newest first", async () => {
    const first = await people.as.alice.post("/api/doc/start", {
      product_id: ndaId,
      name: "NDA one",
      folder_id: aliceFolderId,
    });
    expect(first.statusCode).toBe(200);
    // The first use a day earlier (moving the clock would end the sessions).
    await t.db
      .update(creditUsages)
      .set({ createdAt: new Date(t.clock.now().getTime() - 24 * 3600_000) })
      .where(eq(creditUsages.teamId, people.teamId));
    const second = await people.as.owner.post("/api/doc/start", {
      product_id: ndaId,
      name: "NDA two",
      folder_id: folderId,
    });
    expect(second.statusCode).toBe(200);
    const rows = UsedCapResponse.parse((await people.as.owner.get("/api/team/used-cap")).json()).data.rows;
    expect(rows.map((r) => [r.doc_id, r.used, r.id_user])).toEqual([
      [String(second.json().data.id), 1, people.ids.owner],
      [String(first.json().data.id), 1, people.ids.alice],
    ]);
    expect(rows[0]?.user_name).toBeTruthy();

    const day = (iso: string | undefined) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date(iso ?? ""));
    const firstDay = day(rows[1]?.created_at);
    const onlyFirst = UsedCapResponse.parse(
      (await people.as.manager.get("/api/team/used-cap", { from: firstDay, to: firstDay })).json(),
    ).data.rows;
    expect(onlyFirst.map((r) => r.id)).toEqual([rows[1]?.id]);
    const ascending = UsedCapResponse.parse(
      (await people.as.owner.get("/api/team/used-cap", { sort_by: "created_at", sort: "asc" })).json(),
    ).data.rows;
    expect(ascending.map((r) => r.id)).toEqual([rows[1]?.id, rows[0]?.id]);
    expect(await t.db.select().from(creditUsages).where(eq(creditUsages.teamId, people.teamId))).toHaveLength(
      2,
    );
  });

  it("is for owners and managers of the firm only, with a company id and real dates", async () => {
    const member = await people.as.bob.get("/api/team/used-cap");
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(CREDIT_LOGS_REFUSED);
    expect((await people.outsider.get("/api/team/used-cap")).statusCode).toBe(404);
    expect((await people.as.owner.get("/api/team/used-cap", { from: "2026-13-45" })).statusCode).toBe(400);
    expect((await people.as.owner.get("/api/team/used-cap", { sort_by: "nonsense" })).statusCode).toBe(400);
    const token = await signIn(t, (await t.buildUser()).email);
    const bare = await t.app.inject({
      method: "GET",
      url: "/api/team/used-cap",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bare.json().message).toBe(CANNOT_GET_COMPANY_ID);
  });
});

describe("GET /api/team/order-cap", () => {
  it("lists the firm's purchases with package, amount, credits and buyer, sortable", async () => {
    const rows = OrderCapResponse.parse((await people.as.owner.get("/api/team/order-cap")).json()).data.rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.find((r) => r.package === "25 Credits")).toMatchObject({
      cap_qty: 25,
      amount: 50000,
      total: 50000,
      id_user: people.ids.manager,
    });
    const byPackage = OrderCapResponse.parse(
      (await people.as.manager.get("/api/team/order-cap", { sort_by: "package", sort: "asc" })).json(),
    ).data.rows.map((r) => r.package);
    expect(byPackage).toEqual([...byPackage].sort((a, b) => a.localeCompare(b, "en-AU")));
    const none = OrderCapResponse.parse(
      (await people.as.owner.get("/api/team/order-cap", { from: "2020-01-01", to: "2020-12-31" })).json(),
    ).data.rows;
    expect(none).toEqual([]);
  });

  it("is for owners and managers of the firm only", async () => {
    expect((await people.as.alice.get("/api/team/order-cap")).statusCode).toBe(403);
    expect((await people.outsider.get("/api/team/order-cap")).statusCode).toBe(404);
    const other = OrderCapResponse.parse((await people.lite.get("/api/team/order-cap")).json()).data.rows;
    expect(other).toEqual([]);
  });
});
