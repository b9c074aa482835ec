import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, sandboxProviders, smsDevPageOn } from "../../config.ts";
import { createMessageMediaSms, e164, SmsNotSent } from "./service.ts";

describe("e164", () => {
  it("drops the wizard's dash and refuses what is not a number", () => {
    expect(e164("+61-412345678")).toBe("+61412345678");
    expect(() => e164("0412 345 678")).toThrow(SmsNotSent);
    expect(() => e164("+61-")).toThrow();
  });
});

describe("SMS configuration", () => {
  it("is the sandbox by default, named at start with its developer page", () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBeUndefined();
    expect(sandboxProviders(config)).toContain(
      "sms (kept in the sms_outbox table and shown at /api/dev/sms, not sent)",
    );
  });

  it("shows the developer page in production only when SMS_PROVIDER=sandbox is set", () => {
    expect(smsDevPageOn({ NODE_ENV: "development", SMS_PROVIDER: undefined })).toBe(true);
    expect(smsDevPageOn({ NODE_ENV: "production", SMS_PROVIDER: undefined })).toBe(false);
    expect(smsDevPageOn({ NODE_ENV: "production", SMS_PROVIDER: "sandbox" })).toBe(true);
    expect(smsDevPageOn({ NODE_ENV: "development", SMS_PROVIDER: "messagemedia" })).toBe(false);
  });

  it("needs MessageMedia's key and secret when MessageMedia is chosen", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "messagemedia" })).toThrow(
      /SMS_PROVIDER: messagemedia needs MESSAGEMEDIA_API_KEY and MESSAGEMEDIA_API_SECRET/,
    );
    const config = loadConfig({
      SMS_PROVIDER: "messagemedia",
      MESSAGEMEDIA_API_KEY: "key",
      MESSAGEMEDIA_API_SECRET: "secret",
    });
    expect(sandboxProviders(config).some((s) => s.startsWith("sms"))).toBe(false);
  });
});

/** A local fake of exactly the endpoint the adapter calls: MessageMedia's POST /v1/messages. */
type Received = { authorization?: string; path?: string; body: unknown };
let server: Server;
let received: Received[] = [];
let answerWith: { status: number; body: unknown; headers?: Record<string, string> } | null = null;
let base = "";

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({ authorization: request.headers.authorization, path: request.url, body });
    if (request.method !== "POST" || request.url !== "/v1/messages") {
      response.writeHead(404).end();
      return;
    }
    if (request.headers.authorization !== `Basic ${Buffer.from("key:secret").toString("base64")}`) {
      response.writeHead(401, { "content-type": "application/json" }).end('{"message":"Unauthorized"}');
      return;
    }
    const answer = answerWith ?? {
      status: 202,
      body: {
        messages: (body as { messages: object[] }).messages.map((m, i) => ({
          ...m,
          message_id: `04fe9a97-a579-43c5-bb1a-58ed29bf0a6${i}`,
          status: "queued",
        })),
      },
    };
    response
      .writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answerWith = null;
});

const message = { to: "+61-412345678", body: "Your signing code is 123456", teamId: 1, documentId: 2 };
const notSent = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsNotSent);
  return error as SmsNotSent;
};

describe("the MessageMedia adapter", () => {
  it("posts one SMS to /v1/messages with basic auth and returns its id", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "secret", apiBase: base });
    const sent = await sms.send(message);
    expect(sent.id).toBe("04fe9a97-a579-43c5-bb1a-58ed29bf0a60");
    expect(received).toEqual([
      {
        authorization: `Basic ${Buffer.from("key:secret").toString("base64")}`,
        path: "/v1/messages",
        body: {
          messages: [
            { content: "Your signing code is 123456", destination_number: "+61412345678", format: "SMS" },
          ],
        },
      },
    ]);
  });

  it("is busy for the Retry-After a 429 gives, in seconds or as a date", async () => {
    const now = new Date("2026-11-29T00:00:00Z");
    const sms = createMessageMediaSms({
      apiKey: "key",
      apiSecret: "secret",
      apiBase: base,
      clock: () => now,
    });
    answerWith = { status: 429, body: { message: "Too Many Requests" }, headers: { "retry-after": "17" } };
    const busy = await notSent(sms.send(message));
    expect(busy.reason).toBe("busy");
    expect(busy.retryAfterSeconds).toBe(17);
    answerWith = {
      status: 429,
      body: { message: "Too Many Requests" },
      headers: { "retry-after": new Date(now.getTime() + 90_000).toUTCString() },
    };
    expect((await notSent(sms.send(message))).retryAfterSeconds).toBe(90);
  });

  it("says an invalid number is rejected (400), and refused keys or no id are unavailable", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "secret", apiBase: base });
    answerWith = { status: 400, body: { message: "Invalid destination number" } };
    const rejected = await notSent(sms.send(message));
    expect(rejected.reason).toBe("rejected");
    expect(rejected.message).toMatch(/400.*Invalid destination/);
    answerWith = { status: 202, body: { messages: [] } };
    expect((await notSent(sms.send(message))).message).toMatch(/without a message id/);
    answerWith = null;
    const wrongKeys = createMessageMediaSms({ apiKey: "key", apiSecret: "wrong", apiBase: base });
    const unavailable = await notSent(wrongKeys.send(message));
    expect(unavailable.reason).toBe("unavailable");
    expect(unavailable.message).toMatch(/401/);
  });

  it("is unavailable when nothing answers", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "secret", apiBase: "http://127.0.0.1:9" });
    expect((await notSent(sms.send(message))).reason).toBe("unavailable");
  });
});
