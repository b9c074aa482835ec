import { readFileSync } from "node:fs";
import path from "node:path";
import {
  ASIC_APPLICATION_READ_ONLY,
  CAS360_CERTIFICATE_UPLOAD_ACTION,
  CAS360_CERTIFICATE_UPLOAD_FAILED,
  CAS360_CERTIFICATE_UPLOADED,
  Cas360CertificateResponse,
  DocumentLogResponse,
  IntegrationLogResponse,
  isFailedCertificateUpload,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { createCas360Certificate } from "./cas360-certificate.ts";
import { NEEDS_RENEWAL_MESSAGE } from "./connection-tokens.ts";
import { ProviderUnavailable } from "./provider.ts";
import { integrationConnections, integrationSandboxFiles } from "./schema.ts";
import { connectThroughSandbox } from "./testing.ts";

/**
 * Spec §4 "ASIC application" and §8: a company ASIC registers has its Certificate of Registration
 * uploaded to the lodger's CAS 360; the CAS log entry records the outcome, and a failed upload
 * carries the note asking for a manual re-upload.
 */
const PROCESSING_MS = 120_000;
const POLL_MS = 30_000;
let t: TestApp;
let f: FirmWithPeople;

const sample = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../../../templates/company-registration/sample-answers.json"),
    "utf8",
  ),
) as Record<string, unknown>;

