import {
  API,
  type ApplyProposedNameRequest,
  type AsicStatus,
  CheckAddressReplyAsSent,
  type CheckAddressRequest,
  type CheckCompanyNameRequest,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, callReadingReplyAs } from "./call";

/** POST /api/asic/check-company-name: available, available after manual review, or not. */
export const checkCompanyName = (teamId: number, request: CheckCompanyNameRequest) =>
  call(API.asic.checkCompanyName, { query: { id_team: teamId }, body: request });

/** POST /api/asic/apply-proposed-name: applies for the name and records the consents. */
export const applyProposedName = (teamId: number, request: ApplyProposedNameRequest) =>
  call(API.asic.applyProposedName, { query: { id_team: teamId }, body: request });

/** POST /api/asic/application: payment, ASIC status, ACN and certificate of a registration document. */
export const asicApplication = (teamId: number, docId: number) =>
  call(API.asic.application, { query: { id_team: teamId }, body: { doc_id: docId } });
export const asicApplicationKey = (teamId: number, docId: number) =>
  ["asic-application", teamId, docId] as const;

/**
 * How often a screen showing a lodged registration asks again while ASIC decides it (In Progress):
 * the server's status job records the decision, and the row or the top bar should then show it
 * without the person reloading the page.
 */
export const ASIC_DECISION_POLL_MS = 10_000;
/** A registration lodged and waiting on ASIC's decision. */
export const awaitsAsic = (state: { asic_status?: AsicStatus | null } | undefined) =>
  state?.asic_status === "INPR";

/** The registration's state, asked again every few seconds while ASIC is deciding it. */
export const asicApplicationQuery = (teamId: number, docId: number) =>
  queryOptions({
    queryKey: asicApplicationKey(teamId, docId),
    queryFn: () => asicApplication(teamId, docId),
    retry: false,
    refetchInterval: (query) => (awaitsAsic(query.state.data) ? ASIC_DECISION_POLL_MS : false),
  });

/** The address the payment gateway returns to (interview spec §2). */
export const asicPaymentReturnPath = (docId: number) =>
  `/my-account/my-document?docId=${docId}&action=get_transaction_status`;

/** POST /api/asic/init-payment: the gateway's address, or its refusal (messageEvent). */
export const initAsicPayment = (teamId: number, docId: number) =>
  call(API.asic.initPayment, {
    query: { id_team: teamId },
    body: { doc_id: docId, redirect_url: asicPaymentReturnPath(docId) },
  });

/** POST /api/asic/get-transaction-status: the fee payment's result. */
export const asicTransactionStatus = (teamId: number, docId: number) =>
  call(API.asic.transactionStatus, { query: { id_team: teamId }, body: { doc_id: docId } });

/** POST /api/asic/registration-company-lodgement: lodges the paid application. */
export const lodgeAsicApplication = (teamId: number, docId: number) =>
  call(API.asic.lodge, { query: { id_team: teamId }, body: { doc_id: docId } });

/**
 * POST /api/asic/check-address. `isValid` is read as sent, not as the contract's boolean: the
 * spec accepts the strings 'true' and 'false' too and calls anything else an error, which the
 * address check's own reader (features/asic) decides and says.
 */
export const checkAsicAddress = (teamId: number, address: CheckAddressRequest) =>
  callReadingReplyAs(API.asic.checkAddress, CheckAddressReplyAsSent, {
    query: { id_team: teamId },
    body: address,
  });

/** POST /api/asic/company-kit: makes and assembles the registered company's kit (once). */
export const createCompanyKit = (teamId: number, docId: number) =>
  call(API.asic.companyKit, { query: { id_team: teamId }, body: { doc_id: docId } });

/** POST /api/asic/check-pre-consent: the name, consent and Director ID the wizard recorded on a document. */
export const preConsentQuery = (teamId: number, docId: number) =>
  queryOptions({
    queryKey: ["asic-pre-consent", teamId, docId] as const,
    queryFn: () => call(API.asic.checkPreConsent, { query: { id_team: teamId }, body: { doc_id: docId } }),
    retry: false,
  });
