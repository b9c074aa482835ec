import {
  type DocumentAbilities,
  type DocumentStatus,
  type ListSection,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import { isOwnerOrManager } from "../../platform/kernel/index.ts";
import type { Viewer } from "../folders/index.ts";

/**
 * Who may do what to a document (documents spec §4 and §6). One pure function per rule of the
 * roles table; each takes the tab (section) the document is acted on from, because the rules
 * differ by tab. Services enforce them and send them to the web app as `abilities`.
 */

export type { Viewer };

/** What the rules need to know about a document. */
export type DocumentFacts = {
  createdBy: number;
  status: DocumentStatus;
  /** It is in Shared Folders (added to a shared folder, or in a shared folder). */
  isShared: boolean;
  allowSign: boolean;
  allowDownloadPdf: boolean;
  allowDownloadWord: boolean;
  /** Who added it to each shared folder holding it. */
  shareCreators: number[];
  /** It names a template to interview (a blank draft from Create New > New Document does not). */
  hasTemplate: boolean;
  /** The kinds of file its last assembly left (none before the first). */
  assembledFiles?: readonly ("pdf" | "word")[];
};

/** Draft and in progress are the editable states (§4). */
export const EDITABLE_STATUSES: ReadonlySet<DocumentStatus> = new Set([1, 2]);
/** Move and Add to shared folder: completed, draft or in progress (§6). */
export const MOVABLE_STATUSES: ReadonlySet<DocumentStatus> = new Set([5, 1, 2]);
const SIGNED: DocumentStatus = 3;
const PENDING: DocumentStatus = 4;
const COMPLETED: DocumentStatus = 5;

const isLite = (viewer: Viewer) => viewer.planSlug === LITE_PLAN_SLUG;
const isCreator = (viewer: Viewer, doc: DocumentFacts) => doc.createdBy === viewer.userId;

/** Organisation Documents tab: owner and manager only. */
export const canViewOrganisation = (viewer: Pick<Viewer, "role">) => isOwnerOrManager(viewer);

/** Whether the document is listed in this tab for this viewer. */
export function documentAppearsIn(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  if (section === MY_DOCUMENTS) return isCreator(viewer, doc);
  if (section === SHARED_FOLDERS) return doc.isShared;
  return canViewOrganisation(viewer);
}

/** Delete: creator or owner, only when draft or in progress and not in Organisation Documents. */
export function canDeleteDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return (
    documentAppearsIn(viewer, doc, section) &&
    section !== ORGANISATION_DOCUMENTS &&
    (isCreator(viewer, doc) || viewer.role === "owner") &&
    EDITABLE_STATUSES.has(doc.status)
  );
}

/** Move to: not in the shared tab, not Organisation Documents; status 5, 1 or 2. */
export function canMoveDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return (
    documentAppearsIn(viewer, doc, section) &&
    section !== SHARED_FOLDERS &&
    section !== ORGANISATION_DOCUMENTS &&
    MOVABLE_STATUSES.has(doc.status)
  );
}

/** Add to shared folder: not the Lite plan; status 5, 1 or 2; not Organisation Documents. */
export function canShareDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return (
    documentAppearsIn(viewer, doc, section) &&
    section !== ORGANISATION_DOCUMENTS &&
    !isLite(viewer) &&
    MOVABLE_STATUSES.has(doc.status)
  );
}

/**
 * Remove from a shared folder (the spec leaves the roles open): owner, manager, the document's
 * creator, or whoever added it to that folder; not from Organisation Documents.
 */
export function canUnshareDocumentFrom(
  viewer: Viewer,
  doc: DocumentFacts,
  section: ListSection,
  link: { createdBy: number },
): boolean {
  return (
    documentAppearsIn(viewer, doc, section) &&
    section !== ORGANISATION_DOCUMENTS &&
    (isOwnerOrManager(viewer) || isCreator(viewer, doc) || link.createdBy === viewer.userId)
  );
}

/** The Remove from Shared Folders action: allowed from at least one shared folder holding it. */
export const canUnshareDocument = (viewer: Viewer, doc: DocumentFacts, section: ListSection) =>
  doc.shareCreators.some((createdBy) => canUnshareDocumentFrom(viewer, doc, section, { createdBy }));

