import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBglProvider } from "./bgl-provider.ts";
import { createHubSpotProvider } from "./hubspot-provider.ts";
import { ProviderGrantRefused, ProviderUnavailable } from "./provider.ts";
import { createXeroProvider } from "./xero-provider.ts";

/**
 * A local fake of exactly the vendor endpoints the HubSpot and BGL adapters call. Each test scripts
 * the answers by method and path; anything unscripted is a 500, so an unexpected call fails the test.
 */
type Answer = { status?: number; headers?: Record<string, string>; body?: unknown };
type Seen = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
};
let server: Server;
let base: string;
let script: Map<string, Answer[]>;
let seen: Seen[];
let waits: number[];
const sleep = async (ms: number) => {
  waits.push(ms);
};

const answer = (route: string, ...answers: Answer[]) =>
  script.set(route, [...(script.get(route) ?? []), ...answers]);

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fake");
      seen.push({
        method: request.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
      const queue = script.get(`${request.method} ${url.pathname}`);
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (!next) {
        response.writeHead(500).end("unscripted");
        return;
      }
      response.writeHead(next.status ?? 200, { "content-type": "application/json", ...next.headers });
      response.end(next.body === undefined ? "" : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = new Map();
  seen = [];
  waits = [];
});

const hubspot = () =>
  createHubSpotProvider({
    clientId: "hs-id",
    clientSecret: "hs-secret",
    appBase: base,
    apiBase: base,
    sleep,
  });
const tokens = { access_token: "at-1", refresh_token: "rt-1", expires_in: 1800 };

describe("HubSpot adapter", () => {
  it("consents with PKCE, exchanges the code with the verifier, and reads the portal as the tenant", async () => {
    const provider = hubspot();
    const url = new URL(
      provider.authoriseUrl({ state: "s1", codeChallenge: "c1", redirectUri: "https://app/cb" }),
    );
    expect(url.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      state: "s1",
      code_challenge: "c1",
      code_challenge_method: "S256",
      client_id: "hs-id",
    });
    answer("POST /oauth/v1/token", { body: tokens });
    answer("GET /oauth/v1/access-tokens/at-1", { body: { hub_id: 4242, hub_domain: "harbour.example" } });
    const got = await provider.exchangeCode({
      code: "code-1",
      codeVerifier: "v1",
      redirectUri: "https://app/cb",
    });
    expect(got).toEqual({
      accessToken: "at-1",
      refreshToken: "rt-1",
      expiresInSeconds: 1800,
      tenantId: "4242",
      tenantName: "harbour.example",
    });
    const form = new URLSearchParams(seen[0]?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: "authorization_code",
      client_id: "hs-id",
      client_secret: "hs-secret",
      redirect_uri: "https://app/cb",
      code: "code-1",
      code_verifier: "v1",
    });
  });

  it("a refused refresh token is the grant gone; disconnect deletes the refresh token", async () => {
    answer("POST /oauth/v1/token", {
      status: 400,
      body: { status: "BAD_REFRESH_TOKEN", message: "missing or invalid refresh token" },
    });
    await expect(hubspot().refresh("rt-old")).rejects.toBeInstanceOf(ProviderGrantRefused);
    answer("DELETE /oauth/v1/refresh-tokens/rt-1", { status: 204 });
    await hubspot().revoke("rt-1");
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", path: "/oauth/v1/refresh-tokens/rt-1" });
  });

  it("lists companies and contacts page by page (after), with the bearer token", async () => {
    answer(
      "GET /crm/v3/objects/companies",
      {
        body: {
          results: [{ id: "11", properties: { name: "Banksia Dental Pty Ltd" } }],
          paging: { next: { after: "11" } },
        },
      },
      { body: { results: [{ id: "12", properties: { name: "Wattle Logistics Pty Ltd" } }] } },
    );
    answer("GET /crm/v3/objects/contacts", {
      body: { results: [{ id: "51", properties: { firstname: "Mia", lastname: "Kelly" } }] },
    });
    const clients = await hubspot().listClients("at-1", "4242");
    expect(clients).toEqual([
      { id: "company-11", name: "Banksia Dental Pty Ltd", type: "Company" },
      { id: "company-12", name: "Wattle Logistics Pty Ltd", type: "Company" },
      { id: "contact-51", name: "Mia Kelly", type: "Individual" },
    ]);
    const companyCalls = seen.filter((s) => s.path === "/crm/v3/objects/companies");
    expect(companyCalls.map((s) => s.query.get("after"))).toEqual([null, "11"]);
    expect(seen.every((s) => s.headers.authorization === "Bearer at-1")).toBe(true);
  });

  it("reads one company with its address; another portal's id is not found", async () => {
    answer("GET /crm/v3/objects/companies/11", {
      body: {
        id: "11",
        properties: {
          name: "Banksia Dental Pty Ltd",
          address: "3 Hay Street",
          city: "Perth",
          state: "Western Australia",
          zip: "6000",
        },
      },
    });
    const detail = await hubspot().getClient("at-1", "4242", "company-11");
    expect(detail).toMatchObject({ name: "Banksia Dental Pty Ltd", type: "Company", system: "HubSpot" });
    expect(detail?.address).toMatchObject({
      street: "3 Hay Street",
      city: "Perth",
      region: "WA",
      post_code: "6000",
    });
    answer("GET /crm/v3/objects/companies/99", { status: 404, body: { status: "error" } });
    expect(await hubspot().getClient("at-1", "4242", "company-99")).toBeNull();
    expect(await hubspot().getClient("at-1", "4242", "../etc")).toBeNull();
  });

  it("429: waits as Retry-After says and tries again; a spent allowance holds the next call", async () => {
    answer(
      "GET /crm/v3/objects/contacts",
      {
        status: 429,
        headers: { "retry-after": "2" },
        body: { status: "error", policyName: "TEN_SECONDLY_ROLLING" },
      },
      {
        headers: {
          "x-hubspot-ratelimit-remaining": "0",
          "x-hubspot-ratelimit-interval-milliseconds": "10000",
        },
        body: { results: [] },
      },
    );
    answer("GET /crm/v3/objects/companies", { body: { results: [] } });
    const provider = hubspot();
    await provider.listClients("at-1", null);
    expect(waits[0]).toBe(2000);
    // The contacts call spent the allowance: the next call waits for the interval (less what passed).
    answer("GET /crm/v3/objects/contacts", { body: { results: [] } });
    await provider.listClients("at-1", null);
    expect(waits.length).toBe(2);
    expect(waits[1]).toBeGreaterThan(9_000);
    expect(waits[1]).toBeLessThanOrEqual(10_000);
  });

  it("401 and a provider that stays down are ProviderUnavailable with the status", async () => {
    answer("GET /crm/v3/objects/companies", {
      status: 401,
      body: { status: "error", category: "EXPIRED_AUTHENTICATION" },
    });
    await expect(hubspot().listClients("at-stale", null)).rejects.toMatchObject({ status: 401 });
    answer("GET /crm/v3/objects/contacts/5", { status: 503, body: {} });
    const failure = await hubspot()
      .getClient("at-1", null, "contact-5")
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(failure).toMatchObject({ status: 503 });
  });

  const minutes = {
    name: "First board minutes.pdf",
    bytes: new TextEncoder().encode("%PDF-1.7 the minutes"),
    mediaType: "application/pdf",
    description: "Signed first board minutes",
  };

  it("syncs a document as a note with the file attached, on the company it names", async () => {
    answer("GET /crm/v3/objects/companies/11", { body: { id: "11", properties: {} } });
    // A full allowance first: the upload is tried again after HubSpot's Retry-After.
    answer(
      "POST /files/v3/files",
      { status: 429, headers: { "retry-after": "2" }, body: { status: "error" } },
      { status: 201, body: { id: "90210", parentFolderId: "7" } },
    );
    answer("POST /crm/v3/objects/notes", { status: 201, body: { id: "555" } });

    expect(await hubspot().attachDocument?.("at-1", "4242", "company-11", minutes)).toBe(true);

    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET /crm/v3/objects/companies/11",
      "POST /files/v3/files",
      "POST /files/v3/files",
      "POST /crm/v3/objects/notes",
    ]);
    expect(waits).toContain(2000);
    const upload = seen[2];
    expect(upload?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain("%PDF-1.7 the minutes");
    expect(upload?.body).toContain('filename="First board minutes.pdf"');
    expect(upload?.body).toContain('{"access":"PRIVATE","overwrite":false}');
    expect(upload?.body).toContain("/Precedent");
    const note = JSON.parse(seen[3]?.body ?? "{}");
    expect(note.properties).toMatchObject({
      hs_note_body: "Signed first board minutes",
      hs_attachment_ids: "90210",
    });
    expect(Number.isNaN(Date.parse(note.properties.hs_timestamp))).toBe(false);
    // HubSpot's note-to-company association type.
    expect(note.associations).toEqual([
      { to: { id: "11" }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 190 }] },
    ]);
    expect(seen.every((s) => s.headers.authorization === "Bearer at-1")).toBe(true);
  });

  it("a contact's note uses the note-to-contact association", async () => {
    answer("GET /crm/v3/objects/contacts/51", { body: { id: "51", properties: {} } });
    answer("POST /files/v3/files", { status: 201, body: { id: "1" } });
    answer("POST /crm/v3/objects/notes", { status: 201, body: { id: "2" } });
    expect(await hubspot().attachDocument?.("at-1", null, "contact-51", minutes)).toBe(true);
    const note = JSON.parse(seen.at(-1)?.body ?? "{}");
    expect(note.associations[0]).toMatchObject({ to: { id: "51" }, types: [{ associationTypeId: 202 }] });
  });

  it("a client the portal no longer has (or an id of no record) uploads nothing", async () => {
    answer("GET /crm/v3/objects/companies/99", { status: 404, body: { status: "error" } });
    expect(await hubspot().attachDocument?.("at-1", null, "company-99", minutes)).toBe(false);
    expect(await hubspot().attachDocument?.("at-1", null, "../etc", minutes)).toBe(false);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(["GET /crm/v3/objects/companies/99"]);
  });
});

