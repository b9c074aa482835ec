import {
  CANCEL_NOT_ALLOWED,
  type DocumentStatus,
  LITE_PLAN_NOTICE,
  OWNER_CONFIRMATION_REQUIRED,
  REMINDER_NOT_ALLOWED,
  RESEND_NOT_ALLOWED,
  SIGNING_NOT_ALLOWED,
  SIGNING_REFUSED,
} from "@precedent/contracts";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";

/**
 * Who may send a document for signing, remind its signers and read its signing status
 * (interview-signing spec §5, §6). Every rule here acts on a document the actor can already see in
 * their firm (the documents module's scope answers 404 for anything else), so these decide only
 * what a visible document allows.
 */
export type SigningViewer = Pick<FirmContext, "userId" | "role" | "planSlug">;

export type SigningDocumentFacts = {
  createdBy: number;
  status: DocumentStatus;
  allowSign: boolean;
  /** In Shared Folders: a non-creator reaches it there, not only through Organisation Documents. */
  isShared: boolean;
};

type Refusal = { status: 403 | 409; message: string };

const COMPLETED: DocumentStatus = 5;
const PENDING: DocumentStatus = 4;
const SIGNED: DocumentStatus = 3;

const isCreator = (viewer: SigningViewer, doc: SigningDocumentFacts) => viewer.userId === doc.createdBy;

/** The creator, the owner or a manager act on a document's signing, as they may rename it. */
const mayActOn = (viewer: SigningViewer, doc: SigningDocumentFacts) =>
  isCreator(viewer, doc) || isOwnerOrManager(viewer);

/**
 * An owner or manager who did not create the document and reaches it only through Organisation
 * Documents passes the owner confirmation first (§6, as for launch, hard copy and legal review).
 */
export const needsOwnerConfirmation = (viewer: SigningViewer, doc: SigningDocumentFacts) =>
  !isCreator(viewer, doc) && isOwnerOrManager(viewer) && !doc.isShared;

/** Why this viewer may not send this document for signing now; null when they may. */
export function sendRefusal(
  viewer: SigningViewer,
  doc: SigningDocumentFacts,
  ownerConfirmed: boolean,
): Refusal | null {
  // The Lite plan gets the upgrade notice whatever else holds (§6).
  if (viewer.planSlug === LITE_PLAN_SLUG) return { status: 403, message: LITE_PLAN_NOTICE };
  if (!mayActOn(viewer, doc)) return { status: 403, message: SIGNING_REFUSED };
  if (doc.status !== COMPLETED || !doc.allowSign) return { status: 409, message: SIGNING_NOT_ALLOWED };
  if (needsOwnerConfirmation(viewer, doc) && !ownerConfirmed) {
    return { status: 409, message: OWNER_CONFIRMATION_REQUIRED };
  }
  return null;
}

/** Why this viewer may not send a reminder now (only while pending, §5); null when they may. */
export function reminderRefusal(viewer: SigningViewer, doc: SigningDocumentFacts): Refusal | null {
  if (viewer.planSlug === LITE_PLAN_SLUG) return { status: 403, message: LITE_PLAN_NOTICE };
  if (!mayActOn(viewer, doc)) return { status: 403, message: SIGNING_REFUSED };
  if (doc.status !== PENDING) return { status: 409, message: REMINDER_NOT_ALLOWED };
  return null;
}

/** The request's state, for the rules on cancelling and resending it. */
export type RequestStatus = "pending" | "completed" | "rejected" | "cancelled" | "void" | null;

/** Why this viewer may not cancel the request now: only a pending one, by those who may send it. */
export function cancelRefusal(
  viewer: SigningViewer,
  doc: SigningDocumentFacts,
  request: RequestStatus,
): Refusal | null {
  if (viewer.planSlug === LITE_PLAN_SLUG) return { status: 403, message: LITE_PLAN_NOTICE };
  if (!mayActOn(viewer, doc)) return { status: 403, message: SIGNING_REFUSED };
  if (doc.status !== PENDING || request !== "pending") return { status: 409, message: CANCEL_NOT_ALLOWED };
  return null;
}

/**
 * Why this viewer may not resend now: only a declined or cancelled request, while the document is
 * back to Completed and unchanged (a relaunch voids the request; the document is then sent anew).
 */
export function resendRefusal(
  viewer: SigningViewer,
  doc: SigningDocumentFacts,
  request: RequestStatus,
  ownerConfirmed = true,
): Refusal | null {
  const sending = sendRefusal(viewer, doc, ownerConfirmed);
  if (sending && sending.message !== SIGNING_NOT_ALLOWED) return sending;
  if (doc.status !== COMPLETED || (request !== "rejected" && request !== "cancelled")) {
    return { status: 409, message: RESEND_NOT_ALLOWED };
  }
  return sending;
}

/** The status modal opens from the signed count of pending and signed documents (§6). */
export const canReadSigningStatus = (_viewer: SigningViewer, doc: SigningDocumentFacts) =>
  doc.status === PENDING || doc.status === SIGNED || doc.status === COMPLETED;

/** The list's Sign document action: what the web app shows (the server checks `sendRefusal`). */
export const canSendForSigning = (viewer: SigningViewer, doc: SigningDocumentFacts) =>
  sendRefusal(viewer, doc, true) === null;
