import {
  CONSOLE_MESSAGES,
  CONSOLE_MONEY_MESSAGES,
  CreditPackagesResponse,
  MoneyOrderPage,
  MoneyOrderResponse,
  OrderResponse,
  ProductListResponse,
  refundTooLarge,
  type StaffRole,
  TakingsResponse,
} from "@precedent/contracts";
import { readPdf } from "@precedent/docgen/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { orderRefunds, orders } from "../orders/index.ts";
import { teams } from "../teams/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

let t: TestApp;
let people: FirmWithPeople;
let ndaId: number;
let packageOf5: number;
const as = {} as Record<StaffRole, ConsoleClient>;
const REASON = "Bought by mistake, customer asked";
const billing = {
  first_name: "Olive",
  last_name: "Owner",
  email: "olive.money@firm.test",
  company: "Olive Advice",
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  await t.db.update(teams).set({ name: "Banksia Money Advisers" }).where(eq(teams.id, people.teamId));
  const list = ProductListResponse.parse((await people.as.owner.get("/api/products")).json());
  ndaId = list.data.rows.find((p) => p.template_identifier === "mutual-nda")?.id ?? 0;
  const packs = CreditPackagesResponse.parse((await people.as.owner.get("/api/credits/packages")).json()).data
    .packages;
  packageOf5 = packs.find((p) => p.cap_qty === 5)?.id ?? packs[0]?.id ?? 0;
  for (const role of ["administrator", "support", "content_editor", "fulfilment"] as const) {
    as[role] = await signInStaff(t, (await buildStaff(t, role)).email);
  }
}, 240_000);
afterAll(async () => t?.close());

/** An order of `productId` paid through the sandbox's card page. */
async function paidOrder(client: FirmClient, productId: number) {
  const created = await client.post("/api/orders", {
    line_items: [{ product_id: productId, quantity: 1 }],
    billing,
  });
  expect(created.statusCode, created.body).toBe(200);
  const order = OrderResponse.parse(created.json()).data;
  const url = (await client.post("/api/stripe/checkout", { order_id: order.id })).json().data.url as string;
  const paid = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card_number: "4242424242424242", expiry: "12/30", cvc: "123" }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  return order;
}

const detail = async (id: number) =>
  MoneyOrderResponse.parse((await as.support.get(`/api/console/money/orders/${id}`)).json()).data;
const refund = (client: ConsoleClient, id: number, amount: number, refundedBefore = 0, reason = REASON) =>
  client.post(`/api/console/money/orders/${id}/refund`, { amount, reason, refunded_before: refundedBefore });
const refundedOf = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.refundedCents;

describe("who may use the money area", () => {
  it("refuses content editors, fulfilment staff and a firm's own people every call, changing nothing", async () => {
    const order = await paidOrder(people.lite, ndaId);
    const base = `/api/console/money/orders/${order.id}`;
    const calls = (c: {
      get: (u: string) => Promise<{ statusCode: number }>;
      post: (u: string, p: object) => Promise<{ statusCode: number }>;
    }) => [
      c.get("/api/console/money/orders"),
      c.get(base),
      c.post(`${base}/refund`, { amount: 100, reason: REASON, refunded_before: 0 }),
      c.post(`${base}/invoice`, {}),
      c.get(`/api/console/money/takings?day=${sydneyDay(t.clock.now())}`),
    ];
    for (const role of ["content_editor", "fulfilment"] as const) {
      for (const res of await Promise.all(calls(as[role]))) {
        expect(res.statusCode).toBe(403);
        expect((res as unknown as { json: () => { message: string } }).json().message).toBe(
          CONSOLE_MESSAGES.refused,
        );
      }
    }
    for (const res of await Promise.all(calls(people.as.owner))) expect(res.statusCode).toBe(401);
    expect(await refundedOf(order.id)).toBe(0);
    const abilities = (await as.support.get("/api/console/session")).json().data.abilities;
    expect(abilities.money).toBe(true);
    expect((await as.fulfilment.get("/api/console/session")).json().data.abilities.money).toBe(false);
  });
});

