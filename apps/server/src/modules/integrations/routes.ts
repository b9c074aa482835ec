import {
  AccountingOrganisationsResponse,
  accountingOrganisationChanged,
  CAS360_CERTIFICATE_UPLOADED,
  Cas360CertificateBody,
  Cas360CertificateResponse,
  CheckExistContactQuery,
  CheckExistContactResponse,
  ErrorEnvelope,
  FundContactsParams,
  FundContactsQuery,
  FundContactsResponse,
  INTEGRATION_APP_SLUGS,
  INTEGRATION_APPS,
  INTEGRATION_DISCONNECTED,
  INTEGRATION_IMPORTED,
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
  IntegrationLogQuery,
  IntegrationLogResponse,
  IntegrationRedirectResponse,
  IntegrationSyncBody,
  IntegrationSyncResponse,
  IntegrationTeamQuery,
  integrationSyncQueued,
  SetTenantBody,
  SetTenantResponse,
  SF360_FUND_EXISTS,
  SF360_VALIDATED,
  ValidateFundContactsBody,
  ValidateFundContactsResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { LogsService } from "../logs/index.ts";
import { redact } from "./redact.ts";
import type { IntegrationsService } from "./service.ts";

const noCompanyId = ErrorEnvelope.describe("'Cannot get company id': no id_team");
const notAMember = ErrorEnvelope.describe("Not a member of this firm (or no such firm)");
const providerDown = ErrorEnvelope.describe("The provider is down or asked us to slow down (429)");

export const integrationRoutes: FastifyPluginAsyncZod<{
  integrations: IntegrationsService;
  logs: Pick<LogsService, "integrationLog">;
}> = async (app, { integrations, logs }) => {
  app.get(
    "/connection/get-all",
    {
      schema: {
        tags: ["integrations"],
        summary: "The app cards, grouped by group name, with the caller's own connections",
        querystring: IntegrationGroupsQuery,
        response: { 200: IntegrationGroupsResponse, 400: noCompanyId, 404: notAMember },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await integrations.groups(ctx) };
    },
  );

  app.get(
    "/integrations/logs",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "The integrations page's Logs: integration log entries across documents, with passed and failed counts",
        description:
          "Newest first, 15 a page. Owners and managers read the firm's entries, members their own. `totals` counts every entry in that scope whatever `is_success` asks for. Tokens, secrets and personal data in the request and response are redacted.",
        querystring: IntegrationLogQuery,
        response: {
          200: IntegrationLogResponse,
          400: ErrorEnvelope.describe("Bad input: `data.errors` names each field, or no id_team"),
          404: notAMember,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const page = await logs.integrationLog(ctx, request.query);
      // Redacted again on the way out: entries written before redaction, or by another module, are
      // shown to the whole firm and must not carry a token or a client's personal data.
      const rows = page.rows.map((entry) => ({
        ...entry,
        request: redact(entry.request) as Record<string, unknown>,
        response: { ...(redact(entry.response) as Record<string, unknown>), status: entry.response.status },
        response_message: redact(entry.response_message) as string,
      }));
      return { message: "", data: { ...page, rows } };
    },
  );

  app.get(
    "/connection/list-app-connected",
    {
      schema: {
        tags: ["integrations"],
        summary: "The caller's connected apps (including ones that need renewing)",
        querystring: IntegrationTeamQuery,
        response: { 200: IntegrationConnectedResponse, 400: noCompanyId, 404: notAMember },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await integrations.connected(ctx) };
    },
  );

  for (const slug of INTEGRATION_APP_SLUGS) {
    const name = INTEGRATION_APPS.find((a) => a.slug === slug)?.app ?? slug;
    const tags = ["integrations"];
    const linkSchema = {
      tags,
      summary: `The ${name} authorisation link (OAuth 2.0 with state and PKCE): data.url`,
      querystring: IntegrationLinkQuery,
      response: {
        200: IntegrationLinkResponse,
        400: noCompanyId,
        404: notAMember,
        409: ErrorEnvelope.describe("The app is not enabled yet"),
      },
    };
    // The spec names the e-signing app's call link-register and the others' get-link-register.
    app.get(
      `/${slug}/auth/${slug === "fusesign" ? "link-register" : "get-link-register"}`,
      { schema: linkSchema },
      async (request) => {
        const ctx = await request.firm();
        return { message: "", data: await integrations.linkRegister(ctx, slug) };
      },
    );

    app.get(
      `/${slug}/auth/redirect`,
      {
        schema: {
          tags,
          summary: `Exchanges the code ${name} returned for tokens (kept encrypted) and connects`,
          querystring: IntegrationAuthRedirectQuery,
          response: {
            200: IntegrationRedirectResponse,
            400: ErrorEnvelope.describe(
              `'Invalid token' without a code; 'Fail to connect your ${name} account! Please try again!' for a forged, used or expired state or a refused code`,
            ),
            404: notAMember,
            502: providerDown,
          },
        },
      },
      async (request) => {
        const ctx = await request.firm();
        const result = await integrations.redirect(ctx, slug, request.query);
        return { message: `Successfully connected to your ${name} account.`, data: result };
      },
    );

    app.get(
      slug === "hubspot" ? "/hubspot/disconnect" : `/${slug}/auth/disconnect`,
      {
        schema: {
          tags,
          summary: `Disconnects the caller's ${name} connection, revoking it at the provider`,
          querystring: IntegrationDisconnectQuery,
          response: {
            200: IntegrationDisconnectResponse,
            400: noCompanyId,
            404: ErrorEnvelope.describe("No such connection of the caller in this firm (or not a member)"),
            502: providerDown,
          },
        },
      },
      async (request) => {
        const ctx = await request.firm();
        const data = await integrations.disconnect(ctx, slug, request.query.connection_id);
        return { message: INTEGRATION_DISCONNECTED, data };
      },
    );
  }

  const noXeroConnection = ErrorEnvelope.describe(
    "The caller has no Xero connection in this firm (or is not a member)",
  );
  app.get(
    "/xero/auth/organization",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "The accounting organisations (tenants) the caller's Xero connection covers, the one in use selected",
        querystring: IntegrationTeamQuery,
        response: {
          200: AccountingOrganisationsResponse,
          400: noCompanyId,
          404: noXeroConnection,
          409: ErrorEnvelope.describe("The connection needs renewing"),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await integrations.organisations(ctx) };
    },
  );

  app.put(
    "/xero/auth/set-tenant",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Change Organisation: the caller's Xero connection uses another of its organisations for imports and syncs",
        querystring: IntegrationTeamQuery,
        body: SetTenantBody,
        response: {
          200: SetTenantResponse,
          400: ErrorEnvelope.describe(
            "No such organisation among the connection's (nothing is changed), no tenant_id, or no id_team",
          ),
          404: noXeroConnection,
          409: ErrorEnvelope.describe("The connection needs renewing"),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const data = await integrations.setTenant(ctx, request.body.tenant_id);
      return { message: accountingOrganisationChanged(data.tenant_name), data };
    },
  );

  const fundDocumentErrors = {
    400: ErrorEnvelope.describe("'no Doc ID', or no id_team"),
    403: ErrorEnvelope.describe("The actor may not interview this document"),
    404: ErrorEnvelope.describe(
      "No such document in the firm, no Simple Fund 360 connection of the caller, or not a member",
    ),
    409: ErrorEnvelope.describe(
      "'You can not interview a completed document.', or the connection needs renewing",
    ),
    502: providerDown,
  };
  app.get(
    "/bglsf360/simple-fund/check-exist-contact",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Whether the fund of the document's answers already exists on Simple Fund 360 (then assembling syncs no changes)",
        querystring: CheckExistContactQuery,
        response: { 200: CheckExistContactResponse, ...fundDocumentErrors },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const data = await integrations.fundExists(ctx, "bglsf360", request.query.docId);
      return { message: data.exists ? SF360_FUND_EXISTS : "", data };
    },
  );

  app.post(
    "/bglsf360/simple-fund/validate-contact",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Validates the fund's members and trustees in the document's answers with Simple Fund 360: data per contact, and the fund app's errors",
        querystring: IntegrationTeamQuery,
        body: ValidateFundContactsBody,
        response: { 200: ValidateFundContactsResponse, ...fundDocumentErrors },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const data = await integrations.validateFundContacts(ctx, "bglsf360", request.body.doc_id);
      return { message: data.errors[0] ?? SF360_VALIDATED, data };
    },
  );

  app.post(
    "/bglcas360/certificate/upload",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Sends a registered company's Certificate of Registration to the caller's CAS 360 again (the interview top bar's CAS 360 action), logged as a CAS entry",
        description:
          "For a registration ASIC has registered whose certificate is still kept (30 days). Through the caller's own CAS 360 connection; the upload is logged as the first one is. A failed upload answers 502 with the spec's note to upload it by hand.",
        querystring: IntegrationTeamQuery,
        body: Cas360CertificateBody,
        response: {
          200: Cas360CertificateResponse,
          400: ErrorEnvelope.describe("no Doc ID, or no id_team"),
          404: ErrorEnvelope.describe(
            "No CAS 360 connection of the caller's, no such document in the firm, or no certificate kept for it",
          ),
          409: ErrorEnvelope.describe("The CAS 360 connection needs renewing"),
          502: ErrorEnvelope.describe(
            "CAS 360 did not take the certificate: the spec's note to upload it by hand",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const data = await integrations.sendCertificateAgain(ctx, request.body.doc_id);
      return { message: CAS360_CERTIFICATE_UPLOADED, data: { certificate_upload: data } };
    },
  );

  app.get(
    "/bglsf360/simple-fund/:fundId/list-contact",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Select Member/Trustee: one fund's contacts on Simple Fund 360, members or trustees (spec §7's relation mapping), by name, 15 a page",
        params: FundContactsParams,
        querystring: FundContactsQuery,
        response: {
          200: FundContactsResponse,
          400: noCompanyId,
          404: ErrorEnvelope.describe(
            "No Simple Fund 360 connection of the caller, or no such fund in its organisation (another organisation's fund id), or not a member",
          ),
          409: ErrorEnvelope.describe("The connection needs renewing"),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { id_team: _team, ...query } = request.query;
      return {
        message: "",
        data: await integrations.fundContacts(ctx, "bglsf360", request.params.fundId, query),
      };
    },
  );

  app.get(
    "/integrations/:app/clients",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "The connected app's clients by type and name, a page at a time (the access token is refreshed first when due)",
        params: IntegrationAppParams,
        querystring: IntegrationClientsQuery,
        response: {
          200: IntegrationClientsResponse,
          400: ErrorEnvelope.describe("Cannot get company id, or no contact type ('no contact type')"),
          404: ErrorEnvelope.describe("No connection of the caller to this app (or not a member)"),
          409: ErrorEnvelope.describe("The connection needs renewing"),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { id_team: _team, ...query } = request.query;
      return { message: "", data: await integrations.clients(ctx, request.params.app, query) };
    },
  );

  app.get(
    "/integrations/:app/clients/:clientId",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "One client of the connection's organisation: general information, contacts and relationships",
        params: IntegrationClientParams,
        querystring: IntegrationTeamQuery,
        response: {
          200: IntegrationClientDetailResponse,
          400: noCompanyId,
          404: ErrorEnvelope.describe(
            "No connection of the caller to this app, or no such client in its organisation (another organisation's client id)",
          ),
          409: ErrorEnvelope.describe("The connection needs renewing"),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: "",
        data: await integrations.clientDetail(ctx, request.params.app, request.params.clientId),
      };
    },
  );

  app.post(
    "/integrations/:app/import",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Import Client (question_id: a party question), Select Fund (question_id 'fund') or Select Member/Trustee (contact_id: one of the fund's contacts, into a party question or a group of parties): the data as interview answers",
        params: IntegrationAppParams,
        querystring: IntegrationTeamQuery,
        body: IntegrationImportBody,
        response: {
          200: IntegrationImportResponse,
          400: ErrorEnvelope.describe("No such party question in the document's interview"),
          403: ErrorEnvelope.describe("The actor may not interview this document"),
          404: ErrorEnvelope.describe(
            "No such document, no connection of the caller to this app, or no such client in its organisation",
          ),
          409: ErrorEnvelope.describe(
            "'You can not interview a completed document.', the connection needs renewing, the app holds no funds (contact_id), or the group is full",
          ),
          422: ErrorEnvelope.describe(
            "'Client imported failed! Data not matching': the party does not take this client's type",
          ),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: INTEGRATION_IMPORTED,
        data: await integrations.importClient(ctx, request.params.app, request.body),
      };
    },
  );

  app.post(
    "/integrations/:app/sync",
    {
      schema: {
        tags: ["integrations"],
        summary:
          "Sync Document: sends the assembled PDF to one client of the app, on the job queue with retries",
        params: IntegrationAppParams,
        querystring: IntegrationTeamQuery,
        body: IntegrationSyncBody,
        response: {
          200: IntegrationSyncResponse,
          400: ErrorEnvelope.describe("'no client ID', or bad input"),
          404: ErrorEnvelope.describe(
            "No such document, no connection of the caller to this app, or no such client in its organisation",
          ),
          409: ErrorEnvelope.describe(
            "The document has no assembled PDF, the app takes no documents, or the connection needs renewing",
          ),
          502: providerDown,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const app = INTEGRATION_APPS.find((a) => a.slug === request.params.app)?.app ?? request.params.app;
      return {
        message: integrationSyncQueued(app),
        data: await integrations.syncDocument(ctx, request.params.app, request.body),
      };
    },
  );
};
