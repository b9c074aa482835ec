import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OrderResponse } from "@precedent/contracts";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { ensurePlans } from "../../demo/seed.ts";
import { createServices } from "../../services.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createFactories, firmClient, signIn, type TestApp, TestClock } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/seed.ts";
import { couponUses } from "../coupons/schema.ts";
import { mailOutbox } from "../mail/schema.ts";

/**
 * The Stripe Checkout adapter against a local fake of the one Stripe endpoint it calls
 * (POST /v1/checkout/sessions), and webhooks signed as Stripe signs them.
 */
const WEBHOOK_SECRET = "whsec_test_secret";
let fake: Server;
const created: Record<string, string>[] = [];
let t: Pick<TestApp, "app" | "db" | "services"> & { close(): Promise<void> };
let client: ReturnType<typeof firmClient>;
let productId: number;
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
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
  const services = createServices({ db: database.db, clock: new TestClock().now, config });
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
  await ensureCatalogue(database.db, services.templates.list());
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