describe("orders across firms", () => {
  it("finds orders by firm name, order number and customer email, with status and Sydney days", async () => {
    const order = await paidOrder(people.lite, ndaId);
    const search = async (query: string) =>
      MoneyOrderPage.parse((await as.support.get(`/api/console/money/orders?${query}`)).json()).data;
    const liteFirm = (await search(`q=INV-${String(order.id).padStart(6, "0")}`)).rows;
    expect(liteFirm.map((r) => r.id)).toEqual([order.id]);
    expect(liteFirm[0]).toMatchObject({
      status: "paid",
      total: 8800,
      refunded: 0,
      customer_email: billing.email,
    });
    expect((await search(`q=${order.id}`)).rows.map((r) => r.id)).toContain(order.id);
    expect((await search("q=olive.money")).rows.map((r) => r.id)).toContain(order.id);
    const mine = await paidOrder(people.as.owner, ndaId);
    expect((await search("q=Banksia%20Money")).rows.map((r) => r.id)).toEqual([mine.id]);
    const today = sydneyDay(t.clock.now());
    expect((await search(`status=paid&from=${today}&to=${today}`)).rows.map((r) => r.id).slice(0, 2)).toEqual(
      [mine.id, order.id],
    );
    expect((await search("status=unpaid&from=2001-01-01&to=2001-01-02")).rows).toEqual([]);
    const bad = await as.support.get("/api/console/money/orders?from=2026-02-30");
    expect(bad.statusCode).toBe(400);
    const view = await detail(order.id);
    expect(view).toMatchObject({
      total_tax: 800,
      refundable: 8800,
      abilities: { refund: true, resend_invoice: true },
    });
    expect(view.payments).toMatchObject([{ provider: "sandbox", status: "paid", amount: 8800 }]);
    expect((await as.support.get("/api/console/money/orders/999999")).statusCode).toBe(404);
  });
});

