import { type ListSection, MY_DOCUMENTS, ORGANISATION_DOCUMENTS, SHARED_FOLDERS } from "@precedent/contracts";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The `tab` values of the address (documents spec §2), one per list section. */
export const TAB_OF_SECTION = {
  [MY_DOCUMENTS]: "my-document",
  [SHARED_FOLDERS]: "shared-folder",
  [ORGANISATION_DOCUMENTS]: "organisation-document",
} as const satisfies Record<ListSection, string>;

const SECTION_OF_TAB: Record<string, ListSection> = {
  "my-document": MY_DOCUMENTS,
  "shared-folder": SHARED_FOLDERS,
  "organisation-document": ORGANISATION_DOCUMENTS,
};

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export type DocumentsAddress = {
  section: ListSection;
  folderId: number | undefined;
  docId: number | undefined;
  search: string;
  /**
   * `docName`: the document's name, shown while the document named by `docId` loads, and the way
   * to find it when the address names no `docId` (documents spec §2).
   */
  docName: string;
  /** `actions`: a comma list of actions to open on the document (address-actions.ts reads it). */
  actions: string;
  /** The list's template filter (a template identifier) and client search. */
  template: string;
  client: string;
};

type AddressChange = Partial<DocumentsAddress>;

/** Query parameters present in the address with a value that names nothing (`tab=bogus`, `docId=abc`). */
export type InvalidAddress = {
  tab?: string | undefined;
  folderId?: string | undefined;
  docId?: string | undefined;
};

/** Tab, folder, open document and search text, kept in the address's query parameters. */
export function useDocumentsAddress() {
  const [params, setParams] = useSearchParams();
  const address: DocumentsAddress = {
    section: SECTION_OF_TAB[params.get("tab") ?? ""] ?? MY_DOCUMENTS,
    folderId: positiveId(params.get("folderId")),
    docId: positiveId(params.get("docId")),
    search: params.get("search") ?? "",
    docName: params.get("docName")?.trim() ?? "",
    actions: params.get("actions") ?? "",
    template: params.get("template") ?? "",
    client: params.get("client") ?? "",
  };
  // What the address names but cannot mean: the page falls back and corrects the address.
  const tab = params.get("tab");
  const folderId = params.get("folderId");
  const docId = params.get("docId");
  const invalid: InvalidAddress = {
    tab: tab !== null && SECTION_OF_TAB[tab] === undefined ? tab : undefined,
    folderId: folderId !== null && address.folderId === undefined ? folderId : undefined,
    docId: docId !== null && address.docId === undefined ? docId : undefined,
  };

  const change = useCallback(
    (update: AddressChange, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | number | undefined) => {
            if (value === undefined || value === "") next.delete(key);
            else next.set(key, String(value));
          };
          if ("section" in update) {
            // No section: the default tab, with no `tab` in the address.
            set("tab", update.section === undefined ? undefined : TAB_OF_SECTION[update.section]);
          }
          if ("folderId" in update) set("folderId", update.folderId);
          if ("docId" in update) set("docId", update.docId);
          if ("search" in update) set("search", update.search);
          if ("docName" in update) set("docName", update.docName);
          if ("actions" in update) set("actions", update.actions);
          if ("template" in update) set("template", update.template);
          if ("client" in update) set("client", update.client);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  return [address, change, invalid] as const;
}
