import { API, type ConfirmSigningRequest } from "@precedent/contracts";
import { call, hrefOf } from "./call";

/** The signing calls (interview-signing spec §7 Signing); every one names the firm. */
const scope = (teamId: number) => ({ id_team: teamId });

export const signersQuery = (teamId: number, docId: number) => ({
  queryKey: ["signing", teamId, docId, "signers"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(API.signing.signers, { query: { ...scope(teamId), doc_id: docId }, signal }),
});

export const bundleQuery = (teamId: number, docId: number) => ({
  queryKey: ["signing", teamId, docId, "bundle"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(API.signing.bundle, { query: { ...scope(teamId), doc_id: docId }, signal }),
});

export const historyPage = (
  teamId: number,
  docId: number,
  page: number,
  length: number,
  signal?: AbortSignal,
) =>
  call(API.signing.history, {
    query: { ...scope(teamId), doc_id: docId, page, length },
    ...(signal ? { signal } : {}),
  });

export const confirmSigning = (teamId: number, body: ConfirmSigningRequest) =>
  call(API.signing.confirm, { query: scope(teamId), body });

export const sendReminder = (teamId: number, docId: number, notes: string) =>
  call(API.signing.remind, { query: scope(teamId), body: { doc_id: docId, reminder_notes: notes } });

/** Cancels the pending request with a reason: every link stops working. */
export const cancelSigning = (teamId: number, docId: number, reason: string) =>
  call(API.signing.cancel, { query: scope(teamId), body: { doc_id: docId, reason } });

/** Sends a declined or cancelled request again, to the same people with new links. */
export const resendSigning = (teamId: number, docId: number, ownerConfirmed = false) =>
  call(API.signing.resend, {
    query: scope(teamId),
    body: { doc_id: docId, owner_confirmed: ownerConfirmed },
  });

/** The signed document's download (the sealed PDF, or its certificate pages alone), for a plain link. */
export const signedDownloadUrl = (teamId: number, docId: number, file: "signed" | "certificate") =>
  hrefOf(API.signing.signedDownload, { query: { doc_id: docId, file, id_team: teamId } });
