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
  InitPaymentRequest,
  InitPaymentResponse,
  LodgementResponse,
  TransactionStatusResponse,
} from "../asic.ts";
import { TeamScopeQuery } from "../folders.ts";
import { defineCall } from "./define.ts";

const NOT_SEEN = "No such document in this firm that the caller can see";
const NOT_NOW =
  "Not a company registration document, or the application's state refuses it (already paid, gateway locked, not paid, already lodged)";

/** A company registration: the name, the address check, ASIC's fee, lodgement, the kit. */
export const asicCalls = {
  checkCompanyName: defineCall({
    method: "POST",
    path: "/api/asic/check-company-name",
    query: TeamScopeQuery,
    body: CheckCompanyNameRequest,
    reply: CheckCompanyNameResponse,
    errors: { 400: "An empty or over-long name, or no legal element", 404: NOT_SEEN },
  }),
  applyProposedName: defineCall({
    method: "POST",
    path: "/api/asic/apply-proposed-name",
    query: TeamScopeQuery,
    body: ApplyProposedNameRequest,
    reply: ApplyProposedNameResponse,
    errors: {
      400: "No legal element, or a confirmation or the consent not ticked",
      403: "The caller may not interview this document",
      404: NOT_SEEN,
      409: "Not a company registration document, or one no longer being drafted (completed, signed)",
    },
  }),
  /** What the wizard recorded on a registration document (its name, consent and Director ID). */
  checkPreConsent: defineCall({
    method: "POST",
    path: "/api/asic/check-pre-consent",
    query: TeamScopeQuery,
    body: CheckPreConsentRequest,
    reply: CheckPreConsentResponse,
    errors: { 400: "No doc_id, or not an id", 404: NOT_SEEN },
  }),
  /**
   * The reply's `isValid` is judged by the web as sent (the strings 'true' and 'false' count too),
   * so the web reads it with `CheckAddressReplyAsSent`.
   */
  checkAddress: defineCall({
    method: "POST",
    path: "/api/asic/check-address",
    query: TeamScopeQuery,
    body: CheckAddressRequest,
    reply: CheckAddressResponse,
    errors: { 400: "A field is not valid", 404: NOT_SEEN },
  }),
  /** Payment, ASIC status, ACN and certificate of a registration document. */
  application: defineCall({
    method: "POST",
    path: "/api/asic/application",
    query: TeamScopeQuery,
    body: AsicDocRequest,
    reply: AsicApplicationResponse,
    errors: { 404: NOT_SEEN, 409: NOT_NOW },
  }),
  initPayment: defineCall({
    method: "POST",
    path: "/api/asic/init-payment",
    query: TeamScopeQuery,
    body: InitPaymentRequest,
    reply: InitPaymentResponse,
    errors: { 400: "A field is not valid", 404: NOT_SEEN, 409: NOT_NOW },
  }),
  transactionStatus: defineCall({
    method: "POST",
    path: "/api/asic/get-transaction-status",
    query: TeamScopeQuery,
    body: AsicDocRequest,
    reply: TransactionStatusResponse,
    errors: { 404: NOT_SEEN, 409: NOT_NOW, 502: "The gateway does not know the transaction" },
  }),
  lodge: defineCall({
    method: "POST",
    path: "/api/asic/registration-company-lodgement",
    query: TeamScopeQuery,
    body: AsicDocRequest,
    reply: LodgementResponse,
    errors: { 404: NOT_SEEN, 409: NOT_NOW, 502: "Failed to post ASIC lodgement" },
  }),
  companyKit: defineCall({
    method: "POST",
    path: "/api/asic/company-kit",
    query: TeamScopeQuery,
    body: CompanyKitRequest,
    reply: CompanyKitResponse,
    errors: {
      400: "Not a proprietary company limited by shares",
      404: NOT_SEEN,
      409: "Not a registration, not registered by ASIC yet, or the kit was already made",
    },
  }),
} as const;