const cas = () =>
  createBglProvider({
    app: "bglcas360",
    clientId: "bgl-id",
    clientSecret: "bgl-secret",
    apiBase: base,
    sleep,
  });
const sf = () =>
  createBglProvider({
    app: "bglsf360",
    clientId: "bgl-id",
    clientSecret: "bgl-secret",
    apiBase: base,
    sleep,
  });

describe("BGL CAS 360 adapter", () => {
  it("consents in the same window's flow and exchanges the code at /oauth/token", async () => {
    const url = new URL(
      cas().authoriseUrl({ state: "s", codeChallenge: "c", redirectUri: "https://app/cb" }),
    );
    expect(url.pathname).toBe("/oauth/authorize");
    answer("POST /oauth/token", { body: tokens });
    expect(
      await cas().exchangeCode({ code: "k", codeVerifier: "v", redirectUri: "https://app/cb" }),
    ).toMatchObject({ accessToken: "at-1" });
    expect(new URLSearchParams(seen[0]?.body).get("code_verifier")).toBe("v");
    answer("POST /oauth/token", { status: 400, body: { error: "invalid_grant" } });
  });

  it("lists companies, and reads one with officers, appointment dates and shareholdings", async () => {
    answer("GET /companies", { body: [{ companyId: 7, name: "Red Gum Holdings Pty Ltd" }] });
    expect(await cas().listClients("at-1", null)).toEqual([
      { id: "7", name: "Red Gum Holdings Pty Ltd", type: "Company" },
    ]);
    answer("GET /companies/7", {
      body: {
        companyId: 7,
        name: "Red Gum Holdings Pty Ltd",
        acn: "123 456 780",
        registeredOffice: {
          streetLine1: "8 King William Street",
          city: "Adelaide",
          state: "SA",
          postCode: "5000",
        },
        officers: [
          { firstName: "Jack", lastName: "Wilson", position: "Director", appointedDate: "2019-03-04" },
          { firstName: "Isla", lastName: "Wilson", position: "Secretary", appointedDate: "2020-07-01" },
        ],
        shareholders: [{ name: "Jack Wilson", shareClass: "ORD", numberOfShares: 100 }],
      },
    });
    const detail = await cas().getClient("at-1", null, "7");
    expect(seen.at(-1)?.query.get("details")).toBe("true");
    expect(detail?.contacts).toEqual([
      { full_name: "Jack Wilson", position: "Director", appointed_on: "2019-03-04" },
      { full_name: "Isla Wilson", position: "Secretary", appointed_on: "2020-07-01" },
    ]);
    expect(detail?.related).toEqual([
      { related_client_name: "Jack Wilson", relation: "100 ORD shares", type: "shareholder" },
    ]);
    expect(detail?.address?.full_address).toBe("8 King William Street, Adelaide SA 5000");
  });

  it("429 without Retry-After backs off 0.5 s, 1 s, 2 s, then reports the provider busy", async () => {
    answer("GET /companies", { status: 429, body: {} });
    const failure = await cas()
      .listClients("at-1", null)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(failure).toMatchObject({ status: 429 });
    expect(waits).toEqual([500, 1000, 2000]);
    expect(seen.filter((s) => s.path === "/companies")).toHaveLength(4);
  });
});

