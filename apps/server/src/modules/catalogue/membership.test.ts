import {
  DOCUMENT_LIMIT_REACHED,
  type MembershipProducts,
  MembershipProductsResponse,
  PLAN_EXPIRED_START,
  type Product,
  ProductListResponse,
  PURCHASE_REQUIRED,
  StartDocumentResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  type FirmClient,
  firmClient,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { teams } from "../teams/index.ts";
import { users } from "../users/index.ts";
import { ensureCatalogue } from "./seed.ts";

// Issue 11, item 1: the plan's allowance is decided once on the server. The membership answer
// (what the catalogue shows) and the start check (what the server accepts) must agree for a
// firm at each point of its allowance.

let t: TestApp;
let nda: Product;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  const { as } = await signedInFirm(t);
  const list = ProductListResponse.parse((await as.owner.get("/api/products")).json());
  const found = list.data.rows.find((p) => p.template_identifier === "mutual-nda");
  if (!found) throw new Error("mutual-nda missing");
  nda = found;
}, 240_000);
afterAll(async () => t?.close());

/** A firm on `planSlug` whose balance is set as given (undefined: as created), with a folder. */
async function firmAt(planSlug: string, balance?: { creditLimit: number | null; usedCredit: number }) {
  const { teamId, ids, as } = await signedInFirm(t, { planSlug });
  if (balance) await t.db.update(teams).set(balance).where(eq(teams.id, teamId));
  const folder = await t.buildFolder({ teamId, createdBy: ids.owner });
  return { client: as.owner, teamId, folderId: folder.id };
}

async function membership(client: FirmClient): Promise<MembershipProducts> {
  const reply = await client.get("/api/membership/products");
  expect(reply.statusCode).toBe(200);
  return MembershipProductsResponse.parse(reply.json()).data.body;
}

const start = (client: FirmClient, folderId: number) =>
  client.post("/api/doc/start", { product_id: nda.id, name: "Supplier NDA", folder_id: folderId });

async function documentsOf(teamId: number) {
  return (await t.db.select({ id: documents.id }).from(documents).where(eq(documents.teamId, teamId))).length;
}

describe("the plan's document allowance", () => {
  it("first use: a Best Practice firm that has just joined has its whole allowance and can start", async () => {
    // As owner@newpractice.test: a limited plan and no balance recorded yet.
    const firm = await firmAt("best-practice", { creditLimit: null, usedCredit: 0 });
    const before = await membership(firm.client);
    expect(before).toMatchObject({ hasLimit: true, limit: 200, limit_reached: false });
    expect(before.full_access_categories).toContain(nda.categories[0]?.id);

    const reply = await start(firm.client, firm.folderId);
    expect(reply.statusCode).toBe(200);
    // The start spends a use: the firm is not left on an unlimited plan by accident.
    expect(StartDocumentResponse.parse(reply.json()).data).toMatchObject({
      consumed: "plan_use",
      limit: 199,
    });
    expect(await membership(firm.client)).toMatchObject({ hasLimit: true, limit: 199, limit_reached: false });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, firm.teamId));
    expect(row).toMatchObject({ creditLimit: 199, usedCredit: 1 });
  });

  it("uses left: each start takes one", async () => {
    const firm = await firmAt("best-practice", { creditLimit: 5, usedCredit: 195 });
    expect(await membership(firm.client)).toMatchObject({ limit: 5, limit_reached: false });
    expect(StartDocumentResponse.parse((await start(firm.client, firm.folderId)).json()).data.limit).toBe(4);
    expect(await membership(firm.client)).toMatchObject({ limit: 4, limit_reached: false });
  });

  it("last use (as owner@lastcredit.test): it starts, then the limit is reached and the next is refused", async () => {
    const firm = await firmAt("best-practice", { creditLimit: 1, usedCredit: 199 });
    expect(await membership(firm.client)).toMatchObject({ limit: 1, limit_reached: false });
    const first = await start(firm.client, firm.folderId);
    expect(first.statusCode).toBe(200);
    expect(StartDocumentResponse.parse(first.json()).data.limit).toBe(0);
    expect(await membership(firm.client)).toMatchObject({ hasLimit: true, limit: 0, limit_reached: true });
    const second = await start(firm.client, firm.folderId);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(DOCUMENT_LIMIT_REACHED);
    expect(await documentsOf(firm.teamId)).toBe(1);
  });

  it("none left: the catalogue is told the limit is reached, and a start is refused changing nothing", async () => {
    const firm = await firmAt("best-practice", { creditLimit: 0, usedCredit: 200 });
    expect(await membership(firm.client)).toMatchObject({ hasLimit: true, limit: 0, limit_reached: true });
    const reply = await start(firm.client, firm.folderId);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(DOCUMENT_LIMIT_REACHED);
    expect(await documentsOf(firm.teamId)).toBe(0);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, firm.teamId));
    expect(row).toMatchObject({ creditLimit: 0, usedCredit: 200 });
  });

  it("a limited firm that has used its allowance without a recorded balance has none left", async () => {
    const firm = await firmAt("best-practice", { creditLimit: null, usedCredit: 200 });
    expect(await membership(firm.client)).toMatchObject({ limit: 0, limit_reached: true });
    expect((await start(firm.client, firm.folderId)).statusCode).toBe(403);
  });

  it("unlimited plan: no limit, never reached, and a start spends nothing", async () => {
    const firm = await firmAt("strategist");
    expect(await membership(firm.client)).toMatchObject({
      hasLimit: false,
      limit: null,
      limit_reached: false,
    });
    const reply = await start(firm.client, firm.folderId);
    expect(StartDocumentResponse.parse(reply.json()).data).toMatchObject({
      consumed: "full_access",
      limit: null,
    });
    expect(await membership(firm.client)).toMatchObject({
      hasLimit: false,
      limit: null,
      limit_reached: false,
    });
  });

  it("the team's credit shows the same balance as the membership answer", async () => {
    const firm = await firmAt("best-practice", { creditLimit: null, usedCredit: 0 });
    const team = (await firm.client.get(`/api/team/get`)).json();
    expect(team.data.team).toMatchObject({ hasLimit: 1, limit: 200 });
  });
});

