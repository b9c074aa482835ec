import { CONSOLE_FIRM_MESSAGES, CONSOLE_MESSAGES, type StaffRole } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createTestApp,
  type SignedInFirm,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff, TEST_STAFF_SECRET } from "./testing.ts";

let t: TestApp;
let firm: SignedInFirm<"manager" | "alice">;
const as = {} as Record<StaffRole, ConsoleClient>;
const staffIds = {} as Record<StaffRole, number>;
const REASON = "Card payments disputed by the bank";

beforeAll(async () => {
  t = await createTestApp();
  firm = await signedInFirm(t, {
    name: "Wattle Advisory Pty Ltd",
    members: { manager: "manager", alice: "member" },
  });
  for (const role of ["administrator", "support", "content_editor", "fulfilment"] as const) {
    const row = await buildStaff(t, role);
    staffIds[role] = row.id;
    as[role] = await signInStaff(t, row.email);
  }
}, 240_000);
afterAll(async () => t?.close());

const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);
const base = () => `/api/console/firms/${firm.teamId}`;
const tokenSignIn = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/token",
    payload: { email, password: "correct horse battery staple" },
  });

describe("who may use the firms area", () => {
  it("lets administrators and support in, and refuses content editors and fulfilment staff every call", async () => {
    const calls = (c: ConsoleClient) => [
      c.get("/api/console/firms?q=Wattle"),
      c.get(base()),
      c.post(`${base()}/lock`, { reason: REASON }),
      c.post(`${base()}/unlock`, { reason: REASON }),
      c.post(`${base()}/people/${firm.ids.alice}/reset-two-factor`, { reason: REASON }),
      c.post(`${base()}/credits`, { credits: 5, reason: REASON }),
      c.post(`${base()}/plan`, { plan_id: 1, reason: REASON }),
      c.post(`${base()}/people/${firm.ids.alice}/make-owner`, { reason: REASON }),
    ];
    for (const role of ["content_editor", "fulfilment"] as const) {
      for (const res of await Promise.all(calls(as[role]))) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(CONSOLE_MESSAGES.refused);
      }
    }
    const session = (await as.support.get("/api/console/session")).json().data;
    expect(session.abilities).toMatchObject({ firms: true, staff: false });
    expect((await as.content_editor.get("/api/console/session")).json().data.abilities.firms).toBe(false);
    // Nothing changed: the firm is not locked and nobody's entry was written.
    expect(await auditOf(`firm:${firm.teamId}`)).toEqual([]);
  });

  it("refuses support staff a grant of credits (administrators only), and offers them none", async () => {
    const view = (await as.support.get(base())).json().data;
    expect(view.abilities).toEqual({ lock: true, unlock: false, grant_credits: false, change_plan: false });
    const grant = await as.support.post(`${base()}/credits`, { credits: 5, reason: REASON });
    expect(grant.statusCode).toBe(403);
    expect((await as.administrator.get(base())).json().data.abilities.grant_credits).toBe(true);
    const audited = await auditOf(`firm:${firm.teamId}`);
    expect(audited.map((e) => e.action)).toEqual(["firm.viewed", "firm.viewed"]);
  });
});

describe("search and the firm's view", () => {
  it("finds a firm by part of its name or its owner's email", async () => {
    const byName = (await as.support.get("/api/console/firms?q=wattle adv")).json().data.rows;
    expect(byName.map((r: { id: number }) => r.id)).toEqual([firm.teamId]);
    const byEmail = (await as.support.get(`/api/console/firms?q=${firm.people.owner.email}`)).json().data
      .rows;
    expect(byEmail[0]).toMatchObject({
      id: firm.teamId,
      owner: { email: firm.people.owner.email },
      locked: false,
    });
    // LIKE's wildcards are searched as themselves.
    expect((await as.support.get("/api/console/firms?q=%25%25")).json().data.rows).toEqual([]);
    const short = await as.support.get("/api/console/firms?q=a");
    expect(short.statusCode).toBe(400);
  });

  it("shows people, roles, plan, credits and the lock, and records the opening", async () => {
    const view = (await as.support.get(base())).json().data;
    expect(view).toMatchObject({
      name: "Wattle Advisory Pty Ltd",
      plan_name: "Best Practice",
      locked: false,
      credits: { remaining: 200, used: 0 },
    });
    expect(view.people.map((p: { role: string }) => p.role)).toEqual(["owner", "manager", "member"]);
    const [last] = (await auditOf(`firm:${firm.teamId}`)).slice(-1);
    expect(last).toMatchObject({ staffId: staffIds.support, action: "firm.viewed" });
    expect((await as.support.get("/api/console/firms/999999")).statusCode).toBe(404);
  });
});

