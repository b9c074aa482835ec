import {
  AccountingOrganisationsResponse,
  CheckExistContactResponse,
  type FundContactRelation,
  FundContactsResponse,
  type IntegrationAppSlug,
  IntegrationClientDetailResponse,
  IntegrationClientsResponse,
  type IntegrationClientType,
  IntegrationConnectedResponse,
  IntegrationDisconnectResponse,
  IntegrationGroupsResponse,
  IntegrationImportResponse,
  IntegrationLinkResponse,
  IntegrationRedirectResponse,
  SetTenantResponse,
  ValidateFundContactsResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/client";

/** Spec §9 Integrations: query stale time 30 s. */
export const INTEGRATIONS_STALE_MS = 30_000;

export const integrationGroupsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "groups", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest("/api/connection/get-all", IntegrationGroupsResponse, {
        signal,
        query: { id_team: teamId, is_group: "1" },
      }),
  });

export const connectedAppsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "connected", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest("/api/connection/list-app-connected", IntegrationConnectedResponse, {
        signal,
        query: { id_team: teamId },
      }),
  });

export const authorisationLink = (teamId: number, slug: IntegrationAppSlug) =>
  apiRequest(
    slug === "fusesign" ? "/api/fusesign/auth/link-register" : `/api/${slug}/auth/get-link-register`,
    IntegrationLinkResponse,
    { query: { id_team: teamId } },
  );

export const exchangeCode = (teamId: number, slug: IntegrationAppSlug, code: string, state: string) =>
  apiRequest(`/api/${slug}/auth/redirect`, IntegrationRedirectResponse, {
    query: { id_team: teamId, code, state },
  });

export const disconnectApp = (teamId: number, slug: IntegrationAppSlug) =>
  apiRequest(
    slug === "hubspot" ? "/api/hubspot/disconnect" : `/api/${slug}/auth/disconnect`,
    IntegrationDisconnectResponse,
    {
      query: { id_team: teamId },
    },
  );

export const clientsPage = (
  teamId: number,
  slug: IntegrationAppSlug,
  query: { search?: string; type?: IntegrationClientType; page: number; limit?: number },
  signal?: AbortSignal,
) =>
  apiRequest(`/api/integrations/${slug}/clients`, IntegrationClientsResponse, {
    signal,
    query: { id_team: teamId, ...query },
  });

export const clientDetail = (
  teamId: number,
  slug: IntegrationAppSlug,
  clientId: string,
  signal?: AbortSignal,
) =>
  apiRequest(
    `/api/integrations/${slug}/clients/${encodeURIComponent(clientId)}`,
    IntegrationClientDetailResponse,
    {
      signal,
      query: { id_team: teamId },
    },
  );

/** Select Member/Trustee: one fund's contacts on Simple Fund 360, members or trustees, by name. */
export const fundContactsPage = (
  teamId: number,
  fundId: string,
  query: { entityRelation?: FundContactRelation; name?: string; page: number },
  signal?: AbortSignal,
) =>
  apiRequest(`/api/bglsf360/simple-fund/${encodeURIComponent(fundId)}/list-contact`, FundContactsResponse, {
    signal,
    query: { id_team: teamId, ...query },
  });

/**
 * Import Client (question_id: a party question), Select Fund (question_id "fund"), or Select
 * Member/Trustee (contact_id: one of the fund client_id's contacts).
 */
export const importClient = (
  teamId: number,
  slug: IntegrationAppSlug,
  body: { doc_id: number; client_id: string; question_id: string; contact_id?: string },
) =>
  apiRequest(`/api/integrations/${slug}/import`, IntegrationImportResponse, {
    method: "POST",
    query: { id_team: teamId },
    body,
  });

/** The accounting organisations (tenants) of the caller's Xero connection, the one in use selected. */
export const accountingOrganisationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["integrations", "accounting-organisations", teamId],
    staleTime: INTEGRATIONS_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest("/api/xero/auth/organization", AccountingOrganisationsResponse, {
        signal,
        query: { id_team: teamId },
      }),
  });

export const setAccountingOrganisation = (teamId: number, tenantId: string) =>
  apiRequest("/api/xero/auth/set-tenant", SetTenantResponse, {
    method: "PUT",
    query: { id_team: teamId },
    body: { tenant_id: tenantId },
  });

/** Simple Fund 360: whether the fund of the document's answers is already on SF 360. */
export const fundOnSimpleFund = (teamId: number, docId: number) =>
  apiRequest("/api/bglsf360/simple-fund/check-exist-contact", CheckExistContactResponse, {
    query: { id_team: teamId, docId },
  });

/** Simple Fund 360's contact validation of the document's saved answers: data and errors. */
export const validateFundContacts = (teamId: number, docId: number) =>
  apiRequest("/api/bglsf360/simple-fund/validate-contact", ValidateFundContactsResponse, {
    method: "POST",
    query: { id_team: teamId },
    body: { doc_id: docId },
  });
