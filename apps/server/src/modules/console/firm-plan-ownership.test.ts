import {
  CONSOLE_FIRM_MESSAGES,
  CONSOLE_MESSAGES,
  PLAN_ALREADY_CURRENT,
  type StaffRole,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "../../test/harness.ts";
import { planSubscriptions } from "../membership/index.ts";
import { teamMembers, teams } from "../teams/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/** Issue 37 item 5's last two: staff change a firm's plan and hand its ownership to another of its people. */
let t: TestApp;
let firm: SignedInFirm<"manager" | "alice">;
const as = {} as Record<StaffRole, ConsoleClient>;
const REASON = "The owner asked by phone; identity checked";

beforeAll(async () => {
  t = await createTestApp();
  firm = await signedInFirm(t, {
    name: "Ironbark Accounting Pty Ltd",
    members: { manager: "manager", alice: "member" },
  });
  for (const role of ["administrator", "support", "content_editor", "fulfilment"] as const)
    as[role] = await signInStaff(t, (await buildStaff(t, role)).email);
}, 240_000);
afterAll(async () => t?.close());

const base = () => `/api/console/firms/${firm.teamId}`;
const viewAs = async (role: StaffRole) => (await as[role].get(base())).json().data;
const auditOf = (action: string) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `firm:${firm.teamId}`))
    .then((rows) => rows.filter((r) => r.action === action));
const planIdNamed = async (name: string) => {
  const plan = (await viewAs("administrator")).plans.find((p: { name: string }) => p.name === name);
  if (!plan) throw new Error(`no plan named ${name}`);
  return plan.id as number;
};
const rolesInFirm = async () =>
  Object.fromEntries(
    (
      await t.db
        .select({ userId: teamMembers.userId, role: teamMembers.role })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, firm.teamId))
    ).map((m) => [m.userId, m.role]),
  );

describe("who may change a firm's plan or its owner", () => {
  it("is the administrator alone: support is offered neither and refused both, other staff and firms refused too", async () => {
    const support = await viewAs("support");
    expect(support.abilities.change_plan).toBe(false);
    expect(support.plans).toEqual([]);
    expect(support.people.every((p: { abilities: { make_owner: boolean } }) => !p.abilities.make_owner)).toBe(
      true,
    );
    const admin = await viewAs("administrator");
    expect(admin.abilities.change_plan).toBe(true);
    expect(admin.plans.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Lite", "Best Practice", "Strategist"]),
    );
    // Everyone but the owner may be made owner.
    expect(
      Object.fromEntries(
        admin.people.map((p: { role: string; abilities: { make_owner: boolean } }) => [
          p.role,
          p.abilities.make_owner,
        ]),
      ),
    ).toEqual({ owner: false, manager: true, member: true });

    const strategist = await planIdNamed("Strategist");
    for (const role of ["support", "content_editor", "fulfilment"] as const) {
      const plan = await as[role].post(`${base()}/plan`, { plan_id: strategist, reason: REASON });
      const owner = await as[role].post(`${base()}/people/${firm.ids.alice}/make-owner`, { reason: REASON });
      for (const res of [plan, owner]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(CONSOLE_MESSAGES.refused);
      }
    }
    // A firm's own owner holds no console session.
    const fromFirm = await firm.as.owner.post(`${base()}/plan`, { plan_id: strategist, reason: REASON });
    expect(fromFirm.statusCode).toBe(401);
    expect((await viewAs("administrator")).plan_name).toBe("Best Practice");
    expect(await auditOf("firm.plan_changed")).toEqual([]);
  });
});

