import {
  API,
  type ChangeLogTag,
  type CreateDraftRequest,
  type CreateFolderRequest,
  DOCUMENT_LIST_PAGE_SIZE,
  type DocumentStatus,
  ErrorEnvelope,
  type ListSection,
  LOG_LIST_PAGE_SIZE,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  UnshareFolderResponse,
} from "@precedent/contracts";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ASIC_DECISION_POLL_MS, awaitsAsic } from "./asic";
import { call, hrefOf } from "./call";
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from "./client";

/** What the list and the status counts are filtered by. */
export type DocumentFilters = {
  section: ListSection;
  folderId: number | undefined;
  search: string;
  userIds: number[];
  /** The template filter (a template identifier) and the client search (the first party's name). */
  template?: string;
  client?: string;
};

export type DocumentSort = { sort: "name" | "created_at" | "updated_at"; order: "asc" | "desc" };

/** Every cached list, count, tree and document of one firm, for invalidation after a change. */
export const documentsKey = (teamId: number) => ["documents", teamId] as const;

const filterQuery = (teamId: number, filters: DocumentFilters) => ({
  id_team: teamId,
  folder_id: filters.folderId,
  name: filters.search || undefined,
  user_ids: filters.userIds.length > 0 ? filters.userIds.join(",") : undefined,
  template: filters.template || undefined,
  client: filters.client || undefined,
});

// Organisation Documents have their own calls, which also take the owner filter.

export const documentListQuery = (
  teamId: number,
  filters: DocumentFilters,
  status: DocumentStatus | undefined,
  sort: DocumentSort,
) =>
  infiniteQueryOptions({
    queryKey: [...documentsKey(teamId), "list", filters, status, sort],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const { section } = filters;
      const page = {
        status,
        page: pageParam,
        length: DOCUMENT_LIST_PAGE_SIZE,
        sort: sort.sort,
        order: sort.order,
      };
      return section === ORGANISATION_DOCUMENTS
        ? call(API.documents.organisationList, {
            query: { ...filterQuery(teamId, filters), ...page },
            signal,
          })
        : call(API.documents.list, {
            query: { ...filterQuery(teamId, filters), type: section, ...page },
            signal,
          });
    },
    getNextPageParam: (last) => (last.page < last.total_page ? last.page + 1 : undefined),
    // A row lodged with ASIC shows its decision (Registered, its ACN) when the server records it.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.rows.some(awaitsAsic)) ? ASIC_DECISION_POLL_MS : false,
  });

/**
 * Whether a document of this name (any case, surrounding spaces aside) is already where a new one
 * would be filed: a folder of My Documents or its top level (`folderId` undefined), or a shared
 * folder. Used for a warning only; the server allows the name.
 */
export async function documentNameTaken(
  teamId: number,
  name: string,
  place: { section: ListSection; folderId: number | undefined },
  signal?: AbortSignal,
): Promise<boolean> {
  const wanted = name.trim().toLocaleLowerCase();
  if (wanted === "") return false;
  const reply = await call(API.documents.list, {
    query: {
      id_team: teamId,
      type: place.section,
      folder_id: place.folderId,
      name: name.trim(),
      page: 1,
      length: 100,
    },
    signal,
  });
  return reply.rows.some(
    (row) =>
      row.name.trim().toLocaleLowerCase() === wanted &&
      // In My Documents a folder's list includes its sub folders, and the top level is the whole tab.
      (place.section !== MY_DOCUMENTS || (row.folder?.id ?? undefined) === place.folderId),
  );
}

export const statusCountsQuery = (teamId: number, filters: DocumentFilters) =>
  queryOptions({
    queryKey: [...documentsKey(teamId), "counts", filters],
    queryFn: ({ signal }) =>
      filters.section === ORGANISATION_DOCUMENTS
        ? call(API.documents.organisationStatusCounts, {
            query: filterQuery(teamId, filters),
            signal,
          })
        : call(API.documents.statusCounts, {
            query: { ...filterQuery(teamId, filters), type: filters.section },
            signal,
          }),
  });

export const folderTreeQuery = (teamId: number, section: ListSection) =>
  queryOptions({
    queryKey: [...documentsKey(teamId), "folders", section],
    queryFn: async ({ signal }) =>
      (
        await call(API.folders.tree, {
          query: { id_team: teamId, type: section },
          signal,
        })
      ).rows,
  });

export const documentQuery = (teamId: number, docId: number, section: ListSection | undefined) =>
  queryOptions({
    queryKey: [...documentsKey(teamId), "document", docId, section],
    queryFn: ({ signal }) =>
      call(API.documents.get, {
        params: { id: docId },
        query: { id_team: teamId, type: section },
        signal,
      }),
  });

/** Every assembly of a document, newest first (the detail panel's Versions). */
export const documentVersionsQuery = (teamId: number, docId: number) =>
  queryOptions({
    queryKey: [...documentsKey(teamId), "versions", docId],
    queryFn: async ({ signal }) =>
      (await call(API.documents.versions, { params: { id: docId }, query: { id_team: teamId }, signal }))
        .versions,
  });

/** Where one version's PDF or Word file downloads from (an attachment, with the session cookie). */
export const versionDownloadHref = (teamId: number, docId: number, version: number, kind: "pdf" | "word") =>
  hrefOf(API.documents.versionDownload, {
    params: { id: docId, version },
    query: { type: kind, id_team: teamId },
  });