describe("refunds", () => {
  it("refunds part then the rest, never more than paid, each audited with before and after", async () => {
    const order = await paidOrder(people.lite, ndaId);
    const noReason = await refund(as.support, order.id, 100, 0, "");
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await refund(as.support, order.id, 8801);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(refundTooLarge(8800));
    const part = await refund(as.support, order.id, 1000);
    expect(part.statusCode, part.body).toBe(200);
    expect(MoneyOrderResponse.parse(part.json()).data).toMatchObject({ refunded: 1000, refundable: 7800 });
    // The template bought and not started is withdrawn: it can no longer start a document.
    const folder = await t.buildFolder({ teamId: people.otherTeamId, createdBy: people.ids.otherOwner });
    const start = await people.lite.post("/api/doc/start", {
      order_id: order.id,
      name: "NDA",
      folder_id: folder.id,
    });
    expect(start.statusCode).toBe(409);
    const stale = await refund(as.administrator, order.id, 7800, 0);
    expect(stale.json().message).toBe(CONSOLE_MONEY_MESSAGES.changedMeanwhile);
    const rest = await refund(as.administrator, order.id, 7800, 1000);
    expect(rest.statusCode, rest.body).toBe(200);
    const after = MoneyOrderResponse.parse(rest.json()).data;
    expect(after).toMatchObject({ refunded: 8800, refundable: 0, abilities: { refund: false } });
    expect(after.refund_refusal).toBe(CONSOLE_MONEY_MESSAGES.refundedInFull);
    expect(after.refunds.map((r) => [r.amount, r.provider, r.reason])).toEqual([
      [1000, "sandbox", REASON],
      [7800, "sandbox", REASON],
    ]);
    // The buyer's tax invoice names the firm's billing details and carries each refund as an adjustment note.
    await t.db
      .update(teams)
      .set({
        companyRegistrationNo: "51824753556",
        billingAddress: {
          unit: "Level 2",
          address_1: "10 Queen",
          address_2: "",
          street_type: "Street",
          city: "Melbourne",
          state: "VIC",
          postcode: "3000",
          country: "AU",
        },
      })
      .where(eq(teams.id, people.otherTeamId));
    const invoice = await people.lite.get(`/api/orders/${order.id}/invoice`);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
    const pdf = readPdf(new Uint8Array(invoice.rawPayload)).pages.join("\n").replace(/\s+/g, " ");
    expect(pdf).toContain("Elsewhere Pty Ltd ABN 51 824 753 556 Level 2 10 Queen Street Melbourne VIC 3000");
    const number = `INV-${String(order.id).padStart(6, "0")}`;
    expect(pdf).toContain(`Adjustment note ${number}-A${after.refunds[0]?.id}`);
    expect(pdf).toContain("Refund −$10.00");
    expect(pdf).toContain("Refund −$78.00");
    expect(pdf).toContain("GST adjustment (included in the refund) −$7.09");
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, `order:${order.id}`));
    expect(
      audit.map((a) => [
        a.action,
        (a.before as { refunded: number }).refunded,
        (a.after as { refunded: number }).refunded,
      ]),
    ).toEqual([
      ["order.refunded", 0, 1000],
      ["order.refunded", 1000, 8800],
    ]);
  });

  it("refunds an order once when refunds of it race: one 200, the others 409, never more than paid", async () => {
    const order = await paidOrder(people.lite, ndaId);
    const replies = await Promise.all([
      ...Array.from({ length: 3 }, () => refund(as.support, order.id, 8800)),
      ...Array.from({ length: 3 }, () => refund(as.administrator, order.id, 5000)),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(await refundedOf(order.id)).toBe(rows[0]?.amountCents);
  });

  it("takes back a credit package's credits with its refund, and refuses when some are spent", async () => {
    const [before] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    const order = await paidOrder(people.as.owner, packageOf5);
    const [bought] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    const credits = (bought?.creditLimit ?? 0) - (before?.creditLimit ?? 0);
    expect(credits).toBeGreaterThan(0);
    const ok = await refund(as.support, order.id, 500);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(MoneyOrderResponse.parse(ok.json()).data.refunds[0]?.credits_taken_back).toBe(credits);
    const [after] = await t.db.select().from(teams).where(eq(teams.id, people.teamId));
    expect(after?.creditLimit).toBe((bought?.creditLimit ?? 0) - credits);
    // Another package, whose credits are then spent: its refund is refused and nothing changes.
    const second = await paidOrder(people.as.owner, packageOf5);
    await t.db.update(teams).set({ creditLimit: 0 }).where(eq(teams.id, people.teamId));
    const refused = await refund(as.support, second.id, 500);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONSOLE_MONEY_MESSAGES.creditsSpent);
    expect(await refundedOf(second.id)).toBe(0);
    expect((await t.db.select().from(teams).where(eq(teams.id, people.teamId)))[0]?.creditLimit).toBe(0);
  });

  it("refuses an unpaid order", async () => {
    const created = await people.lite.post("/api/orders", {
      line_items: [{ product_id: ndaId, quantity: 1 }],
      billing,
    });
    const id = OrderResponse.parse(created.json()).data.id;
    const res = await refund(as.support, id, 100);
    expect(res.json().message).toBe(CONSOLE_MONEY_MESSAGES.notPaid);
    expect((await as.support.post(`/api/console/money/orders/${id}/invoice`, {})).statusCode).toBe(409);
  });
});

describe("invoices and takings", () => {
  it("mails the tax invoice again to the billing e-mail through the mail queue", async () => {
    const order = await paidOrder(people.lite, ndaId);
    const res = await as.support.post(`/api/console/money/orders/${order.id}/invoice`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent_to).toBe(billing.email);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, billing.email));
    const number = `INV-${String(order.id).padStart(6, "0")}`;
    expect(mails.filter((m) => m.subject.includes(number))).toHaveLength(2);
  });

  it("adds up a Sydney day: paid orders, gross, GST, refunds and net", async () => {
    const day = sydneyDay(t.clock.now());
    const read = async () =>
      TakingsResponse.parse((await as.support.get(`/api/console/money/takings?day=${day}`)).json()).data;
    const before = await read();
    const order = await paidOrder(people.lite, ndaId);
    await refund(as.support, order.id, 300);
    const after = await read();
    expect(after.paid_orders - before.paid_orders).toBe(1);
    expect(after.gross - before.gross).toBe(8800);
    expect(after.gst - before.gst).toBe(800);
    expect(after.refunds - before.refunds).toBe(300);
    expect(after.net).toBe(after.gross - after.refunds);
    expect((await as.support.get("/api/console/money/takings?day=2026-13-01")).statusCode).toBe(400);
  });
});
