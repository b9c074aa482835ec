import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  ASSISTANT_MESSAGES_PER_MINUTE,
  ASSISTANT_TOO_MANY_MESSAGES,
  ASSISTANT_TURNED_OFF,
  EndVoiceSessionResponse,
  INTERVIEW_COMPLETED_DOCUMENT,
  InitVoiceSessionResponse,
  InterviewResponse,
  LogChangesResponse,
  SPEECH_NOT_CONFIGURED,
  VOICE_ANSWER_NEEDED,
  VOICE_SESSION_ENDED,
  VOICE_SESSION_NOT_FOUND,
  VOICE_TEMPLATE_MISMATCH,
  VoiceAnswerResponse,
  type VoiceAnswerResult,
  VoiceLogResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { integrationLogs } from "../logs/index.ts";
import { teams } from "../teams/index.ts";

/**
 * The voice interview through the API (interview spec §4 "AI interview (voice)"): a will from its
 * first question to the executors' loop, an option outside the list asked again, the log, and the
 * answers saved through the interview's own save with the page's action token.
 */
let t: TestApp;
let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  await t.db.update(teams).set({ creditLimit: 20 }).where(eq(teams.id, people.teamId));
}, 240_000);
afterAll(async () => t?.close());

/** A will of the person's (each test its own person: the assistant's rate is per person). */
const will = (createdBy = people.ids.alice, teamId = people.teamId) =>
  t.buildDocument({ teamId, createdBy, template: { identifier: "simple-will", name: "Will" } });

async function init(client: FirmClient, docId: number, template = "simple-will") {
  const res = await client.post("/api/ai/init-session", { template_id: template, doc_id: docId });
  expect(res.statusCode, res.body).toBe(200);
  return InitVoiceSessionResponse.parse(res.json()).data;
}

async function answer(client: FirmClient, sessionId: string, text: string): Promise<VoiceAnswerResult> {
  const res = await client.post(`/api/ai/sessions/${sessionId}/answer`, { text });
  expect(res.statusCode, res.body).toBe(200);
  return VoiceAnswerResponse.parse(res.json()).data;
}

/** A plausible spoken answer for a question of each kind (No where there is a No). */
function plausible(step: { question: { label: string; kind: string; options: string[] | null } | null }) {
  const q = step.question;
  if (!q) throw new Error("no question");
  if (/postcode/i.test(q.label)) return "2000";
  if (/\bABN\b/.test(q.label)) return "51 824 753 556";
  if (/\bACN\b/.test(q.label)) return "000 000 019";
  if (q.kind === "date") return /birth/i.test(q.label) ? "3rd of March 1960" : "3rd of March 2026";
  if (q.kind === "number" || q.kind === "count") return "one";
  if (q.kind === "email" || /email/i.test(q.label)) return "jane@example.test";
  if (q.kind === "select") return q.options?.includes("No") ? "no" : (q.options?.[0] ?? "");
  return "Jane Citizen";
}

