import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { documents } from "../../documents/index.ts";
import { mailOutbox } from "../../mail/index.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "../schema.ts";
import { partyRows } from "../seal/index.ts";
import { SIGNING_STATE_MESSAGES } from "./policy.ts";
import { createCopyingSealerForTests } from "./sealer.ts";
import { auditCertificate, SIGNING_LINK_MESSAGES } from "./service.ts";
import { buildSigningEnvelope, FIXTURE_PDF, type FixtureRecipient, TINY_PNG_DATA_URL } from "./testing.ts";

let t: TestApp;
let sealer: ReturnType<typeof createCopyingSealerForTests>;
let firm: { teamId: number; ownerId: number };
let addressSequence = 0;
let address = "";

beforeAll(async () => {
  t = await createTestApp();
  sealer = createCopyingSealerForTests();
  t.services.signingCeremony.useSealer(sealer);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test calls from its own address, so the per-address throttle counts one test's calls.
  addressSequence += 1;
  address = `10.0.${Math.floor(addressSequence / 250)}.${addressSequence % 250}`;
  const { team, owner } = await t.buildTeam({ name: "Harbour Legal Pty Ltd" });
  firm = { teamId: team.id, ownerId: owner.id };
});

const sandboxSms = () => {
  if (!t.services.smsSandbox) throw new Error("the SMS sandbox is not in use");
  return t.services.smsSandbox;
};

async function envelopeWith(
  recipients: FixtureRecipient[],
  options: { smsNotify?: boolean; teamId?: number } = {},
) {
  const teamId = options.teamId ?? firm.teamId;
  const ownerId = options.teamId ? (await t.buildTeam()).owner.id : firm.ownerId;
  const doc = await t.buildDocument({ teamId, createdBy: ownerId, status: 4, name: "Deed of Appointment" });
  const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId,
    documentId: doc.id,
    senderUserId: ownerId,
    recipients,
    smsNotify: options.smsNotify,
    now: t.clock.now(),
  });
  return { ...built, doc };
}

const call = (method: "GET" | "POST", url: string, payload?: object, userAgent = "Vitest Browser/1.0") =>
  t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { "user-agent": userAgent },
    ...(payload ? { payload } : {}),
  });
const view = (token: string) => call("GET", `/api/sign/${token}`);
const consent = (token: string) => call("POST", `/api/sign/${token}/consent`, { agree: true });
const typed = (name: string) => ({ signature: { kind: "typed", text: name, font: "Great Vibes" } });
const sign = (token: string, body: object = typed("Signed")) => call("POST", `/api/sign/${token}/sign`, body);
async function consentAndSign(token: string, body?: object) {
  expect((await consent(token)).statusCode).toBe(200);
  return sign(token, body);
}

const recipient = async (id: number) =>
  (await t.db.select().from(signingRecipients).where(eq(signingRecipients.id, id)))[0];
const envelopeRow = async (id: number) =>
  (await t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, id)))[0];
const eventsOf = (envelopeId: number) =>
  t.db.select().from(signingEvents).where(eq(signingEvents.envelopeId, envelopeId)).orderBy(signingEvents.id);

