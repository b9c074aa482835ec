import { AssistantUsageResponse, CreateThreadResponse, InitVoiceSessionResponse } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { ASSISTANT_COMPLETION_ACTION, ASSISTANT_REALTIME_ACTION } from "./usage.ts";

/**
 * GET /api/ai/usage (issue 32 item 8): the assistant's use summed per firm from the activity log's
 * rows — chat messages (typed and spoken), a voice interview, and the rows the configured model's
 * calls write (tokens, realtime sessions) — for the firm's owner and managers, a member's own, over
 * the activity log's period; never another firm's, and not readable from outside the firm.
 */
let t: TestApp;
let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

async function usageOf(client: FirmClient, query: Record<string, string> = {}) {
  const res = await client.get("/api/ai/usage", query);
  expect(res.statusCode, res.body).toBe(200);
  return AssistantUsageResponse.parse(res.json()).data;
}

async function say(client: FirmClient, threadId: string, text: string, audioSeconds?: number) {
  const sent = await client.post(`/api/ai/threads/${threadId}/messages`, {
    text,
    is_prompt: false,
    ...(audioSeconds ? { audio_seconds: audioSeconds } : {}),
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

/** What the configured model's calls write (model-calls.test.ts runs them against the fake). */
const modelRow = (
  teamId: number,
  userId: number,
  action: string,
  response: Record<string, unknown>,
  isSuccess = true,
) =>
  t.services.logs.recordAction(t.db, {
    teamId,
    docId: null,
    docType: "DOC",
    userId,
    action,
    isSuccess,
    response: { status: isSuccess ? 200 : 502, provider: "openai-compatible", ...response },
  });

describe("GET /api/ai/usage", () => {
  it("starts at nothing", async () => {
    expect(await usageOf(people.as.owner)).toEqual({
      scope: "firm",
      messages: 0,
      voice_answers: 0,
      tokens: 0,
      audio_seconds: 0,
      realtime_sessions: 0,
    });
  });

  it("sums the firm's use for its owner and managers, a member's own for a member, never another firm's", async () => {
    const { owner, manager, alice, bob } = people.as;
    // Alice: two chat messages, one of them spoken for 7 seconds.
    const thread = CreateThreadResponse.parse((await alice.post("/api/ai/threads", {})).json()).data
      .thread_id;
    await say(alice, thread, "I need a confidentiality agreement", 7);
    await say(alice, thread, "no thanks");
    // Bob: a voice interview of a will, one spoken answer of 4 seconds, ended.
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.bob,
      template: { identifier: "simple-will", name: "Will" },
    });
    const init = await bob.post("/api/ai/init-session", { template_id: "simple-will", doc_id: doc.id });
    const session = InitVoiceSessionResponse.parse(init.json()).data;
    const answered = await bob.post(`/api/ai/sessions/${session.session_id}/answer`, {
      text: "Jane Citizen",
      audio_seconds: 4,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await bob.post("/api/ai/end-session", { session_id: session.session_id })).statusCode).toBe(200);
    // The manager's model calls: a completion of 120 tokens, a realtime session, and a failed call.
    await modelRow(people.teamId, people.ids.manager, ASSISTANT_COMPLETION_ACTION, { tokens: 120 });
    await modelRow(people.teamId, people.ids.manager, ASSISTANT_REALTIME_ACTION, {});
    await modelRow(people.teamId, people.ids.manager, ASSISTANT_COMPLETION_ACTION, { tokens: 999 }, false);
    // Another firm's use, which ours never counts.
    await modelRow(people.otherTeamId, people.ids.otherOwner, ASSISTANT_COMPLETION_ACTION, { tokens: 5000 });

    const firm = {
      scope: "firm",
      messages: 3,
      voice_answers: 1,
      tokens: 120,
      audio_seconds: 11,
      realtime_sessions: 1,
    };
    expect(await usageOf(owner)).toEqual(firm);
    expect(await usageOf(manager)).toEqual(firm);
    expect(await usageOf(alice)).toEqual({
      scope: "own",
      messages: 2,
      voice_answers: 0,
      tokens: 0,
      audio_seconds: 7,
      realtime_sessions: 0,
    });
    expect(await usageOf(bob)).toMatchObject({
      scope: "own",
      messages: 0,
      voice_answers: 1,
      audio_seconds: 4,
    });
    expect(await usageOf(people.lite)).toMatchObject({ scope: "firm", messages: 1, tokens: 5000 });
  });

  it("sums over the activity log's period (Sydney days)", async () => {
    const all = await usageOf(people.as.owner, { date_from: "2000-01-01", date_to: "2199-12-31" });
    expect(all.messages).toBeGreaterThan(0);
    expect(await usageOf(people.as.owner, { date_from: "2000-01-01", date_to: "2000-01-31" })).toMatchObject({
      messages: 0,
      tokens: 0,
      audio_seconds: 0,
    });
  });

  it("refuses a day that is not YYYY-MM-DD, and a firm the caller is not in", async () => {
    const bad = await people.as.owner.get("/api/ai/usage", { date_from: "31/01/2026" });
    expect(bad.statusCode).toBe(400);
    const outside = await people.outsider.get("/api/ai/usage");
    expect(outside.statusCode).toBe(404);
    expect(JSON.stringify(outside.json())).not.toContain("120");
  });
});
