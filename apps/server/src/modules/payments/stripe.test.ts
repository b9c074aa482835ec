import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CONSOLE_MONEY_MESSAGES, COUPON_USAGE_LIMIT_REACHED, OrderResponse } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { STRIPE_CHECKOUT_OPEN_MS } from "../../constants.ts";
import { DEMO_STAFF, loadDemoStaff } from "../../demo/console-staff.ts";
import { DEMO_PASSWORD, ensurePlans } from "../../demo/seed.ts";
import { createServices } from "../../services.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createFactories, firmClient, signIn, type TestApp, TestClock } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { CONSOLE_COOKIE } from "../console/index.ts";
import { coupons, couponUses } from "../coupons/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { orders } from "../orders/index.ts";
import { TOTP_PERIOD_MS } from "../two-factor/index.ts";
import { checkoutSessions } from "./schema.ts";
import { ORDER_PAID_TWICE, PAYMENT_IN_PROGRESS, PAYMENT_REFUNDED } from "./service.ts";

/**
 * The Stripe Checkout adapter against a local fake of exactly the Stripe endpoints it calls
 * (POST /v1/checkout/sessions, POST /v1/checkout/sessions/{id}/expire, POST /v1/refunds), and
 * webhooks signed as Stripe signs them.
 */
const WEBHOOK_SECRET = "whsec_test_secret";
let fake: Server;
const created: Record<string, string>[] = [];
/** Sessions expired at the fake Stripe, and those it refuses to expire (being paid). */
const expired = new Set<string>();
const completing = new Set<string>();
/** Refunds asked of the fake, with the idempotency key each came with. */
const refunds: (Record<string, string> & { idempotencyKey: string })[] = [];
/** A payment the fake refuses to refund (as Stripe does a disputed charge). */
const REFUSED_INTENT = "pi_disputed";
let t: Pick<TestApp, "app" | "db" | "services"> & { close(): Promise<void> };
let client: ReturnType<typeof firmClient>;
let productId: number;
const clock = new TestClock();
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const reply = (status: number, json: object) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? "");
      if (req.method === "POST" && req.headers.authorization === "Bearer sk_test_fake" && expiring) {
        const id = decodeURIComponent(expiring[1] ?? "");
        if (completing.has(id) || expired.has(id)) {
          reply(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status of open can be expired.`,
            },
          });
          return;
        }
        expired.add(id);
        reply(200, { id, object: "checkout.session", status: "expired", payment_status: "unpaid" });
        return;
      }
      if (
        req.method === "POST" &&
        req.headers.authorization === "Bearer sk_test_fake" &&
        req.url === "/v1/refunds"
      ) {
        const form = Object.fromEntries(new URLSearchParams(body));
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        if (form.payment_intent === REFUSED_INTENT) {
          reply(400, { error: { type: "invalid_request_error", message: "Charge has been disputed." } });
          return;
        }
        if (!refunds.some((r) => r.idempotencyKey === idempotencyKey))
          refunds.push({ ...form, idempotencyKey });
        reply(200, {
          id: `re_${refunds.length}`,
          object: "refund",
          status: "succeeded",
          payment_intent: form.payment_intent,
        });
        return;
      }
      if (
        req.method !== "POST" ||
        req.url !== "/v1/checkout/sessions" ||
        req.headers.authorization !== "Bearer sk_test_fake"
      ) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not faked" } }));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      created.push(form);
      const id = `cs_test_${created.length}`;
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/pay/${id}`,
          payment_status: "unpaid",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const port = (fake.address() as AddressInfo).port;

  const database = await openTestDatabase();
  await database.migrate(ensurePlans);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  const services = createServices({ db: database.db, clock: clock.now, config });
  const app = await buildApp({ services, config });
  t = {
    app,
    db: database.db,
    services,
    async close() {
      await app.close();
      await database.close();
    },
  };
  await ensureCatalogue(database.db, services.templates.starters());
  const factories = createFactories(database.db);
  const { team, owner } = await factories.buildTeam({ planSlug: "ly-basic" });
  client = firmClient(t as TestApp, await signIn(t as TestApp, owner.email), team.id);
  const list = await client.get("/api/products", { search: "non-disclosure" });
  productId = list.json().data.rows[0].id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  fake?.close();
});

const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const completed = (id: string, sessionId: string) => ({
  id,
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid" } },
});

describe("Stripe Checkout", () => {
  it("creates a Checkout session for the server's total and completes only by a signed webhook", async () => {
    await t.services.coupons.create({ code: "HALF", amount: 50, discountType: "percent", usageLimit: 5 });
    const order = OrderResponse.parse(
      (
        await client.post("/api/orders", {
          line_items: [{ product_id: productId, quantity: 1 }],
          coupon_lines: [{ code: "half" }],
          billing: { first_name: "Lee", last_name: "Lite", email: "lee@lite.test" },
        })
      ).json(),
    ).data;
    const checkout = await client.post("/api/stripe/checkout", { order_id: order.id, price: 1 });
    expect(checkout.statusCode).toBe(200);
    const sessionId = `cs_test_${created.length}`;
    expect(checkout.json().data.url).toBe(`https://checkout.stripe.test/pay/${sessionId}`);
    const sent = created[created.length - 1];
    expect(sent?.["line_items[0][price_data][unit_amount]"]).toBe(String(order.total));
    expect(sent?.["line_items[0][price_data][currency]"]).toBe("aud");
    expect(sent?.success_url).toMatch(new RegExp(`/my-account/my-document\\?order_id=${order.id}$`));

    // The browser's return proves nothing: still unpaid.
    expect(OrderResponse.parse((await client.get(`/api/orders/${order.id}`)).json()).data.status).toBe(
      "unpaid",
    );

    // A forged signature is refused and changes nothing.
    const forged = await webhook(completed("evt_forged", sessionId), "whsec_wrong");
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(completed("evt_unsigned", sessionId)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(OrderResponse.parse((await client.get(`/api/orders/${order.id}`)).json()).data.status).toBe(
      "unpaid",
    );

    const ok = await webhook(completed("evt_1", sessionId));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.applied).toBe(true);
    expect(OrderResponse.parse((await client.get(`/api/orders/${order.id}`)).json()).data.status).toBe(
      "paid",
    );

    // A replay changes nothing: one coupon use, one invoice.
    const replay = await webhook(completed("evt_1", sessionId));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.applied).toBe(false);
    expect(await t.db.select().from(couponUses)).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
  });
});

