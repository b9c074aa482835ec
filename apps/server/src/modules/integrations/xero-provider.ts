import type { IntegrationClient, IntegrationClientDetail } from "@precedent/contracts";
import type { IntegrationProvider, ProviderTokens } from "./provider.ts";
import { createOrganisationLimiter, createVendorHttp } from "./vendor-http.ts";

export type XeroOptions = {
  clientId: string;
  clientSecret: string;
  /** Defaults are Xero's own; tests point them at a local fake. */
  loginBase?: string;
  identityBase?: string;
  apiBase?: string;
  fetch?: typeof fetch;
  /** Tests record the waits instead of sleeping, and may move the limiter's clock. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

/** Xero's allowance per organisation (developer.xero.com/documentation/guides/oauth2/limits). */
export const XERO_LIMITS = { perMinute: 60, perDay: 5_000, atOnce: 5 } as const;
const MINUTE_MS = 60_000;

export const xeroDayLimitMessage = (retryAfterSeconds: number) => {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const when = retryAfterSeconds < 3600 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${hours} hours`;
  return `Xero's limit of 5,000 calls a day for this organisation has been reached. Please try again in about ${when}.`;
};

const SCOPES = "openid profile email offline_access accounting.contacts practicemanager.client.read";

/**
 * Xero's OAuth 2.0 endpoints (developer.xero.com/documentation/guides/oauth2/auth-flow):
 * login.xero.com/identity/connect/authorize for consent, identity.xero.com/connect/token for
 * codes and refresh tokens (which rotate), identity.xero.com/connect/revocation to disconnect, and
 * api.xero.com/connections for the organisations (tenants) the consent covers.
 */
export function createXeroProvider(options: XeroOptions): IntegrationProvider {
  const loginBase = options.loginBase ?? "https://login.xero.com";
  const identityBase = options.identityBase ?? "https://identity.xero.com";
  const apiBase = options.apiBase ?? "https://api.xero.com";
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;

  // Every call goes through the shared vendor client: 429 backoff and Retry-After handled once.
  const http = createVendorHttp({
    vendor: "Xero",
    fetch: options.fetch,
    sleep: options.sleep,
    // The app's allowance across all organisations (10,000 a minute) is spent: hold every call.
    holdAfter: (headers) => (headers.get("x-appminlimit-remaining") === "0" ? MINUTE_MS : 0),
    // A day's allowance is not worth waiting out: refuse at once with a message the person can act on.
    refuseOn429: (headers) =>
      headers.get("x-rate-limit-problem")?.toLowerCase() === "day"
        ? xeroDayLimitMessage(Number(headers.get("retry-after")) || 3600)
        : undefined,
  });
  const limiter = createOrganisationLimiter(XERO_LIMITS, {
    dayLimitMessage: xeroDayLimitMessage,
    sleep: options.sleep,
    now: options.now,
  });
  const token = (form: Record<string, string>): Promise<ProviderTokens> =>
    http.token(`${identityBase}/connect/token`, form, { authorization: basic });

  /** One call to an organisation's data, within Xero's allowance for that organisation. */
  function tenantCall(
    accessToken: string,
    tenantId: string | null,
    path: string,
    what: string,
    init: RequestInit = {},
  ) {
    const organisation = tenantId ?? "";
    return limiter.run(organisation, async () => {
      const response = await http.request(
        `${apiBase}${path}`,
        {
          ...init,
          headers: {
            authorization: `Bearer ${accessToken}`,
            "xero-tenant-id": organisation,
            accept: "application/json",
            ...(init.headers as Record<string, string> | undefined),
          },
        },
        what,
      );
      if (response.headers.get("x-minlimit-remaining") === "0") limiter.holdFor(organisation, MINUTE_MS);
      return response;
    });
  }

  /** The organisations (tenants) the consent covers: GET /connections, outside any organisation's allowance. */
  async function connections(accessToken: string) {
    const response = await http.request(
      `${apiBase}/connections`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } },
      "connections",
    );
    return (await response.json()) as { tenantId: string; tenantName: string; tenantType: string }[];
  }

  /** The accounting organisations among them (a Practice Manager tenant holds no contacts). */
  async function organisations(accessToken: string) {
    const tenants = await connections(accessToken);
    const accounting = tenants.filter((t) => t.tenantType === "ORGANISATION");
    return (accounting.length ? accounting : tenants).map((t) => ({
      tenantId: t.tenantId,
      tenantName: t.tenantName,
    }));
  }

  /** The first organisation the consent covers; the organisation switch chooses among them later. */
  async function firstTenant(accessToken: string) {
    const [organisation] = await organisations(accessToken);
    return organisation ?? {};
  }

  return {
    app: "xero",
    authoriseUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      return `${loginBase}/identity/connect/authorize?${query}`;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await token({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      return { ...tokens, ...(await firstTenant(tokens.accessToken)) };
    },
    listTenants: organisations,
    refresh: (refreshToken) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),
    async revoke(refreshToken) {
      await http.request(
        `${identityBase}/connect/revocation`,
        {
          method: "POST",
          headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token: refreshToken }),
        },
        "revocation",
      );
    },
    async listClients(accessToken, tenantId) {
      const response = await tenantCall(
        accessToken,
        tenantId,
        "/api.xro/2.0/Contacts?summaryOnly=true",
        "contacts",
      );
      const body = (await response.json()) as { Contacts?: { ContactID: string; Name: string }[] };
      return (body.Contacts ?? []).map(
        (c): IntegrationClient => ({ id: c.ContactID, name: c.Name, type: "Company" }),
      );
    },
    /** GET api.xro/2.0/Contacts/{ContactID}: a contact of the tenant, with its street address and people. */
    async getClient(accessToken, tenantId, clientId) {
      const response = await tenantCall(
        accessToken,
        tenantId,
        `/api.xro/2.0/Contacts/${encodeURIComponent(clientId)}`,
        "contact",
      );
      if (response.status === 404) return null;
      const body = (await response.json()) as { Contacts?: XeroContact[] };
      const contact = body.Contacts?.[0];
      return contact ? xeroClientDetail(contact) : null;
    },
    /** PUT api.xro/2.0/Contacts/{ContactID}/Attachments/{FileName}: the PDF as the request body. */
    async attachDocument(accessToken, tenantId, clientId, file) {
      const response = await tenantCall(
        accessToken,
        tenantId,
        `/api.xro/2.0/Contacts/${encodeURIComponent(clientId)}/Attachments/${encodeURIComponent(file.name)}`,
        "attachment",
        { method: "PUT", headers: { "content-type": file.mediaType }, body: file.bytes },
      );
      if (response.status === 404) return false;
      return true;
    },
  };
}

