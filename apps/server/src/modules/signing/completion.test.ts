/**
 * Completion end to end through the API, with the real sealer the server wires in: a document
 * assembled and sent through the wizard's calls, signed by every signer and witness on their own
 * links (the last two at the same moment), sealed by the job, mailed to every party, and downloaded
 * by the sender. The sealed file is checked with poppler's pdfsig and qpdf, as a reader would.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FUSESIGN_NOT_CONNECTED, SIGNED_PDF_NOT_READY } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { mailOutbox } from "../mail/index.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
import { CERTIFICATE_HEADING } from "./seal/index.ts";

let t: TestApp;
let firm: FirmWithPeople;
let folder: string;
const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };
const TODAY = "2026-11-02";

beforeAll(async () => {
  const missing = ["pdfsig", "pdftotext", "qpdf"].filter(
    (tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0,
  );
  if (missing.length > 0) {
    throw new Error(`These tests need ${missing.join(", ")}: apt-get install -y poppler-utils qpdf`);
  }
  folder = mkdtempSync(path.join(tmpdir(), "precedent-completion-"));
  // Its own data directory: the sealing certificate is made at the first seal, as on a new server.
  t = await createTestApp({ env: { DATA_DIR: path.join(folder, "data") } });
  firm = await buildFirmWithPeople(t);
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const saved = (name: string, bytes: Uint8Array) => {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let addressSequence = 0;
/** A signer's browser: its own address (the per-address throttle counts each alone). */
const signerCall = (method: "GET" | "POST", url: string, payload?: object) => {
  addressSequence += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.9.0.${addressSequence % 250}`,
    headers: { "user-agent": "Completion Test Browser/2.0" },
    ...(payload ? { payload } : {}),
  });
};

async function sentDocument() {
  const sample = t.services.templates.starter(NDA.identifier)?.sampleAnswers as Record<string, unknown>;
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 2,
    name: "Mutual NDA – Kwan and Raman",
    template: { ...NDA, xml: sample },
  });
  const actionToken = (await firm.as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
  const assembled = await firm.as.alice.post(`/api/xpressdox/assemble/${doc.id}`, {
    action_token: actionToken,
  });
  expect(assembled.statusCode, assembled.body).toBe(200);
  const listed = await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id });
  type Person = { full_name: string; email: string; meta_key: string; date_key: string };
  const list = listed.json().data.list as (Omit<Person, "email"> & { Email: string; witness: Person[] })[];
  const signer = list.flatMap((s) => [
    { full_name: s.full_name, email: s.Email, meta_key: s.meta_key, date_key: s.date_key },
    ...s.witness,
  ]);
  const sent = await firm.as.alice.post("/api/signing/confirm", {
    doc_id: doc.id,
    sms_notify: 0,
    due_date: TODAY,
    email_subject: "Please sign the NDA",
    email_body: "Thank you.",
    is_group: 0,
    witnesses_adult: true,
    signer: signer.map((s) => ({ ...s, signing_group: 0, signing_group_name: "Signers" })),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [envelope] = await t.db
    .select()
    .from(signingEnvelopes)
    .where(eq(signingEnvelopes.documentId, doc.id));
  if (!envelope) throw new Error("no envelope");
  const recipients = await t.db
    .select()
    .from(signingRecipients)
    .where(eq(signingRecipients.envelopeId, envelope.id));
  // Each recipient's link, read from the email they were sent.
  const mails = await t.db.select().from(mailOutbox);
  const tokenOf = new Map(
    recipients.map((r) => {
      const mail = mails.find((m) => m.key === `signing:${envelope.id}:${r.id}:sent`);
      return [r.id, /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? ""];
    }),
  );
  return { doc, envelope, recipients, tokenOf };
}

describe("completion through the API, with the real sealer", () => {
  it("seals once when the last two sign at the same moment; pdfsig and qpdf accept the whole file; every party gets the link; the sender downloads it", async () => {
    const { doc, envelope, recipients, tokenOf } = await sentDocument();
    expect(recipients.length).toBeGreaterThanOrEqual(3);
    const witness = recipients.find((r) => r.role === "witness");
    const witnessed = recipients.find((r) => r.id === witness?.witnessOfRecipientId);
    const otherSigner = recipients.find((r) => r.role === "signer" && r.id !== witnessed?.id);
    if (!witness || !witnessed || !otherSigner) throw new Error("the NDA's sample has a witnessed signer");
    const sign = (id: number) => {
      const r = recipients.find((x) => x.id === id);
      return signerCall("POST", `/api/sign/${tokenOf.get(id)}/sign`, {
        signature: { kind: "typed", text: r?.fullName ?? "", font: "Great Vibes" },
        ...(r?.role === "witness" ? { witnessed_by: "in-person" } : {}),
      });
    };
    const consent = async (id: number) =>
      expect(
        (await signerCall("POST", `/api/sign/${tokenOf.get(id)}/consent`, { agree: true })).statusCode,
      ).toBe(200);
    // Everyone but the witness and one other signer signs first; the witness can act only then.
    for (const r of recipients.filter((x) => x.id !== witness.id && x.id !== otherSigner.id)) {
      await consent(r.id);
      expect((await sign(r.id)).statusCode).toBe(200);
    }
    await consent(otherSigner.id);
    await consent(witness.id);
    const notYet = await firm.as.alice.get("/api/signing/document/download", { doc_id: doc.id });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(SIGNED_PDF_NOT_READY);

    const last = await Promise.all([sign(witness.id), sign(otherSigner.id)]);
    expect(last.map((r) => r.statusCode)).toEqual([200, 200]);
    const events = await t.db.select().from(signingEvents).where(eq(signingEvents.envelopeId, envelope.id));
    expect(events.filter((e) => e.action === "completed")).toHaveLength(1);

    await t.services.jobs.runDue();
    const [sealedEnvelope] = await t.db
      .select()
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.id, envelope.id));
    expect(sealedEnvelope?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const [signedDoc] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(signedDoc?.status).toBe(3);
    const afterSeal = await t.db
      .select()
      .from(signingEvents)
      .where(eq(signingEvents.envelopeId, envelope.id));
    expect(afterSeal.filter((e) => e.action === "sealed")).toHaveLength(1);

    // Every party is emailed once, with a link that downloads the sealed PDF.
    const mails = (await t.db.select().from(mailOutbox)).filter((m) =>
      m.key.startsWith(`signing-signed:${envelope.id}:`),
    );
    expect(mails.map((m) => m.to).sort()).toEqual(recipients.map((r) => r.email).sort());
    const link = /\/sign\/(\d+\.[A-Za-z0-9_-]{43})/.exec(mails[0]?.text ?? "")?.[1] ?? "";
    const byLink = await signerCall("GET", `/api/sign/${link}/signed.pdf`);
    expect(byLink.statusCode).toBe(200);

    // The sender's download is the same stored bytes.
    const download = await firm.as.alice.get("/api/signing/document/download", { doc_id: doc.id });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain("attachment");
    // Named after the document, never "signed.pdf", here and on the parties' link.
    expect(decodeURIComponent(download.headers["content-disposition"] ?? "")).toContain(
      "Mutual NDA – Kwan and Raman (signed).pdf",
    );
    expect(decodeURIComponent(String(byLink.headers["content-disposition"]))).toContain(
      "Mutual NDA – Kwan and Raman (signed).pdf",
    );
    const sealed = new Uint8Array(download.rawPayload);
    expect(sha256(sealed)).toBe(sealedEnvelope?.signedSha256);
    expect(sha256(new Uint8Array(byLink.rawPayload))).toBe(sealedEnvelope?.signedSha256);

    const sealedFile = saved("sealed.pdf", sealed);
    const pdfsig = run("pdfsig", [sealedFile]);
    expect(pdfsig.status).toBe(0);
    expect(pdfsig.output).toContain("Signature Validation: Signature is Valid.");
    expect(pdfsig.output).toContain("Total document signed");
    expect(pdfsig.output).not.toContain("Signature #2:");
    const qpdf = run("qpdf", ["--check", sealedFile]);
    expect(qpdf.output).toContain("No syntax or stream encoding errors found");
    expect(qpdf.status).toBe(0);
    // The signatures are stamped in, and the certificate names every party and the original's hash.
    const text = run("pdftotext", ["-layout", sealedFile, "-"]).output.replace(/\s+/g, " ");
    expect(text).toContain("This agreement is dated");
    expect(text).toContain(CERTIFICATE_HEADING);
    expect(text).toContain(envelope.originalSha256);
    for (const r of recipients) expect(text).toContain(r.email);

    // A changed byte breaks the seal.
    const changed = Buffer.from(sealed);
    const at = Buffer.from(sealed).toString("latin1").indexOf("\n") + 2;
    changed[at] = changed[at] === 65 ? 66 : 65;
    expect(run("pdfsig", [saved("changed.pdf", changed)]).output).toContain("Digest Mismatch");

    // The certificate on its own: only the appended pages.
    const certificate = await firm.as.alice.get("/api/signing/document/download", {
      doc_id: doc.id,
      file: "certificate",
    });
    expect(certificate.statusCode).toBe(200);
    const certificateFile = saved("certificate.pdf", new Uint8Array(certificate.rawPayload));
    const certificateText = run("pdftotext", ["-layout", certificateFile, "-"]).output;
    expect(certificateText).toContain(CERTIFICATE_HEADING);
    expect(certificateText).not.toContain("This agreement is dated");
    // Its text says it is sealed, and it is: the same seal, valid over the whole file.
    const certificateSig = run("pdfsig", [certificateFile]);
    expect(certificateSig.output).toContain("Signature Validation: Signature is Valid.");
    expect(certificateSig.output).toContain("Total document signed");
    expect(certificate.headers["content-disposition"]).toContain("(certificate).pdf");

    // Another firm sees nothing: 404 with our firm's id and with their own.
    for (const client of [firm.outsider, firm.lite]) {
      const res = await client.get("/api/signing/document/download", { doc_id: doc.id });
      expect(res.statusCode).toBe(404);
    }

    // A second run of the job changes nothing: the signed file never changes.
    await t.services.jobs.runDue();
    const [again] = await t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, envelope.id));
    expect(again?.signedSha256).toBe(sealedEnvelope?.signedSha256);
  });

  it("offers FuseSign only when the server has its settings: without them, sending with it and its webhook are refused", async () => {
    const sample = t.services.templates.starter(NDA.identifier)?.sampleAnswers as Record<string, unknown>;
    const doc = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.alice,
      status: 2,
      template: { ...NDA, xml: sample },
    });
    const actionToken = (await firm.as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
    await firm.as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: actionToken });
    const listed = await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id });
    expect(listed.json().data.providers).toEqual(["builtin"]);
    const refused = await firm.as.alice.post("/api/signing/confirm", {
      doc_id: doc.id,
      provider: "fusesign",
      sms_notify: 0,
      due_date: TODAY,
      email_subject: "Please sign",
      email_body: "",
      is_group: 0,
      signer: [
        {
          full_name: "Daniel Kwan",
          email: "daniel@example.com",
          meta_key: "x",
          date_key: "y",
          signing_group: 0,
          signing_group_name: "Signers",
        },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FUSESIGN_NOT_CONNECTED);
    const [after] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(after?.status).toBe(5);
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/fusesign/webhook",
      payload: { BundleId: "b", EventType: "BundleFinalised" },
    });
    expect(webhook.statusCode).toBe(404);
  });
});
