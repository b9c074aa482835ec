// Set-up shared by the ASIC module's API tests (not part of the module's entry): a test app whose
// sandbox regulator decides after PROCESSING_MS, and registration documents taken through the
// name, the fee payment and the lodgement, as the wizard, the gateway and 'Submit to ASIC' do.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { FirmClient, FirmWithPeople, TestApp } from "../../test/harness.ts";
import { documents } from "../documents/index.ts";

export const PROCESSING_MS = 120_000;
export const POLL_MS = 30_000;
export const HOUR = 60 * 60_000;

/** The test app's settings: slow enough to see INPR, and sessions that outlive hours of clock moves. */
export const ASIC_TEST_ENV = {
  ASIC_SANDBOX_PROCESSING_MS: String(PROCESSING_MS),
  ASIC_STATUS_POLL_MS: String(POLL_MS),
  // The clock moves hours ahead (the gateway lock), past the sessions' idle timeout.
  IDLE_TIMEOUT_MS: String(10 * 24 * HOUR),
  SESSION_MAX_AGE_MS: String(10 * 24 * HOUR),
};

/** A template's sample answers, by its folder under templates/. */
export const templateSample = (template: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, "../../../../../templates", template, "sample-answers.json"),
      "utf8",
    ),
  ) as Record<string, unknown>;

export type RegistrationOptions = {
  /** The proposed name (a new unique one when left out). */
  name?: string;
  /** The legal element checked in the wizard (PTY LTD when left out). */
  legalElement?: string;
  folderId?: number;
  answers?: (answers: Record<string, unknown>) => void;
  client?: FirmClient;
};

/**
 * The steps of a registration, for the app and firm a test file's `beforeAll` makes (hence the
 * getters). Each proposed name is unique within the file.
 */
export function registrationSteps(app: () => TestApp, firm: () => FirmWithPeople) {
  const sample = templateSample("company-registration");
  let nameCounter = 0;
  const alice = () => firm().as.alice;
  const returnUrl = (docId: number) => `/my-account/my-document?docId=${docId}&action=get_transaction_status`;

  /** A registration document with the template's sample answers and an applied name. */
  async function registration(options: RegistrationOptions = {}) {
    const client = options.client ?? alice();
    const res = await client.post("/api/doc/draft", {
      name: "Company registration",
      is_asic_document: 1,
      ...(options.folderId ? { folder_id: options.folderId } : {}),
    });
    expect(res.statusCode).toBe(200);
    const docId = res.json().data.id as number;
    nameCounter += 1;
    const proposed = options.name ?? `Wombat Creek Orchards ${"X".repeat(nameCounter)}`;
    const applied = await client.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      proposed_name: proposed,
      legal_element: options.legalElement ?? "PTY LTD",
      pre_registration_consent: true,
      pre_director_read: true,
      pre_director_offences: true,
      pre_director_requirement: true,
    });
    expect(applied.json().data.applied).toBe(true);
    const answers = structuredClone(sample);
    answers.name_choice = "name";
    answers.proposed_name = proposed;
    answers.legal_element = options.legalElement ?? "PTY LTD";
    options.answers?.(answers);
    await app().db.update(documents).set({ xml: answers }).where(eq(documents.id, docId));
    return { docId, proposed };
  }

  /** Pays on the sandbox gateway's page with a card, as the browser's form does. */
  const payOnGateway = (paymentUrl: string, card: string) =>
    app().app.inject({
      method: "POST",
      url: paymentUrl,
      payload: `card_number=${encodeURIComponent(card)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  /** The fee paid by card on the gateway, and the payment's result read back. */
  async function paid(docId: number) {
    const started = await alice().post("/api/asic/init-payment", {
      doc_id: docId,
      redirect_url: returnUrl(docId),
    });
    expect(started.statusCode).toBe(200);
    const pay = await payOnGateway(started.json().data.payment.paymentURL, "4242 4242 4242 4242");
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(returnUrl(docId));
    const result = await alice().post("/api/asic/get-transaction-status", { doc_id: docId });
    expect(result.json().data.businessDocumentBody.feePayment.declinedCode).toBeNull();
  }

  const application = async (docId: number) =>
    (await alice().post("/api/asic/application", { doc_id: docId })).json().data;

  /** Paid, lodged and registered by the sandbox regulator (COMP, with an ACN). */
  async function registered(options: RegistrationOptions = {}) {
    const made = await registration(options);
    await paid(made.docId);
    const lodged = await alice().post("/api/asic/registration-company-lodgement", { doc_id: made.docId });
    expect(lodged.statusCode).toBe(200);
    app().clock.advance(PROCESSING_MS + POLL_MS);
    await app().services.jobs.runDue();
    const state = await application(made.docId);
    expect(state.asic_status).toBe("COMP");
    return { ...made, acn: state.acn as string };
  }

  return { registration, payOnGateway, paid, application, registered, returnUrl };
}