type XeroContact = {
  ContactID: string;
  Name: string;
  FirstName?: string;
  LastName?: string;
  TaxNumber?: string;
  CompanyNumber?: string;
  Addresses?: {
    AddressType: string;
    AddressLine1?: string;
    City?: string;
    Region?: string;
    PostalCode?: string;
    Country?: string;
  }[];
  ContactPersons?: { FirstName?: string; LastName?: string }[];
};

/** A Xero contact in our words: an organisation (Company) with its contact people. */
function xeroClientDetail(contact: XeroContact): IntegrationClientDetail {
  const street = contact.Addresses?.find((a) => a.AddressType === "STREET" && a.AddressLine1);
  const people = (contact.ContactPersons ?? []).map((p) => `${p.FirstName ?? ""} ${p.LastName ?? ""}`.trim());
  return {
    id: contact.ContactID,
    name: contact.Name,
    type: "Company",
    first_name: contact.FirstName ?? null,
    last_name: contact.LastName ?? null,
    dob: null,
    acn: contact.CompanyNumber ?? null,
    abn: contact.TaxNumber ?? null,
    legal_element: null,
    system: "Xero",
    address: street
      ? {
          full_address: [street.AddressLine1, street.City, street.Region, street.PostalCode]
            .filter(Boolean)
            .join(", "),
          street: street.AddressLine1 ?? "",
          city: street.City ?? "",
          region: street.Region ?? "",
          post_code: street.PostalCode ?? "",
          country: street.Country ?? "",
        }
      : null,
    contacts: people
      .filter(Boolean)
      .map((full_name) => ({ full_name, position: "Contact", appointed_on: null })),
    related: [],
  };
}
