import { CONSOLE_MESSAGES, CONSOLE_SETTINGS_MESSAGES } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "../../test/harness.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

let t: TestApp;
let firm: SignedInFirm;
let editor: ConsoleClient;
let support: ConsoleClient;
const HOUR = 3_600_000;
/** Within the sessions' idle timeout (30 minutes), so the people stay signed in as time moves. */
const MINUTES = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  firm = await signedInFirm(t, { name: "Announcement Test Partners" });
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
}, 240_000);
afterAll(async () => t?.close());

const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
const shown = async () => {
  const res = await firm.as.owner.get("/api/announcement/active");
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; content: string; url: string | null } | null;
};
const auditOf = (id: number) =>
  t.db
    .select({ action: staffAuditLog.action })
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `announcement:${id}`))
    .orderBy(staffAuditLog.id);

describe("announcements in the console", () => {
  it("writes a draft nobody sees, publishes it, edits it and withdraws it, each audited", async () => {
    const created = await editor.post("/api/console/announcements", {
      content: "Trust deeds now include the 2026 amendments.",
      url: "https://precedent.com.au/news/trust-deeds",
      starts_at: at(-HOUR),
    });
    expect(created.statusCode).toBe(200);
    const draft = created.json().data;
    expect(draft).toMatchObject({ published: false, in_force: false, ends_at: null });
    expect(await shown()).toBeNull();

    const published = await editor.post(`/api/console/announcements/${draft.id}/publish`, {
      published: true,
    });
    expect(published.json().data).toMatchObject({ published: true, in_force: true });
    expect(await shown()).toEqual({
      id: draft.id,
      content: "Trust deeds now include the 2026 amendments.",
      url: "https://precedent.com.au/news/trust-deeds",
    });

    const edited = await editor.put(`/api/console/announcements/${draft.id}`, {
      content: "Trust deeds include the 2026 amendments.",
      url: null,
      starts_at: at(-HOUR),
      ends_at: at(HOUR),
      published: true,
    });
    expect(edited.statusCode).toBe(200);
    expect((await shown())?.content).toBe("Trust deeds include the 2026 amendments.");

    expect(
      (await editor.post(`/api/console/announcements/${draft.id}/publish`, { published: false })).json().data,
    ).toMatchObject({ published: false, in_force: false });
    expect(await shown()).toBeNull();
    expect(await auditOf(draft.id)).toEqual([
      { action: "announcement.created" },
      { action: "announcement.published" },
      { action: "announcement.edited" },
      { action: "announcement.unpublished" },
    ]);
  });

  it("shows a scheduled announcement from its start until its end", async () => {
    const res = await editor.post("/api/console/announcements", {
      content: "Scheduled maintenance on Sunday night.",
      starts_at: at(5 * MINUTES),
      ends_at: at(15 * MINUTES),
      published: true,
    });
    const row = res.json().data;
    expect(row).toMatchObject({ published: true, in_force: false });
    expect(await shown()).toBeNull();
    t.clock.advance(10 * MINUTES);
    expect((await shown())?.id).toBe(row.id);
    t.clock.advance(10 * MINUTES);
    expect(await shown()).toBeNull();
    const list = (await editor.get("/api/console/announcements")).json().data.rows as { id: number }[];
    expect(list.map((r) => r.id)).toContain(row.id);
  });

  it("refuses an end before the start, a link that is not https, and an unknown announcement", async () => {
    const before = (await editor.get("/api/console/announcements")).json().data.rows.length;
    const backwards = await editor.post("/api/console/announcements", {
      content: "Backwards",
      starts_at: at(HOUR),
      ends_at: at(-HOUR),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.errors).toContainEqual({
      field: "ends_at",
      message: CONSOLE_SETTINGS_MESSAGES.endsBeforeStart,
    });
    const insecure = await editor.post("/api/console/announcements", {
      content: "Insecure",
      url: "http://example.com",
      starts_at: at(0),
    });
    expect(insecure.statusCode).toBe(400);
    expect((await editor.get("/api/console/announcements")).json().data.rows).toHaveLength(before);
    const missing = await editor.post("/api/console/announcements/999999/publish", { published: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CONSOLE_SETTINGS_MESSAGES.announcementNotFound);
  });

  it("refuses support staff (403) and a firm's people (401)", async () => {
    const refused = await support.post("/api/console/announcements", { content: "No", starts_at: at(0) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSOLE_MESSAGES.refused);
    const firmUser = await t.app.inject({
      method: "POST",
      url: "/api/console/announcements",
      headers: { authorization: `Bearer ${firm.as.owner.token}` },
      payload: { content: "No", starts_at: at(0) },
    });
    expect(firmUser.statusCode).toBe(401);
  });
});