/** Copy: not the Lite plan, not Organisation Documents, creator only. */
export function canCopyDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return (
    documentAppearsIn(viewer, doc, section) &&
    section !== ORGANISATION_DOCUMENTS &&
    !isLite(viewer) &&
    isCreator(viewer, doc)
  );
}

/**
 * Rename (the spec leaves the roles open): the creator, or the owner or a manager, who act on
 * members' documents ("changes also affect documents in private folders", account-area §6).
 */
export function canRenameDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return documentAppearsIn(viewer, doc, section) && (isCreator(viewer, doc) || isOwnerOrManager(viewer));
}

/**
 * Status change by hand (PUT /doc/status): the creator, the owner or a manager, as for renaming.
 * Which statuses may follow which is `manualStatusRefusal`.
 */
export const canChangeDocumentStatus = (viewer: Viewer, doc: DocumentFacts, section: ListSection) =>
  canRenameDocument(viewer, doc, section);

/**
 * The status machine as far as a person may drive it by hand: draft and in progress may follow
 * each other, and either may be marked completed. Everything else belongs to a step of its own:
 * completed goes back to in progress only by Relaunch (which checks there is a template to
 * interview), and pending and signed are set only by e-signing — set by hand they would let a
 * completed document be reopened and then deleted, or look signed when no one signed it.
 * Returns why a change is refused, or null when it is allowed (the same status is no change).
 */
export function manualStatusRefusal(from: DocumentStatus, to: DocumentStatus): string | null {
  if (from === to) return null;
  if (from === COMPLETED)
    return "A completed document is reopened with Relaunch, not by changing its status.";
  if (from === SIGNED || from === PENDING) {
    return "A document sent for signing or signed changes status only through e-signing.";
  }
  if (to === SIGNED || to === PENDING) return "Pending and Signed are set by e-signing, not by hand.";
  return null;
}

/** Interview: draft or in progress (§4), by the creator, the owner or a manager. */
export function canInterviewDocument(viewer: Viewer, doc: DocumentFacts, section: ListSection): boolean {
  return canRenameDocument(viewer, doc, section) && EDITABLE_STATUSES.has(doc.status);
}

/**
 * Relaunch (completed → in progress): whoever may rename it, and only when it has a template —
 * without one the reopened interview could never be completed, and the document would be stranded
 * in progress.
 */
export const canRelaunchDocument = (viewer: Viewer, doc: DocumentFacts, section: ListSection) =>
  canRenameDocument(viewer, doc, section) && doc.status === COMPLETED && doc.hasTemplate;

/** Download an unsigned copy (interview spec §6): status 5, 4 or 3, when the document allows that kind. */
export const DOWNLOADABLE_STATUSES: ReadonlySet<DocumentStatus> = new Set([3, 4, 5]);
export const canDownloadFile = (
  doc: Pick<DocumentFacts, "status" | "allowDownloadPdf" | "allowDownloadWord">,
  kind: "pdf" | "word",
) => DOWNLOADABLE_STATUSES.has(doc.status) && (kind === "pdf" ? doc.allowDownloadPdf : doc.allowDownloadWord);

/**
 * Download PDF / Download Word in the list and the detail panel (documents spec §2, §6): the file
 * may be downloaded now and an assembly left it. Whoever sees the document may download it.
 */
export const canOfferDownload = (
  doc: Pick<DocumentFacts, "status" | "allowDownloadPdf" | "allowDownloadWord" | "assembledFiles">,
  kind: "pdf" | "word",
) => canDownloadFile(doc, kind) && (doc.assembledFiles ?? []).includes(kind);

/** Sign: status 5 and is_allow_sign not 'no'; the Lite plan gets the upgrade prompt instead. */
export const canSignDocument = (viewer: Viewer, doc: DocumentFacts) =>
  !isLite(viewer) && doc.status === COMPLETED && doc.allowSign;

/** Legal review: the Lite plan gets the upgrade prompt instead. */
export const canRequestLegalReview = (viewer: Viewer) => !isLite(viewer);

/** 'This feature is not available for Lite Plan...' replaces legal review and signing. */
export const showsUpgradePrompt = (viewer: Viewer) => isLite(viewer);

