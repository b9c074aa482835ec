import { IntegrationLogResponse } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { REDACTED } from "./redact.ts";

let t: TestApp;
let people: FirmWithPeople;

const record = (teamId: number, userId: number, action: string, isSuccess: boolean, extra: object = {}) =>
  t.services.logs.recordAction(t.db, {
    teamId,
    docId: 1,
    docType: "DOC",
    userId,
    action,
    isSuccess,
    request: { app: "xero", ...extra },
    response: { status: isSuccess ? 200 : 502 },
    message: isSuccess ? "" : "Fail to import data. Please try again!",
  });

const logsOf = async (client: FirmWithPeople["as"]["owner"], query: Record<string, string | number> = {}) => {
  const reply = await client.get("/api/integrations/logs", query);
  expect(reply.statusCode, reply.body).toBe(200);
  return IntegrationLogResponse.parse(reply.json()).data;
};

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
  // 16 of the owner's (12 passed, 4 failed), 2 of alice's, 1 of the other firm's owner.
  for (let i = 0; i < 16; i++)
    await record(people.teamId, people.ids.owner, `Owner action ${i}`, i % 4 !== 0);
  await record(people.teamId, people.ids.alice, "Alice import", true);
  await record(people.teamId, people.ids.alice, "Alice sync", false, {
    access_token: "secret-access-token",
    client_name: "Jane Citizen",
    client_id: "c-42",
    note: "sent with Bearer abc.def.ghi",
  });
  await record(people.otherTeamId, people.ids.otherOwner, "Elsewhere import", true);
}, 240_000);
afterAll(async () => t?.close());

describe("GET /api/integrations/logs", () => {
  it("owners read the firm's entries newest first, 15 a page, with Total / Passed / Failed counts", async () => {
    const first = await logsOf(people.as.owner);
    expect(first.scope).toBe("firm");
    expect(first.totals).toEqual({ total: 18, total_passed: 13, total_failed: 5 });
    expect(first.rows).toHaveLength(15);
    expect(first.total_page).toBe(2);
    expect(first.rows[0]?.action).toBe("Alice sync");
    const second = await logsOf(people.as.owner, { page: 2 });
    expect(second.rows.map((r) => r.action)).toEqual(["Owner action 2", "Owner action 1", "Owner action 0"]);

    const failed = await logsOf(people.as.manager, { is_success: "0" });
    expect(failed.total_record).toBe(5);
    expect(failed.rows.every((r) => !r.is_success)).toBe(true);
    expect(failed.totals.total).toBe(18);
    const passed = await logsOf(people.as.owner, { is_success: "1" });
    expect(passed.total_record).toBe(13);
    expect(passed.rows.every((r) => r.is_success)).toBe(true);
  });

  it("a member reads only their own entries", async () => {
    const own = await logsOf(people.as.alice);
    expect(own.scope).toBe("own");
    expect(own.rows.map((r) => r.action)).toEqual(["Alice sync", "Alice import"]);
    expect(own.totals).toEqual({ total: 2, total_passed: 1, total_failed: 1 });
    expect((await logsOf(people.as.bob)).rows).toEqual([]);
  });

  it("redacts tokens and personal data in the request and response with redact.ts", async () => {
    const [entry] = (await logsOf(people.as.alice)).rows;
    expect(entry?.request).toEqual({
      app: "xero",
      access_token: REDACTED,
      client_name: REDACTED,
      client_id: "c-42",
      note: `sent with ${REDACTED}`,
    });
    expect(entry?.response).toEqual({ status: 502 });
    expect(JSON.stringify(entry)).not.toMatch(/secret-access-token|Jane Citizen|abc\.def/);
  });

  it("another firm's logs never appear: its owner is refused ours (404) and sees only its own", async () => {
    const refused = await people.outsider.get("/api/integrations/logs");
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("Owner action");
    const theirs = await logsOf(people.lite);
    expect(theirs.rows.map((r) => r.action)).toEqual(["Elsewhere import"]);
    expect(theirs.totals.total).toBe(1);
  });

  it("bad input gets 400 naming the field", async () => {
    for (const query of [{ is_success: "2" }, { page: 0 }, { length: 101 }]) {
      const reply = await people.as.owner.get("/api/integrations/logs", query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  // Last: it adds entries the counts above do not expect.
  it("names each entry's document to whoever may see it, never another firm's", async () => {
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.owner,
      status: 5,
      name: "Minutes of the First Meeting of Directors – Banksia Pty Ltd",
    });
    const onDoc = (teamId: number, userId: number, action: string) =>
      t.services.logs.recordAction(t.db, {
        teamId,
        docId: doc.id,
        docType: "DOC",
        userId,
        action,
        isSuccess: true,
        request: { app: "xero" },
        response: { status: 200 },
      });
    await onDoc(people.teamId, people.ids.owner, "Owner sync");
    await onDoc(people.teamId, people.ids.alice, "Alice on the owner's document");
    await onDoc(people.otherTeamId, people.ids.otherOwner, "Elsewhere, the same id");
    const owners = (await logsOf(people.as.owner)).rows;
    expect(owners.find((r) => r.action === "Owner sync")).toMatchObject({
      doc_id: doc.id,
      doc_name: doc.name,
    });
    // A member who cannot see the owner's own document reads the entry without its name.
    const alices = (await logsOf(people.as.alice)).rows;
    expect(alices.find((r) => r.action === "Alice on the owner's document")).toMatchObject({
      doc_name: null,
    });
    const theirs = (await logsOf(people.lite)).rows;
    expect(theirs.find((r) => r.action === "Elsewhere, the same id")).toMatchObject({ doc_name: null });
    expect(JSON.stringify(theirs)).not.toContain("Banksia");
  });
});
