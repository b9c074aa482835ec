import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_TOUCH_INTERVAL_MS } from "../../constants.ts";
import { STALE_AFTER_MS } from "../../platform/freshness/index.ts";
import type { Actor } from "../../platform/kernel/index.ts";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  firmClient,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { firmVersions, teamMembers, teams } from "../teams/index.ts";
import { sessions } from "./schema.ts";

// The app as `npm start` runs it: sessions and memberships kept in memory between the changes
// the database notifies. Every notification is held back 300 ms here, as from a slow database:
// what the tests see right after a change comes from this server's own bookkeeping, and what
// they see after `sync()` from the notifications.

let t: TestApp;
let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp({ changes: true, notificationDelayMs: 300 });
  people = await buildFirmWithPeople(t);
});
afterAll(() => t.close());

const sync = () => t.changes?.sync() ?? Promise.reject(new Error("no change feed"));

/**
 * What memory holds for a token. Each notification (heartbeats too) is held 300 ms here, so on a
 * loaded machine a beat can come back later than STALE_AFTER_MS, and then memory is rightly
 * dropped: the feed counts each such stall. Memory found empty after one says nothing, whether
 * the test expected it kept or forgotten, so the test is tried again (`retry`). A fault fails
 * every try.
 */
let stallsAtStart = 0;
beforeEach(() => {
  stallsAtStart = t.feedStalls();
});
const TRIED_AGAIN_AFTER_A_STALL = { retry: 2 };
function remembered(token: string, teamId?: number) {
  const actor = t.services.auth.recall(token, teamId);
  const stalls = t.feedStalls() - stallsAtStart;
  if (actor === undefined && stalls > 0) {
    throw new Error(`the change feed stalled ${stalls} time(s) in this test; memory was rightly dropped`);
  }
  return actor;
}
/** A new firm's owner signed in, the session read by a request and seen kept in memory. */
async function ownerKeptInMemory() {
  const owner = (await t.buildTeam()).owner;
  const token = await signIn(t, owner.email);
  const check = () => t.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
  await sync();
  expect((await check()).statusCode).toBe(200);
  expect(remembered(token)).toBeDefined();
  return { owner, token, check };
}
const names = async (client: FirmWithPeople["as"]["owner"]) =>
  (await client.get("/api/doc", { type: 3 })).json().data.rows.map((r: { name: string }) => r.name);

