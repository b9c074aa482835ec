import {
  BundleStatusResponse,
  type ConfirmSigningRequest,
  ConfirmSigningResponse,
  ListSignerResponse,
  ReminderResponse,
  SigningHistoryResponse,
  SigningLifecycleResponse,
} from "@precedent/contracts";
import { apiRequest } from "./client";

/** The signing calls (interview-signing spec §7 Signing); every one names the firm. */
const scope = (teamId: number) => ({ id_team: teamId });

export const signersQuery = (teamId: number, docId: number) => ({
  queryKey: ["signing", teamId, docId, "signers"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest("/api/signing/list-signer", ListSignerResponse, {
      query: { ...scope(teamId), doc_id: docId },
      signal,
    }),
});

export const bundleQuery = (teamId: number, docId: number) => ({
  queryKey: ["signing", teamId, docId, "bundle"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest("/api/signing/bundle/get", BundleStatusResponse, {
      query: { ...scope(teamId), doc_id: docId },
      signal,
    }),
});

export const historyPage = (
  teamId: number,
  docId: number,
  page: number,
  length: number,
  signal?: AbortSignal,
) =>
  apiRequest("/api/signing/bundle/history", SigningHistoryResponse, {
    query: { ...scope(teamId), doc_id: docId, page, length },
    ...(signal ? { signal } : {}),
  });

export const confirmSigning = (teamId: number, body: ConfirmSigningRequest) =>
  apiRequest("/api/signing/confirm", ConfirmSigningResponse, { method: "POST", query: scope(teamId), body });

export const sendReminder = (teamId: number, docId: number, notes: string) =>
  apiRequest("/api/signing/reminder", ReminderResponse, {
    method: "POST",
    query: scope(teamId),
    body: { doc_id: docId, reminder_notes: notes },
  });

/** Cancels the pending request with a reason: every link stops working. */
export const cancelSigning = (teamId: number, docId: number, reason: string) =>
  apiRequest("/api/signing/cancel", SigningLifecycleResponse, {
    method: "POST",
    query: scope(teamId),
    body: { doc_id: docId, reason },
  });

/** Sends a declined or cancelled request again, to the same people with new links. */
export const resendSigning = (teamId: number, docId: number, ownerConfirmed = false) =>
  apiRequest("/api/signing/resend", SigningLifecycleResponse, {
    method: "POST",
    query: scope(teamId),
    body: { doc_id: docId, owner_confirmed: ownerConfirmed },
  });

/** The signed document's download (the sealed PDF, or its certificate pages alone), for a plain link. */
export const signedDownloadUrl = (teamId: number, docId: number, file: "signed" | "certificate") =>
  `/api/signing/document/download?${new URLSearchParams({ doc_id: String(docId), file, id_team: String(teamId) })}`;
