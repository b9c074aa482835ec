import { INTERVIEW_ACTIONS, type ListSection, MY_DOCUMENTS } from "@precedent/contracts";
import { DOCUMENTS_PATH } from "../../constants";
import { TAB_OF_SECTION } from "./use-documents-address";

/** The document interview page (interview spec §2 Routes). */
export const INTERVIEW_PATH = `${DOCUMENTS_PATH}/template`;

/** The query parameters the interview page keeps while it is open (spec §2 Routes). */
export type InterviewAddress = {
  docId: number;
  templateIdentifier?: string | undefined;
  folderId?: number | undefined;
  /** The document list's tab value (`my-document`, `shared-folder`, `organisation-document`). */
  tab?: string | undefined;
  /**
   * The address's `actions` (interview spec §2 Routes): which of Assemble, Download, ASIC and Sign
   * this page offers. Absent, the page offers all four; the server's abilities still decide.
   */
  actions?: readonly InterviewAction[] | undefined;
};

export type InterviewAction = (typeof INTERVIEW_ACTIONS)[number];

/** The `actions` comma list of an address; unknown names are ignored, and none named means none given. */
export function interviewActionsOf(raw: string | null): readonly InterviewAction[] | undefined {
  if (raw === null) return undefined;
  const named = raw.split(",").map((name) => name.trim());
  return INTERVIEW_ACTIONS.filter((action) => named.includes(action));
}

/** Whether the page's address lets it offer `action` (all four when the address names none). */
export const offersAction = (address: Pick<InterviewAddress, "actions">, action: InterviewAction) =>
  address.actions === undefined || address.actions.includes(action);

/**
 * The address with the integration actions the answers asked for (an is_qaction question answered
 * Yes, interview spec §4) joined to its `actions` list. An address naming no actions already offers
 * all four, so it is left as it is; names that are not actions are ignored.
 */
export function withRequestedActions(
  address: InterviewAddress,
  requested: readonly string[],
): InterviewAddress {
  if (address.actions === undefined) return address;
  const joined = INTERVIEW_ACTIONS.filter(
    (action) => address.actions?.includes(action) || requested.includes(action),
  );
  return joined.length === address.actions.length ? address : { ...address, actions: joined };
}

/** The same for an address's raw `actions` parameter (null when it has none, and then kept none). */
export function withRequestedActionsParam(raw: string | null, requested: readonly string[]): string | null {
  const actions = interviewActionsOf(raw);
  if (actions === undefined) return null;
  return withRequestedActions({ docId: 0, actions }, requested).actions?.join(",") ?? null;
}

/** An assembled file named in the download view's address (`download_id[]`, `filename[]`). */
export type DownloadLink = { id: number; name: string };

export const DOWNLOAD_ID_PARAM = "download_id[]";
export const FILENAME_PARAM = "filename[]";

function interviewParams(address: InterviewAddress): URLSearchParams {
  const params = new URLSearchParams({ docId: String(address.docId) });
  if (address.templateIdentifier) params.set("templateIdentifier", address.templateIdentifier);
  if (address.folderId !== undefined) params.set("folderId", String(address.folderId));
  if (address.tab) params.set("tab", address.tab);
  if (address.actions !== undefined) params.set("actions", address.actions.join(","));
  return params;
}

/** The interview of a document; with `downloads`, the download view of its assembled files. */
export function interviewHref(address: InterviewAddress, downloads: DownloadLink[] = []): string {
  const params = interviewParams(address);
  for (const file of downloads) {
    params.append(DOWNLOAD_ID_PARAM, String(file.id));
    params.append(FILENAME_PARAM, file.name);
  }
  return `${INTERVIEW_PATH}?${params}`;
}

/**
 * The interview of a document opened from a list tab and folder; `actions`, the interview actions
 * the list's address named, are carried to it.
 */
export function launchHref(
  document: { id: number; x_template_id: string | null; template_id: number | null },
  section: ListSection,
  folderId: number | undefined,
  actions?: readonly InterviewAction[],
): string {
  const templateIdentifier = document.x_template_id ?? document.template_id?.toString();
  return interviewHref({
    docId: document.id,
    templateIdentifier,
    folderId,
    tab: TAB_OF_SECTION[section] ?? TAB_OF_SECTION[MY_DOCUMENTS],
    actions: actions && actions.length > 0 ? actions : undefined,
  });
}

/** Back to list: the documents page, keeping folder and tab (interview spec §2). */
export function documentsListHref(address: Pick<InterviewAddress, "folderId" | "tab">): string {
  const params = new URLSearchParams();
  if (address.tab) params.set("tab", address.tab);
  if (address.folderId !== undefined) params.set("folderId", String(address.folderId));
  const query = params.toString();
  return query ? `${DOCUMENTS_PATH}?${query}` : DOCUMENTS_PATH;
}

/** The kind of an assembled file, from its name (documents spec §3: names end .pdf or .doc(x)). */
export const fileKindOf = (name: string): "pdf" | "word" => (/\.pdf$/i.test(name) ? "pdf" : "word");

/** The list section of a tab value; undefined when the address names none (the server decides). */
export function sectionOfTab(tab: string | undefined): ListSection | undefined {
  const entry = Object.entries(TAB_OF_SECTION).find(([, value]) => value === tab);
  return entry ? (Number(entry[0]) as ListSection) : undefined;
}
