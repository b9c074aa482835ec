import {
  COUPON_USAGE_LIMIT_REACHED,
  couponDoesNotExist,
  couponNotForTemplate,
  OrderResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCatalogue } from "../modules/catalogue/index.ts";
import { orders } from "../modules/orders/index.ts";
import { createTestApp, firstFirmClient, type TestApp } from "../test/harness.ts";
import { DEMO_PASSWORD, loadDemoData } from "./seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  await loadDemoData(t.db);
}, 240_000);
afterAll(() => t?.close());

const clientOf = (email: string) => firstFirmClient(t, email, DEMO_PASSWORD);

describe("demo purchases", () => {
  it("gives the Lite firm a paid, an unpaid and a used order", async () => {
    const lite = await clientOf("owner@other.test");
    const rows = await t.db.select({ id: orders.id }).from(orders);
    const states = await Promise.all(
      rows.map(
        async (r) => OrderResponse.parse((await lite.get(`/api/orders/${r.id}`)).json()).data.payment_status,
      ),
    );
    expect(states.sort()).toEqual(["paid", "unpaid", "used"]);
    const [used] = await t.db.select().from(orders).where(eq(orders.status, "used"));
    expect(used?.documentId).not.toBeNull();
  });

  it("has a coupon for each rule", async () => {
    const lite = await clientOf("owner@other.test");
    const products = (await lite.get("/api/products")).json().data.rows as {
      id: number;
      template_identifier: string;
    }[];
    const id = (identifier: string) => products.find((p) => p.template_identifier === identifier)?.id;
    const check = (code: string, identifier: string) =>
      lite.get("/api/coupons", { code, product_id: id(identifier) });
    expect((await check("welcome10", "mutual-nda")).statusCode).toBe(200);
    expect((await check("TRUSTS15", "unit-trust-deed")).statusCode).toBe(200);
    expect((await check("TRUSTS15", "simple-will")).json().message).toBe(couponNotForTemplate("TRUSTS15"));
    expect((await check("NOTWILLS5", "simple-will")).json().message).toBe(couponNotForTemplate("NOTWILLS5"));
    expect((await check("USEDUP", "mutual-nda")).json().message).toBe(COUPON_USAGE_LIMIT_REACHED);
    expect((await check("NOTHING", "mutual-nda")).json().message).toBe(couponDoesNotExist("NOTHING"));
  });

  it("leaves the Last Credit firm one use, and the Strategist firm no limit", async () => {
    const last = await clientOf("owner@lastcredit.test");
    expect((await last.get("/api/membership/products")).json().data.body).toMatchObject({
      hasLimit: true,
      limit: 1,
    });
    const top = await clientOf("owner@strategist.test");
    expect((await top.get("/api/membership/products")).json().data.body).toMatchObject({
      hasLimit: false,
      excluded: [],
    });
  });
  // Seeding assembles every demo document (deeds at market length among them): see signing.test.ts.
}, 180_000);
