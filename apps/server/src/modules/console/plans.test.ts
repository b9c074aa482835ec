import {
  ConsolePlanResponse,
  ConsolePlansResponse,
  CONSOLE_CATALOGUE_MESSAGES as M,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { firmVersions } from "../teams/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

// Membership plans in the console (issue 37 item 4): administrators change what a plan offers,
// audited, refused when stale or when a price would cross zero; the firms on the plan see the
// change at once, and no other firm's lists move.

let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let editor: ConsoleClient;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
  admin = await signInStaff(t, (await buildStaff(t, "administrator")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
}, 240_000);
afterAll(async () => t?.close());

const plansNow = async () =>
  ConsolePlansResponse.parse(await admin.get("/api/console/catalogue/plans").then((r) => r.json())).data.rows;
const planOf = async (slug: string) => {
  const plan = (await plansNow()).find((p) => p.slug === slug);
  if (!plan) throw new Error(`no plan ${slug}`);
  return plan;
};
const listVersion = async (teamId: number) =>
  (await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, teamId)))[0]?.version ?? 0;

describe("membership plans in the console", () => {
  it("lists each plan with the firms on it", async () => {
    const rows = await plansNow();
    expect(rows.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["ly-basic", "best-practice", "strategist"]),
    );
    expect((await planOf("best-practice")).firms).toBeGreaterThanOrEqual(1);
    expect((await planOf("ly-basic")).firms).toBeGreaterThanOrEqual(1);
  });

  it("changes a plan, audited, and every firm on it sees the change at once", async () => {
    const plan = await planOf("best-practice");
    const ours = await listVersion(people.teamId);
    const lite = await listVersion(people.otherTeamId);
    const res = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version,
      name: "Best Practice Plus",
      price_cents: 35_000,
      document_limit: 250,
      max_users: 6,
      short_description: "250 documents a year for a team of up to 6.",
    });
    expect(res.statusCode).toBe(200);
    const saved = ConsolePlanResponse.parse(res.json()).data;
    expect(saved).toMatchObject({
      name: "Best Practice Plus",
      price_cents: 35_000,
      document_limit: 250,
      max_users: 6,
      version: plan.version + 1,
    });

    // The firm on the plan reads its new terms; its lists moved, the Lite firm's did not.
    const team = (await people.as.owner.get("/api/team/get")).json().data.team;
    expect(team.plan).toMatchObject({
      name: "Best Practice Plus",
      price: 35_000,
      limit: 250,
      number_of_users: 6,
    });
    expect(await listVersion(people.teamId)).toBe(ours + 1);
    expect(await listVersion(people.otherTeamId)).toBe(lite);

    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "plan.changed"), eq(staffAuditLog.target, `plan:${plan.id}`)));
    expect(entry?.before).toMatchObject({
      name: plan.name,
      price_cents: plan.price_cents,
      document_limit: 200,
    });
    expect(entry?.after).toMatchObject({ name: "Best Practice Plus", document_limit: 250, max_users: 6 });
  });

  it("takes 'no limit' and back", async () => {
    const plan = await planOf("best-practice");
    const open = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version,
      document_limit: null,
    });
    expect(open.json().data.document_limit).toBeNull();
    const closed = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version + 1,
      document_limit: 200,
    });
    expect(closed.json().data.document_limit).toBe(200);
  });

  it("refuses an edit made at an older version, and changes nothing", async () => {
    const plan = await planOf("strategist");
    const first = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version,
      max_users: 12,
    });
    expect(first.statusCode).toBe(200);
    const late = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version,
      max_users: 3,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.stalePlan);
    expect((await planOf("strategist")).max_users).toBe(12);
  });

  it("keeps a free plan free and a paid plan paid", async () => {
    const lite = await planOf("ly-basic");
    const paid = await admin.put(`/api/console/catalogue/plans/${lite.id}`, {
      version: lite.version,
      price_cents: 1000,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(M.planFreeOrPaid);
    const strategist = await planOf("strategist");
    const free = await admin.put(`/api/console/catalogue/plans/${strategist.id}`, {
      version: strategist.version,
      price_cents: 0,
    });
    expect(free.statusCode).toBe(409);
    expect((await planOf("ly-basic")).price_cents).toBe(0);
    expect((await planOf("strategist")).price_cents).toBe(strategist.price_cents);
  });

  it("checks every field, and changes nothing on bad input", async () => {
    const plan = await planOf("strategist");
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ price_cents: -1 }, "price_cents"],
      [{ price_cents: 12.5 }, "price_cents"],
      [{ document_limit: 0 }, "document_limit"],
      [{ max_users: 0 }, "max_users"],
      [{ video_url: "javascript:alert(1)" }, "video_url"],
      [{ video_url: "http://plain.example/video.mp4" }, "video_url"],
    ] as const) {
      const res = await admin.put(`/api/console/catalogue/plans/${plan.id}`, {
        version: plan.version,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await planOf("strategist")).toEqual(plan);
    const missing = await admin.put("/api/console/catalogue/plans/999999", {
      version: 1,
      name: "Nobody's plan",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.planNotFound);
  });

  it("is the administrator's alone: a content editor and a firm's session are refused", async () => {
    const plan = await planOf("strategist");
    const asEditor = await editor.put(`/api/console/catalogue/plans/${plan.id}`, {
      version: plan.version,
      name: "Editor's",
    });
    expect(asEditor.statusCode).toBe(403);
    expect((await editor.get("/api/console/catalogue/plans")).statusCode).toBe(403);
    const asFirm = await t.app.inject({
      method: "PUT",
      url: `/api/console/catalogue/plans/${plan.id}`,
      headers: { authorization: `Bearer ${people.as.owner.token}` },
      payload: { version: plan.version, name: "A firm's" },
    });
    expect(asFirm.statusCode).toBe(401);
    expect((await planOf("strategist")).name).toBe(plan.name);
  });
});
