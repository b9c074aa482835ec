import {
  MEMBERSHIP_OF_ANOTHER_USER,
  MembershipUserResponse,
  PLAN_ALREADY_CURRENT,
  PLAN_CHANGE_FORBIDDEN,
  PLAN_EXPIRED_START,
  PLAN_NOT_FOUND,
  type Product,
  ProductListResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  firmClient,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { documents } from "../documents/index.ts";
import { plans, teams } from "../teams/index.ts";
import { users } from "../users/index.ts";
import { planChanges } from "./schema.ts";

let t: TestApp;
let firm: FirmWithPeople;
let nda: Product;
const planIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  firm = await buildFirmWithPeople(t);
  for (const plan of await t.db.select().from(plans)) planIds[plan.slug] = plan.id;
  const list = ProductListResponse.parse((await firm.as.owner.get("/api/products")).json());
  const found = list.data.rows.find((p) => p.template_identifier === "mutual-nda");
  if (!found) throw new Error("mutual-nda missing");
  nda = found;
}, 240_000);
afterAll(async () => t?.close());

const userOf = (client: FirmClient, userId: number) =>
  client.get("/api/membership/user", { user_id: userId });

async function membershipOf(client: FirmClient, userId: number) {
  const reply = await userOf(client, userId);
  expect(reply.statusCode).toBe(200);
  return MembershipUserResponse.parse(reply.json()).data.body;
}

const teamRow = async (teamId: number) => {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  if (!row) throw new Error("no team");
  return row;
};

/** A fresh Best Practice firm with its owner's client (tests that change the plan use their own). */
async function freshFirm(standing: Partial<typeof teams.$inferInsert> = {}) {
  const { teamId, ids, as } = await signedInFirm(t, { members: { member: "member" } });
  if (Object.keys(standing).length > 0) await t.db.update(teams).set(standing).where(eq(teams.id, teamId));
  return { teamId, ownerId: ids.owner, ...as };
}

/** Asks for a change and returns the sandbox billing page's session id. */
async function changeTo(client: FirmClient, slug: string) {
  const reply = await client.post("/api/membership/change", { plan_id: planIds[slug] });
  expect(reply.statusCode).toBe(200);
  const url: string = reply.json().data.url;
  expect(url).toMatch(/^\/billing\/[\w-]{20,64}$/);
  return url.slice("/billing/".length);
}

