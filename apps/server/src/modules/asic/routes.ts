import {
  ApplyProposedNameRequest,
  ApplyProposedNameResponse,
  AsicApplicationResponse,
  AsicDocRequest,
  CheckAddressRequest,
  CheckAddressResponse,
  CheckCompanyNameRequest,
  CheckCompanyNameResponse,
  CheckPreConsentRequest,
  CheckPreConsentResponse,
  CompanyKitRequest,
  CompanyKitResponse,
  ErrorEnvelope,
  InitPaymentRequest,
  InitPaymentResponse,
  LodgementResponse,
  TeamScopeQuery,
  TransactionStatusResponse,
} from "@precedent/contracts";
import { create as contentDisposition } from "content-disposition";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { Services } from "../../services.ts";

const badInput = ErrorEnvelope.describe("Bad input: an empty or over-long name, no legal element, a bad id");
const noDocument = ErrorEnvelope.describe(
  "No such document in this firm that the caller can see (or no such firm)",
);

export const asicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { asic, asicRegistration, firmContext } = services;
  const notRegistration = ErrorEnvelope.describe(
    "Not a company registration (ASIC) document; or the application's state refuses it (already paid, gateway locked, not paid, already lodged)",
  );

  app.post(
    "/asic/check-company-name",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Company name availability from the regulator: available, available after manual review, or not",
        querystring: TeamScopeQuery,
        body: CheckCompanyNameRequest,
        response: { 200: CheckCompanyNameResponse, 400: badInput, 404: noDocument },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asic.checkCompanyName(ctx, request.body);
    },
  );

  app.post(
    "/asic/apply-proposed-name",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Applies for the proposed company name for a registration document and records its consents (data.applied)",
        querystring: TeamScopeQuery,
        body: ApplyProposedNameRequest,
        response: {
          200: ApplyProposedNameResponse,
          400: ErrorEnvelope.describe(
            "Bad input: a name without its legal element, Director ID confirmations not all ticked, consent not ticked",
          ),
          403: ErrorEnvelope.describe("The caller may not interview this document"),
          404: noDocument,
          409: ErrorEnvelope.describe("Not a company registration (ASIC) document"),
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asic.applyProposedName(ctx, request.body);
    },
  );

  app.post(
    "/asic/check-pre-consent",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Whether a registration document has its pre-registration consent and Director ID confirmations",
        querystring: TeamScopeQuery,
        body: CheckPreConsentRequest,
        response: { 200: CheckPreConsentResponse, 400: badInput, 404: noDocument },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asic.checkPreConsent(ctx, request.body.doc_id);
    },
  );

  app.post(
    "/asic/check-address",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Checks an Australian street address (state and postcode, street number and type): data.isValid, with the problems found",
        querystring: TeamScopeQuery,
        body: CheckAddressRequest,
        response: { 200: CheckAddressResponse, 400: badInput, 404: noDocument },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asic.checkAddress(ctx, request.body);
    },
  );

  app.post(
    "/asic/application",
    {
      schema: {
        tags: ["asic"],
        summary: "A registration document's application: payment, ASIC status, ACN and certificate",
        querystring: TeamScopeQuery,
        body: AsicDocRequest,
        response: {
          200: AsicApplicationResponse,
          400: badInput,

          404: noDocument,
          409: notRegistration,
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asicRegistration.application(ctx, request.body.doc_id);
    },
  );

  app.post(
    "/asic/company-kit",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Makes the company kit of a registered company (ASIC status COMP), once: the constitution, the officers' consents, the first directors' minutes and the share certificates and registers, as new documents in the registration's folder, answered from the application and assembled",
        querystring: TeamScopeQuery,
        body: CompanyKitRequest,
        response: {
          200: CompanyKitResponse,
          400: badInput,
          404: noDocument,
          409: ErrorEnvelope.describe(
            "Not a company registration (ASIC) document; not registered by ASIC yet (no ACN); the kit was already made; or the company is not a proprietary company limited by shares",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asicRegistration.createCompanyKit(ctx, request.body.doc_id);
    },
  );

  app.post(
    "/asic/init-payment",
    {
      schema: {
        tags: ["asic"],
        summary:
          "Starts paying ASIC's fee: data.payment.paymentURL, or data.messageEvent when the gateway refuses",
        querystring: TeamScopeQuery,
        body: InitPaymentRequest,
        response: {
          200: InitPaymentResponse,
          400: badInput,

          404: noDocument,
          409: notRegistration,
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asicRegistration.initPayment(ctx, request.body);
    },
  );

  app.post(
    "/asic/get-transaction-status",
    {
      schema: {
        tags: ["asic"],
        summary:
          "The fee payment's result (businessDocumentBody.feePayment: declinedCode, declinedMessage, receiptNum), recorded once",
        querystring: TeamScopeQuery,
        body: AsicDocRequest,
        response: {
          200: TransactionStatusResponse,
          400: badInput,

          404: noDocument,
          409: notRegistration,
          502: ErrorEnvelope.describe("The gateway does not know the transaction"),
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asicRegistration.transactionStatus(ctx, request.body.doc_id);
    },
  );

  app.post(
    "/asic/registration-company-lodgement",
    {
      schema: {
        tags: ["asic"],
        summary: "Lodges a paid registration application with ASIC (data.notProcessed); ASIC decides later",
        querystring: TeamScopeQuery,
        body: AsicDocRequest,
        response: {
          200: LodgementResponse,
          400: badInput,

          404: noDocument,
          409: notRegistration,
          502: ErrorEnvelope.describe("Failed to post ASIC lodgement. Please try again"),
        },
      },
    },
    async (request) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      return asicRegistration.lodge(ctx, request.body.doc_id);
    },
  );

  app.get(
    "/asic/certificate",
    {
      schema: {
        tags: ["asic"],
        summary: "The Certificate of Registration (application/pdf), within 30 days of registration",
        querystring: TeamScopeQuery.extend(AsicDocRequest.shape),
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const ctx = await firmContext(actorOf(request), request.query.id_team);
      const file = await asicRegistration.certificate(ctx, request.query.doc_id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(file.fileName, { type: "attachment" }))
        .header("cache-control", "private, no-store")
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};
