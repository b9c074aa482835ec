import type { IntegrationClient, IntegrationClientDetail, SimpleFundContact } from "@precedent/contracts";
import { fundDetail as fundRecordDetail } from "./fund-detail.ts";
import type { FundContact } from "./import-mapping.ts";
import type { IntegrationProvider } from "./provider.ts";
import { relationType } from "./sandbox-data.ts";
import { addressOf, createVendorHttp } from "./vendor-http.ts";

export type BglOptions = {
  app: "bglcas360" | "bglsf360";
  clientId: string;
  clientSecret: string;
  /** api.bgl360.com.au (production) or api.staging.bgl360.com.au; tests use a local fake. */
  apiBase?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

type BglAddress = {
  streetLine1?: string | null;
  city?: string | null;
  state?: string | null;
  postCode?: string | null;
  country?: string | null;
};
type CasCompany = {
  companyId: string | number;
  name: string;
  acn?: string | null;
  abn?: string | null;
  registeredOffice?: BglAddress | null;
  officers?: { firstName: string; lastName: string; position: string; appointedDate?: string | null }[];
  shareholders?: { name: string; shareClass?: string | null; numberOfShares?: number | null }[];
};
type SfMember = {
  memberRefKey: string;
  firstName: string;
  lastName: string;
  dob?: string | null;
  relation?: string | null;
  address?: BglAddress | null;
};
type SfFund = {
  fundID: string;
  fundCode?: string | null;
  fundName: string;
  entityType?: string;
  ABN?: string | null;
  /** Spec §3 Fund's fields, under SF 360's names; the TFN in full (masked before it leaves us). */
  financialYearFrom?: string | null;
  tfn?: string | null;
  esa?: string | null;
  dateFormed?: string | null;
  windUpDate?: string | null;
  trustDeedSource?: string | null;
  physicalAddress?: BglAddress | null;
  members?: SfMember[];
};

const PAGE = 100;
const street = (a?: BglAddress | null) =>
  a
    ? addressOf({
        street: a.streetLine1,
        city: a.city,
        state: a.state,
        postCode: a.postCode,
        country: a.country,
      })
    : null;

/**
 * BGL's API for CAS 360 and Simple Fund 360 (BGL's public Postman collection "BGL API" and its API
 * blog): OAuth 2.0 authorisation-code at {api}/oauth/authorize and {api}/oauth/token, then
 * CAS 360's GET /companies and GET /companies/{id}?details=true (officers with appointment dates,
 * shareholdings), and Simple Fund 360's GET /fund/listWithMembers?offset=&max= (funds with their
 * members). BGL publishes no token revocation endpoint (a connection is ended in CAS 360's
 * Integrations portal), so disconnecting forgets the tokens here only.
 */
export function createBglProvider(options: BglOptions): IntegrationProvider {
  const apiBase = options.apiBase ?? "https://api.bgl360.com.au";
  const http = createVendorHttp({
    vendor: options.app === "bglcas360" ? "BGL CAS 360" : "BGL Simple Fund 360",
    fetch: options.fetch,
    sleep: options.sleep,
  });
  const bearer = (token: string) => ({
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  const scope = options.app === "bglcas360" ? "cas360" : "smsf_partner";

  async function funds(token: string) {
    const all: SfFund[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const response = await http.request(
        `${apiBase}/fund/listWithMembers?offset=${offset}&max=${PAGE}`,
        bearer(token),
        "funds",
      );
      const body = (await response.json()) as { funds?: SfFund[] };
      const page = body.funds ?? [];
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }

  function fundDetail(fund: SfFund): IntegrationClientDetail {
    return {
      id: fund.fundID,
      name: fund.fundName,
      type: "Self Managed Superannuation Fund",
      first_name: null,
      last_name: null,
      dob: null,
      acn: null,
      abn: fund.ABN || null,
      legal_element: null,
      system: "BGLSF360",
      address: street(fund.physicalAddress ?? fund.members?.[0]?.address),
      fund: fundRecordDetail({ ...fund, code: fund.fundCode, physicalAddress: street(fund.physicalAddress) }),
      contacts: [],
      // listWithMembers lists members; a contact's own relation, when given, is mapped as spec §7 says.
      related: (fund.members ?? []).map((m) => {
        const relation = m.relation ?? "member";
        return {
          related_client_name: `${m.firstName} ${m.lastName}`,
          relation,
          type: relationType(relation),
        };
      }),
    };
  }

  return {
    app: options.app,
    authoriseUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      return `${apiBase}/oauth/authorize?${query}`;
    },
    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      http.token(`${apiBase}/oauth/token`, {
        grant_type: "authorization_code",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      }),
    refresh: (refreshToken) =>
      http.token(`${apiBase}/oauth/token`, {
        grant_type: "refresh_token",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        refresh_token: refreshToken,
      }),
    async revoke() {},
    async listClients(accessToken) {
      if (options.app === "bglsf360")
        return (await funds(accessToken))
          .filter((f) => (f.entityType ?? "SMSF") === "SMSF")
          .map(
            (f): IntegrationClient => ({
              id: f.fundID,
              name: f.fundName,
              type: "Self Managed Superannuation Fund",
              ...(f.fundCode ? { code: f.fundCode } : {}),
            }),
          );
      const response = await http.request(`${apiBase}/companies`, bearer(accessToken), "companies");
      const companies = (await response.json()) as CasCompany[];
      return companies.map(
        (c): IntegrationClient => ({ id: String(c.companyId), name: c.name, type: "Company" }),
      );
    },
    ...(options.app === "bglsf360"
      ? {
          /** The fund of this name among the firm's SF 360 funds (listWithMembers), if it is there. */
          async findFund(accessToken: string, _tenantId: string | null, fundName: string) {
            const wanted = fundName.trim().toLowerCase();
            if (!wanted) return null;
            const fund = (await funds(accessToken)).find((f) => f.fundName.trim().toLowerCase() === wanted);
            return fund ? { fundId: fund.fundID, fundName: fund.fundName } : null;
          },
          /**
           * list-contact: BGL's public collection has no call for one fund's contacts, so they are
           * the members listWithMembers gives with the fund (each with its relation, a member
           * when SF 360 gives none).
           */
          async listFundContacts(accessToken: string, _tenantId: string | null, fundId: string) {
            const fund = (await funds(accessToken)).find((f) => f.fundID === fundId);
            if (!fund) return null;
            return (fund.members ?? []).map((m): SimpleFundContact => {
              const relation = m.relation ?? "member";
              return {
                id: m.memberRefKey,
                name: `${m.firstName} ${m.lastName}`.trim(),
                first_name: m.firstName,
                last_name: m.lastName,
                dob: m.dob ?? null,
                relation,
                type: relationType(relation),
                address: street(m.address)?.full_address ?? null,
              };
            });
          },
          /**
           * POST /fund/contacts/validate: the contacts checked by SF 360 without being saved. BGL's
           * public collection does not list this call; the request and answer shapes are the ones
           * our local fake holds, to be checked against BGL's staging API before going live.
           */
          async validateFundContacts(
            accessToken: string,
            _tenantId: string | null,
            fund: { name: string; contacts: FundContact[] },
          ) {
            const response = await http.request(
              `${apiBase}/fund/contacts/validate`,
              {
                method: "POST",
                headers: {
                  authorization: `Bearer ${accessToken}`,
                  accept: "application/json",
                  "content-type": "application/json",
                },
                body: JSON.stringify({
                  fundName: fund.name,
                  contacts: fund.contacts.map((c) => ({
                    firstName: c.first_name,
                    lastName: c.last_name,
                    dateOfBirth: c.dob,
                    relation: c.relation,
                    address: c.address,
                  })),
                }),
              },
              "contact validation",
            );
            const body = (await response.json()) as {
              contacts?: { firstName: string; lastName: string; relation: string; valid: boolean }[];
              errors?: { message: string }[];
            };
            return {
              data: (body.contacts ?? []).map((c) => ({
                name: `${c.firstName} ${c.lastName}`.trim(),
                relation: relationType(c.relation),
                valid: c.valid,
              })),
              errors: (body.errors ?? []).map((e) => e.message),
            };
          },
        }
      : {}),
    async getClient(accessToken, _tenantId, clientId) {
      if (options.app === "bglsf360") {
        const fund = (await funds(accessToken)).find((f) => f.fundID === clientId);
        return fund ? fundDetail(fund) : null;
      }
      const response = await http.request(
        `${apiBase}/companies/${encodeURIComponent(clientId)}?details=true`,
        bearer(accessToken),
        "company",
      );
      if (response.status === 404) return null;
      const company = (await response.json()) as CasCompany;
      return {
        id: String(company.companyId),
        name: company.name,
        type: "Company",
        first_name: null,
        last_name: null,
        dob: null,
        acn: company.acn ?? null,
        abn: company.abn ?? null,
        legal_element: null,
        system: "BGLCAS360",
        address: street(company.registeredOffice),
        contacts: (company.officers ?? []).map((o) => ({
          full_name: `${o.firstName} ${o.lastName}`,
          position: o.position,
          appointed_on: o.appointedDate ?? null,
        })),
        related: (company.shareholders ?? []).map((s) => ({
          related_client_name: s.name,
          relation: `${s.numberOfShares ?? 0} ${s.shareClass ?? ""} shares`.replace(/\s+/g, " ").trim(),
          type: "shareholder",
        })),
      };
    },
  };
}