let names = 0;
/** A company registration paid and lodged by `client`, then decided by ASIC (COMP). */
async function registered(client: FirmClient) {
  const draft = await client.post("/api/doc/draft", { name: "Company registration", is_asic_document: 1 });
  const docId = draft.json().data.id as number;
  names += 1;
  const proposed = `Wombat Creek Orchards ${"X".repeat(names)}`;
  const applied = await client.post("/api/asic/apply-proposed-name", {
    doc_id: docId,
    proposed_name: proposed,
    legal_element: "PTY LTD",
    pre_registration_consent: true,
    pre_director_read: true,
    pre_director_offences: true,
    pre_director_requirement: true,
  });
  expect(applied.json().data.applied).toBe(true);
  const answers = {
    ...structuredClone(sample),
    name_choice: "name",
    proposed_name: proposed,
    legal_element: "PTY LTD",
  };
  await t.db.update(documents).set({ xml: answers }).where(eq(documents.id, docId));
  const back = `/my-account/my-document?docId=${docId}&action=get_transaction_status`;
  const started = await client.post("/api/asic/init-payment", { doc_id: docId, redirect_url: back });
  const pay = await t.app.inject({
    method: "POST",
    url: started.json().data.payment.paymentURL,
    payload: `card_number=${encodeURIComponent("4242 4242 4242 4242")}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(pay.statusCode).toBe(303);
  await client.post("/api/asic/get-transaction-status", { doc_id: docId });
  expect((await client.post("/api/asic/registration-company-lodgement", { doc_id: docId })).statusCode).toBe(
    200,
  );
  t.clock.advance(PROCESSING_MS + POLL_MS);
  await t.services.jobs.runDue();
  const application = (await client.post("/api/asic/application", { doc_id: docId })).json().data;
  expect(application.asic_status).toBe("COMP");
  return { docId, acn: application.acn as string };
}

const casEntries = async (client: FirmClient, docId: number) =>
  DocumentLogResponse.parse((await client.get("/api/log", { id: docId })).json()).data.rows.filter(
    (r) => r.type === "CAS",
  );

beforeAll(async () => {
  t = await createTestApp({
    env: { ASIC_SANDBOX_PROCESSING_MS: String(PROCESSING_MS), ASIC_STATUS_POLL_MS: String(POLL_MS) },
  });
  f = await buildFirmWithPeople(t);
  await connectThroughSandbox(t, f.as.alice, "bglcas360");
}, 240_000);
afterAll(async () => t?.close());

describe("CAS 360: the Certificate of Registration on registration", () => {
  it("uploads it to the lodger's CAS 360 and logs a passed CAS entry without the note", async () => {
    const { docId, acn } = await registered(f.as.alice);
    const [entry, ...others] = await casEntries(f.as.alice, docId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      action: CAS360_CERTIFICATE_UPLOAD_ACTION,
      is_success: true,
      response: { status: 200, certificate_upload: "uploaded" },
    });
    expect(entry && isFailedCertificateUpload(entry)).toBe(false);
    const filed = await t.db
      .select()
      .from(integrationSandboxFiles)
      .where(
        and(eq(integrationSandboxFiles.app, "bglcas360"), eq(integrationSandboxFiles.clientId, `acn:${acn}`)),
      );
    expect(filed).toHaveLength(1);
    expect(filed[0]?.fileName).toBe(`Certificate of Registration ${acn}.pdf`);
  });

  it("a failed upload (the connection needs renewing) is a failed CAS entry whose detail carries the note", async () => {
    await t.db
      .update(integrationConnections)
      .set({ status: "needs_renewal" })
      .where(
        and(eq(integrationConnections.userId, f.ids.alice), eq(integrationConnections.app, "bglcas360")),
      );
    const { docId, acn } = await registered(f.as.alice);
    const [entry] = await casEntries(f.as.alice, docId);
    expect(entry).toMatchObject({
      action: CAS360_CERTIFICATE_UPLOAD_ACTION,
      is_success: false,
      response: { status: 409, certificate_upload: "failed" },
      response_message: NEEDS_RENEWAL_MESSAGE,
    });
    expect(entry && isFailedCertificateUpload(entry)).toBe(true);
    // The registration stands: the certificate is still downloadable here.
    expect((await f.as.alice.get("/api/asic/certificate", { doc_id: docId })).statusCode).toBe(200);
    const filed = await t.db
      .select()
      .from(integrationSandboxFiles)
      .where(eq(integrationSandboxFiles.clientId, `acn:${acn}`));
    expect(filed).toEqual([]);
    // The integrations page's Logs show the same entry (redacted: the ACN is not shown).
    const page = IntegrationLogResponse.parse((await f.as.alice.get("/api/integrations/logs")).json()).data;
    const listed = page.rows.find((r) => r.id === entry?.id);
    expect(listed && isFailedCertificateUpload(listed)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(acn);
    expect(CAS360_CERTIFICATE_UPLOAD_FAILED).toBe(
      "Note: The Certificate of Registration uploaded to CAS360 has been failed, kindly review and re-upload it manually via CAS360.",
    );
  });

  it("a lodger without a CAS 360 connection: nothing is sent and no CAS entry is logged", async () => {
    const { docId } = await registered(f.as.bob);
    expect(await casEntries(f.as.bob, docId)).toEqual([]);
  });
});

describe("CAS 360: the certificate sent again from the interview's top bar", () => {
  const sendAgain = (client: FirmClient, docId: number) =>
    client.post("/api/bglcas360/certificate/upload", { doc_id: docId });
  const filedFor = (acn: string) =>
    t.db
      .select()
      .from(integrationSandboxFiles)
      .where(
        and(eq(integrationSandboxFiles.app, "bglcas360"), eq(integrationSandboxFiles.clientId, `acn:${acn}`)),
      );
  const aliceConnection = async () => {
    const [row] = await t.db
      .select()
      .from(integrationConnections)
      .where(
        and(eq(integrationConnections.userId, f.ids.alice), eq(integrationConnections.app, "bglcas360")),
      );
    if (!row) throw new Error("alice has no CAS 360 connection");
    return row;
  };
  const needsRenewal = async () =>
    t.db
      .update(integrationConnections)
      .set({ status: "needs_renewal" })
      .where(
        and(eq(integrationConnections.userId, f.ids.alice), eq(integrationConnections.app, "bglcas360")),
      );

  it("after a failed upload: refused while the connection needs renewing, then sent once connected again", async () => {
    await needsRenewal();
    const { docId, acn } = await registered(f.as.alice);
    expect((await casEntries(f.as.alice, docId)).map((e) => e.is_success)).toEqual([false]);
    const refused = await sendAgain(f.as.alice, docId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(NEEDS_RENEWAL_MESSAGE);
    // Refused before trying: no second entry, nothing at CAS 360.
    expect(await casEntries(f.as.alice, docId)).toHaveLength(1);
    expect(await filedFor(acn)).toEqual([]);

    await connectThroughSandbox(t, f.as.alice, "bglcas360");
    const sent = await sendAgain(f.as.alice, docId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Cas360CertificateResponse.parse(sent.json())).toEqual({
      message: CAS360_CERTIFICATE_UPLOADED,
      data: { certificate_upload: "uploaded" },
    });
    const entries = await casEntries(f.as.alice, docId);
    expect(entries.map((e) => e.is_success).sort()).toEqual([false, true]);
    expect(entries.find((e) => e.is_success)).toMatchObject({
      action: CAS360_CERTIFICATE_UPLOAD_ACTION,
      response: { status: 200, certificate_upload: "uploaded" },
    });
    const filed = await filedFor(acn);
    expect(filed.map((file) => file.fileName)).toEqual([`Certificate of Registration ${acn}.pdf`]);
    // The bytes sent are the certificate the firm downloads.
    const download = await f.as.alice.get("/api/asic/certificate", { doc_id: docId });
    expect(filed[0]?.size).toBe(download.rawPayload.byteLength);
  });

  it("a person without a connection finds none; a member cannot send another's personal registration", async () => {
    const { docId, acn } = await registered(f.as.bob);
    const none = await sendAgain(f.as.bob, docId);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No such connection.");
    expect(await casEntries(f.as.bob, docId)).toEqual([]);
    // Alice has CAS 360 connected, but bob's registration is in his own folder.
    const notHers = await sendAgain(f.as.alice, docId);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().message).toBe("Document not found.");
    expect(await filedFor(acn)).toEqual([]);
    await connectThroughSandbox(t, f.as.bob, "bglcas360");
    const sent = await sendAgain(f.as.bob, docId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await filedFor(acn)).toHaveLength(1);
  });

  it("a document with no certificate is not found, and nothing is logged", async () => {
    const draft = await f.as.alice.post("/api/doc/draft", { name: "Not registered", is_asic_document: 1 });
    const docId = draft.json().data.id as number;
    const reply = await sendAgain(f.as.alice, docId);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toContain("No Certificate of Registration");
    expect(await casEntries(f.as.alice, docId)).toEqual([]);
    expect((await sendAgain(f.as.alice, 2_147_483_647)).statusCode).toBe(404);
    expect((await f.as.alice.post("/api/bglcas360/certificate/upload", {})).statusCode).toBe(400);
  });

  it("another firm cannot send this firm's certificate, even through a CAS 360 connection of its own", async () => {
    const { docId, acn } = await registered(f.as.alice);
    const before = (await filedFor(acn)).length;
    await connectThroughSandbox(t, f.lite, "bglcas360");
    for (const client of [f.outsider, f.lite]) {
      const reply = await sendAgain(client, docId);
      expect(reply.statusCode, reply.body).toBe(404);
    }
    expect(await filedFor(acn)).toHaveLength(before);
    expect(await casEntries(f.as.alice, docId)).toHaveLength(1);
  });

  it("CAS 360 refusing the file answers 502 with the note to upload it by hand, logged as failed", async () => {
    const { docId } = await registered(f.as.alice);
    const sandbox = t.services.integrationSandbox("bglcas360");
    if (!sandbox) throw new Error("no sandbox");
    const down = createCas360Certificate({
      db: t.db,
      providers: () => ({
        ...sandbox.provider,
        async uploadCertificate() {
          throw new ProviderUnavailable("CAS 360 upload: 503", 503);
        },
      }),
      accessTokenOf: async () => "token",
      ownConnection: async () => aliceConnection(),
      registrationCertificate: (ctx, id) => t.services.asicRegistration.certificatePdf(ctx, id),
      logs: t.services.logs,
    });
    const ctx = { teamId: f.teamId, userId: f.ids.alice, role: "member" as const };
    await expect(down.sendCertificateAgain(ctx as never, docId)).rejects.toMatchObject({
      status: 502,
      message: CAS360_CERTIFICATE_UPLOAD_FAILED,
    });
    const entries = await casEntries(f.as.alice, docId);
    expect(entries.map((e) => e.is_success).sort()).toEqual([false, true]);
  });
});

describe("Import Client into a company lodged with ASIC", () => {
  it("is refused before the app is asked, as a save would be, and logs no import", async () => {
    await connectThroughSandbox(t, f.as.alice, "xero");
    const listed = await f.as.alice.get("/api/integrations/xero/clients", { type: "Individual" });
    const person = (listed.json().data as { id: string }[])[0];
    if (!person) throw new Error("no person in the Xero sandbox");
    const { docId } = await registered(f.as.alice);
    // As the start wizard makes it: the Form 201 template's interview.
    await t.db
      .update(documents)
      .set({ xTemplateId: "company-registration", status: 2 })
      .where(eq(documents.id, docId));
    const answers = (
      await t.db.select({ xml: documents.xml }).from(documents).where(eq(documents.id, docId))
    )[0]?.xml;
    const refused = await f.as.alice.post("/api/integrations/xero/import", {
      doc_id: docId,
      client_id: person.id,
      question_id: "applicant",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASIC_APPLICATION_READ_ONLY);
    const entries = DocumentLogResponse.parse((await f.as.alice.get("/api/log", { id: docId })).json());
    expect(entries.data.rows.map((r) => r.action)).toContain(CAS360_CERTIFICATE_UPLOAD_ACTION);
    expect(entries.data.rows.filter((r) => r.action.startsWith("Import client"))).toEqual([]);
    const after = (
      await t.db.select({ xml: documents.xml }).from(documents).where(eq(documents.id, docId))
    )[0]?.xml;
    expect(after).toEqual(answers);
  });
});
