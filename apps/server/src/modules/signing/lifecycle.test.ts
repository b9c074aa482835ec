/**
 * The signing lifecycle through the API (issue 29 item 4, issue 31 item 2): "your turn" emails,
 * the sender's completion and decline emails, cancel with a reason, resend, relaunch, reminders
 * that re-send the same link once, and links built on PUBLIC_URL whatever Host a request names.
 */

import type { AddressInfo } from "node:net";
import { CANCEL_NOT_ALLOWED, REMINDER_JUST_SENT, RESEND_NOT_ALLOWED } from "@precedent/contracts";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { documents } from "../documents/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { createCopyingSealerForTests } from "./ceremony/sealer.ts";
import { buildSigningEnvelope, type FixtureRecipient } from "./ceremony/testing.ts";
import { signingEnvelopes } from "./schema.ts";

const PUBLIC_URL = "https://app.precedent.test";
let t: TestApp;
let firm: FirmWithPeople;
let addressSequence = 0;

// Mail goes out by SMTP to a local server, as in production: the cancel notices are read as sent.
let smtp: ReturnType<typeof smtpServer>;

beforeAll(async () => {
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` } });
  t.services.signingCeremony.useSealer(createCopyingSealerForTests());
  firm = await buildFirmWithPeople(t);
});
afterAll(async () => {
  await t.close();
  smtp.server.close();
});
beforeEach(() => {
  addressSequence += 1;
});

/** A signer's browser, on its own address; `host` stands for a hostile Host header. */
const signer = (method: "GET" | "POST", url: string, payload?: object, host?: string) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.7.${Math.floor(addressSequence / 250)}.${addressSequence % 250}`,
    headers: { "user-agent": "Lifecycle Test/1.0", ...(host ? { host, "x-forwarded-host": host } : {}) },
    ...(payload ? { payload } : {}),
  });
const signNow = async (token: string, role: "signer" | "witness" = "signer", host?: string) => {
  expect((await signer("POST", `/api/sign/${token}/consent`, { agree: true }, host)).statusCode).toBe(200);
  const res = await signer(
    "POST",
    `/api/sign/${token}/sign`,
    {
      signature: { kind: "typed", text: "Signed", font: "Great Vibes" },
      ...(role === "witness" ? { witnessed_by: "in-person" } : {}),
    },
    host,
  );
  expect(res.statusCode, res.body).toBe(200);
};

async function pendingDocument(recipients: FixtureRecipient[]) {
  const sample = t.services.templates.starter("mutual-nda")?.sampleAnswers as Record<string, unknown>;
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 4,
    name: "Deed of Variation – Kwan",
    // A template, so that it can be relaunched.
    template: { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement", xml: sample },
  });
  const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: firm.teamId,
    documentId: doc.id,
    senderUserId: firm.ids.alice,
    recipients,
    now: t.clock.now(),
  });
  return { ...built, doc };
}

