import type { IntegrationClient, IntegrationClientDetail } from "@precedent/contracts";
import type { IntegrationProvider } from "./provider.ts";
import { addressOf, createVendorHttp } from "./vendor-http.ts";

export type HubSpotOptions = {
  clientId: string;
  clientSecret: string;
  /** Defaults are HubSpot's own; tests point them at a local fake. */
  appBase?: string;
  apiBase?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

// `files` for the synced PDF's upload; notes are written under crm.objects.contacts.write.
const SCOPES = "crm.objects.contacts.read crm.objects.companies.read crm.objects.contacts.write files";
/** HubSpot-defined association types from a note to a record (its associations reference). */
const NOTE_TO = { companies: 190, contacts: 202 } as const;
/** Where synced documents go in the portal's file manager. */
const SYNC_FOLDER = "/Precedent";
const COMPANY_PROPERTIES = "name,address,city,state,zip,country";
const CONTACT_PROPERTIES = "firstname,lastname,email,address,city,state,zip,country";
const PAGE = 100;

type HubSpotObject = { id: string; properties: Record<string, string | null> };

/** Our client id for a HubSpot record ('company-11', 'contact-51') as its object kind and id. */
function objectOf(clientId: string) {
  const match = /^(company|contact)-(\d+)$/.exec(clientId);
  if (!match?.[2]) return null;
  return { kind: match[1] === "company" ? ("companies" as const) : ("contacts" as const), id: match[2] };
}

/**
 * HubSpot (developers.hubspot.com, OAuth and CRM v3 objects): consent at app.hubspot.com/oauth/authorize
 * with PKCE, codes and refresh tokens at api.hubapi.com/oauth/v1/token, the portal (tenant) from
 * /oauth/v1/access-tokens/{token}, revocation by DELETE /oauth/v1/refresh-tokens/{token}; clients
 * are /crm/v3/objects/companies and /crm/v3/objects/contacts; a synced document is a private file
 * (POST /files/v3/files) on a note (POST /crm/v3/objects/notes) associated with the client. Plain
 * fetch rather than @hubspot/api-client: we call eight endpoints, and the SDK's own retry layer would hide the 429
 * handling and rate-limit headers the port must own (and be a large dependency for the lead to add).
 * HubSpot has announced the v1 OAuth paths end in February 2027; the v3 paths differ only in
 * taking their parameters in the body.
 */
export function createHubSpotProvider(options: HubSpotOptions): IntegrationProvider {
  const appBase = options.appBase ?? "https://app.hubspot.com";
  const apiBase = options.apiBase ?? "https://api.hubapi.com";
  const http = createVendorHttp({
    vendor: "HubSpot",
    fetch: options.fetch,
    sleep: options.sleep,
    // The burst allowance spent: hold the next call for the rest of HubSpot's interval.
    holdAfter: (headers) =>
      headers.get("x-hubspot-ratelimit-remaining") === "0"
        ? Number(headers.get("x-hubspot-ratelimit-interval-milliseconds") ?? 10_000)
        : 0,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: "application/json" });

  async function list(token: string, kind: "companies" | "contacts", properties: string) {
    const all: HubSpotObject[] = [];
    let after: string | undefined;
    do {
      const query = new URLSearchParams({ limit: String(PAGE), properties, ...(after ? { after } : {}) });
      const response = await http.request(
        `${apiBase}/crm/v3/objects/${kind}?${query}`,
        { headers: bearer(token) },
        kind,
      );
      const body = (await response.json()) as {
        results: HubSpotObject[];
        paging?: { next?: { after: string } };
      };
      all.push(...body.results);
      after = body.paging?.next?.after;
    } while (after);
    return all;
  }

  const contactName = (p: HubSpotObject["properties"]) => `${p.firstname ?? ""} ${p.lastname ?? ""}`.trim();

  return {
    app: "hubspot",
    authoriseUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      return `${appBase}/oauth/authorize?${query}`;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await http.token(`${apiBase}/oauth/v1/token`, {
        grant_type: "authorization_code",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      const info = await http.request(
        `${apiBase}/oauth/v1/access-tokens/${encodeURIComponent(tokens.accessToken)}`,
        {},
        "token info",
      );
      const portal = (await info.json()) as { hub_id?: number; hub_domain?: string };
      return {
        ...tokens,
        ...(portal.hub_id
          ? { tenantId: String(portal.hub_id), tenantName: portal.hub_domain ?? String(portal.hub_id) }
          : {}),
      };
    },
    refresh: (refreshToken) =>
      http.token(`${apiBase}/oauth/v1/token`, {
        grant_type: "refresh_token",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        refresh_token: refreshToken,
      }),
    async revoke(refreshToken) {
      // A token HubSpot no longer knows answers 404: already ended.
      await http.request(
        `${apiBase}/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`,
        { method: "DELETE" },
        "revoke",
      );
    },
    async listClients(accessToken) {
      const companies = await list(accessToken, "companies", COMPANY_PROPERTIES);
      const contacts = await list(accessToken, "contacts", CONTACT_PROPERTIES);
      return [
        ...companies.map(
          (c): IntegrationClient => ({
            id: `company-${c.id}`,
            name: c.properties.name ?? "",
            type: "Company",
          }),
        ),
        ...contacts.map(
          (c): IntegrationClient => ({
            id: `contact-${c.id}`,
            name: contactName(c.properties),
            type: "Individual",
          }),
        ),
      ];
    },
    async getClient(accessToken, _tenantId, clientId) {
      const record = objectOf(clientId);
      if (!record) return null;
      const { kind } = record;
      const query = new URLSearchParams({
        properties: kind === "companies" ? COMPANY_PROPERTIES : CONTACT_PROPERTIES,
        ...(kind === "companies" ? { associations: "contacts" } : {}),
      });
      // A token of another portal finds no object of this one: HubSpot answers 404.
      const response = await http.request(
        `${apiBase}/crm/v3/objects/${kind}/${record.id}?${query}`,
        { headers: bearer(accessToken) },
        kind,
      );
      if (response.status === 404) return null;
      const object = (await response.json()) as HubSpotObject;
      const p = object.properties;
      const address = addressOf({
        street: p.address,
        city: p.city,
        state: p.state,
        postCode: p.zip,
        country: p.country,
      });
      const base: IntegrationClientDetail = {
        id: clientId,
        name: kind === "companies" ? (p.name ?? "") : contactName(p),
        type: kind === "companies" ? "Company" : "Individual",
        first_name: kind === "contacts" ? (p.firstname ?? null) : null,
        last_name: kind === "contacts" ? (p.lastname ?? null) : null,
        dob: null,
        acn: null,
        abn: null,
        legal_element: null,
        system: "HubSpot",
        address,
        contacts: [],
        related: [],
      };
      return base;
    },
    /**
     * Sync back as HubSpot keeps documents on a record: the PDF uploaded as a private file, then a
     * note carrying the description with the file attached, associated with the company or contact.
     * The record is looked up first, so a client the portal no longer has leaves no orphaned file.
     */
    async attachDocument(accessToken, _tenantId, clientId, file) {
      const object = objectOf(clientId);
      if (!object) return false;
      const { kind, id: objectId } = object;
      const record = await http.request(
        `${apiBase}/crm/v3/objects/${kind}/${objectId}?properties=hs_object_id`,
        { headers: bearer(accessToken) },
        kind,
      );
      if (record.status === 404) return false;

      const form = new FormData();
      form.set("file", new Blob([file.bytes], { type: file.mediaType }), file.name);
      form.set("fileName", file.name);
      form.set("folderPath", SYNC_FOLDER);
      form.set("options", JSON.stringify({ access: "PRIVATE", overwrite: false }));
      const uploaded = await http.request(
        `${apiBase}/files/v3/files`,
        { method: "POST", headers: bearer(accessToken), body: form },
        "file upload",
      );
      const { id: fileId } = (await uploaded.json()) as { id: string };

      await http.request(
        `${apiBase}/crm/v3/objects/notes`,
        {
          method: "POST",
          headers: { ...bearer(accessToken), "content-type": "application/json" },
          body: JSON.stringify({
            properties: {
              hs_timestamp: new Date().toISOString(),
              hs_note_body: file.description || file.name,
              hs_attachment_ids: fileId,
            },
            associations: [
              {
                to: { id: objectId },
                types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO[kind] }],
              },
            ],
          }),
        },
        "note",
      );
      return true;
    },
  };
}
