import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CAS360_CERTIFICATE_UPLOAD_ACTION,
  CAS360_CERTIFICATE_UPLOAD_FAILED,
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
import { NEEDS_RENEWAL_MESSAGE } from "./connection-tokens.ts";
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
