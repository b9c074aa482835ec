import {
  AccountingOrganisationsResponse,
  Cas360CertificateBody,
  Cas360CertificateResponse,
  CheckExistContactQuery,
  CheckExistContactResponse,
  FundContactsParams,
  FundContactsQuery,
  FundContactsResponse,
  IntegrationAppParams,
  IntegrationAuthRedirectQuery,
  IntegrationClientDetailResponse,
  IntegrationClientParams,
  IntegrationClientsQuery,
  IntegrationClientsResponse,
  IntegrationConnectedResponse,
  IntegrationDisconnectQuery,
  IntegrationDisconnectResponse,
  IntegrationGroupsQuery,
  IntegrationGroupsResponse,
  IntegrationImportBody,
  IntegrationImportResponse,
  IntegrationLinkQuery,
  IntegrationLinkResponse,
  IntegrationRedirectResponse,
  IntegrationSyncBody,
  IntegrationSyncResponse,
  IntegrationTeamQuery,
  SetTenantBody,
  SetTenantResponse,
  ValidateFundContactsBody,
  ValidateFundContactsResponse,
} from "../integrations.ts";
import { defineCall } from "./define.ts";

const PROVIDER_DOWN = "The provider is down or asked us to slow down";
const RENEW = "The connection needs renewing";
const NO_CONNECTION = "No connection of the caller to this app (or not a member of this firm)";
const NO_SF360 = "No such document, no Simple Fund 360 connection of the caller, or not a member";

/** Each app's return from its authorisation page: the code exchanged for the connection. */
const redirect = <const P extends `/api/${string}/auth/redirect`>(path: P) =>
  defineCall({
    method: "GET",
    path,
    query: IntegrationAuthRedirectQuery,
    reply: IntegrationRedirectResponse,
    errors: {
      400: "Invalid token, or a forged, used or expired state, or a refused code",
      404: "Not a member of this firm",
      502: PROVIDER_DOWN,
    },
  });

/**
 * Each app's authorisation link. The spec names the e-signing app's call `link-register` and the
 * others' `get-link-register`.
 */
const link = <const P extends `/api/${string}/auth/${"link-register" | "get-link-register"}`>(path: P) =>
  defineCall({
    method: "GET",
    path,
    query: IntegrationLinkQuery,
    reply: IntegrationLinkResponse,
    errors: {
      400: "Cannot get company id",
      404: "Not a member of this firm",
      409: "The app is not enabled yet",
    },
  });

/** Disconnecting an app, revoking it at the provider. The spec names CRM's call without `auth/`. */
const disconnect = <const P extends `/api/${string}/disconnect`>(path: P) =>
  defineCall({
    method: "GET",
    path,
    query: IntegrationDisconnectQuery,
    reply: IntegrationDisconnectResponse,
    errors: {
      400: "Cannot get company id",
      404: "No such connection of the caller in this firm (or not a member)",
      502: PROVIDER_DOWN,
    },
  });

