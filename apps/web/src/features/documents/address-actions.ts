import {
  type DocumentRow,
  INTERVIEW_ACTIONS,
  type ListSection,
  MY_DOCUMENTS,
  type NamedDocument,
  ORGANISATION_DOCUMENTS,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { offersHardCopy, offersLegalReview } from "../fulfilment/FulfilmentActions";
import type { LaunchAction } from "./DocumentDetailDrawer";
import type { DocumentDialog } from "./DocumentDialogs";
import { canRelaunch, downloadsOf, offersSigning } from "./document-abilities";
import type { InterviewAction } from "./interview-address";
import { nextStepsOf } from "./NextStepActions";

/**
 * The document actions the list's address may name in `actions` (documents spec §2: the panel's
 * actions MOVE_TO … PPSR), and ours, REGISTRATION: the start wizard's registration steps reopened.
 */
export const LIST_ACTIONS = [
  "MOVE_TO",
  "RELAUNCH",
  "LEGAL_REVIEW",
  "DOWNLOAD_PDF",
  "DOWNLOAD_WORD",
  "ORDER_HARD_COPY",
  "SEND_FUSESIGN",
  "REDIRECT_PROTECTOR",
  "REDIRECT_TRUST_DEED",
  "REDIRECT_ABN",
  "PPSR",
  "REGISTRATION",
] as const;
export type ListAction = (typeof LIST_ACTIONS)[number];

/** What each action is called where the list and the panel offer it. */
export const LIST_ACTION_LABELS: Record<ListAction, string> = {
  MOVE_TO: "Move to",
  RELAUNCH: "Relaunch",
  LEGAL_REVIEW: "Legal review",
  DOWNLOAD_PDF: "Download PDF",
  DOWNLOAD_WORD: "Download Word",
  ORDER_HARD_COPY: "Order hard copy",
  SEND_FUSESIGN: "Send for signature",
  REDIRECT_PROTECTOR: "Protector next steps",
  REDIRECT_TRUST_DEED: "Trust deed stamping",
  REDIRECT_ABN: "Proceed to ABN/TFN",
  PPSR: "Register on the PPSR",
  REGISTRATION: "Registration steps",
};

/** The address's `actions`, split: the list's to open once, the interview's to carry to it, and names neither knows. */
export type AddressActions = { list: ListAction[]; interview: InterviewAction[]; unknown: string[] };

export function addressActionsOf(raw: string | null): AddressActions {
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const isList = (name: string): name is ListAction => (LIST_ACTIONS as readonly string[]).includes(name);
  const isInterview = (name: string): name is InterviewAction =>
    (INTERVIEW_ACTIONS as readonly string[]).includes(name);
  return {
    list: names.filter(isList),
    interview: names.filter(isInterview),
    unknown: names.filter((name) => !isList(name) && !isInterview(name)),
  };
}

/** The message for an action the document does not offer the reader now: said, and nothing opened. */
export const actionNotOffered = (action: ListAction, document: Pick<DocumentRow, "id" | "name">) =>
  `${LIST_ACTION_LABELS[action]} is not available for Doc ID ${document.id} - ${document.name}.`;

/** The message for names in `actions` that are no action of this list or of the interview. */
export const unknownActions = (names: string[]) =>
  `The link names ${names.length === 1 ? "an action" : "actions"} this page does not have (${names.map((name) => `'${name}'`).join(", ")}).`;

const NEXT_STEP_OF: Partial<Record<ListAction, string>> = {
  REDIRECT_PROTECTOR: "protector",
  REDIRECT_TRUST_DEED: "stamping",
  REDIRECT_ABN: "abn-tfn",
  PPSR: "ppsr",
};

/** What opening an address's action on a document does, exactly as the server's abilities for the reader allow. */
export type ActionPlan =
  | { kind: "dialog"; dialog: DocumentDialog }
  | { kind: "launch"; action: LaunchAction }
  | { kind: "download"; href: string }
  | { kind: "link"; label: string; href: string }
  | { kind: "refused"; message: string };

export function planListAction(
  teamId: number,
  document: DocumentRow,
  section: ListSection,
  action: ListAction,
): ActionPlan {
  const refused: ActionPlan = { kind: "refused", message: actionNotOffered(action, document) };
  switch (action) {
    case "MOVE_TO":
      return document.abilities.move
        ? { kind: "dialog", dialog: { kind: "move-documents", documents: [document], section } }
        : refused;
    case "RELAUNCH":
      // As the panel's button: the interview of a draft or one in progress, or a completed one reopened.
      if (document.abilities.interview)
        return { kind: "launch", action: document.status === 1 ? "start" : "relaunch-interview" };
      return canRelaunch(document) ? { kind: "launch", action: "relaunch-completed" } : refused;
    case "LEGAL_REVIEW":
      return offersLegalReview(document)
        ? { kind: "dialog", dialog: { kind: "fulfilment", fulfilment: "legal_review", document, section } }
        : refused;
    case "ORDER_HARD_COPY":
      return offersHardCopy(document)
        ? { kind: "dialog", dialog: { kind: "fulfilment", fulfilment: "hard_copy", document, section } }
        : refused;
    case "SEND_FUSESIGN":
      return offersSigning(document)
        ? { kind: "dialog", dialog: { kind: "sign-document", document, section } }
        : refused;
    case "DOWNLOAD_PDF":
    case "DOWNLOAD_WORD": {
      const kind = action === "DOWNLOAD_PDF" ? "pdf" : "word";
      const download = downloadsOf(teamId, document).find((offered) => offered.kind === kind);
      return download ? { kind: "download", href: download.href } : refused;
    }
    case "REGISTRATION":
      return document.registration_step
        ? { kind: "dialog", dialog: { kind: "registration-steps", document, section } }
        : refused;
    default: {
      const step = nextStepsOf(document).find((offered) => offered.key === NEXT_STEP_OF[action]);
      return step ? { kind: "link", label: step.label, href: step.href } : refused;
    }
  }
}

/** What an address's `docName` leads to, given the documents of that name in the reader's tabs. */
export type NamePlan =
  | { kind: "none" }
  | { kind: "open"; id: number; section: ListSection }
  | { kind: "search"; section: ListSection; count: number };

/**
 * One document of the name opens, in the current tab if it lists it (the reader stays where the
 * link put them), else in the first tab that does. Several are searched in the tab listing most
 * of them (the current tab, then My Documents, Shared Folders, Organisation Documents on a tie),
 * since a search shows one tab's documents.
 */
export function planNamedDocument(matches: NamedDocument[], current: ListSection): NamePlan {
  const tabs: ListSection[] = [MY_DOCUMENTS, SHARED_FOLDERS, ORGANISATION_DOCUMENTS];
  const preference = [current, ...tabs.filter((tab) => tab !== current)];
  const [only] = matches;
  if (!only) return { kind: "none" };
  if (matches.length === 1) {
    const section = preference.find((candidate) => only.sections.includes(candidate));
    return section === undefined ? { kind: "none" } : { kind: "open", id: only.id, section };
  }
  const listed = (section: ListSection) => matches.filter((match) => match.sections.includes(section)).length;
  const section = preference.reduce((best, candidate) =>
    listed(candidate) > listed(best) ? candidate : best,
  );
  return { kind: "search", section, count: matches.length };
}