// Issue 13, access: an expired plan kept full access (a firm whose plan had expired in 2020 started
// a full-access deed free). A plan gives its uses and full access only while active and not past
// its last day in Sydney; otherwise the firm buys per document and nothing is spent.
describe("a plan that is not in force", () => {
  /** A Best Practice firm with the given standing; the test clock reads 2 November 2026 in Sydney. */
  async function firmWithPlan(standing: {
    planStatus: "active" | "expired" | "others";
    planEndDate: string | null;
  }) {
    const firm = await firmAt("best-practice", { creditLimit: 5, usedCredit: 0 });
    await t.db.update(teams).set(standing).where(eq(teams.id, firm.teamId));
    return firm;
  }

  async function expectPurchaseOnly(
    firm: Awaited<ReturnType<typeof firmWithPlan>>,
    message: string = PLAN_EXPIRED_START,
  ) {
    const shown = await membership(firm.client);
    expect(shown.plan.in_force).toBe(false);
    expect(shown.full_access_categories).toEqual([]);
    const before = await documentsOf(firm.teamId);
    const reply = await start(firm.client, firm.folderId);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(message);
    expect(await documentsOf(firm.teamId)).toBe(before);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, firm.teamId));
    expect(row).toMatchObject({ creditLimit: 5, usedCredit: 0 });
  }

  it("an expired plan with an end date in 2020 gives no full access and spends no use", async () => {
    await expectPurchaseOnly(await firmWithPlan({ planStatus: "expired", planEndDate: "2020-06-30" }));
  });

  it("an active plan past its end date gives none either, nor does a status other than active", async () => {
    await expectPurchaseOnly(await firmWithPlan({ planStatus: "active", planEndDate: "2026-11-01" }));
    await expectPurchaseOnly(
      await firmWithPlan({ planStatus: "others", planEndDate: null }),
      PURCHASE_REQUIRED,
    );
  });

  it("a plan runs to the end of its last day in Sydney, then stops", async () => {
    const firm = await firmWithPlan({ planStatus: "active", planEndDate: "2026-11-02" });
    expect((await membership(firm.client)).plan.in_force).toBe(true);
    expect((await start(firm.client, firm.folderId)).statusCode).toBe(200);

    // 14:00 UTC on 2 November is 1 am on 3 November in Sydney (daylight time, +11).
    t.clock.advance(new Date("2026-11-02T14:00:00Z").getTime() - t.clock.now().getTime());
    const after = {
      ...firm,
      client: firmClient(t, await signIn(t, (await ownerOf(firm.teamId)).email), firm.teamId),
    };
    expect((await membership(after.client)).plan.in_force).toBe(false);
    const reply = await start(after.client, firm.folderId);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(PLAN_EXPIRED_START);
  });
});

async function ownerOf(teamId: number) {
  const [row] = await t.db
    .select({ email: users.email })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teams.id, teamId));
  if (!row) throw new Error("owner missing");
  return row;
}