describe("a voice interview of a will", () => {
  it("asks the visible questions, expands the loop, asks again outside the list, and saves at the end", async () => {
    const alice = people.as.alice;
    const doc = await will();
    const session = await init(alice, doc.id);
    expect(session.done).toBe(false);
    expect(session.step).toBe(1);
    // The will-maker's name needs an answer: "skip" is not taken as one.
    const notSkipped = await answer(alice, session.session_id, "skip");
    expect(notSkipped).toMatchObject({ valid: false, suggestion: VOICE_ANSWER_NEEDED, step: 1 });
    expect(session.steps).toBeGreaterThan(1);
    const first = session.question?.field;
    expect(first).toBeTruthy();

    let step: VoiceAnswerResult | typeof session = session;
    let refusedOnce = false;
    for (let i = 0; i < 40 && step.question?.field !== "executors"; i++) {
      // An option outside the list is refused with the choices, and the same question asked again.
      if (!refusedOnce && step.question?.kind === "select") {
        const refused = await answer(alice, session.session_id, "purple elephants");
        expect(refused.valid).toBe(false);
        expect(refused.suggestion).toContain("is not one of the choices");
        expect(refused.question?.field).toBe(step.question.field);
        expect(refused.step).toBe(step.step);
        refusedOnce = true;
      }
      const kept = await answer(alice, session.session_id, plausible(step));
      expect(kept.valid, `${step.question?.label}: ${kept.suggestion}`).toBe(true);
      expect(kept.step).toBe(step.step + 1);
      step = kept;
    }
    expect(refusedOnce).toBe(true);
    expect(step.question).toMatchObject({ field: "executors", kind: "count" });

    // The loop: "two" executors expand into two entries, each asked in turn.
    const looped = await answer(alice, session.session_id, "two");
    expect(looped.valid).toBe(true);
    expect(looped.value).toBe("2");
    expect(looped.question?.field).toMatch(/^executors\[0\]\./);
    const before = looped.steps;
    expect(before).toBeGreaterThan(looped.step + 2);

    // Nothing reaches the document before the end.
    const unsaved = InterviewResponse.parse((await alice.get(`/api/doc/${doc.id}/interview`)).json()).data;
    expect((unsaved.xml as Record<string, unknown>).executors).toBeUndefined();

    const log = VoiceLogResponse.parse(
      (await alice.get(`/api/ai/get-log/${session.session_id}`)).json(),
    ).data;
    expect(log.length).toBe(looped.step - 1);
    expect(log.at(-1)).toEqual({ ask: "How many executors (acting together)?", answer: "2" });
    expect(log.every((pair) => pair.ask.length > 0 && pair.answer.length > 0)).toBe(true);

    // Finishing saves through the interview's save with the page's token: ordinary answers.
    const token = (await alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token as string;
    const ended = await alice.post("/api/ai/end-session", {
      session_id: session.session_id,
      action_token: token,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(EndVoiceSessionResponse.parse(ended.json()).data).toEqual({ saved: true, actions: [] });
    const saved = InterviewResponse.parse((await alice.get(`/api/doc/${doc.id}/interview`)).json()).data;
    expect((saved.xml as { executors?: unknown[] }).executors).toHaveLength(2);
    const changes = await alice.get("/api/log/log-changes", { doc_id: doc.id });
    const rows = LogChangesResponse.parse(changes.json()).data.rows.filter((e) => e.tags.includes("answers"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.created_by === people.ids.alice)).toBe(true);

    // An ended session takes no more answers.
    const late = await alice.post(`/api/ai/sessions/${session.session_id}/answer`, { text: "Jane" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(VOICE_SESSION_ENDED);
  });

  it("starts from the page's answers, and normalises yes and no to the options Yes and No", async () => {
    const bob = people.as.bob;
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.bob,
      template: { identifier: "mutual-nda", name: "Mutual NDA" },
    });
    // The page's answers not yet saved (`data`): every answer up to the non-solicitation question.
    const sample = JSON.parse(
      await readFile(
        path.resolve(import.meta.dirname, "../../../../../templates/mutual-nda/sample-answers.json"),
        "utf8",
      ),
    ) as Record<string, unknown>;
    const { non_solicitation: _a, non_solicitation_months: _b, jurisdiction: _c, ...data } = sample;
    const res = await bob.post("/api/ai/init-session", { template_id: "mutual-nda", doc_id: doc.id, data });
    expect(res.statusCode, res.body).toBe(200);
    const session = InitVoiceSessionResponse.parse(res.json()).data;
    // Questions the sample leaves empty need no answer: "skip" passes each, logged as skipped.
    let step: VoiceAnswerResult | typeof session = session;
    for (let i = 0; i < 20 && step.question?.field !== "non_solicitation"; i++) {
      const skipped = await answer(bob, session.session_id, "skip");
      expect(skipped, `${step.question?.field} needs an answer`).toMatchObject({
        valid: true,
        value: "(skipped)",
      });
      step = skipped;
    }
    expect(step.question?.field).toBe("non_solicitation");
    expect(step.question?.options).toEqual(["Yes", "No"]);
    const yes = await answer(bob, session.session_id, "yeah");
    expect(yes.value).toBe("Yes");
    // The condition on the answer brings in its question.
    expect(yes.question?.field).toBe("non_solicitation_months");
    const months = await answer(bob, session.session_id, "six");
    expect(months.value).toBe("6");
    const no = await answer(bob, session.session_id, "nope");
    expect(no.valid).toBe(false);
    expect(no.question?.field).toBe("jurisdiction");
  });

  it("adds an is_qaction question's action to `actions` when it is answered Yes, and not for No", async () => {
    const manager = people.as.manager;
    const sample = JSON.parse(
      await readFile(
        path.resolve(
          import.meta.dirname,
          "../../../../../templates/first-directors-minutes/sample-answers.json",
        ),
        "utf8",
      ),
    ) as Record<string, unknown>;
    const { send_for_signing: _flagged, ...data } = sample;
    const askedFlagged = async (reply: string) => {
      const doc = await t.buildDocument({
        teamId: people.teamId,
        createdBy: people.ids.manager,
        template: { identifier: "first-directors-minutes", name: "First minutes" },
      });
      const res = await manager.post("/api/ai/init-session", {
        template_id: "first-directors-minutes",
        doc_id: doc.id,
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const session = InitVoiceSessionResponse.parse(res.json()).data;
      let step: VoiceAnswerResult | typeof session = session;
      for (let i = 0; i < 10 && step.question?.field !== "send_for_signing"; i++) {
        step = await answer(manager, session.session_id, "skip");
      }
      expect(step.question?.field).toBe("send_for_signing");
      expect("actions" in step ? step.actions : []).toEqual([]);
      const answered = await answer(manager, session.session_id, reply);
      expect(answered.valid).toBe(true);
      expect(answered.done).toBe(true);
      const token = (await manager.get(`/api/get-action-token/${doc.id}`)).json().data.action_token as string;
      const ended = await manager.post("/api/ai/end-session", {
        session_id: session.session_id,
        action_token: token,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      return { answered, ended: EndVoiceSessionResponse.parse(ended.json()).data };
    };
    const yes = await askedFlagged("yes please");
    expect(yes.answered.actions).toEqual(["SignFS"]);
    expect(yes.ended).toEqual({ saved: true, actions: ["SignFS"] });
    const no = await askedFlagged("no");
    expect(no.answered.actions).toEqual([]);
    expect(no.ended).toEqual({ saved: true, actions: [] });
  });

  it("ends without saving on Back (no token), and the document keeps its answers", async () => {
    const alice = people.as.manager;
    const doc = await will(people.ids.manager);
    const session = await init(alice, doc.id);
    await answer(alice, session.session_id, plausible(session));
    const ended = await alice.post("/api/ai/end-session", { session_id: session.session_id });
    expect(EndVoiceSessionResponse.parse(ended.json()).data.saved).toBe(false);
    const read = InterviewResponse.parse((await alice.get(`/api/doc/${doc.id}/interview`)).json()).data;
    expect(read.xml).toEqual({});
    expect(read.is_interview_ai).toBe(false);
  });

  it("logs a company registration's voice interview as an ASIC entry, and a will's as DOC", async () => {
    const bob = people.as.bob;
    const logTypesOf = async (docId: number) =>
      (await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, docId)))
        .map((row) => `${row.action}: ${row.type}`)
        .sort();
    const registration = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.bob,
      type: "ASIC",
      template: { identifier: "company-registration", name: "Company registration" },
    });
    const letter = await will(people.ids.bob);
    for (const [doc, template] of [
      [registration, "company-registration"],
      [letter, "simple-will"],
    ] as const) {
      const session = await init(bob, doc.id, template);
      const spoken = await bob.post(`/api/ai/sessions/${session.session_id}/answer`, {
        text: plausible(session),
        audio_seconds: 3,
      });
      expect(spoken.statusCode, spoken.body).toBe(200);
      const ended = await bob.post("/api/ai/end-session", { session_id: session.session_id });
      expect(ended.statusCode, ended.body).toBe(200);
    }
    expect(await logTypesOf(registration.id)).toEqual(["Voice answer: ASIC", "Voice interview: ASIC"]);
    expect(await logTypesOf(letter.id)).toEqual(["Voice answer: DOC", "Voice interview: DOC"]);
  });

  it("refuses a stale action token at the end, and keeps the session to try again", async () => {
    const alice = people.as.owner;
    const doc = await will(people.ids.owner);
    const session = await init(alice, doc.id);
    await answer(alice, session.session_id, plausible(session));
    const stale = (await alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token as string;
    const current = (await alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token as string;
    const refused = await alice.post("/api/ai/end-session", {
      session_id: session.session_id,
      action_token: stale,
    });
    expect(refused.statusCode).toBe(409);
    const aiOf = async () =>
      InterviewResponse.parse((await alice.get(`/api/doc/${doc.id}/interview`)).json()).data.is_interview_ai;
    // The refused save marked nothing; the saved one marks the document as answered by voice.
    expect(await aiOf()).toBe(false);
    const again = await alice.post("/api/ai/end-session", {
      session_id: session.session_id,
      action_token: current,
    });
    expect(EndVoiceSessionResponse.parse(again.json()).data.saved).toBe(true);
    expect(await aiOf()).toBe(true);
  });
});

describe("who may run a voice interview", () => {
  it("is the session's own person and firm: anyone else is not found", async () => {
    const doc = await will();
    const session = await init(people.as.alice, doc.id);
    const id = session.session_id;
    for (const other of [people.as.bob, people.as.owner, people.outsider, people.lite]) {
      const calls = [
        await other.post(`/api/ai/sessions/${id}/answer`, { text: "Jane" }),
        await other.get(`/api/ai/get-log/${id}`),
        await other.post("/api/ai/end-session", { session_id: id }),
      ];
      for (const res of calls) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(403);
        expect(res.statusCode).toBeLessThanOrEqual(404);
        expect(res.body).not.toContain("Jane Citizen");
      }
      expect(calls[1]?.statusCode).not.toBe(200);
    }
    expect((await people.lite.get(`/api/ai/get-log/${id}`)).json().message).toBe(VOICE_SESSION_NOT_FOUND);
    // Another firm cannot start one on this firm's document.
    const theirs = await people.lite.post("/api/ai/init-session", {
      template_id: "simple-will",
      doc_id: doc.id,
    });
    expect(theirs.statusCode).toBe(404);
    // Bob may not interview Alice's draft.
    const bobs = await people.as.bob.post("/api/ai/init-session", {
      template_id: "simple-will",
      doc_id: doc.id,
    });
    expect(bobs.statusCode).toBeGreaterThanOrEqual(400);
    expect(bobs.statusCode).toBeLessThan(500);
  });

  it("refuses a completed document and a template that is not the document's", async () => {
    const done = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 5,
      template: { identifier: "simple-will", name: "Will" },
    });
    const refused = await people.as.alice.post("/api/ai/init-session", {
      template_id: "simple-will",
      doc_id: done.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INTERVIEW_COMPLETED_DOCUMENT);
    const doc = await will();
    const mismatch = await people.as.alice.post("/api/ai/init-session", {
      template_id: "mutual-nda",
      doc_id: doc.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(VOICE_TEMPLATE_MISMATCH);
  });

  it("answers speech with a clear refusal when no provider is configured (the browser speaks)", async () => {
    const res = await people.as.alice.post("/api/ai/text-to-speech", {
      text: "Hello",
      voice: "ash",
      speed: 0.9,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SPEECH_NOT_CONFIGURED);
  });

  it("takes no more answers a minute from one person than the assistant's rate", async () => {
    const lite = people.lite;
    const doc = await will(people.ids.otherOwner, people.otherTeamId);
    const session = await init(lite, doc.id);
    let last = await lite.post(`/api/ai/sessions/${session.session_id}/answer`, { text: "Jane Citizen" });
    for (let i = 0; i < ASSISTANT_MESSAGES_PER_MINUTE && last.statusCode === 200; i++) {
      last = await lite.post(`/api/ai/sessions/${session.session_id}/answer`, { text: "Jane Citizen" });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(ASSISTANT_TOO_MANY_MESSAGES);
    expect(last.json().data.retry_after_seconds).toBeGreaterThan(0);
  });

  it("follows the firm's switch", async () => {
    const doc = await will();
    const session = await init(people.as.alice, doc.id);
    const off = await people.as.owner.post("/api/ai/settings", { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const calls = [
        await people.as.alice.post("/api/ai/init-session", { template_id: "simple-will", doc_id: doc.id }),
        await people.as.alice.post(`/api/ai/sessions/${session.session_id}/answer`, { text: "Jane" }),
        await people.as.alice.get(`/api/ai/get-log/${session.session_id}`),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ASSISTANT_TURNED_OFF);
      }
    } finally {
      await people.as.owner.post("/api/ai/settings", { enabled: true });
    }
  });
});
