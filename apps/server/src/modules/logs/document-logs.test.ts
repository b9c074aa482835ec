import type { ActivityLogEntry, DocumentLogEntry, DocumentLogTotals } from "@precedent/contracts";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { integrationLogs } from "./schema.ts";

let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let outsider: FirmClient;
let lite: FirmClient;

const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as, outsider, lite } = await buildFirmWithPeople(t));
});
afterAll(() => t.close());

type DocumentLogPage = {
  rows: DocumentLogEntry[];
  page: number;
  total_page: number;
  total_record: number;
  totals: DocumentLogTotals;
};
type ActivityPage = {
  rows: ActivityLogEntry[];
  page: number;
  total_page: number;
  total_record: number;
  scope: "firm" | "own";
};

const documentLog = async (client: FirmClient, query: Record<string, string | number>) => {
  const res = await client.get("/api/log", query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DocumentLogPage;
};
const activity = async (client: FirmClient, query: Record<string, string | number> = {}) => {
  const res = await client.get("/api/activity-log", query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ActivityPage;
};

/** Entries straight through the service, as an integration would write them. */
const logAction = (docId: number | null, userId: number, isSuccess: boolean, action = "Assemble document") =>
  t.services.logs.recordAction(t.db, {
    teamId,
    docId,
    docType: "DOC",
    userId,
    action,
    isSuccess,
    request: { n: 1 },
    response: { status: isSuccess ? 200 : 400 },
    message: isSuccess ? "Passed." : "Failed.",
  });

const entriesIn = async () => (await t.db.select({ n: count() }).from(integrationLogs))[0]?.n ?? 0;

describe("GET /api/log", () => {
  it("writes DOC entries where a document is assembled (passed and failed) and downloaded", async () => {
    const template = t.services.templates.starter(NDA.identifier);
    if (!template?.sampleAnswers) throw new Error("the NDA's sample answers are missing");
    const doc = await t.buildDocument({
      teamId,
      createdBy: ids.alice,
      template: { ...NDA, xml: {} },
      name: "Logged NDA",
    });
    const token = async () =>
      (await as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token as string;
    const incomplete = await as.alice.post(`/api/xpressdox/assemble/${doc.id}`, {
      action_token: await token(),
    });
    expect(incomplete.statusCode).toBe(400);
    const current = await token();
    await as.alice.put(`/api/xpressdox/update-xml/${doc.id}`, {
      xml: template.sampleAnswers,
      action_token: current,
    });
    t.clock.advance(1000);
    const done = await as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: current });
    expect(done.statusCode, done.body).toBe(200);
    t.clock.advance(1000);
    expect((await as.alice.get(`/api/doc/download/${doc.id}`, { type: "pdf" })).statusCode).toBe(200);

    const log = await documentLog(as.alice, { id: doc.id });
    expect(log.rows.map((r) => [r.action, r.is_success, r.response.status])).toEqual([
      ["Download PDF", true, 200],
      ["Assemble document", true, 200],
      ["Assemble document", false, 400],
    ]);
    expect(log.totals).toEqual({ total: 3, total_passed: 2, total_failed: 1 });
    expect(log.rows[0]).toMatchObject({
      type: "DOC",
      doc_id: doc.id,
      created_user: { user_id: ids.alice, user_email: expect.stringContaining("@") },
    });
    expect(log.rows[2]?.response_message).toBeTruthy();

    const failed = await documentLog(as.alice, { id: doc.id, is_success: 0 });
    expect(failed.rows.map((r) => r.is_success)).toEqual([false]);
    expect(failed).toMatchObject({ total_record: 1, total_page: 1 });
    expect(failed.totals).toEqual(log.totals);
    const passed = await documentLog(as.alice, { id: doc.id, is_success: 1 });
    expect(passed.rows.map((r) => r.action)).toEqual(["Download PDF", "Assemble document"]);
  });

  it("pages 15 at a time until total_page", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, name: "Busy" });
    for (let i = 0; i < 16; i++) await logAction(doc.id, ids.alice, i % 4 !== 0);
    const first = await documentLog(as.alice, { id: doc.id });
    expect(first).toMatchObject({ page: 1, total_page: 2, total_record: 16 });
    expect(first.rows).toHaveLength(15);
    const second = await documentLog(as.alice, { id: doc.id, page: 2 });
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(16);
    expect(first.totals).toEqual({ total: 16, total_passed: 12, total_failed: 4 });
    expect(await documentLog(as.alice, { id: doc.id, is_success: 0 })).toMatchObject({
      total_record: 4,
      total_page: 1,
    });
  });

  it("lets anyone who can see the document read it: owner, manager, its member; not another member", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice });
    await logAction(doc.id, ids.alice, true);
    for (const client of [as.owner, as.manager, as.alice]) {
      expect((await documentLog(client, { id: doc.id })).total_record).toBe(1);
    }
    const refused = await as.bob.get("/api/log", { id: doc.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Document not found.");
  });

  it("keeps a deleted document's log for owners and managers, not for members", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, name: "Gone" });
    await logAction(doc.id, ids.alice, true);
    await as.alice.del("/api/doc", { type: 1, list_doc: [doc.id] });
    expect((await documentLog(as.owner, { id: doc.id })).total_record).toBe(1);
    expect((await documentLog(as.manager, { id: doc.id })).total_record).toBe(1);
    expect((await as.alice.get("/api/log", { id: doc.id })).statusCode).toBe(404);
  });

  it("answers 404 to another firm and for a document that never was", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice });
    await logAction(doc.id, ids.alice, true);
    expect((await outsider.get("/api/log", { id: doc.id })).statusCode).toBe(404);
    expect((await lite.get("/api/log", { id: doc.id })).statusCode).toBe(404);
    expect((await as.owner.get("/api/log", { id: 999_999 })).statusCode).toBe(404);
  });

  it("refuses bad input with the field at fault, and writes nothing", async () => {
    const before = await entriesIn();
    const cases: [Record<string, string | number>, string][] = [
      [{}, "id"],
      [{ id: "abc" }, "id"],
      [{ id: 1, is_success: "yes" }, "is_success"],
      [{ id: 1, page: 0 }, "page"],
      [{ id: 1, length: 101 }, "length"],
    ];
    for (const [query, field] of cases) {
      const res = await as.owner.get("/api/log", query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await entriesIn()).toBe(before);
  });
});

