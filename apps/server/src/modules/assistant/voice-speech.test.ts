import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SPEECH_AUDIO_REQUIRED, SPEECH_FAILED, SpeechToTextResponse } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { integrationLogs } from "../logs/index.ts";
import { mp3Seconds } from "./audio-duration.ts";
import { SPEECH_TO_TEXT_ACTION, TEXT_TO_SPEECH_ACTION } from "./usage.ts";

/**
 * The voice interview's speech through the API with an OpenAI-compatible provider configured,
 * against a local fake of exactly the two endpoints the speech port calls:
 * `POST /v1/audio/transcriptions` (multipart) and `POST /v1/audio/speech` (JSON, mp3 back).
 */

type Received = { path: string; authorization: string | undefined; contentType: string; body: Buffer };
const received: Received[] = [];
const unexpected: string[] = [];
/** How the fake answers the next request (one use), else the ordinary answer. */
let next: { status: number } | null = null;
/** Bytes standing in for an mp3: an ID3 header and some frame bytes. */
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(64, 0xfb)]);
/**
 * `frames` MPEG-1 Layer III frames at 128 kbit/s and 44.1 kHz (417 bytes and 1152 samples each)
 * after an ID3 tag: 100 frames play for 2.61 s.
 */
const mp3Frames = (frames: number) =>
  Buffer.concat([
    Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]),
    Buffer.alloc(20),
    ...Array.from({ length: frames }, () =>
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)]),
    ),
  ]);
/** What the fake's /audio/speech answers. */
let spokenReply: Buffer = MP3;
let fake: Server;
let t: TestApp;
let people: FirmWithPeople;

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? "";
    if (request.method !== "POST" || !["/v1/audio/transcriptions", "/v1/audio/speech"].includes(path)) {
      unexpected.push(`${request.method} ${path}`);
      response.writeHead(404).end();
      return;
    }
    received.push({
      path,
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"] ?? "",
      body,
    });
    if (next) {
      response
        .writeHead(next.status, { "content-type": "application/json" })
        .end('{"error":{"message":"no"}}');
      next = null;
      return;
    }
    if (path === "/v1/audio/transcriptions") {
      response.writeHead(200, { "content-type": "application/json" }).end('{"text":" Three executors. "}');
    } else {
      response.writeHead(200, { "content-type": "audio/mpeg" }).end(spokenReply);
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      ASSISTANT_OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      ASSISTANT_OPENAI_API_KEY: "sk-test-key",
      ASSISTANT_OPENAI_MODEL: "gpt-test-mini",
      ASSISTANT_OPENAI_TIMEOUT_MS: "1500",
    },
  });
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  next = null;
  spokenReply = MP3;
});

/** A multipart body with the recording as the part `file`, as the browser sends it. */
function multipart(file: Buffer | null) {
  const boundary = "----voiceTestBoundary";
  const parts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recording.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
        ),
        file,
        Buffer.from("\r\n"),
      ]
    : [];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function speechToText(token: string, teamId: number, file: Buffer | null) {
  const body = multipart(file);
  return t.app.inject({
    method: "POST",
    url: `/api/ai/speech-to-text?id_team=${teamId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe("speech through a configured provider", () => {
  it("sends the recording to /audio/transcriptions and answers its text", async () => {
    const res = await speechToText(people.as.alice.token, people.teamId, MP3);
    expect(res.statusCode, res.body).toBe(200);
    expect(SpeechToTextResponse.parse(res.json()).data.text).toBe("Three executors.");
    expect(received).toHaveLength(1);
    const sent = received[0];
    expect(sent?.authorization).toBe("Bearer sk-test-key");
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // The fake reads the form as the provider would: the model and the recording's bytes.
    const form = await new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": sent?.contentType ?? "" },
      body: sent?.body,
    }).formData();
    expect(form.get("model")).toBe("whisper-1");
    const file = form.get("file") as File;
    expect(file.name).toBe("recording.mp3");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(MP3);
  });

  it("sends text, voice and speed to /audio/speech and answers the mp3", async () => {
    const res = await people.as.alice.post("/api/ai/text-to-speech", {
      text: "How many executors?",
      voice: "ash",
      speed: 0.9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(res.rawPayload).toEqual(MP3);
    expect(JSON.parse(received[0]?.body.toString("utf8") ?? "{}")).toEqual({
      model: "tts-1",
      input: "How many executors?",
      voice: "ash",
      speed: 0.9,
      response_format: "mp3",
    });
  });

  it("says plainly when the provider fails, and refuses bad input without calling it", async () => {
    next = { status: 500 };
    const failed = await people.as.alice.post("/api/ai/text-to-speech", { text: "Hello" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(SPEECH_FAILED);
    expect(failed.body).not.toContain("HTTP 500");
    received.length = 0;
    const noFile = await speechToText(people.as.alice.token, people.teamId, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(SPEECH_AUDIO_REQUIRED);
    const fast = await people.as.alice.post("/api/ai/text-to-speech", { text: "Hello", speed: 9 });
    expect(fast.statusCode).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("refuses another firm's id: nothing is sent to the provider", async () => {
    const res = await speechToText(people.outsider.token, people.teamId, MP3);
    expect(res.statusCode).toBeGreaterThanOrEqual(403);
    expect(res.statusCode).toBeLessThanOrEqual(404);
    const tts = await people.outsider.post("/api/ai/text-to-speech", { text: "Hello" });
    expect(tts.statusCode).toBeGreaterThanOrEqual(403);
    expect(tts.statusCode).toBeLessThanOrEqual(404);
    expect(received).toHaveLength(0);
    expect(unexpected).toEqual([]);
  });
});

describe("the server's speech in the firm's usage", () => {
  const rows = (action: string) =>
    t.db
      .select()
      .from(integrationLogs)
      .where(and(eq(integrationLogs.teamId, people.teamId), eq(integrationLogs.action, action)));

  it("reads an mp3's playing time from its frames, and none from what is not one", () => {
    expect(mp3Seconds(mp3Frames(100))).toBeCloseTo((100 * 1152) / 44100, 5);
    expect(mp3Seconds(mp3Frames(0))).toBe(0);
    expect(mp3Seconds(MP3)).toBe(0);
    expect(mp3Seconds(Buffer.from("not audio at all"))).toBe(0);
  });

  it("counts the recording heard and the speech sent back, in whole seconds, once each", async () => {
    const before = (await rows(SPEECH_TO_TEXT_ACTION)).length;
    const heard = await speechToText(people.as.bob.token, people.teamId, mp3Frames(100));
    expect(heard.statusCode, heard.body).toBe(200);
    const stt = await rows(SPEECH_TO_TEXT_ACTION);
    expect(stt).toHaveLength(before + 1);
    expect(stt.at(-1)?.responseMessage).toBe("Speech to text (openai-compatible, 3 audio seconds)");

    spokenReply = mp3Frames(400);
    const spoken = await people.as.bob.post("/api/ai/text-to-speech", { text: "How many executors?" });
    expect(spoken.statusCode, spoken.body).toBe(200);
    const tts = await rows(TEXT_TO_SPEECH_ACTION);
    expect(tts.at(-1)?.responseMessage).toBe("Text to speech (openai-compatible, 11 audio seconds)");
    expect((tts.at(-1)?.response as { audio_seconds?: number } | undefined)?.audio_seconds).toBe(11);

    // A refused call is not counted.
    next = { status: 500 };
    const failed = await people.as.bob.post("/api/ai/text-to-speech", { text: "Hello" });
    expect(failed.statusCode).toBe(502);
    expect(await rows(TEXT_TO_SPEECH_ACTION)).toHaveLength(tts.length);
  });
});
