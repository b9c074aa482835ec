import {
  CREDITS_COVER,
  CREDITS_ON_HOLD,
  CREDITS_PLAN_ENDED,
  CreditPackagesResponse,
  CreditStatusResponse,
  OrderResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { orders } from "../orders/index.ts";
import { teams } from "../teams/index.ts";

/**
 * Issue 33 item 7: a Best Practice firm whose plan has ended was shown 'Get more' and sold credits
 * that the start refuses to spend. The purchase is refused on the server, and the status says why.
 */
let t: TestApp;
let firm: SignedInFirm<"manager" | "member">;
let packageId: number;

const billing = { first_name: "Leo", last_name: "Lapsed", email: "leo@lapsed.test" };
const order = (client: SignedInFirm["as"]["owner"]) =>
  client.post("/api/orders", {
    line_items: [{ product_id: packageId, quantity: 1 }],
    billing,
    set_paid: false,
  });
const status = async (client: SignedInFirm["as"]["owner"]) =>
  CreditStatusResponse.parse((await client.get("/api/credits/status")).json()).data.credit;
const setPlanEnd = (planEndDate: string | null) =>
  t.db.update(teams).set({ planEndDate }).where(eq(teams.id, firm.teamId));

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  firm = await signedInFirm(t, {
    planSlug: "best-practice",
    members: { manager: "manager", member: "member" },
  });
  await t.db.update(teams).set({ creditLimit: 12, usedCredit: 188 }).where(eq(teams.id, firm.teamId));
  const packages = CreditPackagesResponse.parse(
    (await firm.as.owner.get("/api/credits/packages")).json(),
  ).data;
  packageId = packages.packages[0]?.id ?? 0;
}, 240_000);
afterAll(async () => t?.close());

describe("credits of a firm whose plan has ended", () => {
  it("refuses the package's purchase to owner and manager (409), creating no order", async () => {
    await setPlanEnd("2020-06-30");
    const before = (await t.db.select().from(orders)).length;
    for (const client of [firm.as.owner, firm.as.manager]) {
      const reply = await order(client);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(CREDITS_PLAN_ENDED);
    }
    expect(await t.db.select().from(orders)).toHaveLength(before);
  });

  it("says the credits are on hold and why 'Get more' is gone, to buyers only", async () => {
    await setPlanEnd("2020-06-30");
    const owner = await status(firm.as.owner);
    expect(owner).toMatchObject({ shown: true, remaining: 12, spendable: false, note: CREDITS_ON_HOLD });
    expect(owner.abilities).toEqual({ buy: false, view_logs: true, buy_refused: CREDITS_PLAN_ENDED });
    const member = await status(firm.as.member);
    expect(member.abilities).toEqual({ buy: false, view_logs: false, buy_refused: null });
  });

  it("refuses the checkout step of an order made while the plan ran", async () => {
    await setPlanEnd(null);
    const reply = await order(firm.as.owner);
    expect(reply.statusCode).toBe(200);
    const made = OrderResponse.parse(reply.json()).data;
    await setPlanEnd("2020-06-30");
    const update = await firm.as.owner.get("/api/order/update", { id_order: made.id });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe(CREDITS_PLAN_ENDED);
  });

  it("sells again, and says what credits cover, once the plan is in force", async () => {
    await setPlanEnd("2999-06-30");
    const owner = await status(firm.as.owner);
    expect(owner).toMatchObject({ spendable: true, note: CREDITS_COVER });
    expect(owner.abilities).toEqual({ buy: true, view_logs: true, buy_refused: null });
    expect((await order(firm.as.owner)).statusCode).toBe(200);
  });
});