const newOrder = async (codes: string[] = []) =>
  OrderResponse.parse(
    (
      await client.post("/api/orders", {
        line_items: [{ product_id: productId, quantity: 1 }],
        coupon_lines: codes.map((code) => ({ code })),
        billing: { first_name: "Lee", last_name: "Lite", email: "lee@lite.test" },
      })
    ).json(),
  ).data;

const sessionIdOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

const paidEvent = (id: string, sessionId: string, paymentIntent: string) => ({
  id,
  object: "event",
  type: "checkout.session.completed",
  data: {
    object: {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      payment_intent: paymentIntent,
    },
  },
});

async function sessionsOf(orderId: number) {
  return t.db.select().from(checkoutSessions).where(eq(checkoutSessions.orderId, orderId));
}

// Issue 13, money: 40 sessions opened for one order were all paid, and a limit-1 coupon paid 40
// of 40 orders. One open session per order; a payment that cannot be honoured is refunded.
describe("Stripe Checkout keeps one payment per order", () => {
  it("expires the order's older session before opening another, also when asked 8 times at once", async () => {
    const order = await newOrder();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.post("/api/stripe/checkout", { order_id: order.id })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const sessions = await sessionsOf(order.id);
    expect(sessions).toHaveLength(8);
    const open = sessions.filter((row) => row.status === "open");
    expect(open).toHaveLength(1);
    // Every other session was expired at Stripe, so it can no longer be paid.
    for (const row of sessions.filter((r) => r.status !== "open")) {
      expect(row.status).toBe("cancelled");
      expect(expired.has(row.externalId ?? "")).toBe(true);
    }
    expect(expired.has(open[0]?.externalId ?? "")).toBe(false);
  });

  it("opens no second session while Stripe is completing the first", async () => {
    const order = await newOrder();
    const first = await client.post("/api/stripe/checkout", { order_id: order.id });
    completing.add(sessionIdOf(first.json().data.url));
    const second = await client.post("/api/stripe/checkout", { order_id: order.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAYMENT_IN_PROGRESS);
    expect((await sessionsOf(order.id)).map((r) => r.status)).toEqual(["open"]);
  });

  it("refunds a second payment for an order already paid, once however often Stripe reports it", async () => {
    const order = await newOrder();
    const first = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: order.id })).json().data.url,
    );
    completing.add(first);
    // A session Stripe completed before it could be expired, e.g. a second tab paid at once.
    const [row] = await sessionsOf(order.id);
    const second = `cs_late_${order.id}`;
    await t.db.insert(checkoutSessions).values({
      ...(row as typeof checkoutSessions.$inferInsert),
      id: `late-${order.id}`,
      externalId: second,
    });

    expect((await webhook(paidEvent(`evt_a_${order.id}`, first, "pi_first"))).statusCode).toBe(200);
    const invoicesBefore = (await t.db.select().from(mailOutbox)).length;
    const late = await webhook(paidEvent(`evt_b_${order.id}`, second, "pi_second"));
    expect(late.statusCode).toBe(200);
    // Stripe may deliver the same event again, or a new event for the same session.
    await webhook(paidEvent(`evt_b_${order.id}`, second, "pi_second"));
    await webhook(paidEvent(`evt_c_${order.id}`, second, "pi_second"));

    const forSecond = refunds.filter((r) => r.payment_intent === "pi_second");
    expect(forSecond).toHaveLength(1);
    expect(refunds.some((r) => r.payment_intent === "pi_first")).toBe(false);
    const sessions = await sessionsOf(order.id);
    expect(sessions.find((r) => r.externalId === second)).toMatchObject({
      status: "refunded",
      refundReason: ORDER_PAID_TWICE,
    });
    expect(OrderResponse.parse((await client.get(`/api/orders/${order.id}`)).json()).data.status).toBe(
      "paid",
    );
    expect((await t.db.select().from(mailOutbox)).length).toBe(invoicesBefore);
  });

  // Issue 31: two orders with a coupon's last use could both open a payment; Stripe charged the
  // second, and it was refunded. The first open payment now holds the use.
  it("holds a coupon's last use for the first open payment: a second is refused before any charge", async () => {
    await t.services.coupons.create({ code: "ONCE", amount: 10, discountType: "percent", usageLimit: 1 });
    const a = await newOrder(["once"]);
    const b = await newOrder(["once"]);
    const opened = created.length;
    const sessionA = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: a.id })).json().data.url,
    );
    expect(Number(created.at(-1)?.expires_at)).toBe(
      Math.floor((clock.now().getTime() + STRIPE_CHECKOUT_OPEN_MS) / 1000),
    );
    const whileOpen = await client.post("/api/stripe/checkout", { order_id: b.id });
    expect(whileOpen.statusCode).toBe(409);
    expect(whileOpen.json().message).toBe(COUPON_USAGE_LIMIT_REACHED);
    expect(created.length).toBe(opened + 1);
    // The holder itself may open its payment again.
    const again = await client.post("/api/stripe/checkout", { order_id: a.id });
    expect(again.statusCode).toBe(200);

    expect(
      (await webhook(paidEvent("evt_once_a", sessionIdOf(again.json().data.url), "pi_once_a"))).statusCode,
    ).toBe(200);
    const afterPaid = await client.post("/api/stripe/checkout", { order_id: b.id });
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().message).toBe(COUPON_USAGE_LIMIT_REACHED);
    expect(refunds.filter((r) => r.payment_intent === "pi_once_a")).toHaveLength(0);
    const [couponRow] = await t.db.select().from(coupons).where(eq(coupons.code, "ONCE"));
    expect(couponRow?.usageCount).toBe(1);
    expect((await sessionsOf(a.id)).find((r) => r.externalId === sessionA)?.status).toBe("cancelled");
  });

  it("releases the hold when the payment expires, and refunds a payment the limit refuses at confirmation", async () => {
    await t.services.coupons.create({ code: "LAPSE", amount: 10, discountType: "percent", usageLimit: 1 });
    const a = await newOrder(["lapse"]);
    const b = await newOrder(["lapse"]);
    const sessionA = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: a.id })).json().data.url,
    );
    expect((await client.post("/api/stripe/checkout", { order_id: b.id })).statusCode).toBe(409);
    // A's session expires at Stripe, which says so: B may pay.
    const expiry = {
      id: "evt_lapse_a_expired",
      object: "event",
      type: "checkout.session.expired",
      data: { object: { id: sessionA, object: "checkout.session", payment_status: "unpaid" } },
    };
    expect((await webhook(expiry)).statusCode).toBe(200);
    const sessionB = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: b.id })).json().data.url,
    );
    expect((await webhook(paidEvent("evt_lapse_b", sessionB, "pi_lapse_b"))).statusCode).toBe(200);

    // Were A's expired session paid all the same, the limit still holds: the money goes back.
    expect((await webhook(paidEvent("evt_lapse_a", sessionA, "pi_lapse_a"))).statusCode).toBe(200);
    expect(refunds.filter((r) => r.payment_intent === "pi_lapse_a")).toHaveLength(1);
    const [couponRow] = await t.db.select().from(coupons).where(eq(coupons.code, "LAPSE"));
    expect(couponRow?.usageCount).toBe(1);
    const orderA = OrderResponse.parse((await client.get(`/api/orders/${a.id}`)).json()).data;
    expect(orderA.status).toBe("unpaid");
    expect(orderA.payment_status).toBe("declined");
    expect(orderA.declined_reason).toBe(`${COUPON_USAGE_LIMIT_REACHED} ${PAYMENT_REFUNDED}`);
    expect((await sessionsOf(a.id)).find((r) => r.externalId === sessionA)).toMatchObject({
      status: "refunded",
      refundReason: COUPON_USAGE_LIMIT_REACHED,
    });
  });
});

