import { formatAcn } from "@precedent/docgen";
import { readPdf } from "@precedent/docgen/testing";
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
import { documentLogs, integrationLogs } from "../logs/index.ts";
import { acnFrom } from "./sandbox/sandbox-lodgement.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";
import { ASIC_TEST_ENV, registrationSteps, templateSample } from "./testing.ts";

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
/** A registration document lodged through the sandbox regulator and registered (COMP, with an ACN). */
const registered = (proposed: string) => steps.registered({ name: proposed });

const consentSample = templateSample("director-consent");
const constitutionSample = templateSample("company-constitution");

/** A director consent (or constitution) started for the company, by `createdBy` of `teamId`. */
async function companyDocument(input: {
  template: "director-consent" | "company-constitution";
  xml: Record<string, unknown>;
  teamId?: number;
  createdBy?: number;
}) {
  const base = input.template === "director-consent" ? consentSample : constitutionSample;
  const xml = { ...structuredClone(base), ...input.xml };
  delete xml.company_acn;
  for (const [key, value] of Object.entries(input.xml)) if (value === undefined) delete xml[key];
  return t.buildDocument({
    teamId: input.teamId ?? f.teamId,
    createdBy: input.createdBy ?? f.ids.alice,
    status: 2,
    template: {
      identifier: input.template,
      name: input.template === "director-consent" ? "Consent to Act" : "Company Constitution",
      xml,
    },
  });
}

async function assemble(client: FirmClient, docId: number) {
  const token = await client.get(`/api/get-action-token/${docId}`);
  expect(token.statusCode, token.body).toBe(200);
  return client.post(`/api/xpressdox/assemble/${docId}`, { action_token: token.json().data.action_token });
}
const savedAnswers = async (docId: number) =>
  ((await t.db.select().from(documents).where(eq(documents.id, docId)))[0]?.xml ?? {}) as Record<
    string,
    unknown
  >;
const pdfText = async (client: FirmClient, docId: number) => {
  const res = await client.get(`/api/doc/download/${docId}`, { type: "pdf" });
  expect(res.statusCode).toBe(200);
  return readPdf(new Uint8Array(res.rawPayload)).pages.join("\n").replace(/\s+/g, " ");
};
const fillLogs = (teamId: number, docId: number) =>
  t.db
    .select()
    .from(integrationLogs)
    .where(
      and(
        eq(integrationLogs.teamId, teamId),
        eq(integrationLogs.docId, docId),
        eq(integrationLogs.action, "Fill answers"),
      ),
    );