describe("sessions kept in memory", () => {
  it(
    "answer from memory after the first request, with the firm read with the session",
    TRIED_AGAIN_AFTER_A_STALL,
    async () => {
      const built = await t.buildTeam();
      const token = await signIn(t, built.owner.email);
      // The set-up's own writes notify too; heard later they would (rightly) forget what is kept.
      await sync();
      expect(remembered(token)).toBeUndefined();
      const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(remembered(token)).toMatchObject({ userId: built.owner.id });
      // The firm comes only once a request has named it, with the role and plan read then.
      expect(remembered(token, built.team.id)).toBeUndefined();
      const list = await firmClient(t, token, built.team.id).get("/api/doc", { type: 1 });
      expect(list.statusCode).toBe(200);
      expect(remembered(token, built.team.id)).toMatchObject({
        userId: built.owner.id,
        firm: { teamId: built.team.id, member: { role: "owner", planSlug: "best-practice" } },
      });
    },
  );

  it("show this server's own write in the very next request, before any notification", async () => {
    const created = (await people.as.owner.post("/api/doc/draft", { name: "Before the rename" })).json().data;
    await sync();
    expect(await names(people.as.owner)).toContain("Before the rename");
    const renamed = await people.as.owner.put(`/api/doc/rename/${created.id}`, {
      new_name: "After the rename",
    });
    expect(renamed.statusCode).toBe(200);
    // Seen by the writer and by anyone else in the firm, at once.
    expect(await names(people.as.owner)).toContain("After the rename");
    expect(await names(people.as.manager)).toContain("After the rename");
  });

  it("show another server's write once its notification is heard", async () => {
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.owner,
      name: "Elsewhere old",
    });
    await sync();
    expect(await names(people.as.owner)).toContain("Elsewhere old");
    await t.db.update(documents).set({ name: "Elsewhere new" }).where(eq(documents.id, doc.id));
    await sync();
    expect(await names(people.as.owner)).toContain("Elsewhere new");
  });

  it("end at once on this server when signed out", async () => {
    const token = await signIn(t, (await t.buildTeam()).owner.email);
    const check = () => t.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
    expect((await check()).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/logout", headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await check()).statusCode).toBe(401);
  });

  it("are read once for requests that miss memory together, and afresh after a change", async () => {
    const built = await t.buildTeam();
    const token = await signIn(t, built.owner.email);
    const { auth } = t.services;
    const together = await Promise.all(
      Array.from({ length: 8 }, () => auth.authenticate(token, built.team.id)),
    );
    // One read answered all eight: the same actor, not eight equal ones.
    expect(new Set(together).size).toBe(1);
    expect(together[0]).toMatchObject({ userId: built.owner.id, firm: { teamId: built.team.id } });

    // A read begun before this server's own write is not shared with a request after it.
    auth.mayHaveWritten(together[0] as Actor, built.team.id);
    const begunBefore = auth.authenticate(token, built.team.id);
    auth.mayHaveWritten(together[0] as Actor, built.team.id);
    const after = auth.authenticate(token, built.team.id);
    expect(await after).not.toBe(await begunBefore);
  });

  it("are not answered after a sign-out by a read begun before it", async () => {
    const built = await t.buildTeam();
    const token = await signIn(t, built.owner.email);
    const { auth } = t.services;
    // The read may end either way (it may meet the session before or after the sign-out); its end
    // is taken at once, or a refusal before the line that awaits it is an unhandled rejection.
    const begunBefore = auth.authenticate(token, built.team.id).then(
      () => "answered",
      () => "refused",
    );
    await auth.signOutToken(token);
    await expect(auth.authenticate(token, built.team.id)).rejects.toMatchObject({ status: 401 });
    // Whichever way the earlier read ended, nothing it kept answers now.
    expect(["answered", "refused"]).toContain(await begunBefore);
    expect(auth.recall(token, built.team.id)).toBeUndefined();
    await expect(auth.authenticate(token, built.team.id)).rejects.toMatchObject({ status: 401 });
  });

  it("end everywhere once the database says a session ended", async () => {
    const owner = (await t.buildTeam()).owner;
    const token = await signIn(t, owner.email);
    const check = () => t.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
    expect((await check()).statusCode).toBe(200);
    // Another server signs the session out.
    await t.db.delete(sessions).where(eq(sessions.userId, owner.id));
    await sync();
    expect((await check()).statusCode).toBe(401);
  });

  it("follow a change of role and a removal from the firm", async () => {
    const member = await t.addMember(people.teamId, "member");
    const client = firmClient(t, await signIn(t, member.email), people.teamId);
    expect((await client.get("/api/doc", { type: 3 })).statusCode).toBe(403);
    await t.db.update(teamMembers).set({ role: "manager" }).where(eq(teamMembers.userId, member.id));
    await sync();
    expect((await client.get("/api/doc", { type: 3 })).statusCode).toBe(200);
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, member.id));
    await sync();
    expect((await client.get("/api/doc", { type: 1 })).statusCode).toBe(404);
  });

  it("follow the firm's plan standing: status, end date and credits", TRIED_AGAIN_AFTER_A_STALL, async () => {
    const built = await t.buildTeam();
    const token = await signIn(t, built.owner.email);
    const client = firmClient(t, token, built.team.id);
    const standing = () => remembered(token, built.team.id)?.firm?.member;
    expect((await client.get("/api/doc", { type: 1 })).statusCode).toBe(200);
    await sync();
    expect((await client.get("/api/doc", { type: 1 })).statusCode).toBe(200);
    expect(standing()).toMatchObject({ planStatus: "active", planEndDate: null });

    // Another server (or the billing provider's webhook) ends the plan.
    await t.db.update(teams).set({ planStatus: "expired" }).where(eq(teams.id, built.team.id));
    await sync();
    expect(standing()).toBeUndefined();
    expect((await client.get("/api/doc", { type: 1 })).statusCode).toBe(200);
    expect(standing()).toMatchObject({ planStatus: "expired" });

    await t.db.update(teams).set({ planEndDate: "2031-06-30" }).where(eq(teams.id, built.team.id));
    await sync();
    expect(standing()).toBeUndefined();
    expect((await client.get("/api/doc", { type: 1 })).statusCode).toBe(200);
    expect(standing()).toMatchObject({ planEndDate: "2031-06-30" });

    // Credits move the lists' version, not the folder trees'.
    const versions = async () =>
      (await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, built.team.id)))[0];
    const before = await versions();
    await t.db.update(teams).set({ usedCredit: 3 }).where(eq(teams.id, built.team.id));
    const after = await versions();
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.foldersVersion).toBe(before?.foldersVersion);
  });

  it("forget a session changed in any way but its touch", TRIED_AGAIN_AFTER_A_STALL, async () => {
    const { owner, token, check } = await ownerKeptInMemory();
    // A touch by another server is no news: memory stays.
    await t.db.update(sessions).set({ lastSeenAt: t.clock.now() }).where(eq(sessions.userId, owner.id));
    await sync();
    expect(remembered(token)).toBeDefined();
    // Any other change (here the address; later a revocation or a two-factor step) is announced.
    await t.db.update(sessions).set({ ip: "203.0.113.9" }).where(eq(sessions.userId, owner.id));
    await sync();
    expect(remembered(token)).toBeUndefined();
    expect((await check()).statusCode).toBe(200);
  });

  // Issue 31: a stalled feed served a revoked session for 2.7 s. The stated bound is the feed's
  // STALE_AFTER_MS (1 s) after the revocation commits; the test allows half a second more for a
  // loaded machine's timers and its own polling.
  it(
    "end within STALE_AFTER_MS of a revocation while the feed's connection is stalled",
    TRIED_AGAIN_AFTER_A_STALL,
    async () => {
      const { owner, check } = await ownerKeptInMemory();
      t.stallChanges();
      try {
        // Another server signs the session out; its notification never arrives here.
        await t.db.delete(sessions).where(eq(sessions.userId, owner.id));
        const revokedAt = performance.now();
        await expect.poll(async () => (await check()).statusCode, { timeout: 5_000, interval: 50 }).toBe(401);
        const servedMs = performance.now() - revokedAt;
        console.log(`revoked session refused after ${Math.round(servedMs)} ms of a stalled feed`);
        expect(STALE_AFTER_MS).toBe(1_000);
        expect(servedMs).toBeLessThan(1_500);
      } finally {
        t.resumeChanges();
      }
      await sync();
    },
  );

  it("never answer for another firm", async () => {
    expect((await people.lite.get("/api/doc", { type: 1 })).statusCode).toBe(200);
    expect((await people.outsider.get("/api/doc", { type: 1 })).statusCode).toBe(404);
    expect((await people.outsider.get("/api/doc", { type: 1 })).statusCode).toBe(404);
  });

  it("are read from the database while the feed is not listening", async () => {
    const feedless = await createTestApp({ changes: true });
    try {
      const owner = (await feedless.buildTeam()).owner;
      const token = await signIn(feedless, owner.email);
      const check = () =>
        feedless.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
      expect((await check()).statusCode).toBe(200);
      await feedless.changes?.close();
      expect(feedless.services.auth.recall(token)).toBeUndefined();
      await feedless.db.delete(sessions).where(eq(sessions.userId, owner.id));
      expect((await check()).statusCode).toBe(401);
    } finally {
      await feedless.close();
    }
  });

  // Last: it moves the clock past every session's idle timeout.
  it("are read again, and touched, once the touch interval has passed; idle ones end", async () => {
    const owner = (await t.buildTeam()).owner;
    const token = await signIn(t, owner.email);
    const check = () => t.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
    const lastSeen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, owner.id)))[0]?.lastSeenAt.getTime();
    expect((await check()).statusCode).toBe(200);
    const before = await lastSeen();
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS + 1_000);
    expect((await check()).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    expect(await lastSeen()).not.toBe(before);
    t.clock.advance(t.config.IDLE_TIMEOUT_MS + 1_000);
    expect((await check()).statusCode).toBe(401);
  });
});
