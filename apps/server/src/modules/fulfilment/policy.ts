import {
  type AuState,
  type DocumentStatus,
  FULFILMENT_MESSAGES,
  type FulfilmentKind,
  LITE_PLAN_NOTICE,
  type ListSection,
  ORGANISATION_DOCUMENTS,
} from "@precedent/contracts";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";

/**
 * Who may ask for a legal review or a hard copy of a document (documents spec §4, §6;
 * interview-signing spec §6). Each rule acts on a document the actor already sees in their firm
 * (the documents module's scope answers 404 for anything else).
 */
export type FulfilmentViewer = Pick<FirmContext, "userId" | "role" | "planSlug">;
export type FulfilmentDocumentFacts = { createdBy: number; status: DocumentStatus; isShared: boolean };
type Refusal = { status: 403 | 409; message: string };

const COMPLETED: DocumentStatus = 5;
const SIGNED: DocumentStatus = 3;

const isCreator = (viewer: FulfilmentViewer, doc: FulfilmentDocumentFacts) => viewer.userId === doc.createdBy;

/** Both cost the firm money: the creator, the owner or a manager order them, as they may rename it. */
const mayOrderFor = (viewer: FulfilmentViewer, doc: FulfilmentDocumentFacts) =>
  isCreator(viewer, doc) || isOwnerOrManager(viewer);

/**
 * An owner or manager acting on a member's document from Organisation Documents confirms first
 * (§6: "before launch, hard copy, legal review or ASIC payment"). Without a tab named, a document
 * they reach only through Organisation Documents (not the creator, not shared) needs it too.
 */
export const needsOwnerConfirmation = (
  viewer: FulfilmentViewer,
  doc: FulfilmentDocumentFacts,
  section: ListSection | undefined,
) =>
  !isCreator(viewer, doc) &&
  isOwnerOrManager(viewer) &&
  (section === ORGANISATION_DOCUMENTS || (section === undefined && !doc.isShared));

/** Legal review: not the Lite plan (the upgrade notice instead), a completed document. */
export const LEGAL_REVIEW_STATUSES: ReadonlySet<DocumentStatus> = new Set([COMPLETED]);
/** Hard copy: a finished document, signed or not; the Lite plan may order one (only review and signing are withheld). */
export const HARD_COPY_STATUSES: ReadonlySet<DocumentStatus> = new Set([COMPLETED, SIGNED]);

/** Why this viewer may not ask for this kind of request on this document now; null when they may. */
export function requestRefusal(
  kind: FulfilmentKind,
  viewer: FulfilmentViewer,
  doc: FulfilmentDocumentFacts,
  confirmation: { section: ListSection | undefined; ownerConfirmed: boolean } | null,
): Refusal | null {
  if (kind === "legal_review" && viewer.planSlug === LITE_PLAN_SLUG)
    return { status: 403, message: LITE_PLAN_NOTICE };
  if (!mayOrderFor(viewer, doc)) return { status: 403, message: FULFILMENT_MESSAGES.refused };
  if (kind === "legal_review" && !LEGAL_REVIEW_STATUSES.has(doc.status))
    return { status: 409, message: FULFILMENT_MESSAGES.legalReviewNotCompleted };
  if (kind === "hard_copy" && !HARD_COPY_STATUSES.has(doc.status))
    return { status: 409, message: FULFILMENT_MESSAGES.hardCopyNotReady };
  if (
    confirmation &&
    needsOwnerConfirmation(viewer, doc, confirmation.section) &&
    !confirmation.ownerConfirmed
  )
    return { status: 409, message: FULFILMENT_MESSAGES.ownerConfirmation };
  return null;
}

/**
 * What the document row says this viewer may ask for (documents spec §2, §6), by the rules the
 * requests are refused by, so the web never offers what the server would refuse. The owner's
 * confirmation is asked when the request is made, so it does not take an action off a row. The
 * Lite plan is offered "Legal review" as the upgrade notice only where, on a paid plan, the
 * review would be taken.
 */
export function fulfilmentAbilities(viewer: FulfilmentViewer, doc: FulfilmentDocumentFacts) {
  // The same reader on a plan other than Lite: what the upgrade would give them here.
  const asPaidPlan: FulfilmentViewer = { ...viewer, planSlug: "paid" };
  return {
    may_legal_review: requestRefusal("legal_review", viewer, doc, null) === null,
    may_order_hard_copy: requestRefusal("hard_copy", viewer, doc, null) === null,
    legal_review_upgrade:
      viewer.planSlug === LITE_PLAN_SLUG && requestRefusal("legal_review", asPaidPlan, doc, null) === null,
  };
}

/** Who may cancel an unpaid request: whoever may order one for the document. */
export const mayCancel = (viewer: FulfilmentViewer, doc: FulfilmentDocumentFacts) => mayOrderFor(viewer, doc);

/**
 * Australia Post's postcode ranges by state (street delivery, and PO boxes and large-volume
 * receivers). Border towns are served from the next state's post office (Paringi NSW is 3500),
 * so a postcode of a neighbouring state is accepted; one of a distant state is a mistake.
 */
const POSTCODE_RANGES: Record<AuState, [number, number][]> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};
const NEIGHBOURS: Record<AuState, AuState[]> = {
  NSW: ["ACT", "VIC", "QLD", "SA"],
  ACT: ["NSW"],
  VIC: ["NSW", "SA"],
  QLD: ["NSW", "NT", "SA"],
  SA: ["NSW", "VIC", "QLD", "NT", "WA"],
  WA: ["SA", "NT"],
  TAS: [],
  NT: ["WA", "SA", "QLD"],
};

const inState = (state: AuState, code: number) =>
  POSTCODE_RANGES[state].some(([from, to]) => code >= from && code <= to);

/** Whether a four-digit postcode can be in this state (its own ranges or a neighbour's). */
export const postcodeFitsState = (postcode: string, state: AuState) => {
  const code = Number(postcode);
  return inState(state, code) || NEIGHBOURS[state].some((next) => inState(next, code));
};