describe("a registered company's ACN fills the firm's other documents on their next assembly", () => {
  it("fills an empty ACN of a document naming the company (identical under rule 6101), saved and in the PDF", async () => {
    const { acn } = await registered("Wattle Grove Holdings");
    const spaced = formatAcn(acn);
    const consent = await companyDocument({
      template: "director-consent",
      xml: {
        company_name: "WATTLE GROVE HOLDINGS",
        legal_element: "PROPRIETARY LIMITED",
        company_registered: "Yes",
      },
    });
    const constitution = await companyDocument({
      template: "company-constitution",
      xml: {
        company_name: "The Wattle Grove Holding",
        legal_element: "PTY. LTD.",
        adoption_on_registration: "No",
      },
    });
    // The preview shows the document as the assembly will fill it, and saves nothing.
    const preview = await f.as.alice.post(`/api/xpressdox/preview/${consent.id}`, {
      xml: await savedAnswers(consent.id),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers["x-missing-answers"]).toBe("0");
    expect(readPdf(new Uint8Array(preview.rawPayload)).pages.join("\n").replace(/\s+/g, " ")).toContain(
      `ACN ${spaced}`,
    );
    expect((await savedAnswers(consent.id)).company_acn).toBeUndefined();
    for (const doc of [consent, constitution]) {
      const res = await assemble(f.as.alice, doc.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(await savedAnswers(doc.id)).toMatchObject({ company_acn: spaced });
      expect(await pdfText(f.as.alice, doc.id)).toContain(`ACN ${spaced}`);
      const logged = await fillLogs(f.teamId, doc.id);
      expect(logged.map((l) => [l.isSuccess, l.responseMessage])).toEqual([
        [true, `ACN ${spaced} filled from the registration of Wattle Grove Holdings PTY LTD.`],
      ]);
      // The change log's assembly entry names the filled answer.
      const changes = await t.db.select().from(documentLogs).where(eq(documentLogs.docId, doc.id));
      const filled = changes.find((c) => c.logData.answers?.to === "1 answer filled");
      expect(filled?.logData.answers?.answers).toEqual([
        expect.objectContaining({ path: "company_acn", from: null, to: spaced }),
      ]);
      expect(filled?.logData.status?.to).toBeDefined();
    }
    // The interview shows the filled answer when the document is relaunched.
    expect((await f.as.alice.put(`/api/doc/relaunch/${consent.id}`, {})).statusCode).toBe(200);
    const shown = await f.as.alice.get(`/api/doc/${consent.id}/interview`);
    expect(shown.json().data.xml).toMatchObject({ company_acn: spaced });
  });

  it("keeps an ACN the user typed, and fills nothing for a company of another name", async () => {
    const { acn } = await registered("Ironbark Ridge Traders");
    const typed = "623 456 780";
    expect(typed.replace(/ /g, "")).not.toBe(acn);
    const own = await companyDocument({
      template: "director-consent",
      xml: {
        company_name: "Ironbark Ridge Traders",
        legal_element: "PTY LTD",
        company_registered: "Yes",
        company_acn: undefined,
      },
    });
    await t.db
      .update(documents)
      .set({ xml: { ...(await savedAnswers(own.id)), company_acn: typed } })
      .where(eq(documents.id, own.id));
    const res = await assemble(f.as.alice, own.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await savedAnswers(own.id)).company_acn).toBe(typed);
    const text = await pdfText(f.as.alice, own.id);
    expect(text).toContain(`ACN ${typed}`);
    expect(text).not.toContain(formatAcn(acn));
    expect(await fillLogs(f.teamId, own.id)).toEqual([]);

    const other = await companyDocument({
      template: "director-consent",
      xml: { company_name: "Ironbark Ridge Trading Co", legal_element: "PTY LTD", company_registered: "Yes" },
    });
    const refused = await assemble(f.as.alice, other.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.map((e: { field: string }) => e.field)).toContain("company_acn");
    expect((await savedAnswers(other.id)).company_acn).toBeUndefined();
  });

  it("gives another firm's document of the same name nothing", async () => {
    await registered("Saltbush Plains Grazing");
    const theirs = await companyDocument({
      template: "director-consent",
      teamId: f.otherTeamId,
      createdBy: f.ids.otherOwner,
      xml: { company_name: "Saltbush Plains Grazing", legal_element: "PTY LTD", company_registered: "Yes" },
    });
    const before = await savedAnswers(theirs.id);
    const res = await assemble(f.lite, theirs.id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain("company_acn");
    expect(await savedAnswers(theirs.id)).toEqual(before);
    expect(await fillLogs(f.otherTeamId, theirs.id)).toEqual([]);
  });

  it("fills nothing when two of the firm's registrations have the name, and logs why", async () => {
    const { acn } = await registered("Quandong Flat Orchards");
    // The same company name registered again (say, after the first was deregistered): a second
    // COMP application of the firm with an identical name.
    const again = await t.buildDocument({
      teamId: f.teamId,
      createdBy: f.ids.alice,
      type: "ASIC",
      status: 5,
    });
    await t.db
      .update(documents)
      .set({ xml: { name_choice: "name", proposed_name: "Quandong Flat Orchard", legal_element: "PTY LTD" } })
      .where(eq(documents.id, again.id));
    const now = t.clock.now();
    await t.db.insert(asicNameApplications).values({
      teamId: f.teamId,
      docId: again.id,
      proposedName: "Quandong Flat Orchard",
      legalElement: "PTY LTD",
      updatedBy: f.ids.alice,
      updatedAt: now,
    });
    const secondAcn = acnFrom(87_654_321);
    expect(secondAcn).not.toBe(acn);
    await t.db.insert(asicApplications).values({
      teamId: f.teamId,
      docId: again.id,
      paymentStatus: "paid",
      asicStatus: "COMP",
      acn: secondAcn,
      registrationDate: "2026-01-05",
      updatedAt: now,
    });
    const doc = await companyDocument({
      template: "director-consent",
      xml: { company_name: "Quandong Flat Orchards", legal_element: "PTY LTD", company_registered: "Yes" },
    });
    const res = await assemble(f.as.alice, doc.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain("company_acn");
    expect((await savedAnswers(doc.id)).company_acn).toBeUndefined();
    // The failed assembly still says why the ACN was left to the user.
    const logged = await fillLogs(f.teamId, doc.id);
    expect(logged.map((l) => l.isSuccess)).toEqual([false]);
    expect(logged[0]?.responseMessage).toContain(
      `the firm registered 2 companies with that name (ACN ${formatAcn(acn)}, ACN ${formatAcn(secondAcn)})`,
    );
  });
});
