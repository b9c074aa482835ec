import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CreditPackagesResponse, OrderResponse, UpdateCapResponse } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { ensurePlans } from "../../demo/seed.ts";
import { createServices } from "../../services.ts";
import { openTestDatabase } from "../../test/database.ts";
import {
  createFactories,
  type FirmClient,
  firmClient,
  signIn,
  type TestApp,
  TestClock,
} from "../../test/harness.ts";
import { teams } from "../teams/index.ts";
import { creditPurchases } from "./schema.ts";

/**
 * A credit purchase paid through Stripe Checkout: the signed webhook adds the credits in the
 * payment's transaction, so a buyer who never comes back still has them, and the event delivered
 * again and returns to the company page racing it add nothing more. Stripe is a local fake of
 * the one endpoint this path calls (POST /v1/checkout/sessions).
 */
const WEBHOOK_SECRET = "whsec_credit_secret";
let fake: Server;
let sessions = 0;
let t: Pick<TestApp, "app" | "db" | "services"> & { close(): Promise<void> };
let owner: FirmClient;
let manager: FirmClient;
let teamId: number;
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not faked"}}');
        return;
      }
      sessions += 1;
      const id = `cs_credit_${sessions}`;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/${id}` }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const database = await openTestDatabase();
  await database.migrate(ensurePlans);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
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
  const factories = createFactories(database.db);
  const firm = await factories.buildTeam();
  teamId = firm.team.id;
  const second = await factories.addMember(teamId, "manager");
  owner = firmClient(t as TestApp, await signIn(t as TestApp, firm.owner.email), teamId);
  manager = firmClient(t as TestApp, await signIn(t as TestApp, second.email), teamId);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fake?.close();
});

const webhook = (event: object) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
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

async function balance() {
  const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  return team?.creditLimit ?? 0;
}

describe("POST /api/team/update-cap with Stripe Checkout", () => {
  it("adds the credits once from the webhook, however webhooks and returns race", async () => {
    const packages = CreditPackagesResponse.parse((await owner.get("/api/credits/packages")).json()).data
      .packages;
    const ten = packages.find((p) => p.cap_qty === 10);
    if (!ten) throw new Error("no 10-credit package");
    const order = OrderResponse.parse(
      (
        await owner.post("/api/orders", {
          line_items: [{ product_id: ten.id, quantity: 1 }],
          billing: { first_name: "Olive", last_name: "Owner", email: "olive@firm.test" },
        })
      ).json(),
    ).data;
    expect((await owner.get("/api/order/update", { id_order: order.id })).statusCode).toBe(200);
    const checkout = await owner.post("/api/stripe/checkout", {
      order_id: order.id,
      success_url: `/my-account/my-company?order_id=${order.id}`,
      error_url: `/my-account/my-company?order_id=${order.id}&error=1`,
    });
    expect(checkout.statusCode).toBe(200);
    const sessionId = `cs_credit_${sessions}`;
    const start = await balance();

    // The browser is back before Stripe's word: nothing is added yet.
    const early = await owner.post("/api/team/update-cap", { id_order: order.id, id_product: ten.id });
    expect(early.statusCode).toBe(409);
    expect(await balance()).toBe(start);

    const replies = await Promise.all([
      webhook(completed("evt_credit_1", sessionId)),
      webhook(completed("evt_credit_1", sessionId)),
      webhook(completed("evt_credit_1", sessionId)),
      ...Array.from({ length: 5 }, (_, i) =>
        (i % 2 ? owner : manager).post("/api/team/update-cap", { id_order: order.id, id_product: ten.id }),
      ),
    ]);
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
    expect(await balance()).toBe(start + 10);
    expect(
      await t.db.select().from(creditPurchases).where(eq(creditPurchases.orderId, order.id)),
    ).toHaveLength(1);

    // A later return (a reload of the page) says what was bought and adds nothing.
    const later = UpdateCapResponse.parse(
      (await owner.post("/api/team/update-cap", { id_order: order.id, id_product: ten.id })).json(),
    ).data.result;
    expect(later).toEqual({ order_id: order.id, cap_qty: 10, limit: start + 10, applied_now: false });
    expect((await webhook(completed("evt_credit_1", sessionId))).json().data.applied).toBe(false);
    expect(await balance()).toBe(start + 10);
  }, 60_000);
});