describe("the firm's assistant use in its view", () => {
  it("is the firm's total from its activity log, moved by a member's spoken message", async () => {
    const before = (await as.support.get(base())).json().data.assistant_usage;
    expect(before).toEqual({
      messages: 0,
      voice_answers: 0,
      tokens: 0,
      audio_seconds: 0,
      realtime_sessions: 0,
    });
    const thread = (await firm.as.alice.post("/api/ai/threads", {})).json().data.thread_id as string;
    const sent = await firm.as.alice.post(`/api/ai/threads/${thread}/messages`, {
      text: "a family trust",
      is_prompt: false,
      audio_seconds: 3,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await as.support.get(base())).json().data.assistant_usage).toMatchObject({
      messages: 1,
      audio_seconds: 3,
    });
  });
});

describe("locking a firm", () => {
  it("ends its people's sessions, refuses their sign-in, and unlocks again, each with its reason audited", async () => {
    const me = () =>
      t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(firm.as.alice.token) });
    expect((await me()).statusCode).toBe(200);
    expect((await as.support.post(`${base()}/lock`, { reason: "x" })).statusCode).toBe(400);

    const locked = await as.support.post(`${base()}/lock`, { reason: REASON });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ locked: true, lock_reason: REASON });
    expect((await me()).statusCode).toBe(401);
    const refused = await tokenSignIn(firm.people.alice.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Wattle Advisory Pty Ltd's account is locked. Please contact Precedent support.",
    );
    expect((await as.support.post(`${base()}/lock`, { reason: REASON })).statusCode).toBe(409);

    const unlocked = await as.support.post(`${base()}/unlock`, { reason: "The bank withdrew the dispute" });
    expect(unlocked.json().data).toMatchObject({ locked: false, lock_reason: null });
    expect((await tokenSignIn(firm.people.alice.email)).statusCode).toBe(200);
    firm.as.alice = { ...firm.as.alice, token: await signIn(t, firm.people.alice.email) };

    const changes = (await auditOf(`firm:${firm.teamId}`)).filter((e) => e.action !== "firm.viewed");
    expect(changes).toMatchObject([
      {
        staffId: staffIds.support,
        action: "firm.locked",
        before: { locked: false, lock_reason: null },
        after: { locked: true, lock_reason: REASON, reason: REASON },
      },
      {
        action: "firm.unlocked",
        before: { locked: true, lock_reason: REASON },
        after: { locked: false, lock_reason: null, reason: "The bank withdrew the dispute" },
      },
    ]);
  });
});

describe("resetting a person's two-factor sign-in", () => {
  it("removes their authenticator, ends their sessions and records the reason", async () => {
    const aliceId = firm.ids.alice;
    const reset = () => as.support.post(`${base()}/people/${aliceId}/reset-two-factor`, { reason: REASON });
    const notOn = await reset();
    expect(notOn.statusCode).toBe(409);
    expect(notOn.json().message).toBe(CONSOLE_FIRM_MESSAGES.twoFactorNotOn);

    await t.services.twoFactor.turnOnWithPublishedSecret(aliceId, TEST_STAFF_SECRET);
    const token = await signIn(t, firm.people.manager.email);
    const before = (await as.support.get(base()))
      .json()
      .data.people.find((p: { id: number }) => p.id === aliceId);
    expect(before).toMatchObject({ two_factor_on: true, abilities: { reset_two_factor: true } });
    // Alice's session (opened before) and nobody else's ends.
    const aliceToken = firm.as.alice.token;
    const done = await reset();
    expect(done.statusCode).toBe(200);
    expect(done.json().data.people.find((p: { id: number }) => p.id === aliceId).two_factor_on).toBe(false);
    const meOf = (bearerToken: string) =>
      t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(bearerToken) });
    expect((await meOf(aliceToken)).statusCode).toBe(401);
    expect((await meOf(token)).statusCode).toBe(200);
    expect(await auditOf(`user:${aliceId}`)).toMatchObject([
      {
        action: "person.two_factor_reset",
        before: { firm_id: firm.teamId, two_factor_on: true },
        after: { firm_id: firm.teamId, two_factor_on: false, reason: REASON },
      },
    ]);
    const stranger = await as.support.post(`${base()}/people/999999/reset-two-factor`, { reason: REASON });
    expect(stranger.statusCode).toBe(404);
  });
});

describe("granting credits", () => {
  it("adds each grant exactly once when several arrive at once, each audited", async () => {
    const startAt = (await as.administrator.get(base())).json().data.credits.remaining;
    const grants = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        as.administrator.post(`${base()}/credits`, { credits: n, reason: `${REASON} ${n}` }),
      ),
    );
    expect(grants.map((g) => g.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await as.administrator.get(base())).json().data.credits.remaining).toBe(startAt + 15);
    const granted = (await auditOf(`firm:${firm.teamId}`)).filter((e) => e.action === "firm.credits_granted");
    expect(granted).toHaveLength(5);
    // Each entry's before and after differ by its own grant: the grants took turns.
    for (const entry of granted) {
      const after = entry.after as { remaining: number; credits: number };
      expect(after.remaining - (entry.before as { remaining: number }).remaining).toBe(after.credits);
    }
    const bad = await as.administrator.post(`${base()}/credits`, { credits: 0, reason: REASON });
    expect(bad.statusCode).toBe(400);
    expect((await as.administrator.get(base())).json().data.credits.remaining).toBe(startAt + 15);
  });
});
