import { createContext } from "react";

/**
 * A blank draft (Create New > New Document) waiting for its template: while the catalogue is
 * opened for it, Start Document attaches the chosen template to this draft (the start call's
 * doc_id) instead of creating a new document.
 */
export type DraftTarget = {
  id: number;
  name: string;
  /** Called once the template is attached, before the interview opens. */
  onStarted?: () => void;
};

/** Provided by the create-document dialog when it was opened for a draft. */
export const DraftTargetContext = createContext<DraftTarget | undefined>(undefined);

// A purchase leaves for the payment provider and comes back on another page: which draft the
// order was for is kept for the tab's session, by template, until the order is started.
const storageKey = (productId: number) => `precedent.draft-for-template.${productId}`;

export function rememberDraftForPurchase(productId: number, draft: DraftTarget) {
  try {
    sessionStorage.setItem(storageKey(productId), JSON.stringify({ id: draft.id, name: draft.name }));
  } catch {
    // Storage refused (private mode): the paid order then starts a new document, as without a draft.
  }
}

export function forgetDraftForPurchase(productId: number) {
  try {
    sessionStorage.removeItem(storageKey(productId));
  } catch {
    // Nothing was stored.
  }
}

export function draftForPurchase(productId: number): DraftTarget | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(productId)) ?? "null") as unknown;
    if (
      saved !== null &&
      typeof saved === "object" &&
      "id" in saved &&
      typeof saved.id === "number" &&
      "name" in saved &&
      typeof saved.name === "string"
    )
      return { id: saved.id, name: saved.name };
  } catch {
    // Unreadable: start a new document.
  }
  return undefined;
}