export const companyUsersQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["company-users", teamId],
    queryFn: async ({ signal }) =>
      (
        await call(API.documents.companyUsers, {
          query: { id_team: teamId },
          signal,
        })
      ).rows,
  });

export const popupMoveQuery = (teamId: number, folderId: number) =>
  queryOptions({
    queryKey: [...documentsKey(teamId), "popup-move", folderId],
    queryFn: ({ signal }) =>
      call(API.folders.moveTargets, {
        params: { id: folderId },
        query: { id_team: teamId },
        signal,
      }),
    staleTime: 0,
  });

/** The change-log modal's filters: a period of whole days at UTC+10, 'Updated by' and changes. */
export type ChangeLogFilters = {
  /** YYYY-MM-DD */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  userIds: number[];
  tags: ChangeLogTag[];
};

export const NO_CHANGE_LOG_FILTERS: ChangeLogFilters = {
  dateFrom: undefined,
  dateTo: undefined,
  userIds: [],
  tags: [],
};

const listParam = <T>(values: T[]) => (values.length > 0 ? values.join(",") : undefined);

export const changeLogQuery = (teamId: number, docId: number, filters: ChangeLogFilters) =>
  infiniteQueryOptions({
    queryKey: [...documentsKey(teamId), "log", docId, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(API.documents.changeLog, {
        query: {
          id_team: teamId,
          doc_id: docId,
          date_from: filters.dateFrom,
          date_to: filters.dateTo,
          user_ids: listParam(filters.userIds),
          tag_codes: listParam(filters.tags),
          page: pageParam,
          length: LOG_LIST_PAGE_SIZE,
        },
        signal,
      }),
    getNextPageParam: (last) => (last.page < last.total_page ? last.page + 1 : undefined),
    staleTime: 0,
  });

const scope = (teamId: number) => ({ id_team: teamId });

export const createFolder = (teamId: number, body: CreateFolderRequest) =>
  call(API.folders.create, { query: scope(teamId), body });

export const renameFolder = (teamId: number, folderId: number, name: string) =>
  call(API.folders.rename, { params: { id: folderId }, query: scope(teamId), body: { name } });

export const deleteFolder = (teamId: number, folderId: number) =>
  call(API.folders.delete, { params: { id: folderId }, query: scope(teamId) });

/** The refusal the delete would give now (a folder not empty), asked before its confirmation. */
export const checkFolderDelete = (teamId: number, folderId: number) =>
  call(API.folders.deleteCheck, { params: { id: folderId }, query: scope(teamId) });

export const moveFolder = (teamId: number, folderId: number, toFolderId: number | null) =>
  call(API.folders.move, {
    params: { id: folderId },
    query: scope(teamId),
    body: { to_folder_id: toFolderId },
  });

export const shareFolders = (teamId: number, folderIds: number[]) =>
  call(API.folders.share, {
    query: scope(teamId),
    body: { folder_ids: folderIds },
  });

/** Removes a folder's share through the link the server gave with the folder (api_remove_share). */
export const unshareFolder = (removeShareLink: string) =>
  apiRequest(removeShareLink, UnshareFolderResponse, { method: "DELETE" });

export const deleteDocuments = (teamId: number, section: ListSection, ids: number[]) =>
  call(API.documents.delete, {
    query: scope(teamId),
    body: { type: section, list_doc: ids },
  });

export const moveDocuments = (teamId: number, section: ListSection, ids: number[], folderId: number | null) =>
  call(API.documents.move, {
    query: scope(teamId),
    body: { type: section, list_doc: ids, folder_id: folderId },
  });

export const shareDocuments = (teamId: number, ids: number[], folderId: number) =>
  call(API.documents.share, {
    query: scope(teamId),
    body: { check: false, list_doc: ids, folder_id: folderId },
  });

export const unshareDocument = (teamId: number, docId: number, folderIds: number[]) =>
  call(API.documents.unshare, {
    query: scope(teamId),
    body: { doc_id: docId, list_folder: folderIds },
  });

export const renameDocument = (teamId: number, docId: number, newName: string) =>
  call(API.documents.rename, {
    params: { id: docId },
    query: scope(teamId),
    body: { new_name: newName },
  });

export const duplicateDocument = (teamId: number, docId: number, name: string) =>
  call(API.documents.duplicate, {
    query: scope(teamId),
    body: { doc_id: docId, name },
  });

export const createDraft = (teamId: number, body: CreateDraftRequest) =>
  call(API.documents.createDraft, { query: scope(teamId), body });

/**
 * The selected documents' files as one zip (POST /doc/download-zip), handed to the browser as a
 * download. A refusal (a document that cannot be downloaded, named) is thrown as the API's message.
 */
export async function downloadDocumentsZip(teamId: number, ids: number[]) {
  const response = await fetch(hrefOf(API.documents.downloadZip, { query: { id_team: teamId } }), {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ list_doc: ids }),
  }).catch(() => {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  });
  if (!response.ok) {
    const envelope = ErrorEnvelope.safeParse(await response.json().catch(() => undefined));
    throw new ApiError(
      response.status,
      envelope.success ? envelope.data.message : `The download failed (HTTP ${response.status}).`,
    );
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  saveFile(blob, name ?? "Documents.zip");
}

/** Saves bytes the page holds as a download, as a link to them with `download` would. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Starts the download of a file the server sends as an attachment: the page stays where it is. */
export function startDownload(href: string) {
  const link = Object.assign(document.createElement("a"), { href, download: "" });
  document.body.append(link);
  link.click();
  link.remove();
}
