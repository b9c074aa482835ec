import {
  DUE_DATE_IN_PAST,
  FIELD_CANNOT_BE_BLANK,
  GROUP_NAME_EXISTS,
  INVALID_EMAIL,
  INVALID_PHONE,
  LITE_PLAN_NOTICE,
  OWNER_CONFIRMATION_REQUIRED,
  REMINDER_NOT_ALLOWED,
  SIGNING_NOT_ALLOWED,
  TOO_MANY_GROUPS,
  WITNESS_NOT_ADULT,
} from "@precedent/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  firmClient,
  signedInFirm,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { users } from "../users/index.ts";
import { buildSigningEnvelope } from "./ceremony/testing.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
import { hashSigningToken } from "./tokens.ts";

let t: TestApp;
let firm: FirmWithPeople;
let sample: Record<string, unknown>;
const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };
const TODAY = "2026-11-02";

beforeAll(async () => {
  t = await createTestApp();
  firm = await buildFirmWithPeople(t);
  sample = t.services.templates.starter(NDA.identifier)?.sampleAnswers as Record<string, unknown>;
});
afterAll(() => t.close());

/** A document assembled through the API (status 5, with its PDF), as alice unless told. */
async function completedDocument(
  over: { by?: FirmClient; createdBy?: number; xml?: Record<string, unknown>; template?: typeof NDA } = {},
) {
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: over.createdBy ?? firm.ids.alice,
    status: 2,
    template: { ...(over.template ?? NDA), xml: over.xml ?? sample },
  });
  const client = over.by ?? firm.as.alice;
  const token = (await client.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
  const res = await client.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: token });
  expect(res.statusCode, res.body).toBe(200);
  return doc;
}

type Listed = {
  full_name: string;
  Email: string;
  meta_key: string;
  date_key: string;
  witness: { full_name: string; email: string; meta_key: string; date_key: string }[];
};

/** The wizard's payload from list-signer: every signer and witness, in one group or many. */
async function payloadFor(
  docId: number,
  client: FirmClient = firm.as.alice,
  over: Record<string, unknown> = {},
) {
  const res = await client.get("/api/signing/list-signer", { doc_id: docId });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().data.list as Listed[];
  const signer = list.flatMap((s, i) => [
    {
      full_name: s.full_name,
      email: s.Email,
      meta_key: s.meta_key,
      date_key: s.date_key,
      signing_group: i,
      signing_group_name: `Group ${i + 1}`,
    },
    ...s.witness.map((w) => ({
      full_name: w.full_name,
      email: w.email,
      meta_key: w.meta_key,
      date_key: w.date_key,
      signing_group: i,
      signing_group_name: `Group ${i + 1}`,
    })),
  ]);
  return {
    doc_id: docId,
    sms_notify: 0,
    due_date: TODAY,
    email_subject: "Please sign",
    email_body: "Thanks.",
    is_group: 0,
    signer,
    witnesses_adult: true,
    ...over,
  };
}

const statusOf = async (id: number) =>
  (await t.db.select().from(documents).where(eq(documents.id, id)))[0]?.status;
const envelopesOf = (id: number) =>
  t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.documentId, id));
const mailCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]?.n ?? 0;

