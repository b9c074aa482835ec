import type { ChangeLogEntry } from "@precedent/contracts";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  type FirmClient,
  firmClient,
  type SignedInFirm,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { documentLogs } from "./schema.ts";

let t: TestApp;
let teamId: number;
let ids: SignedInFirm<"alice" | "bob">["ids"];
let as: SignedInFirm<"alice" | "bob">["as"];
let lite: FirmClient;
let outsider: FirmClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as } = await signedInFirm(t, {
    name: "Harbour Legal Pty Ltd",
    members: { alice: "member", bob: "member" },
  }));
  const other = await signedInFirm(t, { planSlug: "ly-basic" });
  lite = other.as.owner;
  outsider = firmClient(t, await signIn(t, other.people.owner.email), teamId);
});
afterAll(() => t.close());

const logOf = async (client: FirmClient, query: Record<string, string | number>) => {
  const res = await client.get("/api/log/log-changes", query);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    rows: ChangeLogEntry[];
    page: number;
    total_page: number;
    total_record: number;
  };
};

describe("GET /api/log/log-changes", () => {
  it("lists one document's changes, newest first, with who made them and from/to values", async () => {
    const draft = (await as.alice.post("/api/doc/draft", { name: "Will of Jane" })).json().data;
    t.clock.advance(60_000);
    await as.alice.put(`/api/doc/rename/${draft.id}`, { new_name: "Will of Jane Citizen" });
    t.clock.advance(60_000);
    await as.owner.put(`/api/doc/rename/${draft.id}`, { new_name: "Last will of Jane Citizen" });

    const log = await logOf(as.alice, { doc_id: draft.id });
    expect(log.total_record).toBe(3);
    expect(log.rows.map((r) => [r.tags, r.users.user_id])).toEqual([
      [["name"], ids.owner],
      [["name"], ids.alice],
      [["created"], ids.alice],
    ]);
    expect(log.rows[0]).toMatchObject({
      doc_id: draft.id,
      doc_type: "DOC",
      created_by: ids.owner,
      log_data: { name: { from: "Will of Jane Citizen", to: "Last will of Jane Citizen" } },
    });

    const byOwner = await logOf(as.alice, { doc_id: draft.id, user_ids: String(ids.owner) });
    expect(byOwner.rows).toHaveLength(1);
    const created = await logOf(as.alice, { doc_id: draft.id, tag_codes: "created,status" });
    expect(created.rows.map((r) => r.tags)).toEqual([["created"]]);
  });

  it("filters by whole days at UTC+10, both ends included", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, name: "Dated" });
    await as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: "Dated 2" });
    await as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: "Dated 3" });
    const [late, early] = await t.db
      .select()
      .from(documentLogs)
      .where(eq(documentLogs.docId, doc.id))
      .orderBy(desc(documentLogs.id));
    if (!late || !early) throw new Error("two entries expected");
    // 23:59:59 on 3 November and midnight on 4 November, Brisbane time.
    await t.db
      .update(documentLogs)
      .set({ createdAt: new Date("2026-11-03T13:59:59Z") })
      .where(eq(documentLogs.id, early.id));
    await t.db
      .update(documentLogs)
      .set({ createdAt: new Date("2026-11-03T14:00:00Z") })
      .where(eq(documentLogs.id, late.id));
    const idsOn = async (query: Record<string, string>) =>
      (await logOf(as.alice, { doc_id: doc.id, ...query })).rows.map((r) => r.id);
    expect(await idsOn({ date_from: "2026-11-03", date_to: "2026-11-03" })).toEqual([early.id]);
    expect(await idsOn({ date_from: "2026-11-04", date_to: "2026-11-04" })).toEqual([late.id]);
    expect(await idsOn({ date_from: "2026-11-03" })).toEqual([late.id, early.id]);
    expect(await idsOn({ date_to: "2026-11-02" })).toEqual([]);
    const bad = await as.alice.get("/api/log/log-changes", { doc_id: doc.id, date_from: "02/11/2026" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0]).toEqual({
      field: "date_from",
      message: "date_from must be a date as YYYY-MM-DD",
    });
  });

  it("pages 15 entries at a time by default", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, name: "Busy 0" });
    for (let i = 1; i <= 16; i++) await as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: `Busy ${i}` });
    const first = await logOf(as.alice, { doc_id: doc.id });
    expect(first).toMatchObject({ page: 1, total_page: 2, total_record: 16 });
    expect(first.rows).toHaveLength(15);
    expect((await logOf(as.alice, { doc_id: doc.id, page: 2 })).rows).toHaveLength(1);
  });

  it("keeps a deleted document's log for the owner, not for members", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, name: "Short-lived" });
    await as.alice.del("/api/doc", { type: 1, list_doc: [doc.id] });
    const log = await logOf(as.owner, { doc_id: doc.id });
    expect(log.rows[0]?.log_data).toEqual({ deleted: { from: "Short-lived", to: null } });
    expect((await as.alice.get("/api/log/log-changes", { doc_id: doc.id })).statusCode).toBe(404);
  });

  it("hides the log of a document the caller cannot see", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice });
    await as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: "Private rename" });
    expect((await as.bob.get("/api/log/log-changes", { doc_id: doc.id })).statusCode).toBe(404);
    expect((await as.owner.get("/api/log/log-changes", { doc_id: doc.id })).statusCode).toBe(200);
  });

  it("without a document: the firm's log for the owner, a member's own entries for a member", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.bob, name: "Bob's" });
    await as.bob.put(`/api/doc/rename/${doc.id}`, { new_name: "Bob's renamed" });
    const bobs = await logOf(as.bob, {});
    expect(bobs.rows.every((r) => r.created_by === ids.bob)).toBe(true);
    expect(bobs.total_record).toBeGreaterThan(0);
    const firmWide = await logOf(as.owner, { length: 100 });
    expect(new Set(firmWide.rows.map((r) => r.created_by))).toEqual(new Set([ids.alice, ids.bob, ids.owner]));
  });

  it("answers 404 for another firm's document and another firm", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice });
    await as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: "Ours" });
    const res = await lite.get("/api/log/log-changes", { doc_id: doc.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Document not found.");
    expect((await outsider.get("/api/log/log-changes", {})).statusCode).toBe(404);
    expect((await as.owner.get("/api/log/log-changes", { doc_id: 999_999 })).statusCode).toBe(404);
  });
});