const mailsKeyed = (prefix: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.key, `${prefix}%`));
/** A message as sent: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (data: string) =>
  data
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const linkIn = (text: string) => /https?:\/\/[^\s]*\/sign\/([A-Za-z0-9_.-]+)/.exec(text);
const docStatus = async (id: number) =>
  (await t.db.select({ status: documents.status }).from(documents).where(eq(documents.id, id)))[0]?.status;
const senderEmail = async () =>
  (await t.services.users.summaries([firm.ids.alice])).get(firm.ids.alice)?.email ?? "";

describe("your turn emails", () => {
  it("emails the next group when a group finishes, and a witness when their signer has signed, each with their own unchanged link", async () => {
    const e = await pendingDocument([
      { name: "Ann First", group: 0 },
      { name: "Ben First", group: 0 },
      { name: "Cat Last", group: 1 },
      { name: "Dan Witness", role: "witness", witnessOf: "Cat Last", group: 1 },
    ]);
    const turn = () =>
      mailsKeyed(`signing:${e.envelope.id}:`).then((m) => m.filter((x) => x.key.endsWith(":turn")));
    await signNow(e.tokens["Ann First"] ?? "");
    expect(await turn()).toEqual([]);
    await signNow(e.tokens["Ben First"] ?? "");
    const afterGroup = await turn();
    expect(afterGroup.map((m) => m.to)).toEqual(["cat.last@client.test"]);
    expect(afterGroup[0]?.subject).toBe("Your turn to sign: Deed of Variation – Kwan");
    expect(linkIn(afterGroup[0]?.text ?? "")?.[1]).toBe(e.tokens["Cat Last"]);
    expect(afterGroup[0]?.text).toContain(`${PUBLIC_URL}/sign/`);
    expect(afterGroup[0]?.html).toContain("Harbour Legal Pty Ltd");

    await signNow(e.tokens["Cat Last"] ?? "");
    const afterSigner = await turn();
    const witnessMail = afterSigner.find((m) => m.to === "dan.witness@client.test");
    expect(linkIn(witnessMail?.text ?? "")?.[1]).toBe(e.tokens["Dan Witness"]);
    expect(afterSigner).toHaveLength(2);
  });

  it("emails the sender once on completion, and every link in every mail uses PUBLIC_URL though the last signer's request named Host: evil.example", async () => {
    const e = await pendingDocument([{ name: "Eve Only" }, { name: "Fay Two" }]);
    await signNow(e.tokens["Eve Only"] ?? "", "signer", "evil.example");
    await signNow(e.tokens["Fay Two"] ?? "", "signer", "evil.example");
    await t.services.jobs.runDue();
    const signed = await mailsKeyed(`signing-signed:${e.envelope.id}:`);
    const completed = await mailsKeyed(`signing-completed:${e.envelope.id}`);
    expect(signed).toHaveLength(2);
    expect(completed.map((m) => m.to)).toEqual([await senderEmail()]);
    expect(completed[0]?.subject).toBe("Signed: Deed of Variation – Kwan");
    for (const mail of [...signed, ...completed]) {
      expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
      const links = `${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"<]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
  });
});

describe("decline", () => {
  it("emails the sender who declined and why, and the document leaves Pending for Completed, with Resend offered", async () => {
    const e = await pendingDocument([{ name: "Gus Decliner" }, { name: "Hal Other" }]);
    const declined = await signer("POST", `/api/sign/${e.tokens["Gus Decliner"]}/decline`, {
      reason: "The fee schedule is wrong.\nPlease fix clause 4.",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await docStatus(e.doc.id)).toBe(5);
    const [mail] = await mailsKeyed(`signing-declined:${e.envelope.id}`);
    expect(mail?.to).toBe(await senderEmail());
    expect(mail?.subject).toBe("Declined: Deed of Variation – Kwan");
    expect(mail?.text).toContain("Gus Decliner declined to sign");
    expect(mail?.text).toContain("The fee schedule is wrong.");
    // The sender's line breaks survive in the HTML, escaped first.
    expect(mail?.html).toContain("The fee schedule is wrong.<br>Please fix clause 4.");
    const status = await firm.as.alice.get("/api/signing/bundle/get", { doc_id: e.doc.id });
    expect(status.json().data).toMatchObject({
      bundle_status: "rejected",
      can_resend: true,
      can_cancel: false,
    });
  });
});

describe("POST /api/signing/cancel and /api/signing/resend", () => {
  it("cancels with a reason: every link's page says so, signing is refused, the document is Completed; a resend sends new links and the old stay dead", async () => {
    const e = await pendingDocument([{ name: "Ivy Signer" }, { name: "Jon Signer" }]);
    const noReason = await firm.as.alice.post("/api/signing/cancel", { doc_id: e.doc.id, reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(await docStatus(e.doc.id)).toBe(4);
    // Another firm, and a member who cannot see the sender's document, get 404 and change nothing.
    expect(
      (await firm.outsider.post("/api/signing/cancel", { doc_id: e.doc.id, reason: "x" })).statusCode,
    ).toBe(404);
    expect(
      (await firm.as.bob.post("/api/signing/cancel", { doc_id: e.doc.id, reason: "x" })).statusCode,
    ).toBe(404);
    expect(await docStatus(e.doc.id)).toBe(4);

    const cancelled = await firm.as.alice.post("/api/signing/cancel", {
      doc_id: e.doc.id,
      reason: "Wrong trustee named",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toEqual({ doc_status: 5, bundle_status: "cancelled", recipients: 2 });
    expect(await docStatus(e.doc.id)).toBe(5);
    const page = await signer("GET", `/api/sign/${e.tokens["Ivy Signer"]}`);
    expect(page.json().data).toMatchObject({ state: "cancelled", cancel_reason: "Wrong trustee named" });
    const refused = await signer("POST", `/api/sign/${e.tokens["Ivy Signer"]}/consent`, { agree: true });
    expect(refused.statusCode).toBe(409);
    const again = await firm.as.alice.post("/api/signing/cancel", { doc_id: e.doc.id, reason: "twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CANCEL_NOT_ALLOWED);

    expect((await firm.outsider.post("/api/signing/resend", { doc_id: e.doc.id })).statusCode).toBe(404);
    const resent = await firm.as.alice.post("/api/signing/resend", { doc_id: e.doc.id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toEqual({ doc_status: 4, bundle_status: "pending", recipients: 2 });
    expect(await docStatus(e.doc.id)).toBe(4);
    const envelopes = await t.db
      .select()
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.documentId, e.doc.id));
    const fresh = envelopes.find((x) => x.id !== e.envelope.id);
    const sent = await mailsKeyed(`signing:${fresh?.id}:`);
    expect(sent.map((m) => m.to).sort()).toEqual(["ivy.signer@client.test", "jon.signer@client.test"]);
    const newToken = linkIn(sent[0]?.text ?? "")?.[1] ?? "";
    expect(newToken).not.toBe(e.tokens["Ivy Signer"]);
    expect(newToken).not.toBe(e.tokens["Jon Signer"]);
    expect((await signer("GET", `/api/sign/${newToken}`)).json().data.state).toBe("ready");
    expect((await signer("GET", `/api/sign/${e.tokens["Ivy Signer"]}`)).json().data.state).toBe("cancelled");
    // A pending request is not resent.
    const twice = await firm.as.alice.post("/api/signing/resend", { doc_id: e.doc.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(RESEND_NOT_ALLOWED);
  });

  it("emails a cancel notice with the reason, by SMTP, to each recipient who had not signed", async () => {
    const e = await pendingDocument([
      { name: "Lea Signed", group: 0 },
      { name: "Mia Waiting", group: 1 },
      { name: "Noa Witness", role: "witness", witnessOf: "Mia Waiting", group: 1 },
    ]);
    await signNow(e.tokens["Lea Signed"] ?? "");
    await t.services.jobs.runDue();
    smtp.messages.length = 0;
    const cancelled = await firm.as.alice.post("/api/signing/cancel", {
      doc_id: e.doc.id,
      reason: "The trust's name is misspelt",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.services.jobs.runDue();
    const sent = smtp.messages.filter((m) => decoded(m.data).includes("has cancelled the request to sign"));
    expect(sent.flatMap((m) => m.to).sort()).toEqual([
      expect.stringContaining("mia.waiting@client.test"),
      expect.stringContaining("noa.witness@client.test"),
    ]);
    for (const message of sent) {
      const body = decoded(message.data);
      expect(body).toContain("has cancelled the request to sign");
      expect(body).toContain("Their reason: The trust's name is misspelt");
      expect(body).toContain("Harbour Legal Pty Ltd");
      // No link: the old ones are dead, and none is sent in their place.
      expect(linkIn(body)).toBeNull();
    }
    expect(smtp.messages.flatMap((m) => m.to).join()).not.toContain("lea.signed@client.test");
  });

  it("resends after a decline; after a relaunch a declined request can no longer be resent", async () => {
    const e = await pendingDocument([{ name: "Kim Decliner" }]);
    await signer("POST", `/api/sign/${e.tokens["Kim Decliner"]}/decline`, { reason: "Not now" });
    const resent = await firm.as.alice.post("/api/signing/resend", { doc_id: e.doc.id });
    expect(resent.statusCode, resent.body).toBe(200);

    const other = await pendingDocument([{ name: "Lou Decliner" }]);
    await signer("POST", `/api/sign/${other.tokens["Lou Decliner"]}/decline`, { reason: "No" });
    const relaunched = await firm.as.alice.put(`/api/doc/relaunch/${other.doc.id}`, {});
    expect(relaunched.statusCode, relaunched.body).toBe(200);
    // The relaunch voided the declined request (signing's reaction to the documents' event) ...
    const envelopes = await t.db
      .select({ status: signingEnvelopes.status })
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.documentId, other.doc.id));
    expect(envelopes.map((envelope) => envelope.status)).toEqual(["void"]);
    // ... so even once the document is completed again, the old request is not resent: it is sent anew.
    await t.db.update(documents).set({ status: 4 }).where(eq(documents.id, other.doc.id));
    const refused = await firm.as.alice.post("/api/signing/resend", { doc_id: other.doc.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESEND_NOT_ALLOWED);
  });
});

describe("POST /api/signing/reminder", () => {
  it("re-sends each recipient's same link, includes a witness with their signer, and refuses a second reminder within a minute", async () => {
    const e = await pendingDocument([
      { name: "Max Signer" },
      { name: "Ned Witness", role: "witness", witnessOf: "Max Signer" },
    ]);
    const first = await firm.as.alice.post("/api/signing/reminder", { doc_id: e.doc.id, reminder_notes: "" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.reminded).toBe(2);
    const second = await firm.as.alice.post("/api/signing/reminder", {
      doc_id: e.doc.id,
      reminder_notes: "",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(REMINDER_JUST_SENT);
    const reminders = (await mailsKeyed(`signing:${e.envelope.id}:`)).filter((m) =>
      m.key.includes(":reminder:"),
    );
    expect(reminders).toHaveLength(2);
    for (const mail of reminders) {
      const name = mail.to === "max.signer@client.test" ? "Max Signer" : "Ned Witness";
      expect(linkIn(mail.text)?.[1]).toBe(e.tokens[name]);
    }
    // The old links still work: nothing was replaced.
    expect((await signer("GET", `/api/sign/${e.tokens["Max Signer"]}`)).json().data.state).toBe("ready");
    t.clock.advance(61_000);
    const later = await firm.as.alice.post("/api/signing/reminder", { doc_id: e.doc.id, reminder_notes: "" });
    expect(later.statusCode).toBe(200);
  });
});

describe("PUBLIC_URL", () => {
  it("is required in production, must be an origin, and defaults to localhost on PORT elsewhere", () => {
    const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", SECRET_KEY: "k".repeat(40) };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: must be set in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: "https://app.example.com/" }).PUBLIC_URL).toBe(
      "https://app.example.com",
    );
    expect(() => loadConfig({ PUBLIC_URL: "https://app.example.com/app" })).toThrow(/origin/);
    expect(loadConfig({ PORT: "4100" }).PUBLIC_URL).toBe("http://localhost:4100");
  });
});
