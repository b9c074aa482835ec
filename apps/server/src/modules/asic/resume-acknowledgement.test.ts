import {
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  ACKNOWLEDGEMENT_USER_REQUIRED,
  DocumentResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { products } from "../catalogue/index.ts";
import { documents } from "../documents/index.ts";
import { documentStarts } from "../orders/index.ts";
import { asicNameApplications } from "./schema.ts";

/**
 * The reopened registration wizard's last step (documents spec §4: step 4, the acknowledgement,
 * "only when the document carries an acknowledgement text"): the server names it, requires it
 * with the Director ID confirmations, and records it once; a start that recorded one is not asked again.
 */
let t: TestApp;
let f: FirmWithPeople;
let productId: number;
const TEXT = "I/we acknowledge the registration is lodged on the information given.";
const TEMPLATE = "resume-ack-registration";

const CONSENTS = {
  pre_registration_consent: true,
  pre_director_read: true,
  pre_director_offences: true,
  pre_director_requirement: true,
};
const ACCEPTED = {
  acknowledgement: "yes",
  acknowledgement_date: "01/12/2026",
  acknowledgement_user: "Alice Adviser",
};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
  const [product] = await t.db
    .insert(products)
    .values({
      templateIdentifier: TEMPLATE,
      sku: "RESUME-ACK",
      name: "Registration with acknowledgement",
      priceCents: 0,
      metaData: [
        { key: "asic_mode", value: "only-consent" },
        { key: "acknowledgement", value: TEXT },
      ],
    })
    .returning({ id: products.id });
  productId = product?.id ?? 0;
});
afterAll(() => t.close());

async function registration() {
  const res = await f.as.alice.post("/api/doc/draft", {
    name: "Registration with acknowledgement",
    is_asic_document: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await t.db
    .update(documents)
    .set({ xTemplateId: TEMPLATE, templateName: "Registration with acknowledgement" })
    .where(eq(documents.id, id));
  return id;
}
const detail = async (id: number) =>
  DocumentResponse.parse((await f.as.alice.get(`/api/doc/${id}`)).json()).data;
const apply = (id: number, body: Record<string, unknown>, client: FirmClient = f.as.alice) =>
  client.post("/api/asic/apply-proposed-name", { doc_id: id, ...body });
const recorded = async (id: number) =>
  (await t.db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, id)))[0];

describe("the reopened wizard's acknowledgement", () => {
  it("is asked with the consents, refused without it or with a bad date or name, and recorded once given", async () => {
    const id = await registration();
    expect(await detail(id)).toMatchObject({ registration_step: "consent", asic_acknowledgement: TEXT });

    const missing = await apply(id, CONSENTS);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ACKNOWLEDGEMENT_REQUIRED);
    const badDate = await apply(id, { ...CONSENTS, ...ACCEPTED, acknowledgement_date: "2026-12-01" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(ACKNOWLEDGEMENT_DATE_INVALID);
    const noName = await apply(id, { ...CONSENTS, ...ACCEPTED, acknowledgement_user: "  " });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(ACKNOWLEDGEMENT_USER_REQUIRED);
    // Nothing was recorded by the refusals.
    expect(await recorded(id)).toBeUndefined();

    const res = await apply(id, { ...CONSENTS, ...ACCEPTED });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recorded(id)).toMatchObject({
      acknowledgement: TEXT,
      acknowledgementDate: "01/12/2026",
      acknowledgementUser: "Alice Adviser",
    });
    expect(await detail(id)).toMatchObject({ registration_step: null, asic_acknowledgement: null });
  });

  it("reopens at the acknowledgement alone when the consents are recorded without it", async () => {
    const id = await registration();
    await t.db.insert(asicNameApplications).values({
      teamId: f.teamId,
      docId: id,
      preRegistrationConsent: true,
      preDirectorRead: true,
      preDirectorOffences: true,
      preDirectorRequirement: true,
      updatedBy: f.ids.alice,
      updatedAt: new Date(),
    });
    expect(await detail(id)).toMatchObject({ asic_pre_consent: true, registration_step: "acknowledgement" });
    const res = await apply(id, ACCEPTED);
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(id)).toMatchObject({ registration_step: null, asic_acknowledgement: null });
  });

  it("is not asked again of a document whose start recorded it", async () => {
    const id = await registration();
    await t.db.insert(documentStarts).values({
      documentId: id,
      teamId: f.teamId,
      productId,
      consumed: "free",
      acknowledgement: TEXT,
      acknowledgementDate: "30/11/2026",
      acknowledgementUser: "Alice Adviser",
      startedBy: f.ids.alice,
      startedAt: new Date(),
    });
    expect(await detail(id)).toMatchObject({ registration_step: "consent", asic_acknowledgement: null });
    const res = await apply(id, CONSENTS);
    expect(res.statusCode, res.body).toBe(200);
    expect(await recorded(id)).toMatchObject({ acknowledgement: null });
    expect((await detail(id)).registration_step).toBeNull();
  });

  it("gives another firm 404 and records nothing", async () => {
    const id = await registration();
    const res = await apply(id, { ...CONSENTS, ...ACCEPTED }, f.outsider);
    expect(res.statusCode).toBe(404);
    expect(await recorded(id)).toBeUndefined();
  });
});
