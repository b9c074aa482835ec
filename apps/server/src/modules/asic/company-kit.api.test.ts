import { ASIC_KIT_ALREADY_MADE, ASIC_KIT_NOT_REGISTERED, NOT_AN_ASIC_DOCUMENT } from "@precedent/contracts";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { documentFiles, documents } from "../documents/index.ts";
import { asicRowColumns } from "./application-reads.ts";
import { COMPANY_KIT_TEMPLATES } from "./company-kit.ts";
import { asicApplications } from "./schema.ts";
import { ASIC_TEST_ENV, registrationSteps } from "./testing.ts";

let t: TestApp;
let f: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp({ env: ASIC_TEST_ENV });
  f = await buildFirmWithPeople(t);
});
afterAll(() => t.close());

const { registration, paid, registered, application } = registrationSteps(
  () => t,
  () => f,
);
const makeKit = (docId: number, client = f.as.alice) =>
  client.post("/api/asic/company-kit", { doc_id: docId });
const kitDocumentsOfFirm = async (teamId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.teamId, teamId), inArray(documents.xTemplateId, [...COMPANY_KIT_TEMPLATES])))
  )[0]?.n ?? 0;

describe("POST /api/asic/company-kit", () => {
  it("makes the four kit documents once, answered from the application, assembled, in the registration's folder", async () => {
    const folder = await f.as.alice.post("/api/folder", { name: "Bilby Ridge", type: 1 });
    expect(folder.statusCode).toBe(200);
    const folderId = folder.json().data.id as number;
    const { docId, proposed, acn } = await registered({ folderId });
    const before = await application(docId);
    expect(before).toMatchObject({
      can_create_company_kit: true,
      company_kit_created_at: null,
      company_kit_documents: [],
    });

    const res = await makeKit(docId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const kit = body.data.documents as {
      id: number;
      name: string;
      template_identifier: string;
      status: number;
    }[];
    expect(kit.map((d) => d.template_identifier)).toEqual([...COMPANY_KIT_TEMPLATES]);
    expect(body.data.not_assembled).toEqual([]);
    for (const doc of kit) {
      expect(doc.status).toBe(5);
      // Named with the company's name as written; the application lodged it as "PTY LTD".
      expect(doc.name).toContain(`${proposed} Pty Ltd`);
      expect(body.message).toContain(doc.name);
    }
    expect(body.data.application).toMatchObject({ can_create_company_kit: false });

    const rows = await t.db
      .select()
      .from(documents)
      .where(
        inArray(
          documents.id,
          kit.map((d) => d.id),
        ),
      );
    const spaced = acn.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");
    for (const row of rows) {
      expect(row.folderId).toBe(folderId);
      expect(row.teamId).toBe(f.teamId);
      expect(row.status).toBe(5);
      // The ACN is in the answers of every document naming the registered company (its text:
      // company-kit.test.ts); the constitution the members consented to on registration names
      // the company as proposed (s136(1)(a)), as the application said, and so do the officers'
      // consents, given before lodgement (s117(2)(c), s201D).
      if (row.xTemplateId === "company-constitution") {
        expect(row.xml).toMatchObject({ adoption_on_registration: "Yes", company_name: proposed });
      } else if (row.xTemplateId === "director-consent") {
        expect(JSON.stringify(row.xml)).not.toMatch(new RegExp(`${acn}|${spaced}`));
      } else {
        expect(JSON.stringify(row.xml)).toMatch(new RegExp(`${acn}|${spaced}`));
      }
    }
    const consent = rows.find((r) => r.xTemplateId === "director-consent");
    expect(consent?.xml).toMatchObject({ company_registered: "No", company_name: proposed });
    expect(consent?.xml).not.toHaveProperty("company_acn");
    const files = await t.db
      .select({ n: count() })
      .from(documentFiles)
      .where(
        inArray(
          documentFiles.docId,
          kit.map((d) => d.id),
        ),
      );
    expect(files[0]?.n).toBe(8);
    // The first kit document's PDF downloads, ready for signing.
    const pdf = await f.as.alice.get(`/api/doc/download/${kit[0]?.id}`, { type: "pdf" });
    expect(pdf.statusCode).toBe(200);

    const after = await application(docId);
    expect(after.can_create_company_kit).toBe(false);
    expect(after.company_kit_created_at).toEqual(expect.any(String));
    expect(after.company_kit_documents.map((d: { id: number }) => d.id)).toEqual(kit.map((d) => d.id));

    const again = await makeKit(docId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ASIC_KIT_ALREADY_MADE);
  });

  it("makes one kit of two calls at once: the other is refused and nothing is duplicated", async () => {
    const { docId } = await registered();
    const before = await kitDocumentsOfFirm(f.teamId);
    const both = await Promise.all([makeKit(docId), makeKit(docId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().message).toBe(ASIC_KIT_ALREADY_MADE);
    expect(await kitDocumentsOfFirm(f.teamId)).toBe(before + 4);
    const [row] = await t.db.select().from(asicApplications).where(eq(asicApplications.docId, docId));
    expect(row?.kitDocIds).toHaveLength(4);
  });

  it("refuses a registration ASIC has not registered, and makes nothing", async () => {
    const { docId } = await registration();
    await paid(docId);
    const before = await kitDocumentsOfFirm(f.teamId);
    expect((await application(docId)).can_create_company_kit).toBe(false);
    const res = await makeKit(docId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ASIC_KIT_NOT_REGISTERED);
    expect(await kitDocumentsOfFirm(f.teamId)).toBe(before);
  });

  it.each([
    ["pub_shares", "a public company limited by shares"],
    ["pty_unlimited", "a proprietary unlimited company with share capital"],
  ])(
    "offers no kit for a company the kit is not written for (%s), refuses it with 400 and makes nothing",
    async (kind, named) => {
      const { docId } = await registered();
      // The registered application's answers say another type (the kit's templates are for Pty Ltd).
      const [doc] = await t.db.select().from(documents).where(eq(documents.id, docId));
      await t.db
        .update(documents)
        .set({ xml: { ...(doc?.xml as object), company_kind: kind } })
        .where(eq(documents.id, docId));
      expect((await application(docId)).can_create_company_kit).toBe(false);
      // The document list's row offers no kit either.
      const listed = (await asicRowColumns(t.db, f.teamId, [docId])).get(docId);
      expect(listed?.can_create_company_kit).toBe(false);

      const before = await kitDocumentsOfFirm(f.teamId);
      const res = await makeKit(docId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `The company kit is written for a proprietary company limited by shares only; this registration is for ${named}, so no kit can be made for it.`,
      );
      expect(await kitDocumentsOfFirm(f.teamId)).toBe(before);
      const after = await application(docId);
      expect(after).toMatchObject({ company_kit_created_at: null, company_kit_documents: [] });
    },
  );

  it("answers 404 to another firm and 409 for a document that is not a registration", async () => {
    const { docId } = await registered();
    const theirs = await kitDocumentsOfFirm(f.teamId);
    const outsider = await makeKit(docId, f.outsider);
    expect(outsider.statusCode).toBe(404);
    // Another firm's user in their own firm: the id is no document of theirs.
    const otherFirm = await makeKit(docId, f.lite);
    expect(otherFirm.statusCode).toBe(404);
    expect(await kitDocumentsOfFirm(f.teamId)).toBe(theirs);
    expect((await application(docId)).can_create_company_kit).toBe(true);

    const plain = await f.as.alice.post("/api/doc/draft", { name: "Letter", is_asic_document: 0 });
    const res = await makeKit(plain.json().data.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_AN_ASIC_DOCUMENT);
    expect((await makeKit(0)).statusCode).toBe(400);
  });
});