/** The demo support staff member's console session (the published demo authenticator key). */
async function signInDemoSupport() {
  await loadDemoStaff({ db: t.db, clock: clock.now, operatorConsole: t.services.operatorConsole });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/console/login",
    payload: { email: DEMO_STAFF.people[2].email, password: DEMO_PASSWORD },
  });
  const cookie = {
    cookie: `${CONSOLE_COOKIE}=${login.cookies.find((c) => c.name === CONSOLE_COOKIE)?.value}`,
  };
  const totp = new TOTP({
    secret: Secret.fromBase32(DEMO_STAFF.secret),
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
  });
  const code = await t.app.inject({
    method: "POST",
    url: "/api/console/two-factor/code",
    headers: cookie,
    payload: { code: totp.generate({ timestamp: clock.now().getTime() }) },
  });
  expect(code.statusCode, code.body).toBe(200);
  return {
    post: (url: string, payload: object) => t.app.inject({ method: "POST", url, headers: cookie, payload }),
  };
}

describe("a refund from the operator console through Stripe", () => {
  it("asks POST /v1/refunds for the session's payment and amount, with an idempotency key, and keeps nothing when Stripe refuses", async () => {
    const staff = await signInDemoSupport();
    const order = await newOrder();
    const session = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: order.id })).json().data.url,
    );
    expect((await webhook(paidEvent(`evt_console_${order.id}`, session, "pi_console"))).statusCode).toBe(200);
    const refund = (amount: number, refundedBefore: number) =>
      staff.post(`/api/console/money/orders/${order.id}/refund`, {
        amount,
        reason: "Customer bought the wrong template",
        refunded_before: refundedBefore,
      });
    const first = await refund(1000, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(refunds.at(-1)).toMatchObject({
      payment_intent: "pi_console",
      amount: "1000",
      idempotencyKey: `refund-order-${order.id}-0`,
    });
    const rest = await refund(order.total - 1000, 1000);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(refunds.at(-1)).toMatchObject({
      amount: String(order.total - 1000),
      idempotencyKey: `refund-order-${order.id}-1000`,
    });
    expect(rest.json().data.refunds.map((r: { provider: string }) => r.provider)).toEqual([
      "stripe",
      "stripe",
    ]);

    const disputed = await newOrder();
    const other = sessionIdOf(
      (await client.post("/api/stripe/checkout", { order_id: disputed.id })).json().data.url,
    );
    expect((await webhook(paidEvent(`evt_console_${disputed.id}`, other, REFUSED_INTENT))).statusCode).toBe(
      200,
    );
    const refused = await staff.post(`/api/console/money/orders/${disputed.id}/refund`, {
      amount: 500,
      reason: "Customer bought the wrong template",
      refunded_before: 0,
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(CONSOLE_MONEY_MESSAGES.providerFailed);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, disputed.id));
    expect(row?.refundedCents).toBe(0);
  });
});