describe("GET /api/signing/list-signer", () => {
  it("lists the parties' signers with their witnesses, and says the agreement may be signed electronically", async () => {
    const doc = await completedDocument();
    const res = await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id });
    expect(res.statusCode, res.body).toBe(200);
    const { list, execution } = res.json().data;
    expect(list.map((s: Listed) => s.full_name)).toEqual(
      expect.arrayContaining(["Daniel Kwan", "Priya Raman", "Harriet Louise Okafor"]),
    );
    const harriet = list.find((s: Listed) => s.full_name === "Harriet Louise Okafor");
    expect(harriet.Witness_Required).toBe("Yes");
    expect(harriet.witness[0]).toMatchObject({
      full_name: "Thomas Nguyen",
      email: "thomas.nguyen@example.com",
    });
    expect(execution).toMatchObject({ electronic: true, governing_law: "VIC" });
  });

  it("answers 404 for another firm's document", async () => {
    const doc = await completedDocument();
    const res = await firm.outsider.get("/api/signing/list-signer", { doc_id: doc.id });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/signing/confirm", () => {
  it("creates one envelope with a hashed, expiring link per recipient, sets Pending and queues one email each", async () => {
    const doc = await completedDocument();
    const before = await mailCount();
    const payload = await payloadFor(doc.id);
    const res = await firm.as.alice.post("/api/signing/confirm", payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(true);
    expect(await statusOf(doc.id)).toBe(4);
    const [envelope] = await envelopesOf(doc.id);
    expect(envelope).toMatchObject({ status: "pending", dueDate: TODAY, provider: "builtin" });
    expect(envelope?.originalSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(envelope?.fields.length).toBe(payload.signer.length);
    const recipients = await t.db
      .select()
      .from(signingRecipients)
      .where(eq(signingRecipients.envelopeId, envelope?.id ?? 0));
    expect(recipients).toHaveLength(payload.signer.length);
    // Links expire at the end of the due day in Sydney: midnight at +11:00 in November.
    expect(recipients[0]?.tokenExpiresAt.toISOString()).toBe("2026-11-02T13:00:00.000Z");
    const witness = recipients.find((r) => r.role === "witness");
    expect(witness?.witnessOfRecipientId).toBe(
      recipients.find((r) => r.fullName === "Harriet Louise Okafor")?.id,
    );
    expect(await mailCount()).toBe(before + payload.signer.length);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "thomas.nguyen@example.com"));
    const link = /\/sign\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? "")?.[1];
    expect(link).toBeDefined();
    // Only the hash is stored; the emailed token is what it hashes.
    expect(recipients.some((r) => r.tokenHash === hashSigningToken(link ?? ""))).toBe(true);
    expect(recipients.some((r) => r.tokenHash === link)).toBe(false);
    // The list shows signed/total and the request's state.
    const listed = await firm.as.alice.get("/api/doc", { type: 1, page: 1, length: 50, status: 4 });
    const row = listed.json().data.rows.find((r: { id: number }) => r.id === doc.id);
    expect(row).toMatchObject({
      total_signer: payload.signer.length,
      total_signed: 0,
      bundle_status: "pending",
    });
  });

  it("sends once under a concurrent double submit: one envelope, one set of emails", async () => {
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id);
    const before = await mailCount();
    const results = await Promise.all([
      firm.as.alice.post("/api/signing/confirm", payload),
      firm.as.alice.post("/api/signing/confirm", payload),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await envelopesOf(doc.id)).toHaveLength(1);
    expect(await mailCount()).toBe(before + payload.signer.length);
  });

  it.each([
    [
      "a blank email",
      (p: { signer: { email: string }[] }) => {
        for (const first of p.signer.slice(0, 1)) first.email = " ";
      },
      FIELD_CANNOT_BE_BLANK,
    ],
    [
      "a bad email",
      (p: { signer: { email: string }[] }) => {
        for (const first of p.signer.slice(0, 1)) first.email = "jane@";
      },
      INVALID_EMAIL,
    ],
  ])("refuses %s and changes nothing", async (_, spoil, message) => {
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id);
    spoil(payload);
    const before = await mailCount();
    const res = await firm.as.alice.post("/api/signing/confirm", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await envelopesOf(doc.id)).toHaveLength(0);
    expect(await statusOf(doc.id)).toBe(5);
    expect(await mailCount()).toBe(before);
  });

  it("with SMS on, needs '+61-…' phones", async () => {
    const doc = await completedDocument();
    const blank = await payloadFor(doc.id, firm.as.alice, { sms_notify: 1 });
    let res = await firm.as.alice.post("/api/signing/confirm", blank);
    expect(res.json().message).toBe(FIELD_CANNOT_BE_BLANK);
    const bad = await payloadFor(doc.id, firm.as.alice, { sms_notify: 1 });
    for (const s of bad.signer) Object.assign(s, { phone_number: "0412345678" });
    res = await firm.as.alice.post("/api/signing/confirm", bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_PHONE);
    // The chosen country's rule (E.164), on the server: a trunk 0, a short number, a made-up code.
    for (const [phone, message] of [
      [
        "+61-0412 345 678",
        "A mobile number in Australia (+61) has 9 digits after the area code, without a leading 0.",
      ],
      [
        "+64-21 12",
        "A mobile number in New Zealand (+64) has 8 or 9 or 10 digits after the area code, without a leading 0.",
      ],
      ["+999-412345678", "Please choose the phone's country area code from the list."],
    ]) {
      const wrong = await payloadFor(doc.id, firm.as.alice, { sms_notify: 1 });
      for (const s of wrong.signer) Object.assign(s, { phone_number: phone });
      res = await firm.as.alice.post("/api/signing/confirm", wrong);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await envelopesOf(doc.id)).toHaveLength(0);
    const good = await payloadFor(doc.id, firm.as.alice, { sms_notify: 1 });
    for (const s of good.signer) Object.assign(s, { phone_number: "+61-412 345 678" });
    res = await firm.as.alice.post("/api/signing/confirm", good);
    expect(res.statusCode, res.body).toBe(200);
    const [envelope] = await envelopesOf(doc.id);
    const phones = await t.db
      .select({ phone: signingRecipients.phone })
      .from(signingRecipients)
      .where(eq(signingRecipients.envelopeId, envelope?.id ?? 0));
    expect(phones.every((p) => p.phone === "+61-412 345 678")).toBe(true);
  });

  it("refuses a due date before today in Sydney", async () => {
    const doc = await completedDocument();
    const res = await firm.as.alice.post(
      "/api/signing/confirm",
      await payloadFor(doc.id, firm.as.alice, { due_date: "2026-11-01" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DUE_DATE_IN_PAST);
    expect(await envelopesOf(doc.id)).toHaveLength(0);
  });

  it("refuses a tenth group and a duplicate group name (ignoring case and spaces)", async () => {
    const doc = await completedDocument();
    const ten = await payloadFor(doc.id, firm.as.alice, { is_group: 1 });
    // Group index 9 is a tenth group.
    ten.signer.forEach((s, i) => {
      Object.assign(s, { signing_group: i === 0 ? 9 : i, signing_group_name: `G${i}` });
    });
    let res = await firm.as.alice.post("/api/signing/confirm", ten);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.map((e: { message: string }) => e.message)).toContain(TOO_MANY_GROUPS);
    const dup = await payloadFor(doc.id, firm.as.alice, { is_group: 1 });
    for (const first of dup.signer.slice(0, 1)) first.signing_group_name = "First Group";
    for (const s of dup.signer.slice(1))
      Object.assign(s, { signing_group: 1, signing_group_name: "  first GROUP " });
    res = await firm.as.alice.post("/api/signing/confirm", dup);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GROUP_NAME_EXISTS);
    expect(await envelopesOf(doc.id)).toHaveLength(0);
  });

  it("sends only completed documents that allow signing", async () => {
    const draft = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.alice,
      status: 2,
      template: { ...NDA, xml: sample },
    });
    const res = await firm.as.alice.post("/api/signing/confirm", {
      doc_id: draft.id,
      due_date: TODAY,
      email_subject: "x",
      signer: [{ meta_key: "k", email: "a@b.co" }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNING_NOT_ALLOWED);
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id);
    await t.db.update(documents).set({ allowSign: false }).where(eq(documents.id, doc.id));
    const refused = await firm.as.alice.post("/api/signing/confirm", payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SIGNING_NOT_ALLOWED);
  });

  it("gives the Lite plan its notice", async () => {
    const liteFirm = await signedInFirm(t, { planSlug: "ly-basic" });
    const lite = liteFirm.as.owner;
    const doc = await t.buildDocument({
      teamId: liteFirm.team.id,
      createdBy: liteFirm.ids.owner,
      status: 5,
      template: { ...NDA, xml: sample },
    });
    const res = await lite.post("/api/signing/confirm", {
      doc_id: doc.id,
      due_date: TODAY,
      email_subject: "x",
      signer: [{ meta_key: "k", email: "a@b.co" }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LITE_PLAN_NOTICE);
  });

  it("asks the owner's confirmation for an organisation document the sender did not create", async () => {
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id, firm.as.owner);
    const res = await firm.as.owner.post("/api/signing/confirm", payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OWNER_CONFIRMATION_REQUIRED);
    const confirmed = await firm.as.owner.post("/api/signing/confirm", { ...payload, owner_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it("refuses a will: wills are never signed electronically", async () => {
    const will = t.services.templates.starter("simple-will");
    const doc = await completedDocument({
      template: { identifier: "simple-will", name: "Will" },
      xml: will?.sampleAnswers as Record<string, unknown>,
    });
    const listed = await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id });
    expect(listed.json().data.execution.electronic).toBe(false);
    const res = await firm.as.alice.post("/api/signing/confirm", await payloadFor(doc.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sign it on paper/);
    expect(await statusOf(doc.id)).toBe(5);
  });

  it("answers 404 to another firm and changes nothing", async () => {
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id);
    const res = await firm.outsider.post("/api/signing/confirm", payload);
    expect(res.statusCode).toBe(404);
    expect(await envelopesOf(doc.id)).toHaveLength(0);
    expect(await statusOf(doc.id)).toBe(5);
  });
});

describe("POST /api/signing/confirm: the witness rule (issue 31 item 5)", () => {
  type Entry = { full_name: string; email: string; meta_key: string };
  async function withWitness(change: (witness: Entry, signers: Entry[]) => void, over = {}) {
    const doc = await completedDocument();
    const listed = (await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id })).json().data
      .list as Listed[];
    const witnessKeys = new Set(listed.flatMap((s) => s.witness.map((w) => w.meta_key)));
    const payload = await payloadFor(doc.id, firm.as.alice, over);
    const entries = payload.signer as Entry[];
    const witness = entries.find((s) => witnessKeys.has(s.meta_key));
    if (!witness) throw new Error("the NDA's sample has a witness");
    change(
      witness,
      entries.filter((s) => !witnessKeys.has(s.meta_key)),
    );
    return { doc, res: await firm.as.alice.post("/api/signing/confirm", payload) };
  }

  it("refuses a witness with a signer's email (any case), and changes nothing", async () => {
    const { doc, res } = await withWitness((w, signers) => {
      w.email = ` ${signers[0]?.email.toUpperCase()} `;
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot witness this document: a witness must be a different person/);
    expect(res.json().data.errors[0].field).toMatch(/^signer\.\d+\.email$/);
    expect(await statusOf(doc.id)).toBe(5);
    expect(await envelopesOf(doc.id)).toEqual([]);
  });

  it("refuses a witness with a signer's name, compared without case, accents or extra spaces", async () => {
    const { res } = await withWitness((w, signers) => {
      w.full_name = `  ${(signers[0]?.full_name ?? "").toLowerCase().replace(/ /g, "   ")} `;
      w.email = "someone.else@example.com";
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].field).toMatch(/^signer\.\d+\.full_name$/);
  });

  it("asks the sender to confirm every witness is 18 or over", async () => {
    const { doc, res } = await withWitness(() => undefined, { witnesses_adult: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WITNESS_NOT_ADULT);
    expect(await envelopesOf(doc.id)).toEqual([]);
  });
});

describe("status, history, reminders and overdue", () => {
  it("shows the status grouped, reminds pending signers whose turn it is, and records the history", async () => {
    const doc = await completedDocument();
    const payload = await payloadFor(doc.id, firm.as.alice, { is_group: 1 });
    expect((await firm.as.alice.post("/api/signing/confirm", payload)).statusCode).toBe(200);
    const status = await firm.as.alice.get("/api/signing/bundle/get", { doc_id: doc.id });
    expect(status.statusCode, status.body).toBe(200);
    const data = status.json().data;
    expect(data).toMatchObject({
      is_group: true,
      total_signed: 0,
      total_signer: payload.signer.length,
      DueDate: TODAY,
      is_overdue: false,
      can_remind: true,
    });
    // Only the first group's signers are due; later groups are greyed.
    const waiting = data.items.filter((i: { waiting: boolean }) => i.waiting);
    expect(waiting.length).toBeGreaterThan(0);
    expect(
      data.items.filter((i: { SigningGroup: number; waiting: boolean }) => i.SigningGroup === 0 && i.waiting),
    ).toHaveLength(0);

    const before = await mailCount();
    const reminded = await firm.as.alice.post("/api/signing/reminder", {
      doc_id: doc.id,
      reminder_notes: "Before Friday please",
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const firstGroup = payload.signer.filter((s) => s.signing_group === 0).length;
    expect(reminded.json().data.reminded).toBe(firstGroup);
    expect(await mailCount()).toBe(before + firstGroup);
    const [envelope] = await envelopesOf(doc.id);
    expect(envelope?.lastReminderAt).not.toBeNull();

    const history = await firm.as.alice.get("/api/signing/bundle/history", {
      doc_id: doc.id,
      page: 1,
      length: 15,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.rows.map((r: { action_des: string }) => r.action_des)).toEqual([
      expect.stringMatching(/sent a reminder to .*: Before Friday please$/),
      expect.stringMatching(/sent the signing request/),
    ]);
    expect(history.json().data.total_page).toBe(1);

    // Another firm sees nothing and reminds no one.
    expect((await firm.outsider.get("/api/signing/bundle/get", { doc_id: doc.id })).statusCode).toBe(404);
    expect((await firm.outsider.get("/api/signing/bundle/history", { doc_id: doc.id })).statusCode).toBe(404);
    const count = await mailCount();
    expect(
      (await firm.outsider.post("/api/signing/reminder", { doc_id: doc.id, reminder_notes: "" })).statusCode,
    ).toBe(404);
    expect(await mailCount()).toBe(count);
  });

  it("voids a live request when its document is relaunched, and the link then says so", async () => {
    // A completed document holding a live request (as one sent before an earlier relaunch would).
    const doc = await completedDocument();
    const live = await buildSigningEnvelope(t.db, t.services.fileStore, {
      teamId: firm.teamId,
      documentId: doc.id,
      senderUserId: firm.ids.alice,
      recipients: [{ name: "Daniel Kwan" }],
      now: t.clock.now(),
    });
    const relaunched = await firm.as.alice.put(`/api/doc/relaunch/${doc.id}`, {});
    expect(relaunched.statusCode, relaunched.body).toBe(200);
    const [envelope] = await envelopesOf(doc.id);
    expect(envelope?.status).toBe("void");
    const events = await t.db
      .select()
      .from(signingEvents)
      .where(eq(signingEvents.envelopeId, live.envelope.id));
    expect(events.map((e) => e.description)).toContain("Document relaunched");
    const page = await t.app.inject({ method: "GET", url: `/api/sign/${live.tokens["Daniel Kwan"]}` });
    expect(page.json().data.state).toBe("void");
  });

  it("reminds only pending documents", async () => {
    const doc = await completedDocument();
    const res = await firm.as.alice.post("/api/signing/reminder", { doc_id: doc.id, reminder_notes: "" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REMINDER_NOT_ALLOWED);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "reminds while a signer holds the envelope, then their own row, without a deadlock",
    async () => {
      const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.alice, status: 4 });
      const { envelope, ids } = await buildSigningEnvelope(t.db, t.services.fileStore, {
        teamId: firm.teamId,
        documentId: doc.id,
        senderUserId: firm.ids.alice,
        recipients: [{ name: "Daniel Kwan" }],
        now: t.clock.now(),
      });
      let reminded: ReturnType<FirmClient["post"]> | undefined;
      await t.db.transaction(async (signer) => {
        // A signer's order (consent, SMS codes, sign, decline): the envelope's row, then their own.
        await signer
          .select({ id: signingEnvelopes.id })
          .from(signingEnvelopes)
          .where(eq(signingEnvelopes.id, envelope.id))
          .for("update");
        // Sent now (an injected request waits to be awaited).
        reminded = Promise.resolve(
          firm.as.alice.post("/api/signing/reminder", { doc_id: doc.id, reminder_notes: "" }),
        );
        // The reminder is under way once a second connection waits for a lock.
        await expect.poll(() => t.connectionsWaitingForLocks()).toBe(1);
        await signer
          .update(signingRecipients)
          .set({ consentedAt: t.clock.now() })
          .where(eq(signingRecipients.id, ids["Daniel Kwan"] ?? 0));
      });
      const res = await reminded;
      expect(res?.statusCode, res?.body).toBe(200);
      expect(res?.json().data.reminded).toBe(1);
    },
  );

  it("flags an envelope overdue once, after its due day ends in Sydney, on the job queue", async () => {
    const doc = await completedDocument();
    expect((await firm.as.alice.post("/api/signing/confirm", await payloadFor(doc.id))).statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect((await envelopesOf(doc.id))[0]?.overdueAt).toBeNull();
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    await t.services.signing.overdueCheck.enqueue({});
    await t.services.jobs.runDue();
    const [envelope] = await envelopesOf(doc.id);
    expect(envelope?.overdueAt).not.toBeNull();
    const events = await t.db
      .select()
      .from(signingEvents)
      .where(eq(signingEvents.envelopeId, envelope?.id ?? 0));
    expect(events.filter((e) => e.action === "overdue")).toHaveLength(1);
    await t.services.signing.overdueCheck.enqueue({});
    await t.services.jobs.runDue();
    const again = await t.db
      .select()
      .from(signingEvents)
      .where(eq(signingEvents.envelopeId, envelope?.id ?? 0));
    expect(again.filter((e) => e.action === "overdue")).toHaveLength(1);
    // The session idled out over two days: sign in again to read the status modal.
    const [alice] = await t.db.select().from(users).where(eq(users.id, firm.ids.alice));
    const again2 = firmClient(t, await signIn(t, alice?.email ?? ""), firm.teamId);
    const status = await again2.get("/api/signing/bundle/get", { doc_id: doc.id });
    expect(status.json().data.is_overdue).toBe(true);
  });
});

describe("Sydney days", () => {
  it("ends a day at Sydney's midnight in daylight saving and out of it", () => {
    expect(endOfSydneyDay("2026-11-02").toISOString()).toBe("2026-11-02T13:00:00.000Z");
    expect(endOfSydneyDay("2026-06-15").toISOString()).toBe("2026-06-15T14:00:00.000Z");
    expect(sydneyDay(new Date("2026-11-02T13:30:00Z"))).toBe("2026-11-03");
  });
});