/** The firm's connections to other apps and what they bring into documents (spec §9). */
export const integrationCalls = {
  groups: defineCall({
    method: "GET",
    path: "/api/connection/get-all",
    query: IntegrationGroupsQuery,
    reply: IntegrationGroupsResponse,
    errors: { 400: "Cannot get company id", 404: "Not a member of this firm" },
  }),
  connected: defineCall({
    method: "GET",
    path: "/api/connection/list-app-connected",
    query: IntegrationTeamQuery,
    reply: IntegrationConnectedResponse,
    errors: { 400: "Cannot get company id", 404: "Not a member of this firm" },
  }),
  xeroRedirect: redirect("/api/xero/auth/redirect"),
  fusesignRedirect: redirect("/api/fusesign/auth/redirect"),
  hubspotRedirect: redirect("/api/hubspot/auth/redirect"),
  bglcas360Redirect: redirect("/api/bglcas360/auth/redirect"),
  bglsf360Redirect: redirect("/api/bglsf360/auth/redirect"),
  xeroLink: link("/api/xero/auth/get-link-register"),
  fusesignLink: link("/api/fusesign/auth/link-register"),
  hubspotLink: link("/api/hubspot/auth/get-link-register"),
  bglcas360Link: link("/api/bglcas360/auth/get-link-register"),
  bglsf360Link: link("/api/bglsf360/auth/get-link-register"),
  xeroDisconnect: disconnect("/api/xero/auth/disconnect"),
  fusesignDisconnect: disconnect("/api/fusesign/auth/disconnect"),
  hubspotDisconnect: disconnect("/api/hubspot/disconnect"),
  bglcas360Disconnect: disconnect("/api/bglcas360/auth/disconnect"),
  bglsf360Disconnect: disconnect("/api/bglsf360/auth/disconnect"),
  clients: defineCall({
    method: "GET",
    path: "/api/integrations/:app/clients",
    params: IntegrationAppParams,
    query: IntegrationClientsQuery,
    reply: IntegrationClientsResponse,
    errors: {
      400: "Cannot get company id, or no contact type ('no contact type')",
      404: NO_CONNECTION,
      409: RENEW,
      502: PROVIDER_DOWN,
    },
  }),
  client: defineCall({
    method: "GET",
    path: "/api/integrations/:app/clients/:clientId",
    params: IntegrationClientParams,
    query: IntegrationTeamQuery,
    reply: IntegrationClientDetailResponse,
    errors: {
      400: "Cannot get company id",
      404: "No connection of the caller to this app, or no such client in its organisation",
      409: RENEW,
      502: PROVIDER_DOWN,
    },
  }),
  /** Import Client, Select Fund or Select Member/Trustee into the document's answers. */
  importClient: defineCall({
    method: "POST",
    path: "/api/integrations/:app/import",
    params: IntegrationAppParams,
    query: IntegrationTeamQuery,
    body: IntegrationImportBody,
    reply: IntegrationImportResponse,
    errors: {
      400: "No such party question in the document's interview",
      404: "No such document, no connection of the caller to this app, or no such client",
      409: "A completed document, an application lodged with ASIC (read only), the connection needs renewing, no funds in the app, or the group is full",
      422: "Client imported failed! Data not matching",
      502: PROVIDER_DOWN,
    },
  }),
  sync: defineCall({
    method: "POST",
    path: "/api/integrations/:app/sync",
    params: IntegrationAppParams,
    query: IntegrationTeamQuery,
    body: IntegrationSyncBody,
    reply: IntegrationSyncResponse,
    errors: {
      400: "no client ID, or bad input",
      404: "No such document, no connection of the caller to this app, or no such client",
      409: "No assembled PDF, the app takes no documents, or the connection needs renewing",
      502: PROVIDER_DOWN,
    },
  }),
  accountingOrganisations: defineCall({
    method: "GET",
    path: "/api/xero/auth/organization",
    query: IntegrationTeamQuery,
    reply: AccountingOrganisationsResponse,
    errors: {
      400: "Cannot get company id",
      404: "The caller has no Xero connection in this firm",
      409: RENEW,
      502: PROVIDER_DOWN,
    },
  }),
  setAccountingOrganisation: defineCall({
    method: "PUT",
    path: "/api/xero/auth/set-tenant",
    query: IntegrationTeamQuery,
    body: SetTenantBody,
    reply: SetTenantResponse,
    errors: {
      400: "No such organisation among the connection's, or no tenant_id",
      404: "The caller has no Xero connection in this firm",
      409: RENEW,
      502: PROVIDER_DOWN,
    },
  }),
  fundOnSimpleFund: defineCall({
    method: "GET",
    path: "/api/bglsf360/simple-fund/check-exist-contact",
    query: CheckExistContactQuery,
    reply: CheckExistContactResponse,
    errors: {
      400: "no Doc ID",
      404: NO_SF360,
      409: "A completed document, or the connection needs renewing",
      502: PROVIDER_DOWN,
    },
  }),
  sendCertificateToCas360: defineCall({
    method: "POST",
    path: "/api/bglcas360/certificate/upload",
    query: IntegrationTeamQuery,
    body: Cas360CertificateBody,
    reply: Cas360CertificateResponse,
    errors: {
      400: "no Doc ID",
      404: "No CAS 360 connection, no such document, or no certificate kept for it",
      409: "The connection needs renewing",
      502: "CAS 360 did not take the certificate (the note to upload it by hand)",
    },
  }),
  validateFundContacts: defineCall({
    method: "POST",
    path: "/api/bglsf360/simple-fund/validate-contact",
    query: IntegrationTeamQuery,
    body: ValidateFundContactsBody,
    reply: ValidateFundContactsResponse,
    errors: {
      400: "no Doc ID",
      404: NO_SF360,
      409: "A completed document, or the connection needs renewing",
      502: PROVIDER_DOWN,
    },
  }),
  fundContacts: defineCall({
    method: "GET",
    path: "/api/bglsf360/simple-fund/:fundId/list-contact",
    params: FundContactsParams,
    query: FundContactsQuery,
    reply: FundContactsResponse,
    errors: {
      400: "Cannot get company id",
      404: "No Simple Fund 360 connection of the caller, or no such fund in its organisation",
      409: RENEW,
      502: PROVIDER_DOWN,
    },
  }),
} as const;
