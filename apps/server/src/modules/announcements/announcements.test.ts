import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, firstFirmClient, type TestApp } from "../../test/harness.ts";
import { canSeeAnnouncement, isAnnouncementInForce } from "./policy.ts";
import { announcements } from "./schema.ts";

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  email = (await t.buildTeam()).owner.email;
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("announcements policy", () => {
  const now = new Date("2026-11-02T09:00:00+10:00");
  it.each([
    [-HOUR, null, true],
    [-HOUR, HOUR, true],
    [HOUR, null, false],
    [-2 * HOUR, -HOUR, false],
    [-HOUR, 0, false],
  ])("starting %s ms from now and ending %s: in force = %s", (start, end, inForce) => {
    const announcement = {
      startsAt: new Date(now.getTime() + start),
      endsAt: end === null ? null : new Date(now.getTime() + end),
    };
    expect(isAnnouncementInForce(announcement, now)).toBe(inForce);
  });
  it("audience 'all' is every signed-in person", () => {
    expect(canSeeAnnouncement("all", { signedIn: true })).toBe(true);
    expect(canSeeAnnouncement("all", { signedIn: false })).toBe(false);
  });
});

describe("GET /api/announcement/active", () => {
  it("answers null when none is in force, then the newest started one, until it ends", async () => {
    const client = await firstFirmClient(t, email);
    const active = async () => {
      const res = await client.get("/api/announcement/active");
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect(await active()).toBeNull();

    const now = t.clock.now().getTime();
    const older = await t.services.announcements.publish({
      content: "Older news",
      startsAt: new Date(now - 2 * HOUR),
    });
    const newer = await t.services.announcements.publish({
      content: "Document Logs are here",
      url: "/my-account/my-document",
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 10 * MINUTE),
    });
    await t.services.announcements.publish({ content: "Not yet", startsAt: new Date(now + 3 * HOUR) });
    expect(await active()).toEqual({
      id: newer.id,
      content: "Document Logs are here",
      url: "/my-account/my-document",
    });
    t.clock.advance(10 * MINUTE);
    expect(await active()).toEqual({ id: older.id, content: "Older news", url: null });
  });

  it("is for signed-in people only, and reading it changes nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(announcements);
    const res = await t.app.inject({ method: "GET", url: "/api/announcement/active" });
    expect(res.statusCode).toBe(401);
    const [after] = await t.db.select({ n: count() }).from(announcements);
    expect(after?.n).toBe(before?.n);
  });
});
