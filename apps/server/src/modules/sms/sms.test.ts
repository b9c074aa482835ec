import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessageMediaSms, createSandboxSms, e164 } from "./service.ts";

describe("e164", () => {
  it("drops the wizard's dash and refuses what is not a number", () => {
    expect(e164("+61-412345678")).toBe("+61412345678");
    expect(() => e164("0412 345 678")).toThrow();
    expect(() => e164("+61-")).toThrow();
  });
});

describe("the sandbox SMS outbox", () => {
  it("keeps every message and finds the latest to a number in either spelling", async () => {
    const sms = createSandboxSms({ clock: () => new Date("2026-11-02T00:00:00Z") });
    await sms.send({ to: "+61-412345678", body: "first" });
    await sms.send({ to: "+61-499999999", body: "other" });
    await sms.send({ to: "+61-412345678", body: "second" });
    expect(sms.sent()).toHaveLength(3);
    expect(sms.latestTo("+61412345678")?.body).toBe("second");
    await expect(sms.send({ to: "nonsense", body: "x" })).rejects.toThrow();
    expect(sms.sent()).toHaveLength(3);
  });
});

/** A local fake of exactly the endpoint the adapter calls: MessageMedia's POST /v1/messages. */
type Received = { authorization?: string; path?: string; body: unknown };
let server: Server;
let received: Received[] = [];
let answerWith: { status: number; body: unknown } | null = null;
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
      .writeHead(answer.status, { "content-type": "application/json" })
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

describe("the MessageMedia adapter", () => {
  it("posts one SMS to /v1/messages with basic auth and returns its id", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "secret", apiBase: base });
    const sent = await sms.send({ to: "+61-412345678", body: "Your signing code is 123456" });
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

  it("throws when the credentials are refused", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "wrong", apiBase: base });
    await expect(sms.send({ to: "+61-412345678", body: "x" })).rejects.toThrow(/401/);
  });

  it("throws when the gateway rejects the message or answers without an id", async () => {
    const sms = createMessageMediaSms({ apiKey: "key", apiSecret: "secret", apiBase: base });
    answerWith = { status: 400, body: { message: "Invalid destination number" } };
    await expect(sms.send({ to: "+61-412345678", body: "x" })).rejects.toThrow(/400.*Invalid destination/);
    answerWith = { status: 202, body: { messages: [] } };
    await expect(sms.send({ to: "+61-412345678", body: "x" })).rejects.toThrow(/without a message id/);
  });
});
