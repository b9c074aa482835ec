import { DocumentDetailResponse, DocumentListResponse, type DocumentType } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { nextStepLinksOf, parseLink } from "./settings.ts";

let t: TestApp;
let people: FirmWithPeople;
const links = nextStepLinksOf({});

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
  // The template flags are the catalogue products' meta, seeded from the library's catalogue.json.
  await ensureCatalogue(t.db, t.services.templates.starters());
}, 240_000);
afterAll(async () => t?.close());

async function flagsOf(input: {
  template?: { identifier: string; name: string; xml?: Record<string, unknown> };
  type?: DocumentType;
}) {
  const doc = await t.buildDocument({
    teamId: people.teamId,
    createdBy: people.ids.alice,
    status: 5,
    ...input,
  });
  const reply = await people.as.alice.get(`/api/doc/${doc.id}`);
  expect(reply.statusCode).toBe(200);
  const row = DocumentDetailResponse.parse(reply.json()).data;
  return {
    id: doc.id,
    flags: {
      is_protector: row.is_protector,
      protector_link: row.protector_link,
      is_trust_deed_stamping: row.is_trust_deed_stamping,
      trust_deed_stamping_link: row.trust_deed_stamping_link,
      is_eo_ppsr: row.is_eo_ppsr,
      ppsr_link: row.ppsr_link,
      is_proceed_abn_tfn: row.is_proceed_abn_tfn,
      proceed_abn_tfn_link: row.proceed_abn_tfn_link,
      used_xero: row.used_xero,
      cas360: row.cas360,
      simple_fund: row.simple_fund,
    },
  };
}

const none = {
  is_protector: "no",
  protector_link: null,
  is_trust_deed_stamping: "no",
  trust_deed_stamping_link: null,
  is_eo_ppsr: "no",
  ppsr_link: null,
  is_proceed_abn_tfn: "no",
  proceed_abn_tfn_link: null,
  used_xero: "no",
  cas360: null,
  simple_fund: null,
};
/** A template whose client may be a company or trust carries the accounting badge (used_xero). */
const accounting = { ...none, used_xero: "yes" };

describe("the next steps on a document (is_protector, is_trust_deed_stamping, is_eo_ppsr, ABN/TFN, 360 apps)", () => {
  it("a discretionary trust deed: protector, stamping and ABN/TFN, with the settings' links", async () => {
    const { flags } = await flagsOf({
      template: { identifier: "discretionary-trust-deed", name: "Discretionary Trust Deed" },
    });
    expect(flags).toEqual({
      ...accounting,
      is_protector: "yes",
      protector_link: links.protector,
      is_trust_deed_stamping: "yes",
      trust_deed_stamping_link: links.trustDeedStamping,
      is_proceed_abn_tfn: "yes",
      proceed_abn_tfn_link: links.abnTfn,
    });
  });

  it("a unit trust deed has no protector; stamping and ABN/TFN", async () => {
    const { flags } = await flagsOf({ template: { identifier: "unit-trust-deed", name: "Unit Trust Deed" } });
    expect([flags.is_protector, flags.is_trust_deed_stamping, flags.is_proceed_abn_tfn]).toEqual([
      "no",
      "yes",
      "yes",
    ]);
  });

  it("a loan agreement: PPSR only when its answers grant a security interest in personal property", async () => {
    const loan = (xml: Record<string, unknown>) => ({
      template: { identifier: "loan-agreement", name: "Loan Agreement", xml },
    });
    const ppsa = await flagsOf(loan({ secured: "Yes", security_kind: "ppsa" }));
    expect(ppsa.flags).toEqual({ ...accounting, is_eo_ppsr: "yes", ppsr_link: links.ppsr });
    expect((await flagsOf(loan({ secured: "Yes", security_kind: "mortgage" }))).flags).toEqual(accounting);
    expect((await flagsOf(loan({ secured: "No", security_kind: "ppsa" }))).flags).toEqual(accounting);
    // The list carries the same flags as the detail.
    const rows = DocumentListResponse.parse(
      (await people.as.alice.get("/api/doc", { type: 1, length: 100 })).json(),
    ).data.rows;
    expect(rows.find((r) => r.id === ppsa.id)?.is_eo_ppsr).toBe("yes");
  });

  it("a company registration proceeds to ABN/TFN; CAS 360 and Simple Fund 360 documents link to their app", async () => {
    expect((await flagsOf({ type: "ASIC" })).flags).toEqual({
      ...none,
      is_proceed_abn_tfn: "yes",
      proceed_abn_tfn_link: links.abnTfn,
    });
    expect((await flagsOf({ type: "CAS 360" })).flags).toEqual({ ...none, cas360: links.cas360 });
    expect((await flagsOf({ type: "Simple Fund 360" })).flags).toEqual({
      ...none,
      simple_fund: links.simpleFund,
    });
  });

  it("an NDA calls for none but the accounting app's; a document without a template for none", async () => {
    expect((await flagsOf({ template: { identifier: "mutual-nda", name: "Mutual NDA" } })).flags).toEqual(
      accounting,
    );
    expect(
      (await flagsOf({ template: { identifier: "simple-will", name: "Simple Will" } })).flags.used_xero,
    ).toBe("no");
    expect((await flagsOf({})).flags).toEqual(none);
  });
});

describe("the next steps' links come from the settings", () => {
  it("takes https and mailto addresses", () => {
    expect(nextStepLinksOf({ NEXT_STEP_PPSR_URL: "https://ppsr.example.test/search" }).ppsr).toBe(
      "https://ppsr.example.test/search",
    );
    expect(parseLink("X", "mailto:team@firm.test?subject=Stamping")).toBe(
      "mailto:team@firm.test?subject=Stamping",
    );
  });

  it("a bad value stops the server with the setting named", () => {
    for (const bad of ["http://www.ppsr.gov.au/", "javascript:alert(1)", "www.ppsr.gov.au", "mailto:nobody"])
      expect(() => nextStepLinksOf({ NEXT_STEP_PPSR_URL: bad })).toThrow(/NEXT_STEP_PPSR_URL/);
    expect(() => nextStepLinksOf({ CAS360_APP_URL: "ftp://cas360.test/" })).toThrow(/CAS360_APP_URL/);
  });
});
