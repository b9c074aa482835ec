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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type FirmContext, sendFileStream } from "../../platform/kernel/index.ts";
import type { AsicRegistration } from "./registration.ts";
import type { AsicService } from "./service.ts";

const badInput = ErrorEnvelope.describe("Bad input: an empty or over-long name, no legal element, a bad id");
const noDocument = ErrorEnvelope.describe(
  "No such document in this firm that the caller can see (or no such firm)",
);

export const asicRoutes: FastifyPluginAsyncZod<{
  asic: AsicService;
  asicRegistration: AsicRegistration;
}> = async (app, { asic, asicRegistration }) => {
  const notRegistration = ErrorEnvelope.describe(
    "Not a company registration (ASIC) document; or the application's state refuses it (already paid, gateway locked, not paid, already lodged)",
  );

  /**
   * A POST /asic/… call: the firm from `?id_team=`, the registration document (and what else the
   * call needs) in the body, and one service call that answers it.
   */
  function asicDocRoute<Body extends z.ZodType, Reply extends z.ZodType>(
    url: string,
    schema: { summary: string; body: Body; response: { 200: Reply; [status: number]: z.ZodType } },
    answer: (ctx: FirmContext, body: z.output<Body>) => Promise<z.output<Reply>>,
  ) {
    app.post(
      url,
      {
        schema: {
          tags: ["asic"],
          summary: schema.summary,
          querystring: TeamScopeQuery,
          body: schema.body,
          response: schema.response,
        },
      },
      // The type provider cannot see through the generic `Body`; the validator has produced it.
      async (request) => answer(await request.firm(), request.body as z.output<Body>),
    );
  }

  asicDocRoute(
    "/asic/check-company-name",
    {
      summary:
        "Company name availability from the regulator: available, available after manual review, or not",
      body: CheckCompanyNameRequest,
      response: { 200: CheckCompanyNameResponse, 400: badInput, 404: noDocument },
    },
    (ctx, body) => asic.checkCompanyName(ctx, body),
  );

  asicDocRoute(
    "/asic/apply-proposed-name",
    {
      summary:
        "Applies for the proposed company name for a registration document and records its consents (data.applied)",
      body: ApplyProposedNameRequest,
      response: {
        200: ApplyProposedNameResponse,
        400: ErrorEnvelope.describe(
          "Bad input: a name without its legal element, Director ID confirmations not all ticked, consent not ticked",
        ),
        403: ErrorEnvelope.describe("The caller may not interview this document"),
        404: noDocument,
        409: ErrorEnvelope.describe(
          "Not a company registration (ASIC) document, or one no longer being drafted (completed, signed)",
        ),
      },
    },
    (ctx, body) => asic.applyProposedName(ctx, body),
  );

  asicDocRoute(
    "/asic/check-pre-consent",
    {
      summary:
        "Whether a registration document has its pre-registration consent and Director ID confirmations",
      body: CheckPreConsentRequest,
      response: { 200: CheckPreConsentResponse, 400: badInput, 404: noDocument },
    },
    (ctx, body) => asic.checkPreConsent(ctx, body.doc_id),
  );

  asicDocRoute(
    "/asic/check-address",
    {
      summary:
        "Checks an Australian street address (state and postcode, street number and type): data.isValid, with the problems found",
      body: CheckAddressRequest,
      response: { 200: CheckAddressResponse, 400: badInput, 404: noDocument },
    },
    (ctx, body) => asic.checkAddress(ctx, body),
  );

  asicDocRoute(
    "/asic/application",
    {
      summary: "A registration document's application: payment, ASIC status, ACN and certificate",
      body: AsicDocRequest,
      response: { 200: AsicApplicationResponse, 400: badInput, 404: noDocument, 409: notRegistration },
    },
    (ctx, body) => asicRegistration.application(ctx, body.doc_id),
  );

  asicDocRoute(
    "/asic/company-kit",
    {
      summary:
        "Makes the company kit of a registered company (ASIC status COMP), once: the constitution, the officers' consents, the first directors' minutes and the share certificates and registers, as new documents in the registration's folder, answered from the application and assembled",
      body: CompanyKitRequest,
      response: {
        200: CompanyKitResponse,
        400: ErrorEnvelope.describe(
          "Bad input; or the company is not a proprietary company limited by shares, the one type the kit is written for",
        ),
        404: noDocument,
        409: ErrorEnvelope.describe(
          "Not a company registration (ASIC) document; not registered by ASIC yet (no ACN); or the kit was already made",
        ),
      },
    },
    (ctx, body) => asicRegistration.createCompanyKit(ctx, body.doc_id),
  );

  asicDocRoute(
    "/asic/init-payment",
    {
      summary:
        "Starts paying ASIC's fee: data.payment.paymentURL, or data.messageEvent when the gateway refuses",
      body: InitPaymentRequest,
      response: { 200: InitPaymentResponse, 400: badInput, 404: noDocument, 409: notRegistration },
    },
    (ctx, body) => asicRegistration.initPayment(ctx, body),
  );

  asicDocRoute(
    "/asic/get-transaction-status",
    {
      summary:
        "The fee payment's result (businessDocumentBody.feePayment: declinedCode, declinedMessage, receiptNum), recorded once",
      body: AsicDocRequest,
      response: {
        200: TransactionStatusResponse,
        400: badInput,
        404: noDocument,
        409: notRegistration,
        502: ErrorEnvelope.describe("The gateway does not know the transaction"),
      },
    },
    (ctx, body) => asicRegistration.transactionStatus(ctx, body.doc_id),
  );

  asicDocRoute(
    "/asic/registration-company-lodgement",
    {
      summary: "Lodges a paid registration application with ASIC (data.notProcessed); ASIC decides later",
      body: AsicDocRequest,
      response: {
        200: LodgementResponse,
        400: badInput,
        404: noDocument,
        409: notRegistration,
        502: ErrorEnvelope.describe("Failed to post ASIC lodgement. Please try again"),
      },
    },
    (ctx, body) => asicRegistration.lodge(ctx, body.doc_id),
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
      const ctx = await request.firm();
      const certificate = await asicRegistration.certificate(ctx, request.query.doc_id);
      const { body, size } = certificate.file;
      return sendFileStream(
        reply,
        { body, size, mediaType: "application/pdf", name: certificate.fileName },
        "attachment",
      );
    },
  );
};
