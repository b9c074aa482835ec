import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApp,
  firmClient,
  type SignedInFirm,
  signedInFirm,
  type TestApp,
} from "../../../test/harness.ts";
import { SMS_NOT_SENT_MESSAGES } from "../../sms/index.ts";
import { createCopyingSealerForTests } from "./sealer.ts";
import { SIGNING_LINK_MESSAGES } from "./service.ts";
import { buildSigningEnvelope } from "./testing.ts";

/**
 * How a signer's one-time code reaches them: the sandbox keeps it in the sms_outbox table, shown to
 * the sender's firm (and only it) on GET /api/dev/sms; MessageMedia gets it through its REST API,
 * here a local fake of exactly POST /v1/messages; a provider's refusal is told to the signer.
 */
let sequence = 0;
const from = () => {
  sequence += 1;
  return `10.9.${Math.floor(sequence / 250)}.${sequence % 250}`;
};

async function smsEnvelope(t: TestApp, firm: SignedInFirm, phone: string, name = "Deed of Appointment") {
  const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.owner, status: 4, name });
  const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: firm.teamId,
    documentId: doc.id,
    senderUserId: firm.ids.owner,
    recipients: [{ name: "Jane Citizen", phone }],
    smsNotify: true,
    now: t.clock.now(),
  });
  const token = built.tokens["Jane Citizen"] ?? "";
  const remoteAddress = from();
  const call = (url: string, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/sign/${token}${url}`, remoteAddress, payload: payload ?? {} });
  expect((await call("/consent", { agree: true })).statusCode).toBe(200);
  return { doc, token, call };
}
const codeIn = (body: string | undefined) => /\b\d{6}\b/.exec(body ?? "")?.[0] ?? "";

describe("the sandbox SMS outbox and GET /api/dev/sms", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_CODE_VALID_MS: "30000" } });
    t.services.signingCeremony.useSealer(createCopyingSealerForTests());
  }, 240_000);
  afterAll(() => t.close());

  it("lists the firm's texted codes, newest first, and a signer finishes with the code read there", async () => {
    const firm = await signedInFirm(t);
    const { doc, call } = await smsEnvelope(t, firm, "+61-411000001", "Deed of Variation");
    expect((await call("/sms-code")).statusCode).toBe(200);
    const listed = await firm.as.owner.get("/api/dev/sms");
    expect(listed.statusCode, listed.body).toBe(200);
    const [latest] = listed.json().data.rows;
    expect(latest).toMatchObject({ to: "+61-411000001", doc_id: doc.id });
    expect(latest.body).toMatch(
      /^\d{6} is your code to sign "Deed of Variation"\. It expires in 1 minute\.$/,
    );
    const verified = await call("/sms-code/verify", { code: codeIn(latest.body) });
    expect(verified.statusCode, verified.body).toBe(200);
    const signed = await call("/sign", {
      signature: { kind: "typed", text: "Jane Citizen", font: "Great Vibes" },
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it("never shows one firm another firm's messages", async () => {
    const firmA = await signedInFirm(t);
    const firmB = await signedInFirm(t);
    const { call } = await smsEnvelope(t, firmA, "+61-411000002");
    expect((await call("/sms-code")).statusCode).toBe(200);
    const own = await firmB.as.owner.get("/api/dev/sms");
    expect(own.statusCode).toBe(200);
    expect(own.json().data.rows).toEqual([]);
    const intoA = await firmClient(t, firmB.as.owner.token, firmA.teamId).get("/api/dev/sms");
    expect(intoA.statusCode).toBe(404);
    expect(intoA.body).not.toContain("+61-411000002");
    const anonymous = await t.app.inject({ method: "GET", url: `/api/dev/sms?id_team=${firmA.teamId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a member only the codes of documents they may see; an owner sees every member's", async () => {
    const firm = await signedInFirm(t, { members: { alice: "member", bob: "member" } });
    // Alice's own document, not shared: Bob may not see it, so not its code either.
    const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.alice, status: 4 });
    const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
      teamId: firm.teamId,
      documentId: doc.id,
      senderUserId: firm.ids.alice,
      recipients: [{ name: "Kit Private", phone: "+61-411000009" }],
      smsNotify: true,
      now: t.clock.now(),
    });
    const token = built.tokens["Kit Private"] ?? "";
    const remoteAddress = from();
    const call = (url: string, payload?: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/sign/${token}${url}`,
        remoteAddress,
        payload: payload ?? {},
      });
    expect((await call("/consent", { agree: true })).statusCode).toBe(200);
    expect((await call("/sms-code")).statusCode).toBe(200);
    const rowsOf = async (client: (typeof firm.as)["owner"]) => {
      const res = await client.get("/api/dev/sms");
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.rows as { to: string; doc_id: number }[];
    };
    expect(await rowsOf(firm.as.bob)).toEqual([]);
    expect((await rowsOf(firm.as.alice)).map((r) => r.doc_id)).toEqual([doc.id]);
    expect((await rowsOf(firm.as.owner)).map((r) => r.to)).toEqual(["+61-411000009"]);
  });

  it("an expired code is refused with the expiry message, and a new one may be asked for at once", async () => {
    const firm = await signedInFirm(t);
    const { call } = await smsEnvelope(t, firm, "+61-411000003");
    expect((await call("/sms-code")).statusCode).toBe(200);
    const first = codeIn((await firm.as.owner.get("/api/dev/sms")).json().data.rows[0]?.body);
    t.clock.advance(31_000);
    const expired = await call("/sms-code/verify", { code: first });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(SIGNING_LINK_MESSAGES.smsExpired);
    // Within the minute between codes, but the last one no longer works: a new one is sent.
    const again = await call("/sms-code");
    expect(again.statusCode, again.body).toBe(200);
    const second = codeIn((await firm.as.owner.get("/api/dev/sms")).json().data.rows[0]?.body);
    expect((await call("/sms-code/verify", { code: second })).statusCode).toBe(200);
  });
});

describe("the developer page outside development", () => {
  it("is not there in production when the sandbox was not asked for by name", {
    timeout: 120_000,
  }, async () => {
    const production = {
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "sandbox",
      SECRET_KEY: "k".repeat(40),
      PUBLIC_URL: "https://app.example.com",
    };
    const quiet = await createTestApp({ env: production });
    try {
      const firm = await signedInFirm(quiet);
      expect((await firm.as.owner.get("/api/dev/sms")).statusCode).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});

/** A local fake of MessageMedia's POST /v1/messages, answering as each test sets. */
describe("with MessageMedia (a local fake of POST /v1/messages)", () => {
  let t: TestApp;
  let fake: Server;
  let received: { content: string; destination_number: string }[] = [];
  let answer: { status: number; body: object; headers?: Record<string, string> } | null = null;

  async function readJson(request: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  }

  beforeAll(async () => {
    fake = createServer(async (request, response) => {
      const body = await readJson(request);
      const authorised =
        request.headers.authorization === `Basic ${Buffer.from("key:secret").toString("base64")}`;
      if (request.method !== "POST" || request.url !== "/v1/messages" || !authorised) {
        response.writeHead(request.url === "/v1/messages" ? 401 : 404).end();
        return;
      }
      if (answer) {
        response
          .writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
          .end(JSON.stringify(answer.body));
        return;
      }
      received.push(...body.messages);
      response
        .writeHead(202, { "content-type": "application/json" })
        .end(JSON.stringify({ messages: [{ ...body.messages[0], message_id: `mm-${received.length}` }] }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    t = await createTestApp({
      env: {
        SMS_PROVIDER: "messagemedia",
        MESSAGEMEDIA_API_KEY: "key",
        MESSAGEMEDIA_API_SECRET: "secret",
        MESSAGEMEDIA_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      },
    });
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });
  beforeEach(() => {
    received = [];
    answer = null;
  });

  it("texts the code through the provider, and the code it carried verifies; no developer page", async () => {
    const firm = await signedInFirm(t);
    const { call } = await smsEnvelope(t, firm, "+61-412000001");
    expect((await call("/sms-code")).statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.destination_number).toBe("+61412000001");
    expect((await call("/sms-code/verify", { code: codeIn(received[0]?.content) })).statusCode).toBe(200);
    expect((await firm.as.owner.get("/api/dev/sms")).statusCode).toBe(404);
  });

  it("a 429 tells the signer when to ask again, and asking again is not held up by our own wait", async () => {
    const firm = await signedInFirm(t);
    const { call } = await smsEnvelope(t, firm, "+61-412000002");
    answer = { status: 429, body: { message: "Too Many Requests" }, headers: { "retry-after": "30" } };
    const busy = await call("/sms-code");
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({
      message: SMS_NOT_SENT_MESSAGES.busy(30),
      data: { retry_after_seconds: 30 },
    });
    expect(busy.json().message).toBe(
      "Our text message service is busy. Please ask for a new code in 30 seconds.",
    );
    answer = null;
    expect((await call("/sms-code")).statusCode).toBe(200);
    expect((await call("/sms-code/verify", { code: codeIn(received[0]?.content) })).statusCode).toBe(200);
  });

  it("a number the provider refuses (400) is named by its last digits for the sender to check", async () => {
    const firm = await signedInFirm(t);
    const { call } = await smsEnvelope(t, firm, "+61-412000003");
    answer = { status: 400, body: { message: "Invalid destination number" } };
    const refused = await call("/sms-code");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "We could not text a code to the phone ending in 0003. Please ask the sender to check the number.",
    );
    // No code was left behind to guess at.
    const verify = await call("/sms-code/verify", { code: "123456" });
    expect(verify.statusCode).toBe(410);
  });
});