describe("changing a firm's plan", () => {
  it("puts the firm on the plan from today with its allowance, records before and after, and refuses what it cannot do", async () => {
    const strategist = await planIdNamed("Strategist");
    const lite = await planIdNamed("Lite");
    const bad = await as.administrator.post(`${base()}/plan`, { plan_id: strategist, reason: "x" });
    expect(bad.statusCode).toBe(400);
    expect(
      (await as.administrator.post(`${base()}/plan`, { plan_id: 999_999, reason: REASON })).statusCode,
    ).toBe(404);
    expect((await viewAs("administrator")).plan_name).toBe("Best Practice");

    const changed = await as.administrator.post(`${base()}/plan`, { plan_id: strategist, reason: REASON });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      plan_name: "Strategist",
      plan_status: "active",
      plan_id: strategist,
    });
    // The firm's people see it on their next request.
    const membership = await firm.as.owner.get(`/api/membership/user?user_id=${firm.ids.owner}`);
    expect(membership.json().data.body.plan).toMatchObject({ name: "Strategist", status: "active" });

    const again = await as.administrator.post(`${base()}/plan`, { plan_id: strategist, reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLAN_ALREADY_CURRENT);
    const [entry] = await auditOf("firm.plan_changed");
    expect(entry?.before).toMatchObject({ plan: "Best Practice" });
    expect(entry?.after).toMatchObject({ plan: "Strategist", status: "active", reason: REASON });

    // A firm paying through a Stripe subscription changes its plan in Stripe, not here.
    await t.db.insert(planSubscriptions).values({
      teamId: firm.teamId,
      customerId: "cus_test_ironbark",
      subscriptionId: "sub_test_ironbark",
      status: "active",
      planId: strategist,
      periodStart: Math.floor(Date.now() / 1000),
      updatedAt: new Date(),
    });
    const subscribed = await as.administrator.post(`${base()}/plan`, { plan_id: lite, reason: REASON });
    expect(subscribed.statusCode).toBe(409);
    expect(subscribed.json().message).toBe(CONSOLE_FIRM_MESSAGES.paysThroughStripe);
    expect((await viewAs("administrator")).plan_name).toBe("Strategist");
    expect(await auditOf("firm.plan_changed")).toHaveLength(1);
    await t.db.delete(planSubscriptions).where(eq(planSubscriptions.teamId, firm.teamId));
  });
});

describe("handing a firm's ownership to another of its people", () => {
  it("makes them owner and the previous owner a manager, audited, and refuses the owner and strangers", async () => {
    const stranger = await t.buildUser();
    const notHere = await as.administrator.post(`${base()}/people/${stranger.id}/make-owner`, {
      reason: REASON,
    });
    expect(notHere.statusCode).toBe(404);
    const owner = await as.administrator.post(`${base()}/people/${firm.ids.owner}/make-owner`, {
      reason: REASON,
    });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe(CONSOLE_FIRM_MESSAGES.alreadyOwner);

    const handed = await as.administrator.post(`${base()}/people/${firm.ids.alice}/make-owner`, {
      reason: REASON,
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().data.owner.id).toBe(firm.ids.alice);
    expect(await rolesInFirm()).toEqual({
      [firm.ids.owner]: "manager",
      [firm.ids.manager]: "manager",
      [firm.ids.alice]: "owner",
    });
    // Sessions go on, each person acting in their new role at once.
    const alice = (await firm.as.alice.get("/api/users/me")).json().data;
    expect(alice.teams.find((team: { id: number }) => team.id === firm.teamId).role).toBe("owner");
    const [entry] = await auditOf("firm.ownership_transferred");
    expect(entry?.before).toMatchObject({ owner_id: firm.ids.owner, new_owner_role: "member" });
    expect(entry?.after).toMatchObject({
      owner_id: firm.ids.alice,
      previous_owner_role: "manager",
      reason: REASON,
    });
  });

  it("leaves exactly one owner, the firm's recorded owner, when two hand-overs arrive at once", async () => {
    const [toManager, toFormerOwner] = await Promise.all([
      as.administrator.post(`${base()}/people/${firm.ids.manager}/make-owner`, { reason: REASON }),
      as.administrator.post(`${base()}/people/${firm.ids.owner}/make-owner`, { reason: REASON }),
    ]);
    expect([toManager?.statusCode, toFormerOwner?.statusCode]).toEqual([200, 200]);
    const roles = await rolesInFirm();
    const owners = Object.entries(roles).filter(([, role]) => role === "owner");
    expect(owners).toHaveLength(1);
    const [recorded] = await t.db
      .select({ ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, firm.teamId));
    expect(String(recorded?.ownerId)).toBe(owners[0]?.[0]);
    expect(Object.values(roles).filter((role) => role === "manager")).toHaveLength(2);
  });
});
