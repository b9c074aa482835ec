import {
  CheckExistContactResponse,
  FundContactsResponse,
  INTEGRATION_IMPORT_MISMATCH,
  INTEGRATION_IMPORTED,
  INTEGRATION_NO_CLIENT,
  INTERVIEW_COMPLETED_DOCUMENT,
  IntegrationClientDetailResponse,
  IntegrationClientsResponse,
  IntegrationImportResponse,
  InterviewResponse,
  NO_CONTACT_TYPE,
  SF360_FUND_EXISTS,
  ValidateFundContactsResponse,
} from "@precedent/contracts";
import { readPdf } from "@precedent/docgen/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRET_KEY } from "../../config.ts";
import { createJobQueue } from "../../platform/jobs/queue.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { documentFiles, documents } from "../documents/index.ts";
import { integrationLogs } from "../logs/index.ts";
import { importFund, importIntoParty, splitAddress, splitLegalElement } from "./import-mapping.ts";
import { type IntegrationProvider, ProviderUnavailable } from "./provider.ts";
import { relationType, type SandboxFund, sandboxClients } from "./sandbox-data.ts";
import { integrationSandboxFiles, integrationSyncs } from "./schema.ts";
import { createIntegrationsService } from "./service.ts";
import { connectThroughSandbox } from "./testing.ts";

let t: TestApp;
let people: FirmWithPeople;
const MINUTES = { identifier: "first-directors-minutes", name: "Minutes of the First Meeting of Directors" };
const SMSF = { identifier: "smsf-trust-deed", name: "Self Managed Superannuation Fund Trust Deed" };

const definitionOf = (identifier: string) => {
  const template = t.services.templates.starter(identifier);
  if (!template) throw new Error(`${identifier} is not in the library`);
  return template;
};
const draft = (template: { identifier: string; name: string }, over: { status?: 1 | 5; xml?: object } = {}) =>
  t.buildDocument({
    teamId: people.teamId,
    createdBy: people.ids.owner,
    status: over.status ?? 1,
    template: { ...template, xml: over.xml as Record<string, unknown> | undefined },
  });
/**
 * The integrations service as the app builds it, over `provider` (a sandbox made to fail), with the
 * app's address `appPath` for its redirect and any further dependencies the test needs.
 */
const integrationsOver = (
  provider: IntegrationProvider,
  appPath: string,
  more: Partial<Parameters<typeof createIntegrationsService>[0]> = {},
) =>
  createIntegrationsService({
    db: t.db,
    clock: t.clock.now,
    secretKey: DEVELOPMENT_SECRET_KEY,
    providers: () => provider,
    redirectUri: () => `/my-account/my-integration/${appPath}`,
    interviewOf: (ctx, docId) => t.services.interview.interview(ctx, docId),
    logs: t.services.logs,
    ...more,
  });
const xmlOf = async (id: number) => (await t.db.select().from(documents).where(eq(documents.id, id)))[0]?.xml;
const importClient = (client: FirmClient, slug: string, body: object) =>
  client.post(`/api/integrations/${slug}/import`, body);
const firstOf = (app: "xero" | "bglsf360", kind: string) => {
  const found = sandboxClients(app).find((c) => c.kind === kind);
  if (!found) throw new Error(`no ${kind} in the ${app} sandbox`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
  await connectThroughSandbox(t, people.as.owner, "xero");
  await connectThroughSandbox(t, people.as.owner, "bglsf360");
}, 240_000);
afterAll(async () => t?.close());

describe("the mapping of a client to party answers", () => {
  it("splits a company's legal element and an address as the interview asks them", () => {
    expect(splitLegalElement("Harbour Holdings Pty Ltd")).toEqual({
      name: "Harbour Holdings",
      legalElement: "PTY LTD",
    });
    expect(splitLegalElement("Wattle Proprietary Limited")).toEqual({
      name: "Wattle",
      legalElement: "PROPRIETARY LIMITED",
    });
    expect(splitLegalElement("Smith & Co")).toEqual({ name: "Smith & Co", legalElement: null });
    expect(splitAddress("12 George Street, Sydney NSW 2000")).toEqual({
      street: "12 George Street",
      suburb: "Sydney",
      state: "NSW",
      postcode: "2000",
    });
    expect(splitAddress("PO Box 9, Nowhere")).toEqual({ street: "PO Box 9, Nowhere" });
  });

  it("SF360's relations: member, leaving member and leading member are members; anything else a trustee", () => {
    for (const r of ["member", "Leaving Member", "leading member"]) expect(relationType(r)).toBe("member");
    for (const r of ["trustee", "director", "beneficiary"]) expect(relationType(r)).toBe("trustee");
  });

  it("a party question takes only clients of its party types; Select Fund only funds", () => {
    const minutes = definitionOf(MINUTES.identifier).definition;
    const person = {
      id: "x",
      name: "Olivia Smith",
      type: "Individual" as const,
      first_name: "Olivia",
      last_name: "Smith",
      dob: null,
      acn: null,
      abn: null,
      legal_element: null,
      system: "Xero",
      address: null,
      contacts: [],
      related: [],
    };
    expect(importIntoParty(minutes, "company", person)).toEqual({
      ok: false,
      reason: "mismatch",
      why: '"The company" takes a company, but Olivia Smith is an individual.',
    });
    expect(importIntoParty(minutes, "chair", person)).toMatchObject({ ok: true });
    expect(importIntoParty(minutes, "no_such_party", person)).toEqual({ ok: false, reason: "no_question" });
    expect(importFund(definitionOf(SMSF.identifier).definition, person)).toEqual({
      ok: false,
      reason: "mismatch",
      why: "Select Fund takes a self managed superannuation fund, but Olivia Smith is an individual.",
    });
  });
});