describe("GET /api/activity-log", () => {
  let fresh: FirmWithPeople;
  beforeAll(async () => {
    fresh = await buildFirmWithPeople(t);
    const write = (userId: number, isSuccess: boolean) =>
      t.services.logs.recordAction(t.db, {
        teamId: fresh.teamId,
        docId: null,
        docType: "DOC",
        userId,
        action: "Download PDF",
        isSuccess,
        response: { status: isSuccess ? 200 : 500 },
        message: isSuccess ? "" : "The file could not be read.",
      });
    for (let i = 0; i < 10; i++) await write(fresh.ids.alice, true);
    for (let i = 0; i < 6; i++) await write(fresh.ids.bob, i !== 0);
    await write(fresh.ids.manager, true);
  });

  it("owners and managers read the firm's activity; members only their own", async () => {
    for (const client of [fresh.as.owner, fresh.as.manager]) {
      const log = await activity(client);
      expect(log).toMatchObject({ scope: "firm", total_record: 17, total_page: 2, page: 1 });
      expect(log.rows).toHaveLength(15);
    }
    const alice = await activity(fresh.as.alice);
    expect(alice).toMatchObject({ scope: "own", total_record: 10, total_page: 1 });
    expect(alice.rows.every((r) => r.user_email === alice.rows[0]?.user_email)).toBe(true);
    // A member asking for someone else's entries still gets only their own.
    const asked = await activity(fresh.as.alice, { user_ids: String(fresh.ids.bob) });
    expect(asked.total_record).toBe(10);
    const bobByOwner = await activity(fresh.as.owner, { user_ids: String(fresh.ids.bob) });
    expect(bobByOwner.total_record).toBe(6);
  });

  it("lists time, type, isError, display name, e-mail and message, and filters failures", async () => {
    const failed = await activity(fresh.as.owner, { is_success: 0 });
    expect(failed.total_record).toBe(1);
    expect(failed.rows[0]).toMatchObject({
      type: "DOC",
      isError: true,
      message: "The file could not be read.",
      user_email: expect.stringContaining("@"),
    });
    expect(Date.parse(failed.rows[0]?.time ?? "")).not.toBeNaN();
    const page2 = await activity(fresh.as.owner, { page: 2 });
    expect(page2.rows).toHaveLength(2);
    // A passed entry without a message reads as its action.
    expect(page2.rows[0]?.message).toBe("Download PDF");
  });

  it("filters by the firm's days in Sydney, daylight saving included, as the screen shows them", async () => {
    const firm = await buildFirmWithPeople(t);
    const at = async (createdAt: string) => {
      await t.services.logs.recordAction(t.db, {
        teamId: firm.teamId,
        docId: null,
        docType: "DOC",
        userId: firm.ids.alice,
        action: "Download PDF",
        isSuccess: true,
        response: { status: 200 },
      });
      const [last] = await t.db
        .select({ id: integrationLogs.id })
        .from(integrationLogs)
        .where(eq(integrationLogs.teamId, firm.teamId))
        .orderBy(desc(integrationLogs.id))
        .limit(1);
      if (!last) throw new Error("entry expected");
      await t.db
        .update(integrationLogs)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(integrationLogs.id, last.id));
      return last.id;
    };
    // 23:59:59 on 3 November and 12:30 am on 4 November in Sydney (AEDT, UTC+11); at a fixed
    // UTC+10 both would be 3 November.
    const late3rd = await at("2026-11-03T12:59:59Z");
    const early4th = await at("2026-11-03T13:30:00Z");
    const idsOn = async (query: Record<string, string>) =>
      (await activity(firm.as.owner, query)).rows.map((r) => r.id);
    expect(await idsOn({ date_from: "2026-11-03", date_to: "2026-11-03" })).toEqual([late3rd]);
    expect(await idsOn({ date_from: "2026-11-04", date_to: "2026-11-04" })).toEqual([early4th]);
    expect(await idsOn({ date_to: "2026-11-02" })).toEqual([]);
  });

  it("answers 404 to another firm and 400 to bad dates, changing nothing", async () => {
    expect((await fresh.outsider.get("/api/activity-log")).statusCode).toBe(404);
    const before = await entriesIn();
    const bad = await fresh.as.owner.get("/api/activity-log", { date_from: "31/12/2026" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0]).toEqual({
      field: "date_from",
      message: "date_from must be a date as YYYY-MM-DD",
    });
    const notReal = await fresh.as.owner.get("/api/activity-log", { date_to: "2026-02-30" });
    expect(notReal.statusCode).toBe(400);
    expect(notReal.json().data.errors[0]).toEqual({
      field: "date_to",
      message: "date_to is not a real date",
    });
    expect(await entriesIn()).toBe(before);
    // The other firm's own log does not show ours.
    expect((await activity(fresh.lite)).total_record).toBe(0);
  });
});
