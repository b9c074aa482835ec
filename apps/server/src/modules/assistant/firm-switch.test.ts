import {
  ActivityLogResponse,
  ASSISTANT_SETTINGS_FORBIDDEN,
  ASSISTANT_TURNED_OFF,
  AssistantSettingsResponse,
  CreateThreadResponse,
} from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { ASSISTANT_MESSAGE_ACTION } from "./service.ts";

/**
 * The firm's switch for the assistant (owner or manager only, enforced here on the server) and the
 * assistant's use counted in the firm's activity log without the words of the conversation.
 */
let t: TestApp;
let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

const settingsOf = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return AssistantSettingsResponse.parse(res.json()).data;
};

describe("the firm's switch for the assistant", () => {
  it("is on by default, says the provider, and only the owner or a manager may turn it", async () => {
    const { owner, manager, alice } = people.as;
    expect(settingsOf(await alice.get("/api/ai/settings"))).toEqual({
      enabled: true,
      available: true,
      provider: "built-in",
      can_change: false,
      realtime: null,
    });
    expect(settingsOf(await owner.get("/api/ai/settings")).can_change).toBe(true);

    const refused = await alice.post("/api/ai/settings", { enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ASSISTANT_SETTINGS_FORBIDDEN);
    expect(settingsOf(await alice.get("/api/ai/settings")).enabled).toBe(true);

    const bad = await manager.post("/api/ai/settings", { enabled: "no" });
    expect(bad.statusCode).toBe(400);
    expect(settingsOf(await alice.get("/api/ai/settings")).enabled).toBe(true);

    // Another firm's owner, naming this firm, is not a member of it: not found, and nothing changes.
    const outsider = await people.outsider.post("/api/ai/settings", { enabled: false });
    expect(outsider.statusCode).toBe(404);
    expect((await people.outsider.get("/api/ai/settings")).statusCode).toBe(404);
    expect(settingsOf(await alice.get("/api/ai/settings")).enabled).toBe(true);
  });

  it("off, every chat call of the firm answers 403 with the message; other firms keep theirs", async () => {
    const { owner, manager, alice } = people.as;
    const open = await alice.post("/api/ai/threads", {});
    expect(open.statusCode, open.body).toBe(200);
    const threadId = CreateThreadResponse.parse(open.json()).data.thread_id;

    expect(settingsOf(await manager.post("/api/ai/settings", { enabled: false })).enabled).toBe(false);
    for (const res of [
      await alice.post("/api/ai/threads", {}),
      await alice.get(`/api/ai/threads/${threadId}`),
      await alice.post(`/api/ai/threads/${threadId}/messages`, { text: "a family trust", is_prompt: false }),
      await owner.post("/api/ai/threads", {}),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(ASSISTANT_TURNED_OFF);
    }
    // The other firm's assistant is still on.
    expect(settingsOf(await people.lite.get("/api/ai/settings")).enabled).toBe(true);
    expect((await people.lite.post("/api/ai/threads", {})).statusCode).toBe(200);

    expect(settingsOf(await owner.post("/api/ai/settings", { enabled: true })).enabled).toBe(true);
    expect((await alice.get(`/api/ai/threads/${threadId}`)).statusCode).toBe(200);
  });
});

describe("the assistant's use in the activity log", () => {
  it("records each message, its intent and provider, never its words", async () => {
    const { owner, bob } = people.as;
    const open = await bob.post("/api/ai/threads", {});
    const threadId = CreateThreadResponse.parse(open.json()).data.thread_id;
    const words = "I need a confidentiality agreement for Wombat Secret Pty Ltd";
    const sent = await bob.post(`/api/ai/threads/${threadId}/messages`, { text: words, is_prompt: false });
    expect(sent.statusCode, sent.body).toBe(200);

    const read = await owner.get("/api/activity-log", { page: 1, length: 50 });
    expect(read.statusCode, read.body).toBe(200);
    // The one message answered in this firm so far (the refused ones above were not answered).
    const entries = ActivityLogResponse.parse(read.json()).data.rows.filter(
      (e) => e.action === ASSISTANT_MESSAGE_ACTION,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      isError: false,
      doc_id: null,
      message: "Message to the assistant (built-in): answer",
    });
    expect(read.body).not.toContain("Wombat");

    // The other firm's activity log holds none of this firm's messages.
    const theirs = await people.lite.get("/api/activity-log", { page: 1, length: 50 });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirRows = ActivityLogResponse.parse(theirs.json()).data.rows;
    expect(theirRows.filter((e) => e.action === ASSISTANT_MESSAGE_ACTION)).toHaveLength(0);
  });
});