describe("BGL Simple Fund 360 adapter", () => {
  const member = (n: number, relation?: string) => ({
    memberRefKey: `m${n}`,
    firstName: `Member${n}`,
    lastName: "Nguyen",
    dob: "1970-01-01",
    ...(relation ? { relation } : {}),
    address: { streetLine1: "742 Collins Street", city: "Melbourne", state: "VICTORIA", postCode: "3000" },
  });
  const fund = (n: number, members = [member(1)]) => ({
    fundID: `f${n}`,
    fundCode: `FUND${n}`,
    fundName: `Fund ${n}`,
    entityType: "SMSF",
    members,
  });

  it("pages the funds with members (offset, max) and lists only SMSFs", async () => {
    answer(
      "GET /fund/listWithMembers",
      {
        body: {
          funds: [
            ...Array.from({ length: 99 }, (_, i) => fund(i)),
            { ...fund(99), entityType: "BillableCompany" },
          ],
        },
      },
      { body: { funds: [fund(100)] } },
    );
    const funds = await sf().listClients("at-1", null);
    expect(funds).toHaveLength(100);
    expect(funds.every((f) => f.type === "Self Managed Superannuation Fund")).toBe(true);
    expect(funds[0]?.code).toBe("FUND0");
    expect(seen.map((s) => [s.query.get("offset"), s.query.get("max")])).toEqual([
      ["0", "100"],
      ["100", "100"],
    ]);
  });

  it("a fund's contacts with spec §7's relation mapping; an unknown fund is not found", async () => {
    answer("GET /fund/listWithMembers", {
      body: {
        funds: [
          fund(1, [
            member(1, "leading member"),
            member(2, "leaving member"),
            member(3, "Director of corporate trustee"),
            member(4),
          ]),
        ],
      },
    });
    const detail = await sf().getClient("at-1", null, "f1");
    expect(detail?.related.map((r) => r.type)).toEqual(["member", "member", "trustee", "member"]);
    expect(detail?.address).toMatchObject({ region: "VIC", post_code: "3000" });
    expect(await sf().getClient("at-1", null, "f-elsewhere")).toBeNull();
  });

  it("the fund detail carries spec §3 Fund's fields, with the TFN masked but its last three digits", async () => {
    answer("GET /fund/listWithMembers", {
      body: {
        funds: [
          {
            ...fund(1),
            ABN: "51824753556",
            financialYearFrom: "2025-07-01T00:00:00Z",
            tfn: "123 456 782",
            esa: "smsfdataflow",
            dateFormed: "15/03/2011",
            windUpDate: null,
            trustDeedSource: "Precedent",
            physicalAddress: { streetLine1: "9 Hay Street", city: "Perth", state: "WA", postCode: "6000" },
          },
        ],
      },
    });
    const detail = await sf().getClient("at-1", null, "f1");
    expect(detail?.abn).toBe("51824753556");
    expect(detail?.fund).toEqual({
      entity_code: "FUND1",
      financial_year_from: "2025-07-01",
      tfn: "*** *** 782",
      esa: "smsfdataflow",
      date_formed: "2011-03-15",
      wind_up_date: null,
      trust_deed_source: "Precedent",
      physical_address: expect.objectContaining({ city: "Perth", region: "WA", post_code: "6000" }),
    });
    expect(JSON.stringify(detail)).not.toContain("123456782");
    expect(JSON.stringify(detail)).not.toContain("123 456");
  });

  it("list-contact: the fund's members from listWithMembers, spec §7's mapping; an unknown fund is null", async () => {
    answer("GET /fund/listWithMembers", {
      body: { funds: [fund(1, [member(1, "leading member"), member(2, "Trustee"), member(3)])] },
    });
    const contacts = await sf().listFundContacts?.("at-1", null, "f1");
    expect(contacts).toEqual([
      expect.objectContaining({
        id: "m1",
        name: "Member1 Nguyen",
        relation: "leading member",
        type: "member",
      }),
      expect.objectContaining({ id: "m2", relation: "Trustee", type: "trustee" }),
      expect.objectContaining({ id: "m3", relation: "member", type: "member", dob: "1970-01-01" }),
    ]);
    expect(contacts?.[0]?.address).toBe("742 Collins Street, Melbourne VIC 3000");
    expect(await sf().listFundContacts?.("at-1", null, "f-elsewhere")).toBeNull();
  });

  it("check-exist: the fund of this name among SF 360's funds (any case, trimmed), or none", async () => {
    answer("GET /fund/listWithMembers", { body: { funds: [fund(1), fund(2)] } });
    expect(await sf().findFund?.("at-1", null, "  fund 2 ")).toEqual({ fundId: "f2", fundName: "Fund 2" });
    expect(await sf().findFund?.("at-1", null, "Fund 3")).toBeNull();
    expect(seen.every((s) => s.headers.authorization === "Bearer at-1")).toBe(true);
  });

  it("contact validation posts the fund's people and maps SF 360's outcome and errors; 429 is tried again", async () => {
    answer(
      "POST /fund/contacts/validate",
      { status: 429, headers: { "retry-after": "2" }, body: {} },
      {
        body: {
          contacts: [
            { firstName: "Olivia", lastName: "Nguyen", relation: "leading member", valid: true },
            { firstName: "Jack", lastName: "", relation: "Director of corporate trustee", valid: false },
          ],
          errors: [{ message: "Contact Jack: last name is required" }],
        },
      },
    );
    const outcome = await sf().validateFundContacts?.("at-1", null, {
      name: "Nguyen Superannuation Fund",
      contacts: [
        {
          relation: "member",
          first_name: "Olivia",
          last_name: "Nguyen",
          company_name: null,
          dob: "01/02/1970",
          address: null,
        },
        {
          relation: "trustee",
          first_name: "Jack",
          last_name: "",
          company_name: null,
          dob: null,
          address: null,
        },
      ],
    });
    expect(waits).toEqual([2000]);
    expect(outcome).toEqual({
      data: [
        { name: "Olivia Nguyen", relation: "member", valid: true },
        { name: "Jack", relation: "trustee", valid: false },
      ],
      errors: ["Contact Jack: last name is required"],
    });
    const sent = JSON.parse(seen.at(-1)?.body ?? "{}") as {
      fundName: string;
      contacts: { firstName: string }[];
    };
    expect(sent.fundName).toBe("Nguyen Superannuation Fund");
    expect(sent.contacts.map((c) => c.firstName)).toEqual(["Olivia", "Jack"]);
    expect(seen.at(-1)?.headers["content-type"]).toBe("application/json");
  });

  it("the CAS 360 app holds no funds", () => {
    expect(cas().findFund).toBeUndefined();
    expect(cas().validateFundContacts).toBeUndefined();
  });
});

