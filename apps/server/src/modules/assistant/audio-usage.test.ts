import {
  ActivityLogResponse,
  AUDIO_SECONDS_INVALID,
  CreateThreadResponse,
  InitVoiceSessionResponse,
  VoiceAnswerResponse,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { integrationLogs } from "../logs/index.ts";
import { ASSISTANT_MESSAGE_ACTION } from "./service.ts";
import { VOICE_ANSWER_ACTION } from "./usage.ts";

/**
 * Audio seconds in the firm's usage (issue 32 item 8): a spoken chat turn's seconds on its message
 * row, each spoken voice interview answer a row of its own (kept or asked again), a typed one
 * none; bad values refused with nothing changed; answers at once counted once each.
 */
let t: TestApp;
let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

const audioRows = (action: string) =>
  t.db
    .select()
    .from(integrationLogs)
    .where(and(eq(integrationLogs.teamId, people.teamId), eq(integrationLogs.action, action)));

describe("POST /api/ai/threads/{id}/messages with audio_seconds", () => {
  it("counts a spoken turn's seconds on its usage row and refuses a bad value with nothing changed", async () => {
    const { owner, bob } = people.as;
    const open = await bob.post("/api/ai/threads", {});
    const threadId = CreateThreadResponse.parse(open.json()).data.thread_id;

    for (const bad of [-1, 1.5, 601, "5"]) {
      const refused = await bob.post(`/api/ai/threads/${threadId}/messages`, {
        text: "a family trust",
        is_prompt: false,
        audio_seconds: bad,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(AUDIO_SECONDS_INVALID);
    }
    expect(await audioRows(ASSISTANT_MESSAGE_ACTION)).toHaveLength(0);

    const sent = await bob.post(`/api/ai/threads/${threadId}/messages`, {
      text: "I need a confidentiality agreement",
      is_prompt: false,
      audio_seconds: 7,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const typed = await bob.post(`/api/ai/threads/${threadId}/messages`, {
      text: "something else",
      is_prompt: false,
    });
    expect(typed.statusCode, typed.body).toBe(200);

    const read = await owner.get("/api/activity-log", { page: 1, length: 50 });
    expect(read.statusCode, read.body).toBe(200);
    const messages = ActivityLogResponse.parse(read.json())
      .data.rows.filter((e) => e.action === ASSISTANT_MESSAGE_ACTION)
      .map((e) => e.message);
    expect(messages).toContain("Message to the assistant (built-in, 7 audio seconds): answer");
    expect(messages.filter((m) => m.includes("audio"))).toHaveLength(1);
    const rows = await audioRows(ASSISTANT_MESSAGE_ACTION);
    expect(rows.map((r) => (r.response as { audio_seconds?: number }).audio_seconds).sort()).toEqual([0, 7]);
  });
});

describe("POST /api/ai/sessions/{id}/answer with audio_seconds", () => {
  it("records each spoken answer's seconds, kept or asked again, never a typed one's or another firm's", async () => {
    const { alice } = people.as;
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      template: { identifier: "simple-will", name: "Will" },
    });
    const init = await alice.post("/api/ai/init-session", { template_id: "simple-will", doc_id: doc.id });
    expect(init.statusCode, init.body).toBe(200);
    const session = InitVoiceSessionResponse.parse(init.json()).data;
    const path = `/api/ai/sessions/${session.session_id}/answer`;

    // Another firm's person cannot count seconds against this session (nor see it).
    const outsider = await people.outsider.post(path, { text: "Jane Citizen", audio_seconds: 9 });
    expect(outsider.statusCode).toBe(404);
    const bad = await alice.post(path, { text: "Jane Citizen", audio_seconds: -3 });
    expect(bad.statusCode).toBe(400);
    expect(await audioRows(VOICE_ANSWER_ACTION)).toHaveLength(0);

    // Two spoken answers at once: one is kept, and only what was kept or refused is counted.
    const both = await Promise.all([
      alice.post(path, { text: "Jane Citizen", audio_seconds: 4 }),
      alice.post(path, { text: "Jane Citizen", audio_seconds: 4 }),
    ]);
    const kept = both.filter((r) => r.statusCode === 200 && VoiceAnswerResponse.parse(r.json()).data.valid);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    const answered = both.filter((r) => r.statusCode === 200).length;
    const afterBoth = await audioRows(VOICE_ANSWER_ACTION);
    expect(afterBoth).toHaveLength(answered);

    // A typed answer is not an audio row.
    const typed = await alice.post(path, { text: "skip" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await audioRows(VOICE_ANSWER_ACTION)).toHaveLength(answered);

    const rows = await audioRows(VOICE_ANSWER_ACTION);
    expect(rows[0]?.responseMessage).toMatch(/^Voice answer \(built-in, 4 audio seconds\)/);
    expect(rows.every((r) => r.docId === doc.id && r.createdBy === people.ids.alice)).toBe(true);
  });
});
