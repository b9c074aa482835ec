import {
  API,
  type FundContactRelation,
  type IntegrationAppSlug,
  type IntegrationClientType,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../api/call";

/** Spec §9 Integrations: query stale time 30 s. */
export const INTEGRATIONS_STALE_MS = 30_000;

export const integrationGroupsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "groups", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) =>
      call(API.integrations.groups, { signal, query: { id_team: teamId, is_group: "1" } }),
  });

export const connectedAppsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "connected", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) => call(API.integrations.connected, { signal, query: { id_team: teamId } }),
  });

/** Whether the connected-apps answer holds a live connection to `slug` (not expired or failing). */
export const isConnected = (
  apps: readonly { slug: IntegrationAppSlug; status: string }[] | undefined,
  slug: IntegrationAppSlug,
): boolean => (apps ?? []).some((a) => a.slug === slug && a.status === "connected");

const LINKS = {
  xero: API.integrations.xeroLink,
  fusesign: API.integrations.fusesignLink,
  hubspot: API.integrations.hubspotLink,
  bglcas360: API.integrations.bglcas360Link,
  bglsf360: API.integrations.bglsf360Link,
} as const satisfies Record<IntegrationAppSlug, unknown>;

export const authorisationLink = (teamId: number, slug: IntegrationAppSlug) =>
  call(LINKS[slug], { query: { id_team: teamId } });

const REDIRECTS = {
  xero: API.integrations.xeroRedirect,
  fusesign: API.integrations.fusesignRedirect,
  hubspot: API.integrations.hubspotRedirect,
  bglcas360: API.integrations.bglcas360Redirect,
  bglsf360: API.integrations.bglsf360Redirect,
} as const satisfies Record<IntegrationAppSlug, unknown>;

export const exchangeCode = (teamId: number, slug: IntegrationAppSlug, code: string, state: string) =>
  call(REDIRECTS[slug], { query: { id_team: teamId, code, state } });

const DISCONNECTS = {
  xero: API.integrations.xeroDisconnect,
  fusesign: API.integrations.fusesignDisconnect,
  hubspot: API.integrations.hubspotDisconnect,
  bglcas360: API.integrations.bglcas360Disconnect,
  bglsf360: API.integrations.bglsf360Disconnect,
} as const satisfies Record<IntegrationAppSlug, unknown>;

export const disconnectApp = (teamId: number, slug: IntegrationAppSlug) =>
  call(DISCONNECTS[slug], { query: { id_team: teamId } });

export const clientsPage = (
  teamId: number,
  slug: IntegrationAppSlug,
  query: { search?: string; type: IntegrationClientType; page: number; limit?: number },
  signal?: AbortSignal,
) => call(API.integrations.clients, { params: { app: slug }, query: { id_team: teamId, ...query }, signal });

export const clientDetail = (
  teamId: number,
  slug: IntegrationAppSlug,
  clientId: string,
  signal?: AbortSignal,
) => call(API.integrations.client, { params: { app: slug, clientId }, query: { id_team: teamId }, signal });

/** Select Member/Trustee: one fund's contacts on Simple Fund 360, members or trustees, by name. */
export const fundContactsPage = (
  teamId: number,
  fundId: string,
  query: { entityRelation?: FundContactRelation; name?: string; page: number },
  signal?: AbortSignal,
) =>
  call(API.integrations.fundContacts, { params: { fundId }, query: { id_team: teamId, ...query }, signal });

/**
 * Import Client (question_id: a party question), Select Fund (question_id "fund"), or Select
 * Member/Trustee (contact_id: one of the fund client_id's contacts).
 */
export const importClient = (
  teamId: number,
  slug: IntegrationAppSlug,
  body: { doc_id: number; client_id: string; question_id: string; contact_id?: string },
) => call(API.integrations.importClient, { params: { app: slug }, query: { id_team: teamId }, body });

/** The accounting organisations (tenants) of the caller's Xero connection, the one in use selected. */
export const accountingOrganisationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "accounting-organisations", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) =>
      call(API.integrations.accountingOrganisations, { signal, query: { id_team: teamId } }),
  });

export const setAccountingOrganisation = (teamId: number, tenantId: string) =>
  call(API.integrations.setAccountingOrganisation, {
    query: { id_team: teamId },
    body: { tenant_id: tenantId },
  });

/** Simple Fund 360: whether the fund of the document's answers is already on SF 360. */
export const fundOnSimpleFund = (teamId: number, docId: number) =>
  call(API.integrations.fundOnSimpleFund, { query: { id_team: teamId, docId } });

/** Simple Fund 360's contact validation of the document's saved answers: data and errors. */
export const validateFundContacts = (teamId: number, docId: number) =>
  call(API.integrations.validateFundContacts, { query: { id_team: teamId }, body: { doc_id: docId } });

/** CAS 360: a registered company's Certificate of Registration sent again (the top bar's action). */
export const sendCertificateToCas360 = (teamId: number, docId: number) =>
  call(API.integrations.sendCertificateToCas360, { query: { id_team: teamId }, body: { doc_id: docId } });