describe("GET /api/integrations/{app}/clients and /clients/{id}", () => {
  it("searches by name (trimmed, any case) within a type, a page of 15 at a time, or 100 for the wizard", async () => {
    const page = async (query: Record<string, string | number>) =>
      IntegrationClientsResponse.parse(
        (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company", ...query })).json(),
      ).data;
    const first = await page({});
    expect(first.length).toBe(15);
    const second = await page({ page: 2 });
    expect(second.length).toBe(15);
    expect(second[0]?.id).not.toBe(first[0]?.id);
    const started = performance.now();
    const companies = await page({ page: 1, limit: 100 });
    const took = performance.now() - started;
    console.info(`a 100-client list answered in ${took.toFixed(0)} ms`);
    expect(companies.length).toBe(30);
    expect(companies.every((c) => c.type === "Company")).toBe(true);
    const target = companies[3];
    if (!target) throw new Error("no company");
    const word = target.name.split(" ")[0] ?? "";
    const found = await page({ search: `  ${word.toUpperCase()} `, limit: 200 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(found.map((c) => c.id)).toContain(target.id);
  });

  it("a contact type is required ('no contact type'); SOLE_TRADER lists the sole traders, each an individual to the interview", async () => {
    for (const query of [{}, { type: "" }, { type: "Partnership" }]) {
      const refused = await people.as.owner.get("/api/integrations/xero/clients", query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(NO_CONTACT_TYPE);
    }
    const reply = await people.as.owner.get("/api/integrations/xero/clients", {
      type: "SOLE_TRADER",
      limit: 200,
    });
    const traders = IntegrationClientsResponse.parse(reply.json()).data;
    const expected = sandboxClients("xero").filter((c) => c.kind === "SOLE_TRADER");
    expect(expected.length).toBeGreaterThan(0);
    expect(traders.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    const trader = expected[0];
    if (trader?.kind !== "SOLE_TRADER") throw new Error("no sole trader");
    const detail = IntegrationClientDetailResponse.parse(
      (await people.as.owner.get(`/api/integrations/xero/clients/${trader.id}`)).json(),
    ).data;
    expect(detail).toMatchObject({
      type: "SOLE_TRADER",
      first_name: trader.givenName,
      last_name: trader.familyName,
      abn: trader.abn,
    });
    // A sole trader fills an individual party, not a company.
    const minutes = definitionOf(MINUTES.identifier).definition;
    expect(importIntoParty(minutes, "chair", detail)).toMatchObject({ ok: true });
    expect(importIntoParty(minutes, "company", detail)).toMatchObject({ ok: false, reason: "mismatch" });
  });

  it("a company's detail: general information, officers with appointment dates, shareholders", async () => {
    const company = firstOf("xero", "Company");
    if (company.kind !== "Company") throw new Error("not a company");
    const reply = await people.as.owner.get(`/api/integrations/xero/clients/${company.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = IntegrationClientDetailResponse.parse(reply.json()).data;
    expect(detail).toMatchObject({
      id: company.id,
      name: company.name,
      type: "Company",
      acn: company.acn,
      system: "Xero",
    });
    expect(detail.contacts.map((c) => c.position)).toContain("Director");
    expect(detail.contacts.every((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.appointed_on ?? ""))).toBe(true);
    expect(detail.related.every((r) => r.type === "shareholder")).toBe(true);
  });

  it("a fund's detail (Select Fund): spec §3 Fund's fields, the TFN masked but for its last three digits", async () => {
    const fund = firstOf("bglsf360", "Self Managed Superannuation Fund") as SandboxFund;
    const reply = await people.as.owner.get(`/api/integrations/bglsf360/clients/${fund.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = IntegrationClientDetailResponse.parse(reply.json()).data;
    expect(detail).toMatchObject({
      name: fund.name,
      abn: fund.abn,
      type: "Self Managed Superannuation Fund",
    });
    // The list shows the same entity code as the detail.
    const listed = IntegrationClientsResponse.parse(
      (
        await people.as.owner.get("/api/integrations/bglsf360/clients", {
          type: "Self Managed Superannuation Fund",
          search: fund.name,
          limit: 200,
        })
      ).json(),
    ).data;
    expect(listed.find((c) => c.id === fund.id)?.code).toBe(fund.code);
    expect(detail.fund).toEqual({
      entity_code: fund.code,
      financial_year_from: fund.financialYearFrom,
      tfn: `*** *** ${fund.tfn.slice(-3)}`,
      esa: fund.esa,
      date_formed: fund.dateFormed,
      wind_up_date: fund.windUpDate,
      trust_deed_source: fund.trustDeedSource,
      physical_address: expect.objectContaining({ full_address: fund.physicalAddress }),
    });
    // The full TFN never leaves the server.
    expect(reply.body).not.toContain(fund.tfn);
    expect(reply.body).not.toContain(fund.tfn.slice(0, 6));
    // A company has no fund details.
    const company = await people.as.owner.get(
      `/api/integrations/xero/clients/${firstOf("xero", "Company").id}`,
    );
    expect(company.json().data.fund).toBeUndefined();
  });

  it("another organisation's client id is not found; another firm's person is not a member", async () => {
    const elsewhere = firstOf("bglsf360", "Company");
    const reply = await people.as.owner.get(`/api/integrations/xero/clients/${elsewhere.id}`);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(INTEGRATION_NO_CLIENT);
    const outsider = await people.outsider.get(
      `/api/integrations/xero/clients/${firstOf("xero", "Company").id}`,
    );
    expect(outsider.statusCode).toBe(404);
    // A person of the firm without a connection of their own has none to read through.
    expect(
      (await people.as.alice.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(404);
  });
});

describe("POST /api/integrations/{app}/import", () => {
  it("fills the company party with name, legal element, ACN, address and directors, and assembles with them", async () => {
    const company = firstOf("xero", "Company");
    if (company.kind !== "Company") throw new Error("not a company");
    const sample = definitionOf(MINUTES.identifier).sampleAnswers as Record<string, unknown>;
    const doc = await draft(MINUTES, { xml: sample });
    const reply = await importClient(people.as.owner, "xero", {
      doc_id: doc.id,
      client_id: company.id,
      question_id: "company",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = IntegrationImportResponse.parse(reply.json());
    expect(body.message).toBe(INTEGRATION_IMPORTED);
    const directors = company.officers
      .filter((o) => o.role === "Director")
      .map((o) => `${o.givenName} ${o.familyName}`);
    const [street, rest] = company.address.split(", ");
    const party = body.data.answers.company as Record<string, unknown>;
    expect(party).toMatchObject({
      name: company.name.replace(/ Pty Ltd$/, ""),
      legal_element: "PTY LTD",
      acn: company.acn,
      street,
      postcode: rest?.slice(-4),
    });
    if (directors.length === 1)
      expect(party).toMatchObject({ director_type: "sole", sole_director_name: directors[0] });
    else expect(party.directors).toEqual(directors.map((name) => ({ name, signs: "Yes" })));
    // The import itself changes no answers: the interview page saves them with its action token.
    expect(await xmlOf(doc.id)).toEqual(sample);

    const token = (await people.as.owner.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
    // The chair must be one of the imported company's directors (s248E), so the first of them chairs.
    const [firstDirector] = company.officers.filter((o) => o.role === "Director");
    const { middle_name: _, ...sampleChair } = sample.chair as Record<string, unknown>;
    const chair = {
      ...sampleChair,
      first_name: firstDirector?.givenName,
      last_name: firstDirector?.familyName,
    };
    const saved = await people.as.owner.put(`/api/xpressdox/update-xml/${doc.id}`, {
      xml: { ...sample, ...body.data.answers, chair },
      action_token: token,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const assembled = await people.as.owner.post(`/api/xpressdox/assemble/${doc.id}`, {
      action_token: token,
    });
    expect(assembled.statusCode, assembled.body).toBe(200);
    const pdf = await people.as.owner.get(`/api/doc/download/${doc.id}`, { type: "pdf" });
    const text = readPdf(new Uint8Array(pdf.rawPayload)).pages.join("\n").replace(/\s+/g, " ");
    for (const name of directors) expect(text).toContain(name);
    expect(text).toContain(company.acn);

    // Logged, with ids but none of the client's personal data.
    const [log] = await t.db
      .select()
      .from(integrationLogs)
      .where(eq(integrationLogs.docId, doc.id))
      .orderBy(integrationLogs.id)
      .limit(1);
    expect(log).toMatchObject({ action: "Import client (Xero)", isSuccess: true });
    const logged = JSON.stringify([log?.request, log?.response]);
    expect(logged).toContain(company.id);
    for (const name of [company.name, ...directors]) expect(logged).not.toContain(name);
  });

  it("a trust fills its trustees; an individual their names and address", async () => {
    const doc = await draft(SMSF);
    const trust = firstOf("xero", "Trust");
    if (trust.kind !== "Trust") throw new Error("not a trust");
    const as = await importClient(people.as.owner, "xero", {
      doc_id: doc.id,
      client_id: trust.id,
      question_id: "fund",
    });
    // A family trust is not a fund: Select Fund refuses it.
    expect(as.statusCode).toBe(422);
    expect(as.json().message).toBe(
      `${INTEGRATION_IMPORT_MISMATCH}. Select Fund takes a self managed superannuation fund, but ${trust.name} is a trust.`,
    );

    const minutes = await draft(MINUTES);
    const person = firstOf("xero", "Individual");
    if (person.kind !== "Individual") throw new Error("not an individual");
    const chair = await importClient(people.as.owner, "xero", {
      doc_id: minutes.id,
      client_id: person.id,
      question_id: "chair",
    });
    expect(chair.statusCode, chair.body).toBe(200);
    expect(IntegrationImportResponse.parse(chair.json()).data.answers.chair).toMatchObject({
      first_name: person.givenName,
      last_name: person.familyName,
      street: person.address.split(", ")[0],
    });
  });

  it("a client of the wrong type: 'Client imported failed! Data not matching', logged as failed, nothing changes", async () => {
    const doc = await draft(MINUTES, { xml: { meeting_time: "10.00 am" } });
    const person = firstOf("xero", "Individual");
    const reply = await importClient(people.as.owner, "xero", {
      doc_id: doc.id,
      client_id: person.id,
      question_id: "company",
    });
    expect(reply.statusCode).toBe(422);
    if (person.kind !== "Individual") throw new Error("not an individual");
    // The spec's words first, then which fields did not match.
    const mismatch = `${INTEGRATION_IMPORT_MISMATCH}. "The company" takes a company, but ${person.givenName} ${person.familyName} is an individual.`;
    expect(reply.json().message).toBe(mismatch);
    expect(await xmlOf(doc.id)).toEqual({ meeting_time: "10.00 am" });
    const logs = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ isSuccess: false, responseMessage: mismatch });
  });

  it("refuses a completed document, another organisation's client, another firm, and no client id", async () => {
    const company = firstOf("xero", "Company");
    const completed = await draft(MINUTES, { status: 5 });
    const done = await importClient(people.as.owner, "xero", {
      doc_id: completed.id,
      client_id: company.id,
      question_id: "company",
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(INTERVIEW_COMPLETED_DOCUMENT);

    const doc = await draft(MINUTES);
    const elsewhere = await importClient(people.as.owner, "xero", {
      doc_id: doc.id,
      client_id: firstOf("bglsf360", "Company").id,
      question_id: "company",
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(INTEGRATION_NO_CLIENT);

    const outsider = await importClient(people.outsider, "xero", {
      doc_id: doc.id,
      client_id: company.id,
      question_id: "company",
    });
    expect(outsider.statusCode).toBe(404);
    const blank = await importClient(people.as.owner, "xero", {
      doc_id: doc.id,
      client_id: "",
      question_id: "company",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("no client ID");
    expect(await xmlOf(doc.id)).toEqual({});
    expect(
      await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, completed.id)),
    ).toHaveLength(0);
  });

  it("Select Fund: the SMSF's name, its members as trustees and members (SF360's relation mapping)", async () => {
    const fund = firstOf("bglsf360", "Self Managed Superannuation Fund");
    if (fund.kind !== "Self Managed Superannuation Fund") throw new Error("not a fund");
    const doc = await draft(SMSF);
    const reply = await importClient(people.as.owner, "bglsf360", {
      doc_id: doc.id,
      client_id: fund.id,
      question_id: "fund",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const answers = IntegrationImportResponse.parse(reply.json()).data.answers;
    const names = fund.members.map((m) => ({ first_name: m.givenName, last_name: m.familyName }));
    expect(answers.fund_name).toBe(fund.name);
    expect((answers.trustees as { trustee: object }[]).map((e) => e.trustee)).toEqual(
      names.map((n) => expect.objectContaining({ party_type: "individual", ...n })),
    );
    expect((answers.members as { member: object }[]).map((e) => e.member)).toEqual(
      names.map((n) => expect.objectContaining(n)),
    );
    const log = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(log[0]).toMatchObject({ action: "Select fund (BGLSF360)", isSuccess: true });
  });
});

describe("Simple Fund 360: check-exist-contact and contact validation", () => {
  const smsfFund = () => {
    const fund = firstOf("bglsf360", "Self Managed Superannuation Fund");
    if (fund.kind !== "Self Managed Superannuation Fund") throw new Error("not a fund");
    return fund;
  };
  /** A draft SMSF deed whose answers are what Select Fund put there. */
  async function fundDocument(edit: (answers: Record<string, unknown>) => void = () => {}) {
    const doc = await draft(SMSF);
    const reply = await importClient(people.as.owner, "bglsf360", {
      doc_id: doc.id,
      client_id: smsfFund().id,
      question_id: "fund",
    });
    const answers = structuredClone(IntegrationImportResponse.parse(reply.json()).data.answers);
    edit(answers);
    await t.db.update(documents).set({ xml: answers }).where(eq(documents.id, doc.id));
    return doc;
  }
  const checkExist = (client: FirmClient, docId: number | string) =>
    client.get("/api/bglsf360/simple-fund/check-exist-contact", { docId });
  const validate = (client: FirmClient, body: object) =>
    client.post("/api/bglsf360/simple-fund/validate-contact", body);
  /** The interview view's is_sf_action, as the interview page reads it. */
  const sfActionOf = async (docId: number) => {
    const res = await people.as.owner.get(`/api/doc/${docId}/interview`);
    expect(res.statusCode, res.body).toBe(200);
    return InterviewResponse.parse(res.json()).data.is_sf_action;
  };

  it("a fund already on SF 360 is found, with the spec's note; another name is not", async () => {
    const doc = await fundDocument();
    const found = await checkExist(people.as.owner, doc.id);
    expect(found.statusCode, found.body).toBe(200);
    expect(CheckExistContactResponse.parse(found.json())).toEqual({
      message: SF360_FUND_EXISTS,
      data: { exists: true, fund_id: smsfFund().id, fund_name: smsfFund().name },
    });
    const renamed = await fundDocument((a) => {
      a.fund_name = "Brand New Superannuation Fund";
    });
    const missing = await checkExist(people.as.owner, renamed.id);
    expect(missing.json()).toEqual({
      message: "",
      data: { exists: false, fund_id: null, fund_name: "Brand New Superannuation Fund" },
    });
  });

  it("validates the fund's members and trustees: the completion message, every contact valid, logged", async () => {
    const doc = await fundDocument();
    expect(await sfActionOf(doc.id)).toBe(false);
    const reply = await validate(people.as.owner, { doc_id: doc.id });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = ValidateFundContactsResponse.parse(reply.json());
    expect(body.data.errors).toEqual([]);
    expect(body.message).toBe(
      "The data validation has been completed. Please check the log for more information and review carefully before assembling the document because you cannot edit and resubmit again on SF 360.",
    );
    const names = smsfFund().members.map((m) => `${m.givenName} ${m.familyName}`);
    expect(body.data.data).toEqual([
      ...names.map((name) => ({ name, relation: "member", valid: true })),
      ...[...new Set(names)].map((name) => ({ name, relation: "trustee", valid: true })),
    ]);
    expect(body.data.errors).toEqual([]);
    const log = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    const entry = log.find((l) => l.action === "Validate contacts (BGLSF360)");
    expect(entry).toMatchObject({ type: "SIMPLEFUND", isSuccess: true });
    // Counts only: no member's name reaches the log.
    expect(JSON.stringify(entry?.request)).not.toContain(smsfFund().members[0]?.familyName ?? "?");
    // SF 360 takes no resubmission now: the interview view says an action was taken.
    expect(await sfActionOf(doc.id)).toBe(true);
  });

  it("the fund app's errors come back with the first one as the message, logged as failed", async () => {
    const doc = await fundDocument((a) => {
      const first = (a.members as { member: Record<string, unknown> }[])[0];
      if (first) first.member.last_name = "";
    });
    const reply = await validate(people.as.owner, { doc_id: doc.id });
    expect(reply.statusCode).toBe(200);
    const body = ValidateFundContactsResponse.parse(reply.json());
    const given = smsfFund().members[0]?.givenName;
    expect(body.data.errors[0]).toBe(`Member 1 (${given}): first and last names are required.`);
    expect(body.message).toBe(body.data.errors[0]);
    expect(body.data.data[0]).toMatchObject({ relation: "member", valid: false });
    const log = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(log.find((l) => l.action === "Validate contacts (BGLSF360)")).toMatchObject({
      isSuccess: false,
      responseMessage: body.data.errors[0],
    });
    // A validation with errors took no action on SF 360.
    expect(await sfActionOf(doc.id)).toBe(false);
  });

  it("a fund app that cannot be reached validates nothing and marks nothing", async () => {
    const sandbox = t.services.integrationSandbox("bglsf360");
    if (!sandbox) throw new Error("no sandbox");
    const down: IntegrationProvider = {
      ...sandbox.provider,
      async validateFundContacts() {
        throw new ProviderUnavailable("Simple Fund 360 validation: 503", 503);
      },
    };
    const service = integrationsOver(down, "BGLSF360");
    const doc = await fundDocument();
    const ctx = { teamId: people.teamId, userId: people.ids.owner, role: "owner" as const };
    await expect(service.validateFundContacts(ctx as never, "bglsf360", doc.id)).rejects.toThrow(
      "Could not reach Simple Fund 360. Please try again.",
    );
    const log = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(log.find((l) => l.action === "Validate contacts (BGLSF360)")).toMatchObject({ isSuccess: false });
    expect(await sfActionOf(doc.id)).toBe(false);
  });

  it("refuses no doc id, a completed document, another firm, and a person without the connection", async () => {
    expect((await checkExist(people.as.owner, "")).json().message).toContain("no Doc ID");
    expect((await validate(people.as.owner, {})).statusCode).toBe(400);
    const completed = await draft(SMSF, { status: 5 });
    expect((await checkExist(people.as.owner, completed.id)).statusCode).toBe(409);
    expect((await validate(people.as.owner, { doc_id: completed.id })).statusCode).toBe(409);
    const doc = await fundDocument();
    for (const client of [people.outsider, people.lite]) {
      expect((await checkExist(client, doc.id)).statusCode).toBe(404);
      expect((await validate(client, { doc_id: doc.id })).statusCode).toBe(404);
    }
    // The manager may interview the firm's document but has no Simple Fund 360 connection.
    expect((await checkExist(people.as.manager, doc.id)).statusCode).toBe(404);
    expect((await validate(people.as.manager, { doc_id: doc.id })).statusCode).toBe(404);
  });
});

describe("POST /api/integrations/{app}/sync (sync back on the job queue)", () => {
  async function assembledMinutes() {
    const sample = definitionOf(MINUTES.identifier).sampleAnswers as Record<string, unknown>;
    const doc = await draft(MINUTES, { xml: sample });
    const token = (await people.as.owner.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
    const assembled = await people.as.owner.post(`/api/xpressdox/assemble/${doc.id}`, {
      action_token: token,
    });
    expect(assembled.statusCode, assembled.body).toBe(200);
    const [pdf] = await t.db
      .select()
      .from(documentFiles)
      .where(and(eq(documentFiles.docId, doc.id), eq(documentFiles.kind, "pdf")));
    if (!pdf) throw new Error("no PDF");
    return { doc, pdf };
  }
  const syncsOf = (docId: number) =>
    t.db.select().from(integrationSyncs).where(eq(integrationSyncs.docId, docId));

  it("queues the assembled PDF, and the job files it with the client in the sandbox, logged", async () => {
    const { doc, pdf } = await assembledMinutes();
    const client = firstOf("xero", "Company");
    const reply = await people.as.owner.post("/api/integrations/xero/sync", {
      doc_id: doc.id,
      client_id: client.id,
      description: "Signed minutes",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: "The document is on its way to Xero.",
      data: { status: "queued" },
    });
    expect(
      await t.db
        .select()
        .from(integrationSandboxFiles)
        .where(eq(integrationSandboxFiles.clientId, client.id)),
    ).toHaveLength(0);
    const outcomes = await t.services.jobs.runDue();
    expect(outcomes.filter((o) => o.name === "integrations.sync-document").map((o) => o.outcome)).toEqual([
      "done",
    ]);
    const [filed] = await t.db
      .select()
      .from(integrationSandboxFiles)
      .where(eq(integrationSandboxFiles.clientId, client.id));
    expect(filed).toMatchObject({
      app: "xero",
      sha256: pdf.sha256,
      size: pdf.size,
      description: "Signed minutes",
    });
    expect(await syncsOf(doc.id)).toEqual([expect.objectContaining({ status: "sent", attempts: 1 })]);
    const logs = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(logs.find((l) => l.action === "Sync document (Xero)")).toMatchObject({ isSuccess: true });
  });

  it("refuses a document not assembled, another organisation's client and another firm, queueing nothing", async () => {
    const unassembled = await draft(MINUTES);
    const client = firstOf("xero", "Company");
    const notYet = await people.as.owner.post("/api/integrations/xero/sync", {
      doc_id: unassembled.id,
      client_id: client.id,
    });
    expect(notYet.statusCode).toBe(409);
    const { doc } = await assembledMinutes();
    const elsewhere = await people.as.owner.post("/api/integrations/xero/sync", {
      doc_id: doc.id,
      client_id: firstOf("bglsf360", "Company").id,
    });
    expect(elsewhere.statusCode).toBe(404);
    const outsider = await people.outsider.post("/api/integrations/xero/sync", {
      doc_id: doc.id,
      client_id: client.id,
    });
    expect(outsider.statusCode).toBe(404);
    expect(await syncsOf(doc.id)).toHaveLength(0);
    expect(await syncsOf(unassembled.id)).toHaveLength(0);
  });

  it("a provider answering 429 is tried again after the backoff, each attempt in the log", async () => {
    const sandbox = t.services.integrationSandbox("xero");
    if (!sandbox) throw new Error("no sandbox");
    let refusals = 2;
    const flaky: IntegrationProvider = {
      ...sandbox.provider,
      async attachDocument(...args) {
        if (refusals-- > 0) throw new ProviderUnavailable("Xero attachment: 429", 429, 1);
        return sandbox.provider.attachDocument?.(...args) ?? false;
      },
    };
    const queue = createJobQueue({ db: t.db, clock: t.clock.now });
    const service = integrationsOver(flaky, "Xero", {
      assembledPdf: (ctx, docId) => t.services.documents.downloadablePdf(ctx, docId),
      jobs: queue,
      // The app's own store (database or bucket, TEST_FILE_STORE): the assembled files are there.
      files: t.services.fileStore,
    });
    const { doc } = await assembledMinutes();
    const ctx = { teamId: people.teamId, userId: people.ids.owner, role: "owner" as const };
    await service.syncDocument(ctx as never, "xero", {
      doc_id: doc.id,
      client_id: firstOf("xero", "Company").id,
      description: "",
    });
    const runs: string[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(...(await queue.runDue()).map((o) => o.outcome));
      t.clock.advance(5 * 60_000);
    }
    expect(runs).toEqual(["retrying", "retrying", "done"]);
    expect(await syncsOf(doc.id)).toEqual([expect.objectContaining({ status: "sent", attempts: 3 })]);
    const attempts = await t.db
      .select()
      .from(integrationLogs)
      .where(and(eq(integrationLogs.docId, doc.id), eq(integrationLogs.action, "Sync document (Xero)")))
      .orderBy(integrationLogs.id);
    expect(attempts.map((l) => l.isSuccess)).toEqual([false, false, true]);
  });
});

describe("Select Member/Trustee: GET /api/bglsf360/simple-fund/{id}/list-contact and its import", () => {
  const funds = () =>
    sandboxClients("bglsf360").filter((c): c is SandboxFund => c.kind === "Self Managed Superannuation Fund");
  /** A fund with more than one member, so the filters have something to tell apart. */
  const bigFund = () => {
    const found = funds().find((f) => f.members.length > 1);
    if (!found) throw new Error("no fund with two members in the sandbox");
    return found;
  };
  const listContacts = (client: FirmClient, fundId: string, query: Record<string, string | number> = {}) =>
    client.get(`/api/bglsf360/simple-fund/${encodeURIComponent(fundId)}/list-contact`, query);
  const names = (body: unknown) => FundContactsResponse.parse(body).data.map((c) => c.name);

  it("lists the fund's members and trustees with spec §7's mapping, filtered by relation and name", async () => {
    const fund = bigFund();
    const memberNames = fund.members.map((m) => `${m.givenName} ${m.familyName}`);
    const all = await listContacts(people.as.owner, fund.id);
    expect(all.statusCode, all.body).toBe(200);
    const contacts = FundContactsResponse.parse(all.json()).data;
    expect(contacts.filter((c) => c.type === "member").map((c) => c.name)).toEqual(memberNames);
    // The leading member is a member; the rest of SF360's relations that are not member ones are trustees.
    expect(contacts.find((c) => c.relation === "leading member")?.type).toBe("member");
    expect(contacts.filter((c) => c.type === "trustee").every((c) => c.relation === "trustee")).toBe(true);
    expect(contacts.filter((c) => c.type === "trustee")).toHaveLength(fund.trustees.length);

    const members = await listContacts(people.as.owner, fund.id, { entityRelation: "member" });
    expect(names(members.json())).toEqual(memberNames);
    const trustees = await listContacts(people.as.owner, fund.id, { entityRelation: "trustee" });
    expect(FundContactsResponse.parse(trustees.json()).data.every((c) => c.type === "trustee")).toBe(true);
    expect(names(trustees.json())).toHaveLength(fund.trustees.length);

    const second = fund.members[1];
    const byName = await listContacts(people.as.owner, fund.id, {
      entityRelation: "member",
      name: `  ${second?.givenName.toUpperCase()} ${second?.familyName.toLowerCase()} `,
    });
    expect(names(byName.json())).toEqual(
      memberNames.filter(
        (n) => n.toLowerCase() === `${second?.givenName} ${second?.familyName}`.toLowerCase(),
      ),
    );
    // 15 a page: a fund's handful of people are all on page 1, and page 2 is empty.
    expect(names((await listContacts(people.as.owner, fund.id, { page: 2 })).json())).toEqual([]);
    expect((await listContacts(people.as.owner, fund.id, { entityRelation: "director" })).statusCode).toBe(
      400,
    );
  });

  it("another organisation's fund, another person's connection and another firm are not found", async () => {
    const elsewhere = sandboxClients("bglsf360", 40, "coastal").find(
      (c) => c.kind === "Self Managed Superannuation Fund",
    );
    if (!elsewhere) throw new Error("no fund in the second sandbox organisation");
    const other = await listContacts(people.as.owner, elsewhere.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(INTEGRATION_NO_CLIENT);
    // A client that is not a fund is no fund either.
    expect((await listContacts(people.as.owner, firstOf("bglsf360", "Company").id)).statusCode).toBe(404);
    const fund = bigFund();
    // Alice is of the firm but has no Simple Fund 360 connection of her own to read through.
    expect((await listContacts(people.as.alice, fund.id)).statusCode).toBe(404);
    // Another firm's person: neither with our firm's id nor with their own.
    expect((await listContacts(people.outsider, fund.id)).statusCode).toBe(404);
    expect((await listContacts(people.lite, fund.id)).statusCode).toBe(404);
  });

  it("imports a member into the members group (date of birth too), keeping the other entries, and logs it", async () => {
    const fund = bigFund();
    const [first, second] = fund.members;
    if (!first || !second) throw new Error("two members expected");
    const existing = { member: { party_type: "individual", first_name: "Ada", last_name: "Lovelace" } };
    const doc = await draft(SMSF, { xml: { fund_name: fund.name, members: [existing] } });
    const contacts = FundContactsResponse.parse(
      (await listContacts(people.as.owner, fund.id, { entityRelation: "member" })).json(),
    ).data;
    const contact = contacts[1];
    if (!contact) throw new Error("no second member listed");
    const reply = await importClient(people.as.owner, "bglsf360", {
      doc_id: doc.id,
      client_id: fund.id,
      contact_id: contact.id,
      question_id: "members",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = IntegrationImportResponse.parse(reply.json());
    expect(body.message).toBe(INTEGRATION_IMPORTED);
    expect(body.data.client_name).toBe(`${second.givenName} ${second.familyName}`);
    const [street, rest] = second.address.split(", ");
    const [year, month, day] = second.dateOfBirth.split("-");
    expect(body.data.answers.members).toEqual([
      existing,
      {
        member: {
          party_type: "individual",
          first_name: second.givenName,
          last_name: second.familyName,
          street,
          suburb: rest?.replace(/ [A-Z]{2,3} \d{4}$/, ""),
          state: rest?.match(/ ([A-Z]{2,3}) \d{4}$/)?.[1],
          postcode: rest?.slice(-4),
        },
        date_of_birth: `${day}/${month}/${year}`,
      },
    ]);
    // The import changes no answers itself; the interview page saves them.
    expect(((await xmlOf(doc.id)) as { members: unknown[] }).members).toHaveLength(1);
    const [entry] = await t.db.select().from(integrationLogs).where(eq(integrationLogs.docId, doc.id));
    expect(entry).toMatchObject({ action: "Select member/trustee (BGLSF360)", isSuccess: true });
    expect(JSON.stringify(entry?.request)).not.toContain(second.familyName);

    // Importing the same person again replaces their entry rather than adding another.
    await t.db
      .update(documents)
      .set({ xml: { fund_name: fund.name, members: body.data.answers.members } })
      .where(eq(documents.id, doc.id));
    const again = await importClient(people.as.owner, "bglsf360", {
      doc_id: doc.id,
      client_id: fund.id,
      contact_id: contact.id,
      question_id: "members",
    });
    expect(IntegrationImportResponse.parse(again.json()).data.answers.members).toHaveLength(2);

    // A trustee contact goes into the trustees group.
    const trustee = FundContactsResponse.parse(
      (await listContacts(people.as.owner, fund.id, { entityRelation: "trustee" })).json(),
    ).data[0];
    const intoTrustees = await importClient(people.as.owner, "bglsf360", {
      doc_id: doc.id,
      client_id: fund.id,
      contact_id: trustee?.id,
      question_id: "trustees",
    });
    expect(intoTrustees.statusCode, intoTrustees.body).toBe(200);
    expect(IntegrationImportResponse.parse(intoTrustees.json()).data.answers.trustees).toEqual([
      { trustee: expect.objectContaining({ first_name: first.givenName, last_name: first.familyName }) },
    ]);
  });

  it("refuses a completed document, another organisation's contact, a question that is no party, another firm", async () => {
    const fund = bigFund();
    const contactId = FundContactsResponse.parse((await listContacts(people.as.owner, fund.id)).json())
      .data[0]?.id;
    const body = (docId: number, over: object = {}) => ({
      doc_id: docId,
      client_id: fund.id,
      contact_id: contactId,
      question_id: "members",
      ...over,
    });
    const completed = await draft(SMSF, { status: 5 });
    const done = await importClient(people.as.owner, "bglsf360", body(completed.id));
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(INTERVIEW_COMPLETED_DOCUMENT);
    expect(await xmlOf(completed.id)).toEqual({});

    const doc = await draft(SMSF);
    const unknown = await importClient(people.as.owner, "bglsf360", body(doc.id, { contact_id: "nobody" }));
    expect(unknown.statusCode).toBe(404);
    const elsewhere = sandboxClients("bglsf360", 40, "coastal").find(
      (c) => c.kind === "Self Managed Superannuation Fund",
    );
    const otherFund = await importClient(
      people.as.owner,
      "bglsf360",
      body(doc.id, { client_id: elsewhere?.id, contact_id: `${elsewhere?.id}-m1` }),
    );
    expect(otherFund.statusCode).toBe(404);
    const noParty = await importClient(
      people.as.owner,
      "bglsf360",
      body(doc.id, { question_id: "fund_name" }),
    );
    expect(noParty.statusCode).toBe(400);
    expect((await importClient(people.outsider, "bglsf360", body(doc.id))).statusCode).toBe(404);
    expect((await importClient(people.as.alice, "bglsf360", body(doc.id))).statusCode).toBe(404);
    expect(await xmlOf(doc.id)).toEqual({});
  });
});
