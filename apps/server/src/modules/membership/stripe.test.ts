import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
import { plans, teams } from "../teams/index.ts";
import { planChanges, planSubscriptions } from "./schema.ts";

/**
 * The Stripe billing adapter against a local fake of exactly the Stripe endpoints it calls
 * (POST /v1/checkout/sessions in subscription mode, POST /v1/billing_portal/sessions), and
 * subscription webhooks signed as Stripe signs them.
 */
const WEBHOOK_SECRET = "whsec_billing_secret";
let fake: Server;
const checkouts: Record<string, string>[] = [];
const portals: Record<string, string>[] = [];
let t: Pick<TestApp, "app" | "db" | "services"> & { close(): Promise<void> };
let factories: ReturnType<typeof createFactories>;
const planIds: Record<string, number> = {};
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
      const form = Object.fromEntries(new URLSearchParams(body));
      if (req.method !== "POST" || req.headers.authorization !== "Bearer sk_test_fake") {
        reply(404, { error: { message: "not faked" } });
      } else if (req.url === "/v1/checkout/sessions" && form.mode === "subscription") {
        checkouts.push(form);
        const id = `cs_test_sub_${checkouts.length}`;
        reply(200, {
          id,
          object: "checkout.session",
          mode: "subscription",
          url: `https://checkout.stripe.test/${id}`,
        });
      } else if (req.url === "/v1/billing_portal/sessions") {
        portals.push(form);
        const id = `bps_test_${portals.length}`;
        reply(200, {
          id,
          object: "billing_portal.session",
          url: `https://billing.stripe.test/session/${id}`,
        });
      } else {
        reply(404, { error: { message: "not faked" } });
      }
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
    STRIPE_WEBHOOK_SECRET: "whsec_payments_secret",
    STRIPE_BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
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
  factories = createFactories(database.db);
  for (const plan of await database.db.select().from(plans)) planIds[plan.slug] = plan.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  fake?.close();
});

const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/membership/stripe-webhook",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

// The test clock reads 2 November 2026, 10 am in Sydney.
const NOV_2 = Date.parse("2026-11-01T23:00:00Z") / 1000;
const DEC_2 = Date.parse("2026-12-01T23:00:00Z") / 1000;
const JAN_2 = Date.parse("2027-01-01T23:00:00Z") / 1000;

const subscriptionEvent = (
  id: string,
  type: string,
  input: { teamId: number; slug: string; status?: string; start?: number; end?: number; changeId?: string },
) => ({
  id,
  object: "event",
  type,
  data: {
    object: {
      id: `sub_${input.teamId}`,
      object: "subscription",
      customer: `cus_${input.teamId}`,
      status: input.status ?? "active",
      metadata: {
        team_id: String(input.teamId),
        plan_slug: input.slug,
        ...(input.changeId ? { change_id: input.changeId } : {}),
      },
      ended_at: null,
      canceled_at: null,
      items: {
        object: "list",
        data: [
          {
            id: `si_${input.teamId}`,
            object: "subscription_item",
            current_period_start: input.start ?? NOV_2,
            current_period_end: input.end ?? DEC_2,
            price: { id: "price_adhoc", object: "price", lookup_key: null, metadata: {} },
          },
        ],
      },
    },
  },
});

const invoicePaid = (id: string, teamId: number, start: number, end: number) => ({
  id,
  object: "event",
  type: "invoice.paid",
  data: {
    object: {
      id: `in_${id}`,
      object: "invoice",
      customer: `cus_${teamId}`,
      status: "paid",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: `sub_${teamId}`, metadata: {} },
      },
      lines: { object: "list", data: [{ id: "il_1", object: "line_item", period: { start, end } }] },
    },
  },
});

async function newFirm() {
  const { team, owner } = await factories.buildTeam({ planSlug: "ly-basic" });
  return {
    teamId: team.id,
    owner: firmClient(t as TestApp, await signIn(t as TestApp, owner.email), team.id),
  };
}

const teamRow = async (teamId: number) => {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  if (!row) throw new Error("no team");
  return row;
};

const change = (client: FirmClient, slug: string) =>
  client.post("/api/membership/change", { plan_id: planIds[slug] });

