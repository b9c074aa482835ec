import { TeamScopeQuery } from "../folders.ts";
import {
  BundleStatusResponse,
  CancelSigningRequest,
  ConfirmSigningRequest,
  ConfirmSigningResponse,
  ListSignerResponse,
  ReminderRequest,
  ReminderResponse,
  ResendSigningRequest,
  SignedDownloadQuery,
  SigningDocQuery,
  SigningHistoryQuery,
  SigningHistoryResponse,
  SigningLifecycleResponse,
} from "../signing.ts";
import { defineCall, defineLink } from "./define.ts";

const NOT_SEEN = "No such document in this firm that the caller can see";
const NOT_ALLOWED = "The Lite plan, or not the document's creator, the owner or a manager";

/** Sending a document for signing and following it (interview-signing spec §7 Signing). */
export const signingCalls = {
  signers: defineCall({
    method: "GET",
    path: "/api/signing/list-signer",
    query: SigningDocQuery,
    reply: ListSignerResponse,
    errors: { 404: NOT_SEEN, 409: "The document has no template" },
  }),
  bundle: defineCall({
    method: "GET",
    path: "/api/signing/bundle/get",
    query: SigningDocQuery,
    reply: BundleStatusResponse,
    errors: { 404: NOT_SEEN },
  }),
  history: defineCall({
    method: "GET",
    path: "/api/signing/bundle/history",
    query: SigningHistoryQuery,
    reply: SigningHistoryResponse,
    errors: { 404: NOT_SEEN },
  }),
  confirm: defineCall({
    method: "POST",
    path: "/api/signing/confirm",
    query: TeamScopeQuery,
    body: ConfirmSigningRequest,
    reply: ConfirmSigningResponse,
    errors: {
      400: "A field is not valid",
      403: NOT_ALLOWED,
      404: NOT_SEEN,
      409: "Not completed, signing not allowed, owner confirmation missing or not assembled",
    },
  }),
  remind: defineCall({
    method: "POST",
    path: "/api/signing/reminder",
    query: TeamScopeQuery,
    body: ReminderRequest,
    reply: ReminderResponse,
    errors: { 403: NOT_ALLOWED, 404: NOT_SEEN, 409: "The document is not pending signature" },
  }),
  cancel: defineCall({
    method: "POST",
    path: "/api/signing/cancel",
    query: TeamScopeQuery,
    body: CancelSigningRequest,
    reply: SigningLifecycleResponse,
    errors: {
      400: "A field is not valid",
      403: NOT_ALLOWED,
      404: NOT_SEEN,
      409: "The document has no pending signing request",
    },
  }),
  resend: defineCall({
    method: "POST",
    path: "/api/signing/resend",
    query: TeamScopeQuery,
    body: ResendSigningRequest,
    reply: SigningLifecycleResponse,
    errors: {
      400: "A field is not valid",
      403: NOT_ALLOWED,
      404: NOT_SEEN,
      409: "Not declined or cancelled, changed since, or owner confirmation missing",
    },
  }),
  /** The sealed PDF, or its certificate pages alone. */
  signedDownload: defineLink({
    method: "GET",
    path: "/api/signing/document/download",
    query: SignedDownloadQuery,
  }),
} as const;