describe("GET /api/sign/:token", () => {
  it("shows the recipient what they need and records the first view once", async () => {
    const e = await envelopeWith([
      { name: "Jane Citizen" },
      { name: "Sam Witness", role: "witness", witnessOf: "Jane Citizen" },
    ]);
    const res = await view(e.tokens["Sam Witness"] ?? "");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      document_name: "Deed of Appointment",
      firm_name: "Harbour Legal Pty Ltd",
      recipient: { full_name: "Sam Witness", role: "witness", group_name: "First Signing Group" },
      witness_of: "Jane Citizen",
      state: "waiting-for-signer",
      consented: false,
      sms_required: false,
      can_sign: true,
    });
    // Only told to wait, the witness has not seen the document: nothing is recorded as viewed.
    const viewedOf = async () => (await eventsOf(e.envelope.id)).filter((ev) => ev.action === "viewed");
    expect(await viewedOf()).toEqual([]);
    expect((await recipient(e.ids["Sam Witness"] ?? 0))?.viewedAt).toBeNull();
    await view(e.tokens["Jane Citizen"] ?? "");
    await view(e.tokens["Jane Citizen"] ?? "");
    const viewed = await viewedOf();
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ ip: address, userAgent: "Vitest Browser/1.0" });
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.viewedAt).not.toBeNull();
  });

  it("answers an unknown link with a clear message and a malformed one with 400", async () => {
    const unknown = await view("A".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SIGNING_LINK_MESSAGES.unknown);
    expect((await view("short")).statusCode).toBe(400);
  });

  it("serves the original PDF by its hash", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    const res = await call("GET", `/api/sign/${e.tokens["Jane Citizen"]}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(new Uint8Array(res.rawPayload)).toEqual(FIXTURE_PDF);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "records a first view while a reminder holds the envelope, without a deadlock",
    async () => {
      const e = await envelopeWith([{ name: "Jane Citizen" }]);
      const jane = e.ids["Jane Citizen"] ?? 0;
      let viewed: Promise<{ statusCode: number; body: string }> | undefined;
      await t.db.transaction(async (remind) => {
        // A reminder's order: the envelope's row, then its recipients'.
        await remind
          .select({ id: signingEnvelopes.id })
          .from(signingEnvelopes)
          .where(eq(signingEnvelopes.id, e.envelope.id))
          .for("update");
        // Sent now (an injected request waits to be awaited).
        viewed = Promise.resolve(view(e.tokens["Jane Citizen"] ?? ""));
        // The view is under way once a second connection waits for a lock.
        await expect.poll(() => t.connectionsWaitingForLocks()).toBe(1);
        await remind
          .select({ id: signingRecipients.id })
          .from(signingRecipients)
          .where(eq(signingRecipients.envelopeId, e.envelope.id))
          .for("update");
      });
      const res = await viewed;
      expect(res?.statusCode, res?.body).toBe(200);
      expect((await recipient(jane))?.viewedAt).not.toBeNull();
    },
  );
});

describe("POST /api/sign/:token/sign", () => {
  it("needs consent first", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }, { name: "Other Signer" }]);
    const res = await sign(e.tokens["Jane Citizen"] ?? "");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNING_LINK_MESSAGES.consentFirst);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.status).toBe("pending");
    const consented = await consent(e.tokens["Jane Citizen"] ?? "");
    expect(consented.json().data.consented).toBe(true);
    expect((await eventsOf(e.envelope.id)).map((ev) => ev.action)).toContain("consented");
  });

  it("takes a drawn PNG or typed text, and refuses what only claims to be a PNG", async () => {
    const e = await envelopeWith([
      { name: "Jane Citizen" },
      { name: "John Citizen" },
      { name: "Third Party" },
    ]);
    const jane = e.tokens["Jane Citizen"] ?? "";
    await consent(jane);
    const fake = await sign(jane, {
      signature: { kind: "drawn", png_data_url: "data:image/png;base64,AAAAAAAA" },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(SIGNING_LINK_MESSAGES.notPng);
    const notAnImage = await sign(jane, {
      signature: { kind: "drawn", png_data_url: "data:text/plain;base64,AAAA" },
    });
    expect(notAnImage.statusCode).toBe(400);
    const tooBig = await sign(jane, {
      signature: { kind: "drawn", png_data_url: `data:image/png;base64,${"A".repeat(210 * 1024)}` },
    });
    expect(tooBig.statusCode).toBe(400);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.status).toBe("pending");

    const drawn = await sign(jane, { signature: { kind: "drawn", png_data_url: TINY_PNG_DATA_URL } });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().data.state).toBe("signed");
    const signed = await recipient(e.ids["Jane Citizen"] ?? 0);
    expect(signed).toMatchObject({
      status: "signed",
      signature: { kind: "drawn", pngDataUrl: TINY_PNG_DATA_URL },
      authMethod: "email-link",
      signedIp: address,
      signedUserAgent: "Vitest Browser/1.0",
    });
    const john = await consentAndSign(e.tokens["John Citizen"] ?? "", typed("John Citizen"));
    expect(john.statusCode).toBe(200);
    expect((await recipient(e.ids["John Citizen"] ?? 0))?.signature).toEqual({
      kind: "typed",
      text: "John Citizen",
      font: "Great Vibes",
    });
  });

  it("is used once: a second signature on the same link changes nothing", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }, { name: "Other Signer" }]);
    const jane = e.tokens["Jane Citizen"] ?? "";
    expect((await consentAndSign(jane)).statusCode).toBe(200);
    const before = await recipient(e.ids["Jane Citizen"] ?? 0);
    t.clock.advance(60_000);
    const again = await sign(jane, typed("Someone Else"));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGNING_STATE_MESSAGES.signed);
    expect(await recipient(e.ids["Jane Citizen"] ?? 0)).toEqual(before);
    expect((await view(jane)).json().data.state).toBe("signed");
  });

  it("makes later groups wait until every earlier signer has signed (server-enforced)", async () => {
    const e = await envelopeWith([
      { name: "Anna First", group: 0 },
      { name: "Ben First", group: 0 },
      { name: "Cara Second", group: 1 },
    ]);
    const cara = e.tokens["Cara Second"] ?? "";
    expect((await view(cara)).json().data.state).toBe("not-your-turn");
    const early = await consent(cara);
    expect(early.statusCode).toBe(409);
    // Whose turn it is, by group and name, not merely "an earlier group".
    expect(early.json().message).toBe(
      "It is not yet your turn to sign: it is the turn of the First Signing Group (Anna First, Ben First). We will email you when your turn comes.",
    );
    expect((await sign(cara)).statusCode).toBe(409);
    expect((await recipient(e.ids["Cara Second"] ?? 0))?.consentedAt).toBeNull();

    await consentAndSign(e.tokens["Anna First"] ?? "");
    expect((await view(cara)).json().data).toMatchObject({
      state: "not-your-turn",
      turn_message:
        "It is not yet your turn to sign: it is the turn of the First Signing Group (Ben First). We will email you when your turn comes.",
    });
    await consentAndSign(e.tokens["Ben First"] ?? "");
    expect((await view(cara)).json().data.state).toBe("ready");
    expect((await consentAndSign(cara)).statusCode).toBe(200);
  });

  it("lets a witness sign only after their signer, with a statement of how they saw it", async () => {
    const e = await envelopeWith([
      { name: "Jane Citizen" },
      { name: "Sam Witness", role: "witness", witnessOf: "Jane Citizen" },
    ]);
    const sam = e.tokens["Sam Witness"] ?? "";
    const tooSoon = await consent(sam);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe(SIGNING_STATE_MESSAGES["waiting-for-signer"]);

    await consentAndSign(e.tokens["Jane Citizen"] ?? "");
    expect((await view(sam)).json().data.state).toBe("ready");
    const noStatement = await consentAndSign(sam);
    expect(noStatement.statusCode).toBe(400);
    expect(noStatement.json().message).toBe(SIGNING_LINK_MESSAGES.witnessStatement);
    const wrongStatement = await sign(sam, { ...typed("Sam Witness"), witnessed_by: "by phone" });
    expect(wrongStatement.statusCode).toBe(400);
    expect((await recipient(e.ids["Sam Witness"] ?? 0))?.status).toBe("pending");

    const witnessed = await sign(sam, {
      ...typed("Sam Witness"),
      witnessed_by: "audio-visual",
      address: "  12 Ocean Parade, Bondi Beach NSW 2026 ",
    });
    expect(witnessed.statusCode, witnessed.body).toBe(200);
    const samRow = await recipient(e.ids["Sam Witness"] ?? 0);
    expect(samRow).toMatchObject({
      witnessedBy: "audio-visual",
      address: "12 Ocean Parade, Bondi Beach NSW 2026",
    });
    // The address goes on the certificate under the witness (a signer's row has none).
    const everyone = [await recipient(e.ids["Jane Citizen"] ?? 0), samRow].flatMap((r) => (r ? [r] : []));
    const certificate = auditCertificate(e.envelope, everyone, "Deed", "Harbour Legal Pty Ltd");
    const rowsOf = (role: "signer" | "witness") =>
      certificate.parties.filter((p) => p.role === role).flatMap((p) => partyRows(p));
    expect(rowsOf("witness")).toContainEqual(["Address", "12 Ocean Parade, Bondi Beach NSW 2026"]);
    expect(rowsOf("signer").map(([label]) => label)).not.toContain("Address");
    const witnessEvent = (await eventsOf(e.envelope.id)).find((ev) => ev.action === "witnessed");
    expect(witnessEvent?.description).toBe("Sam Witness witnessed Jane Citizen (by audio-visual link)");
  });
});

describe("links that cannot act", () => {
  it("refuses an expired link and changes nothing", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    t.clock.advance(15 * 24 * 60 * 60_000);
    const jane = e.tokens["Jane Citizen"] ?? "";
    expect((await view(jane)).json().data.state).toBe("expired");
    const res = await consent(jane);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNING_STATE_MESSAGES.expired);
    expect((await call("GET", `/api/sign/${jane}/pdf`)).statusCode).toBe(409);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.consentedAt).toBeNull();
  });

  it("refuses a link of a voided request", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    await t.db.update(signingEnvelopes).set({ status: "void" }).where(eq(signingEnvelopes.id, e.envelope.id));
    const jane = e.tokens["Jane Citizen"] ?? "";
    expect((await view(jane)).json().data.state).toBe("void");
    const res = await consent(jane);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNING_STATE_MESSAGES.void);
    expect((await call("POST", `/api/sign/${jane}/decline`, { reason: "x" })).statusCode).toBe(409);
  });

  it("never reveals another envelope: a signed-PDF link forged across recipients or firms is unknown", async () => {
    const ours = await envelopeWith([{ name: "Jane Citizen" }]);
    const theirs = await envelopeWith([{ name: "Other Firm Client" }], {
      teamId: (await t.buildTeam()).team.id,
    });
    const ourLink = t.services.signingCeremony.downloadToken({
      id: ours.ids["Jane Citizen"] ?? 0,
      tokenHash: (await recipient(ours.ids["Jane Citizen"] ?? 0))?.tokenHash ?? "",
    });
    const forged = `${theirs.ids["Other Firm Client"]}.${ourLink.split(".")[1]}`;
    const res = await view(forged);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SIGNING_LINK_MESSAGES.unknown);
    expect(res.body).not.toContain("Other Firm Client");
    expect((await call("GET", `/api/sign/${forged}/signed.pdf`)).statusCode).toBe(404);
    // Our own link shows only our envelope.
    const page = await view(ours.tokens["Jane Citizen"] ?? "");
    expect(page.json().data.recipient.full_name).toBe("Jane Citizen");
    expect(page.json().data.firm_name).toBe("Harbour Legal Pty Ltd");
  });

  it("lets a signed-PDF link read but never sign or decline", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    const row = await recipient(e.ids["Jane Citizen"] ?? 0);
    const link = t.services.signingCeremony.downloadToken({
      id: row?.id ?? 0,
      tokenHash: row?.tokenHash ?? "",
    });
    expect((await view(link)).json().data.can_sign).toBe(false);
    expect((await consent(link)).statusCode).toBe(403);
    expect((await call("POST", `/api/sign/${link}/decline`, { reason: "no" })).statusCode).toBe(403);
    expect((await call("GET", `/api/sign/${link}/signed.pdf`)).statusCode).toBe(409);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.viewedAt).toBeNull();
  });

  it("throttles one link", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await view(e.tokens["Jane Citizen"] ?? "")).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("SMS codes", () => {
  it("are sent only when the request uses SMS", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }]);
    const res = await call("POST", `/api/sign/${e.tokens["Jane Citizen"]}/sms-code`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIGNING_LINK_MESSAGES.smsOff);
  });

  it("must be entered before signing, and a right code lets the signer sign", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen", phone: "+61-411111111" }, { name: "Other" }], {
      smsNotify: true,
    });
    const jane = e.tokens["Jane Citizen"] ?? "";
    await consent(jane);
    const unverified = await sign(jane);
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().message).toBe(SIGNING_LINK_MESSAGES.smsFirst);

    const sent = await call("POST", `/api/sign/${jane}/sms-code`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.sms_phone_last_digits).toBe("1111");
    const code = /\d{6}/.exec((await sandboxSms().latestTo("+61-411111111"))?.body ?? "")?.[0] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.smsCodeHash).not.toContain(code);
    const tooSoon = await call("POST", `/api/sign/${jane}/sms-code`);
    expect(tooSoon.statusCode).toBe(429);

    const ok = await call("POST", `/api/sign/${jane}/sms-code/verify`, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.sms_verified).toBe(true);
    expect((await sign(jane)).statusCode).toBe(200);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.authMethod).toBe("email-link+sms");
    expect((await eventsOf(e.envelope.id)).map((ev) => ev.action)).toEqual(
      expect.arrayContaining(["sms-sent", "sms-verified", "signed"]),
    );
  });

  it("end after five wrong guesses: even the right code and a new code are refused", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen", phone: "+61-422222222" }], { smsNotify: true });
    const jane = e.tokens["Jane Citizen"] ?? "";
    await consent(jane);
    await call("POST", `/api/sign/${jane}/sms-code`);
    const code = /\d{6}/.exec((await sandboxSms().latestTo("+61-422222222"))?.body ?? "")?.[0] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call("POST", `/api/sign/${jane}/sms-code/verify`, { code: wrong });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      "The code is not right. 4 tries left.",
      "The code is not right. 3 tries left.",
      "The code is not right. 2 tries left.",
      "The code is not right. 1 try left.",
    ]);
    const fifth = await call("POST", `/api/sign/${jane}/sms-code/verify`, { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toBe(SIGNING_LINK_MESSAGES.smsLocked);
    const right = await call("POST", `/api/sign/${jane}/sms-code/verify`, { code });
    expect(right.statusCode).toBe(423);
    t.clock.advance(2 * 60_000);
    expect((await call("POST", `/api/sign/${jane}/sms-code`)).statusCode).toBe(423);
    expect((await sign(jane)).statusCode).toBe(409);
    expect(await recipient(e.ids["Jane Citizen"] ?? 0)).toMatchObject({
      smsAttempts: 5,
      smsVerifiedAt: null,
      status: "pending",
    });
  });

  it("expire after ten minutes", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen", phone: "+61-433333333" }], { smsNotify: true });
    const jane = e.tokens["Jane Citizen"] ?? "";
    await consent(jane);
    await call("POST", `/api/sign/${jane}/sms-code`);
    const code = /\d{6}/.exec((await sandboxSms().latestTo("+61-433333333"))?.body ?? "")?.[0] ?? "";
    t.clock.advance(11 * 60_000);
    const res = await call("POST", `/api/sign/${jane}/sms-code/verify`, { code });
    expect(res.statusCode).toBe(410);
    expect((await recipient(e.ids["Jane Citizen"] ?? 0))?.smsVerifiedAt).toBeNull();
  });
});

describe("POST /api/sign/:token/decline", () => {
  it("needs a reason, then rejects the request for everyone", async () => {
    const e = await envelopeWith([{ name: "Jane Citizen" }, { name: "Later Signer", group: 1 }]);
    const jane = e.tokens["Jane Citizen"] ?? "";
    const noReason = await call("POST", `/api/sign/${jane}/decline`, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect((await envelopeRow(e.envelope.id))?.status).toBe("pending");

    const res = await call("POST", `/api/sign/${jane}/decline`, {
      reason: "The trustee's name is misspelt.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe("declined");
    expect((await envelopeRow(e.envelope.id))?.status).toBe("rejected");
    expect(await recipient(e.ids["Jane Citizen"] ?? 0)).toMatchObject({
      status: "declined",
      declineReason: "The trustee's name is misspelt.",
    });
    const declined = (await eventsOf(e.envelope.id)).find((ev) => ev.action === "declined");
    expect(declined).toMatchObject({ note: "The trustee's name is misspelt.", ip: address });

    const later = e.tokens["Later Signer"] ?? "";
    expect((await view(later)).json().data.state).toBe("rejected");
    const refused = await consent(later);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SIGNING_STATE_MESSAGES.rejected);
    expect((await call("POST", `/api/sign/${jane}/decline`, { reason: "again" })).statusCode).toBe(409);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "waits for a cancel holding the document, then its envelope, without a deadlock",
    async () => {
      const e = await envelopeWith([{ name: "Jane Citizen" }]);
      let declined: Promise<{ statusCode: number; body: string }> | undefined;
      await t.db.transaction(async (cancel) => {
        // Cancel's order: the document's row, then its envelope's.
        await cancel
          .select({ id: documents.id })
          .from(documents)
          .where(eq(documents.id, e.doc.id))
          .for("update");
        // Sent now (an injected request waits to be awaited).
        declined = Promise.resolve(
          call("POST", `/api/sign/${e.tokens["Jane Citizen"]}/decline`, { reason: "Wrong trustee." }),
        );
        // The decline is under way once a second connection waits for a lock.
        await expect.poll(() => t.connectionsWaitingForLocks()).toBe(1);
        await cancel
          .select({ id: signingEnvelopes.id })
          .from(signingEnvelopes)
          .where(eq(signingEnvelopes.id, e.envelope.id))
          .for("update");
      });
      const res = await declined;
      expect(res?.statusCode, res?.body).toBe(200);
      expect((await envelopeRow(e.envelope.id))?.status).toBe("rejected");
      const [doc] = await t.db.select().from(documents).where(eq(documents.id, e.doc.id));
      expect(doc?.status).toBe(5);
    },
  );
});

describe("completion", () => {
  it("happens exactly once when the last two signers sign at the same moment, then a job seals it", async () => {
    const e = await envelopeWith([
      { name: "Anna Trustee" },
      { name: "Ben Trustee" },
      { name: "Sam Witness", role: "witness", witnessOf: "Anna Trustee", group: 1 },
      { name: "Tess Witness", role: "witness", witnessOf: "Ben Trustee", group: 1 },
    ]);
    await consentAndSign(e.tokens["Anna Trustee"] ?? "");
    await consentAndSign(e.tokens["Ben Trustee"] ?? "");
    await consent(e.tokens["Sam Witness"] ?? "");
    await consent(e.tokens["Tess Witness"] ?? "");
    const sealsOfThis = () => sealer.calls.filter((c) => c.certificate.envelopeId === e.envelope.id);
    const results = await Promise.all([
      sign(e.tokens["Sam Witness"] ?? "", { ...typed("Sam Witness"), witnessed_by: "in-person" }),
      sign(e.tokens["Tess Witness"] ?? "", { ...typed("Tess Witness"), witnessed_by: "in-person" }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const completedEvents = (await eventsOf(e.envelope.id)).filter((ev) => ev.action === "completed");
    expect(completedEvents).toHaveLength(1);
    const completed = await envelopeRow(e.envelope.id);
    expect(completed?.status).toBe("completed");
    expect(completed?.signedSha256).toBeNull();

    // Before the job: completed but not sealed yet.
    const early = await call("GET", `/api/sign/${e.tokens["Anna Trustee"]}/signed.pdf`);
    expect(early.statusCode).toBe(409);

    await t.services.jobs.runDue();
    expect(sealsOfThis()).toHaveLength(1);
    const input = sealsOfThis()[0];
    expect(input?.signatures.map((s) => s.fullName).sort()).toEqual([
      "Anna Trustee",
      "Ben Trustee",
      "Sam Witness",
      "Tess Witness",
    ]);
    expect(input?.certificate).toMatchObject({
      envelopeId: e.envelope.id,
      documentName: "Deed of Appointment",
      firmName: "Harbour Legal Pty Ltd",
      originalSha256: e.originalSha256,
    });
    expect(input?.certificate.parties.find((p) => p.fullName === "Sam Witness")).toMatchObject({
      role: "witness",
      witnessOf: "Anna Trustee",
      witnessedBy: "in-person",
      authMethod: "email-link",
      ip: address,
      userAgent: "Vitest Browser/1.0",
    });
    const sealed = await envelopeRow(e.envelope.id);
    expect(sealed?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, e.doc.id));
    expect(doc?.status).toBe(3);

    // Every party is emailed a link to the signed PDF, once.
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Signed: Deed of Appointment"));
    const toThisEnvelope = mails.filter((m) => m.key.startsWith(`signing-signed:${e.envelope.id}:`));
    expect(toThisEnvelope).toHaveLength(4);
    const link = /\/sign\/(\d+\.[A-Za-z0-9_-]{43})/.exec(toThisEnvelope[0]?.text ?? "")?.[1] ?? "";
    const download = await call("GET", `/api/sign/${link}/signed.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(new TextDecoder().decode(download.rawPayload)).toContain(
      `sealed-for-tests envelope ${e.envelope.id}`,
    );
    expect((await view(link)).json().data).toMatchObject({ state: "completed", signed_pdf_ready: true });
    // The signing link shows the download too.
    expect((await call("GET", `/api/sign/${e.tokens["Ben Trustee"]}/signed.pdf`)).statusCode).toBe(200);

    // The sealed file never changes: running the job again (a retry) does nothing.
    await t.services.jobs.runDue();
    expect(sealsOfThis()).toHaveLength(1);
    expect((await envelopeRow(e.envelope.id))?.signedSha256).toBe(sealed?.signedSha256);
  });

  it("is not reached while anyone has not signed", async () => {
    const e = await envelopeWith([{ name: "Anna Trustee" }, { name: "Ben Trustee" }]);
    await consentAndSign(e.tokens["Anna Trustee"] ?? "");
    expect((await envelopeRow(e.envelope.id))?.status).toBe("pending");
    const [doc] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, e.doc.id), eq(documents.teamId, firm.teamId)));
    expect(doc?.status).toBe(4);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "is sealed while a relaunch holds the document, then its envelope, without a deadlock",
    async () => {
      const e = await envelopeWith([{ name: "Jane Citizen" }]);
      expect((await consentAndSign(e.tokens["Jane Citizen"] ?? "")).statusCode).toBe(200);
      let ran: ReturnType<typeof t.services.jobs.runDue> | undefined;
      await t.db.transaction(async (relaunch) => {
        // A relaunch's order: the document's row, then its envelopes'.
        await relaunch
          .select({ id: documents.id })
          .from(documents)
          .where(eq(documents.id, e.doc.id))
          .for("update");
        ran = t.services.jobs.runDue();
        // The seal is under way once a second connection waits for a lock.
        await expect.poll(() => t.connectionsWaitingForLocks()).toBe(1);
        await relaunch
          .select({ id: signingEnvelopes.id })
          .from(signingEnvelopes)
          .where(eq(signingEnvelopes.id, e.envelope.id))
          .for("update");
      });
      const seals = ((await ran) ?? []).filter((o) => o.name === "signing.seal");
      expect(seals.length).toBeGreaterThan(0);
      expect(seals.filter((o) => o.outcome !== "done")).toEqual([]);
      expect((await envelopeRow(e.envelope.id))?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
      const [doc] = await t.db.select().from(documents).where(eq(documents.id, e.doc.id));
      expect(doc?.status).toBe(3);
    },
  );
});