/**
 * The Lite plan's upgrade notice stands in for an action exactly where a paid plan would be
 * offered it (a draft never offers signing, so no notice there either): the same rule, asked for
 * the same person on a paid plan.
 */
export function offersUpgradeFor(
  rule: (viewer: Viewer, doc: DocumentFacts, section: ListSection) => boolean,
  viewer: Viewer,
  doc: DocumentFacts,
  section: ListSection,
): boolean {
  return isLite(viewer) && rule({ ...viewer, planSlug: PAID_PLAN_FOR_OFFERS }, doc, section);
}
/** Any plan other than Lite: the rules above only ever ask whether a plan is Lite. */
const PAID_PLAN_FOR_OFFERS = "best-practice";

/** Organisation documents opened by a non-creator need the owner confirmation first. */
export const needsOwnerConfirmation = (viewer: Viewer, doc: DocumentFacts, section: ListSection) =>
  section === ORGANISATION_DOCUMENTS && !isCreator(viewer, doc);

export function documentAbilities(
  viewer: Viewer,
  doc: DocumentFacts,
  section: ListSection,
): DocumentAbilities {
  return {
    move: canMoveDocument(viewer, doc, section),
    rename: canRenameDocument(viewer, doc, section),
    delete: canDeleteDocument(viewer, doc, section),
    share: canShareDocument(viewer, doc, section),
    unshare: canUnshareDocument(viewer, doc, section),
    copy: canCopyDocument(viewer, doc, section),
    interview: canInterviewDocument(viewer, doc, section),
    download_pdf: canOfferDownload(doc, "pdf"),
    download_word: canOfferDownload(doc, "word"),
    sign: canSignDocument(viewer, doc),
    legal_review: canRequestLegalReview(viewer),
    upgrade_prompt: showsUpgradePrompt(viewer),
    owner_confirmation: needsOwnerConfirmation(viewer, doc, section),
    relaunch: canRelaunchDocument(viewer, doc, section),
    sign_upgrade: offersUpgradeFor(canSignDocument, viewer, doc, section),
    share_upgrade: offersUpgradeFor(canShareDocument, viewer, doc, section),
    copy_upgrade: offersUpgradeFor(canCopyDocument, viewer, doc, section),
  };
}

const SECTIONS: ListSection[] = [MY_DOCUMENTS, SHARED_FOLDERS, ORGANISATION_DOCUMENTS];

/** The tab a document opens in when none is named: the creator's My Documents, else Shared, else Organisation. */
export function homeSection(viewer: Viewer, doc: DocumentFacts): ListSection {
  return SECTIONS.find((section) => documentAppearsIn(viewer, doc, section)) ?? ORGANISATION_DOCUMENTS;
}

/** Calls without a tab allow an action when some tab where the viewer sees the document allows it. */
export const allowedInSomeTab = (
  rule: (viewer: Viewer, doc: DocumentFacts, section: ListSection) => boolean,
  viewer: Viewer,
  doc: DocumentFacts,
) => SECTIONS.some((section) => rule(viewer, doc, section));

/** Refusal messages with the document named; the spec gives none for these. */
export const DOCUMENT_REFUSALS = {
  delete: (id: number) =>
    `You cannot delete Doc ID ${id}: only its creator or the company owner can delete a draft or in-progress document, and not from Organisation Documents.`,
  move: (id: number) =>
    `You cannot move Doc ID ${id}: only completed, draft or in-progress documents can be moved, from My Documents.`,
  share: (id: number) =>
    `You cannot add Doc ID ${id} to a shared folder: only completed, draft or in-progress documents can be added, and not from Organisation Documents.`,
  unshare: (id: number, folderName: string) =>
    `You cannot remove Doc ID ${id} from '${folderName}': only the company owner, a manager, the document's creator or whoever added it can.`,
  copy: (id: number) =>
    `You cannot copy Doc ID ${id}: only its creator can copy it, and not from Organisation Documents.`,
  rename: (id: number) =>
    `You cannot rename Doc ID ${id}: only its creator, the company owner or a manager can.`,
  status: (id: number) =>
    `You cannot change the status of Doc ID ${id}: only its creator, the company owner or a manager can.`,
  lite: "This feature is not available for Lite Plan. Please upgrade your membership to use it.",
} as const;