describe("Xero adapter: contact detail and sync back", () => {
  const xero = () =>
    createXeroProvider({
      clientId: "x-id",
      clientSecret: "x-secret",
      loginBase: base,
      identityBase: base,
      apiBase: base,
    });

  it("reads one contact of the tenant with its street address and people; another tenant's is not found", async () => {
    answer("GET /api.xro/2.0/Contacts/c-1", {
      body: {
        Contacts: [
          {
            ContactID: "c-1",
            Name: "Coastal Consulting Pty Ltd",
            CompanyNumber: "123 456 780",
            Addresses: [
              { AddressType: "POBOX", AddressLine1: "PO Box 1" },
              {
                AddressType: "STREET",
                AddressLine1: "5 Queen Street",
                City: "Brisbane",
                Region: "QLD",
                PostalCode: "4000",
              },
            ],
            ContactPersons: [{ FirstName: "Noah", LastName: "Brown" }],
          },
        ],
      },
    });
    const detail = await xero().getClient("at-1", "tenant-1", "c-1");
    expect(seen.at(-1)?.headers["xero-tenant-id"]).toBe("tenant-1");
    expect(detail).toMatchObject({ name: "Coastal Consulting Pty Ltd", acn: "123 456 780", system: "Xero" });
    expect(detail?.address).toMatchObject({
      street: "5 Queen Street",
      city: "Brisbane",
      region: "QLD",
      post_code: "4000",
    });
    expect(detail?.contacts).toEqual([{ full_name: "Noah Brown", position: "Contact", appointed_on: null }]);
    answer("GET /api.xro/2.0/Contacts/c-other", { status: 404, body: {} });
    expect(await xero().getClient("at-1", "tenant-1", "c-other")).toBeNull();
  });

  it("attaches the PDF to the contact (PUT Attachments/{FileName}, the bytes as the body); 429 is reported with Retry-After", async () => {
    answer("PUT /api.xro/2.0/Contacts/c-1/Attachments/Minutes.pdf", {
      body: { Attachments: [{ FileName: "Minutes.pdf" }] },
    });
    const bytes = new TextEncoder().encode("%PDF-1.7 minutes");
    const filed = await xero().attachDocument?.("at-1", "tenant-1", "c-1", {
      name: "Minutes.pdf",
      bytes,
      mediaType: "application/pdf",
      description: "",
    });
    expect(filed).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: "PUT", body: "%PDF-1.7 minutes" });
    expect(seen.at(-1)?.headers["content-type"]).toBe("application/pdf");
    answer("PUT /api.xro/2.0/Contacts/c-1/Attachments/Again.pdf", {
      status: 429,
      headers: { "retry-after": "30", "x-rate-limit-problem": "minute" },
      body: {},
    });
    const failure = await xero()
      .attachDocument?.("at-1", "tenant-1", "c-1", {
        name: "Again.pdf",
        bytes,
        mediaType: "application/pdf",
        description: "",
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 30 });
  });
});