const confirm = (id: string) =>
  t.app.inject({
    method: "POST",
    url: `/billing/${id}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });

describe("GET /api/membership/user", () => {
  it("gives each member their firm's plan and the three plans' cards from the spec's §9", async () => {
    for (const [role, client] of Object.entries(firm.as)) {
      const userId = firm.ids[role as keyof typeof firm.ids];
      const body = await membershipOf(client, userId);
      expect(body.plan).toMatchObject({ name: "Best Practice", slug: "best-practice", status: "active" });
      expect(body.plan.show_video).toBe(false);
      expect(body.abilities.change).toBe(role === "owner" || role === "manager");
      const bySlug = Object.fromEntries(body.plans.map((p) => [p.slug, p]));
      expect(bySlug.strategist).toMatchObject({
        name: "Strategist",
        price: 79_500,
        duration: "month",
        hasLimit: false,
        limit: null,
        number_of_users: 10,
        payg: false,
        selected: false,
      });
      expect(bySlug["best-practice"]).toMatchObject({
        price: 33_000,
        hasLimit: true,
        limit: 200,
        number_of_users: 5,
        selected: true,
      });
      expect(bySlug["ly-basic"]).toMatchObject({ name: "Lite", payg: true, number_of_users: 1, length: "" });
      expect(bySlug.strategist?.plan_includes).toMatch(/^<ul><li>Unlimited documents<\/li>/);
    }
  });

  it("answers only for the caller's own user id", async () => {
    const reply = await userOf(firm.as.manager, firm.ids.owner);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(MEMBERSHIP_OF_ANOTHER_USER);
  });

  it("another firm's owner gets 404", async () => {
    expect((await userOf(firm.outsider, firm.ids.otherOwner)).statusCode).toBe(404);
  });

  it("a Lite firm is shown its introduction video", async () => {
    const body = await membershipOf(firm.lite, firm.ids.otherOwner);
    expect(body.plan).toMatchObject({ slug: "ly-basic", show_video: true, start_date: null, end_date: null });
  });

  it("bad input is refused with the field named", async () => {
    const reply = await firm.as.owner.get("/api/membership/user", { user_id: "me" });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.errors[0].field).toBe("user_id");
  });
});

describe("POST /api/membership/change", () => {
  it("gives the owner and the manager a billing page, and refuses a member (nothing recorded)", async () => {
    const f = await freshFirm();
    const manager = await t.addMember(f.teamId, "manager");
    const managerClient = firmClient(t, await signIn(t, manager.email), f.teamId);
    await changeTo(f.owner, "strategist");
    await changeTo(managerClient, "strategist");
    const refused = await f.member.post("/api/membership/change", { plan_id: planIds.strategist });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PLAN_CHANGE_FORBIDDEN);
    expect(await t.db.select().from(planChanges).where(eq(planChanges.teamId, f.teamId))).toHaveLength(2);
    // Asking changes nothing about the firm.
    expect(await teamRow(f.teamId)).toMatchObject({ planId: planIds["best-practice"], planStatus: "active" });
  });

  it("another firm gets 404 and nothing is recorded", async () => {
    const before = await t.db.select().from(planChanges).where(eq(planChanges.teamId, firm.teamId));
    const reply = await firm.outsider.post("/api/membership/change", { plan_id: planIds.strategist });
    expect(reply.statusCode).toBe(404);
    expect(await t.db.select().from(planChanges).where(eq(planChanges.teamId, firm.teamId))).toEqual(before);
  });

  it("refuses a plan that does not exist, the plan in force, and a missing plan_id", async () => {
    const f = await freshFirm();
    const unknown = await f.owner.post("/api/membership/change", { plan_id: 99_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PLAN_NOT_FOUND);
    const current = await f.owner.post("/api/membership/change", { plan_id: planIds["best-practice"] });
    expect(current.statusCode).toBe(409);
    expect(current.json().message).toBe(PLAN_ALREADY_CURRENT);
    const missing = await f.owner.post("/api/membership/change", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe("plan_id");
    expect(await t.db.select().from(planChanges).where(eq(planChanges.teamId, f.teamId))).toHaveLength(0);
  });
});

describe("the sandbox billing page /billing/{change}", () => {
  it("shows the change; Confirm puts the firm on the plan from today for a month", async () => {
    const f = await freshFirm({ usedCredit: 20, creditLimit: 180 });
    const id = await changeTo(f.owner, "strategist");
    const page = await t.app.inject({ method: "GET", url: `/billing/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Change to Strategist");
    expect(page.body).toContain("$795.00 AUD per month");
    expect(page.body).toContain(">Confirm</button>");

    const done = await confirm(id);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/my-account/my-company?membership=changed");
    // The test clock reads 2 November 2026 in Sydney.
    expect(await teamRow(f.teamId)).toMatchObject({
      planId: planIds.strategist,
      planStatus: "active",
      planStartDate: "2026-11-02",
      planEndDate: "2026-12-02",
      creditLimit: null,
      usedCredit: 0,
    });
    const body = await membershipOf(f.owner, f.ownerId);
    expect(body.plan).toMatchObject({ slug: "strategist", status: "active", end_date: "2026-12-02" });
    expect(body.plans.find((p) => p.selected)?.slug).toBe("strategist");
    // The page now says it is done, and a second Confirm changes nothing.
    expect((await t.app.inject({ method: "GET", url: `/billing/${id}` })).body).toContain("is applied");
    expect((await confirm(id)).statusCode).toBe(409);
  });

  it("Cancel returns to the company page and changes nothing", async () => {
    const f = await freshFirm();
    const id = await changeTo(f.owner, "strategist");
    const cancelled = await t.app.inject({ method: "POST", url: `/billing/${id}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe("/my-account/my-company?membership=cancelled");
    expect((await confirm(id)).statusCode).toBe(409);
    expect(await teamRow(f.teamId)).toMatchObject({ planId: planIds["best-practice"], planStatus: "active" });
  });

  it("an unknown session is 404", async () => {
    expect((await t.app.inject({ method: "GET", url: `/billing/${"x".repeat(32)}` })).statusCode).toBe(404);
    expect((await confirm("y".repeat(32))).statusCode).toBe(404);
  });

  it("renews an expired plan exactly once under 8 concurrent confirms: credits back to 200 once", async () => {
    const f = await freshFirm({
      planStatus: "expired",
      planEndDate: "2026-10-01",
      creditLimit: 0,
      usedCredit: 200,
    });
    expect((await membershipOf(f.owner, f.ownerId)).plan.status).toBe("expired");
    // Renewing the current, expired plan is allowed (the modal's 'Renew now!').
    const id = await changeTo(f.owner, "best-practice");
    const replies = await Promise.all(Array.from({ length: 8 }, () => confirm(id)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([303, 409, 409, 409, 409, 409, 409, 409]);
    expect(await teamRow(f.teamId)).toMatchObject({
      planStatus: "active",
      planStartDate: "2026-11-02",
      planEndDate: "2026-12-02",
      creditLimit: 200,
      usedCredit: 0,
    });
    // A use spent after the renewal is not given back by a late confirm.
    const folder = await t.buildFolder({ teamId: f.teamId, createdBy: f.ownerId });
    const started = await f.owner.post("/api/doc/start", {
      product_id: nda.id,
      name: "NDA",
      folder_id: folder.id,
    });
    expect(started.statusCode).toBe(200);
    expect((await confirm(id)).statusCode).toBe(409);
    expect(await teamRow(f.teamId)).toMatchObject({ creditLimit: 199, usedCredit: 1 });
  });
});

describe("a plan's end date", () => {
  it("reads expired once the last day has passed; the scheduled job then marks it; renewal works", async () => {
    const f = await freshFirm();
    const id = await changeTo(f.owner, "strategist");
    expect((await confirm(id)).statusCode).toBe(303);
    const folder = await t.buildFolder({ teamId: f.teamId, createdBy: f.ownerId });
    const start = () =>
      f.owner.post("/api/doc/start", { product_id: nda.id, name: "NDA", folder_id: folder.id });
    expect((await start()).statusCode).toBe(200);

    // 1 am on 3 December in Sydney: the plan's last day (2 December) has passed.
    t.clock.advance(new Date("2026-12-02T14:00:00Z").getTime() - t.clock.now().getTime());
    // A month later the sessions have ended: sign in again.
    const owner = firmClient(t, await signIn(t, await emailOf(f.ownerId)), f.teamId);
    expect((await membershipOf(owner, f.ownerId)).plan.status).toBe("expired");
    expect((await teamRow(f.teamId)).planStatus).toBe("active");

    // An expired plan does not start documents it would give, and nothing changes.
    const before = await t.db.select().from(documents).where(eq(documents.teamId, f.teamId));
    const refused = await owner.post("/api/doc/start", {
      product_id: nda.id,
      name: "NDA",
      folder_id: folder.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PLAN_EXPIRED_START);
    expect(await t.db.select().from(documents).where(eq(documents.teamId, f.teamId))).toHaveLength(
      before.length,
    );

    const ran = await t.services.jobs.runDue();
    // Each firm changed above has its expiry job; every one that was due ran.
    const expiries = ran.filter((r) => r.name === "membership.expire");
    expect(expiries.length).toBeGreaterThan(0);
    expect(expiries.every((r) => r.outcome === "done")).toBe(true);
    expect((await teamRow(f.teamId)).planStatus).toBe("expired");

    const renewal = await changeTo(owner, "strategist");
    expect((await confirm(renewal)).statusCode).toBe(303);
    expect(await teamRow(f.teamId)).toMatchObject({
      planStatus: "active",
      planStartDate: "2026-12-03",
      planEndDate: "2027-01-03",
    });
    expect(
      (await owner.post("/api/doc/start", { product_id: nda.id, name: "NDA", folder_id: folder.id }))
        .statusCode,
    ).toBe(200);
  });
});

async function emailOf(userId: number) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? "";
}