describe("POST /api/membership/change with Stripe", () => {
  it("opens Checkout in subscription mode for the plan's price; the firm changes only by a signed event", async () => {
    const firm = await newFirm();
    const reply = await change(firm.owner, "strategist");
    expect(reply.statusCode).toBe(200);
    const sent = checkouts[checkouts.length - 1];
    expect(reply.json().data.url).toBe(`https://checkout.stripe.test/cs_test_sub_${checkouts.length}`);
    expect(sent).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "aud",
      "line_items[0][price_data][unit_amount]": "79500",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][team_id]": String(firm.teamId),
      "subscription_data[metadata][plan_slug]": "strategist",
    });
    expect(sent?.success_url).toMatch(/\/my-account\/my-company\?membership=changed$/);
    const [recorded] = await t.db.select().from(planChanges).where(eq(planChanges.teamId, firm.teamId));
    expect(recorded).toMatchObject({
      provider: "stripe",
      status: "open",
      externalId: `cs_test_sub_${checkouts.length}`,
    });
    const changeId = recorded?.id ?? "";
    expect(sent?.["subscription_data[metadata][change_id]"]).toBe(changeId);

    // The browser's return proves nothing; a forged or missing signature is refused and changes nothing.
    const created = subscriptionEvent("evt_created", "customer.subscription.created", {
      teamId: firm.teamId,
      slug: "strategist",
      changeId,
    });
    expect((await webhook(created, "whsec_wrong")).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/membership/stripe-webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(created),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await teamRow(firm.teamId)).toMatchObject({ planId: planIds["ly-basic"], planEndDate: null });
    expect(
      await t.db.select().from(planSubscriptions).where(eq(planSubscriptions.teamId, firm.teamId)),
    ).toEqual([]);

    const ok = await webhook(created);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.applied).toBe(true);
    expect(await teamRow(firm.teamId)).toMatchObject({
      planId: planIds.strategist,
      planStatus: "active",
      planStartDate: "2026-11-02",
      planEndDate: "2026-12-02",
    });
    const [applied] = await t.db.select().from(planChanges).where(eq(planChanges.id, changeId));
    expect(applied?.status).toBe("applied");
    // A replay changes nothing.
    expect((await webhook(created)).json().data.applied).toBe(false);

    // A subscriber changes plan in Stripe's customer portal.
    const portal = await change(firm.owner, "best-practice");
    expect(portal.statusCode).toBe(200);
    expect(portal.json().data.url).toBe(`https://billing.stripe.test/session/bps_test_${portals.length}`);
    expect(portals[portals.length - 1]).toMatchObject({ customer: `cus_${firm.teamId}` });
    expect(portals[portals.length - 1]?.return_url).toMatch(/\/my-account\/my-company\?membership=changed$/);
  });

  it("applies a period once under duplicate deliveries; a renewal resets the plan's credits once", async () => {
    const firm = await newFirm();
    const created = subscriptionEvent("evt_bp_created", "customer.subscription.created", {
      teamId: firm.teamId,
      slug: "best-practice",
    });
    const replies = await Promise.all(Array.from({ length: 6 }, () => webhook(created)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(replies.filter((r) => r.json().data.applied)).toHaveLength(1);
    expect(await teamRow(firm.teamId)).toMatchObject({
      planId: planIds["best-practice"],
      creditLimit: 200,
      usedCredit: 0,
    });

    // Uses spent; the first invoice of the same period (delivered after) gives nothing back.
    await t.db.update(teams).set({ creditLimit: 150, usedCredit: 50 }).where(eq(teams.id, firm.teamId));
    const firstInvoice = invoicePaid("evt_inv_1", firm.teamId, NOV_2, DEC_2);
    const invoices = await Promise.all(Array.from({ length: 4 }, () => webhook(firstInvoice)));
    expect(invoices.filter((r) => r.json().data.applied)).toHaveLength(1);
    expect(await teamRow(firm.teamId)).toMatchObject({
      creditLimit: 150,
      usedCredit: 50,
      planEndDate: "2026-12-02",
    });

    // The next month's invoice: a new period, the allowance starts again, once.
    const renewal = invoicePaid("evt_inv_2", firm.teamId, DEC_2, JAN_2);
    expect((await webhook(renewal)).json().data.applied).toBe(true);
    expect((await webhook(renewal)).json().data.applied).toBe(false);
    expect(await teamRow(firm.teamId)).toMatchObject({
      planStatus: "active",
      planStartDate: "2026-12-02",
      planEndDate: "2027-01-02",
      creditLimit: 200,
      usedCredit: 0,
    });
    // The subscription.updated that Stripe sends for the same renewal resets nothing more.
    await t.db.update(teams).set({ creditLimit: 199, usedCredit: 1 }).where(eq(teams.id, firm.teamId));
    const updated = subscriptionEvent("evt_bp_updated", "customer.subscription.updated", {
      teamId: firm.teamId,
      slug: "best-practice",
      start: DEC_2,
      end: JAN_2,
    });
    expect((await webhook(updated)).json().data.applied).toBe(true);
    expect(await teamRow(firm.teamId)).toMatchObject({ creditLimit: 199, usedCredit: 1 });

    // The subscription ends: the plan is expired, and the next change goes to Checkout again.
    const deleted = subscriptionEvent("evt_bp_deleted", "customer.subscription.deleted", {
      teamId: firm.teamId,
      slug: "best-practice",
      status: "canceled",
    });
    expect((await webhook(deleted)).json().data.applied).toBe(true);
    expect((await teamRow(firm.teamId)).planStatus).toBe("expired");
    const renew = await change(firm.owner, "best-practice");
    expect(renew.statusCode).toBe(200);
    expect(renew.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(checkouts[checkouts.length - 1]).toMatchObject({ customer: `cus_${firm.teamId}` });
  });

  it("moves a firm without a subscription to pay-as-you-go at once: nothing to pay", async () => {
    const { team, owner } = await factories.buildTeam({ planSlug: "best-practice" });
    await t.db
      .update(teams)
      .set({ planStatus: "expired", planEndDate: "2026-10-01" })
      .where(eq(teams.id, team.id));
    const client = firmClient(t as TestApp, await signIn(t as TestApp, owner.email), team.id);
    const before = checkouts.length;
    const reply = await change(client, "ly-basic");
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.url).toBe("/my-account/my-company?membership=changed");
    expect(checkouts).toHaveLength(before);
    expect(await teamRow(team.id)).toMatchObject({
      planId: planIds["ly-basic"],
      planStatus: "active",
      planStartDate: "2026-11-02",
      planEndDate: null,
      creditLimit: null,
    });
  });

  it("ignores events of no interest and answers them 200", async () => {
    const reply = await webhook({
      id: "evt_other",
      object: "event",
      type: "charge.succeeded",
      data: { object: {} },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.applied).toBe(false);
  });
});
