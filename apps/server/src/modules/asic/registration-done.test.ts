import {
  ASIC_APPLICATION_READ_ONLY,
  ASIC_DELETE_REFUSED,
  FOLDER_NOT_EMPTY,
  folderKeptFor,
  legalElementNotForCompanyType,
} from "@precedent/contracts";
import { eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { asicApplications, asicSandboxLodgements } from "./schema.ts";
import { ASIC_TEST_ENV, POLL_MS, PROCESSING_MS, registrationSteps } from "./testing.ts";

// Issue 29 items 2 and 3: one company name from the start wizard to the certificate and the kit,
// and a registration that is done stays done (read only once lodged, not deleted once registered).

let t: TestApp;
let f: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp({ env: ASIC_TEST_ENV });
  f = await buildFirmWithPeople(t);
});
afterAll(() => t.close());

const steps = registrationSteps(
  () => t,
  () => f,
);
const { paid, application } = steps;
/** A registration document of the Form 201 template, as the start wizard makes it. */
const registration = async (options: Parameters<typeof steps.registration>[0] = {}) => {
  const made = await steps.registration(options);
  await t.db
    .update(documents)
    .set({ xTemplateId: "company-registration", status: 2 })
    .where(eq(documents.id, made.docId));
  return made;
};
const alice = () => f.as.alice;
const tokenFor = async (docId: number) => {
  const res = await alice().get(`/api/get-action-token/${docId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.action_token as string;
};
const save = async (docId: number, xml: Record<string, unknown>) =>
  alice().put(`/api/xpressdox/update-xml/${docId}`, { xml, action_token: await tokenFor(docId) });
const answersOf = async (docId: number) =>
  (await t.db.select({ xml: documents.xml }).from(documents).where(eq(documents.id, docId)))[0]
    ?.xml as Record<string, unknown>;
const lodge = (docId: number) => alice().post("/api/asic/registration-company-lodgement", { doc_id: docId });
const decide = async () => {
  t.clock.advance(PROCESSING_MS + POLL_MS);
  await t.services.jobs.runDue();
};
const remove = (docId: number, client = alice()) => client.del("/api/doc", { type: 1, list_doc: [docId] });

describe("one company name from the wizard to the certificate", () => {
  it("keeps the checked name in the interview's answers, whatever another name is sent", async () => {
    const { docId, proposed } = await registration({ name: "Wombat Creek Consulting" });
    const answers = await answersOf(docId);
    const saved = await save(docId, {
      ...answers,
      proposed_name: "Harbour Bakery",
      legal_element: "PTY LIMITED",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await answersOf(docId)).toMatchObject({ proposed_name: proposed, legal_element: "PTY LTD" });
  });

  it("says beside the type of company when the checked name's legal element cannot end it (s148), and saves nothing", async () => {
    const { docId } = await registration({ name: "Wombat Creek Holdings", legalElement: "LTD." });
    const before = await answersOf(docId);
    const { legal_element: _element, company_kind: _kind, ...rest } = before;
    const refused = await save(docId, { ...rest, company_kind: "pty_shares" });
    expect(refused.statusCode, refused.body).toBe(400);
    const mismatch = legalElementNotForCompanyType("LTD.", "a proprietary company limited by shares");
    expect(refused.json()).toEqual({
      message: mismatch,
      data: { errors: [{ field: "company_kind", message: mismatch }] },
    });
    expect(await answersOf(docId)).toEqual(before);
    // No type yet: the element waits in the question a public company's name has.
    const untyped = await save(docId, rest);
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect((await answersOf(docId)).legal_element).toBeUndefined();
    const typed = await save(docId, { ...rest, company_kind: "pub_shares", pub_subclass: "ULST" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await answersOf(docId)).toMatchObject({ company_kind: "pub_shares", public_element: "LTD." });
  });

  it("lodges, certifies and makes the kit with the checked name, though the answers held another", async () => {
    const { docId, proposed } = await registration({ name: "Koala Ridge Analytics" });
    // Answers written behind the interview's back (as before the name was pinned) name another company.
    const answers = await answersOf(docId);
    await t.db
      .update(documents)
      .set({ xml: { ...answers, proposed_name: "Harbour Bakery" } })
      .where(eq(documents.id, docId));
    await paid(docId);
    expect((await lodge(docId)).statusCode).toBe(200);
    await decide();
    const state = await application(docId);
    expect(state.asic_status).toBe("COMP");
    const fullName = `${proposed} PTY LTD`;
    const [lodged] = await t.db
      .select({ name: asicSandboxLodgements.companyName })
      .from(asicSandboxLodgements)
      .where(eq(asicSandboxLodgements.docId, docId));
    expect(lodged?.name).toBe(fullName);
    const certificate = await alice().get("/api/asic/certificate", { doc_id: docId });
    expect(certificate.statusCode).toBe(200);
    const pdf = await PDFDocument.load(certificate.rawPayload);
    expect(pdf.getTitle()).toBe(`Certificate of Registration — ${fullName}`);

    const kit = await alice().post("/api/asic/company-kit", { doc_id: docId });
    expect(kit.statusCode, kit.body).toBe(200);
    const kitIds = (kit.json().data.documents as { id: number }[]).map((d) => d.id);
    const rows = await t.db.select().from(documents).where(inArray(documents.id, kitIds));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.name).toContain(`${proposed} Pty Ltd`);
      expect(JSON.stringify(row.xml)).not.toContain("Harbour Bakery");
    }
  });
});

describe("a registration that is done is done", () => {
  it("refuses to change a lodged application's answers or name, and says why", async () => {
    const { docId } = await registration();
    await paid(docId);
    const answers = await answersOf(docId);
    const token = await tokenFor(docId);
    expect((await lodge(docId)).statusCode).toBe(200);
    expect(await application(docId)).toMatchObject({ asic_status: "INPR", read_only: true });

    const saved = await alice().put(`/api/xpressdox/update-xml/${docId}`, {
      xml: { ...answers, office_street: "1 Other Street" },
      action_token: token,
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toBe(ASIC_APPLICATION_READ_ONLY);
    const cleared = await alice().put(`/api/doc/reset-xml/${docId}`, {});
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toBe(ASIC_APPLICATION_READ_ONLY);
    const renamed = await alice().post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      proposed_name: "Another Name Altogether",
      legal_element: "PTY LTD",
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(ASIC_APPLICATION_READ_ONLY);
    expect(await answersOf(docId)).toEqual(answers);
  });

  it("prints the fee paid for the application when assembled after ASIC's fee changed", async () => {
    const { docId } = await registration();
    await paid(docId);
    // Paid at $576, before the fee set now ($597): ASIC indexes its fee each 1 July.
    await t.db.update(asicApplications).set({ feeCents: 57_600 }).where(eq(asicApplications.docId, docId));
    const assembled = await alice().post(`/api/xpressdox/assemble/${docId}`, {
      action_token: await tokenFor(docId),
    });
    expect(assembled.statusCode, assembled.body).toBe(200);
    expect((await answersOf(docId)).asic_fee).toBe(576);
  });

  it("does not relaunch a completed application once lodged, nor offer it", async () => {
    const { docId } = await registration();
    await paid(docId);
    expect((await lodge(docId)).statusCode).toBe(200);
    // As after its assembly: the application completed, its PDF what was lodged.
    await t.db.update(documents).set({ status: 5 }).where(eq(documents.id, docId));
    const row = async () => (await alice().get(`/api/doc/${docId}`)).json().data;
    expect((await row()).abilities.relaunch).toBe(false);
    const relaunched = await alice().put(`/api/doc/relaunch/${docId}`, {});
    expect(relaunched.statusCode).toBe(409);
    expect(relaunched.json().message).toBe(ASIC_APPLICATION_READ_ONLY);
    expect((await row()).status).toBe(5);
  });

  it("shows a registered company as Registered, without Delete, and refuses to delete it", async () => {
    const { docId } = await registration();
    await paid(docId);
    // Before registration the documents policy decides (here: the creator may delete).
    const rowOf = async () => {
      const list = await alice().get("/api/doc", { type: 1, page: 1, length: 100 });
      return (
        list.json().data.rows as { id: number; asic_status_name: string; abilities: { delete: boolean } }[]
      ).find((r) => r.id === docId);
    };
    expect((await rowOf())?.abilities.delete).toBe(true);
    await lodge(docId);
    await decide();
    expect(await rowOf()).toMatchObject({ asic_status_name: "Registered", abilities: { delete: false } });
    const single = await alice().get(`/api/doc/${docId}`);
    expect(single.json().data.abilities.delete).toBe(false);

    const refused = await remove(docId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASIC_DELETE_REFUSED);
    expect(await answersOf(docId)).toBeDefined();
    // Another firm sees no such document.
    const outsider = await remove(docId, f.outsider);
    expect(outsider.statusCode, outsider.body).toBe(404);
  });

  it("refuses to delete a folder holding a registered company's application, saying why", async () => {
    const folder = await t.buildFolder({ teamId: f.teamId, createdBy: f.ids.alice, name: "Kits" });
    const { docId } = await registration({ folderId: folder.id });
    const [doc] = await t.db.select({ name: documents.name }).from(documents).where(eq(documents.id, docId));
    const removeFolder = (client = alice()) => client.del(`/api/folder/${folder.id}`);
    // Before registration the folder is refused only as not empty: emptying it is the way.
    const notEmpty = await removeFolder();
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().message).toBe(FOLDER_NOT_EMPTY);
    await paid(docId);
    await lodge(docId);
    await decide();
    const refused = await removeFolder();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(folderKeptFor(doc?.name ?? "", ASIC_DELETE_REFUSED));
    const [still] = await t.db.select({ id: documents.id }).from(documents).where(eq(documents.id, docId));
    expect(still?.id).toBe(docId);
    // Another firm sees no such folder.
    expect((await removeFolder(f.outsider)).statusCode).toBe(404);
  });
});
