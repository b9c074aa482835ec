/**
 * The host page's slots by element id (account-area §2): the pages, then the modal and banner
 * slots. A slot the page does not have is skipped.
 */
export const PAGE_SLOTS = [
  "products",
  "my-templates",
  "new-document",
  "document-page",
  "preview",
  "document-listing",
  "my-company",
  "edit-profile",
  "my-integration",
] as const;

export const MODAL_AND_BANNER_SLOTS = [
  "sign-out",
  "talk-to-sales",
  "lite-video",
  "idle",
  "membership",
  "interview-ai",
  "membership-expired-warning",
  "credit-remaining",
  "organisation-dropdown",
  "number-integration",
] as const;

export type SlotId = (typeof PAGE_SLOTS)[number] | (typeof MODAL_AND_BANNER_SLOTS)[number];

export type HostSlot = { id: SlotId; element: HTMLElement };

/** The slots this page has, in the order above. */
export function hostSlots(page: Document): HostSlot[] {
  const found: HostSlot[] = [];
  for (const id of [...PAGE_SLOTS, ...MODAL_AND_BANNER_SLOTS]) {
    const element = page.getElementById(id);
    if (element) found.push({ id, element });
  }
  return found;
}

/** Marks a slot as holding its widget, for the host's styles and for tests. */
export const MOUNTED_ATTRIBUTE = "data-precedent-widget";
