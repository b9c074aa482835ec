import { ASIC_STEPS_DOCUMENT_FINISHED, type AsicMode, DocumentResponse } from "@precedent/contracts";
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
import { asicApplications, asicNameApplications } from "./schema.ts";

/**
 * An existing registration document reopens the start wizard (documents spec §4, issue 33 item 5):
 * each row says where, from its template's mode and what the wizard recorded; the consents are
 * recorded on it through apply-proposed-name, which refuses a finished document.
 */
let t: TestApp;
let f: FirmWithPeople;

const CONSENTS = {
  pre_registration_consent: true,
  pre_director_read: true,
  pre_director_offences: true,
  pre_director_requirement: true,
};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
  for (const mode of ["1", "2", "both", "only-consent"] as const) {
    await t.db.insert(products).values({
      templateIdentifier: `resume-registration-${mode}`,
      sku: `RESUME-REG-${mode}`,
      name: `Registration (mode ${mode})`,
      priceCents: 0,
      metaData: [{ key: "asic_mode", value: mode }],
    });
  }
});
afterAll(() => t.close());

/** A registration document made from the mode's template, as a start makes one. */
async function registration(
  mode: AsicMode,
  options: { templateName?: string | null; client?: FirmClient } = {},
) {
  const client = options.client ?? f.as.alice;
  const res = await client.post("/api/doc/draft", { name: `Registration ${mode}`, is_asic_document: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await t.db
    .update(documents)
    .set({
      xTemplateId: `resume-registration-${mode}`,
      templateName: options.templateName === undefined ? `Registration (mode ${mode})` : options.templateName,
    })
    .where(eq(documents.id, id));
  return id;
}

const detail = async (id: number, client: FirmClient = f.as.alice) => {
  const res = await client.get(`/api/doc/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return DocumentResponse.parse(res.json()).data;
};

const apply = (id: number, body: Record<string, unknown>, client: FirmClient = f.as.alice) =>
  client.post("/api/asic/apply-proposed-name", { doc_id: id, ...body });

describe("a registration document's wizard step", () => {
  it("'only-consent' with a name and a template name reopens at the consent, until the consents are recorded", async () => {
    const id = await registration("only-consent");
    expect(await detail(id)).toMatchObject({
      asic_mode: "only-consent",
      asic_pre_consent: false,
      registration_step: "consent",
    });
    const res = await apply(id, CONSENTS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ applied: null, is_pre_consent: true });
    expect(await detail(id)).toMatchObject({ asic_pre_consent: true, registration_step: null });
  });

  it("'only-consent' without a template name reopens at the name step", async () => {
    const id = await registration("only-consent", { templateName: null });
    expect((await detail(id)).registration_step).toBe("name");
  });

  it("'2' reopens at the name check until a name is applied; 'both' then asks the consents", async () => {
    const two = await registration("2");
    expect((await detail(two)).registration_step).toBe("name-check");
    const both = await registration("both");
    expect((await detail(both)).registration_step).toBe("name-check");
    for (const id of [two, both]) {
      const res = await apply(id, { proposed_name: `Quokka Resume ${id}`, legal_element: "PTY LTD" });
      expect(res.json().data.applied).toBe(true);
    }
    expect((await detail(two)).registration_step).toBeNull();
    expect(await detail(both)).toMatchObject({ asic_name_applied: true, registration_step: "consent" });
  });

  it("'1' has no registration steps to reopen", async () => {
    expect(await detail(await registration("1"))).toMatchObject({ asic_mode: "1", registration_step: null });
  });

  it("is in the list's rows too, and only for registration documents", async () => {
    const id = await registration("only-consent");
    const list = await f.as.alice.get("/api/doc?type=1&length=100");
    const rows = list.json().data.rows as { id: number; registration_step?: unknown; type: string }[];
    expect(rows.find((row) => row.id === id)?.registration_step).toBe("consent");
    expect(
      rows.filter((row) => row.type !== "ASIC").every((row) => row.registration_step === undefined),
    ).toBe(true);
  });

  it("reopens nothing where the document may not be interviewed (awaiting signature), nor once lodged", async () => {
    const pending = await registration("only-consent");
    await t.db.update(documents).set({ status: 4 }).where(eq(documents.id, pending));
    expect(await detail(pending)).toMatchObject({ abilities: { interview: false }, registration_step: null });
    const lodged = await registration("only-consent");
    expect((await detail(lodged)).registration_step).toBe("consent");
    await t.db
      .insert(asicApplications)
      .values({ teamId: f.teamId, docId: lodged, asicStatus: "INPR", updatedAt: new Date() });
    expect((await detail(lodged)).registration_step).toBeNull();
  });
});

describe("POST /api/asic/apply-proposed-name on an existing document", () => {
  it("refuses a completed document with a plain message, and records nothing", async () => {
    const id = await registration("only-consent");
    await t.db.update(documents).set({ status: 5 }).where(eq(documents.id, id));
    const res = await apply(id, CONSENTS);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ASIC_STEPS_DOCUMENT_FINISHED);
    expect(await t.db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, id))).toEqual(
      [],
    );
    expect((await detail(id)).registration_step).toBeNull();
  });

  it("gives another firm 404 for our document and records nothing", async () => {
    const id = await registration("only-consent");
    const res = await apply(id, CONSENTS, f.outsider);
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, id))).toEqual(
      [],
    );
    expect((await detail(id)).registration_step).toBe("consent");
  });
});
