import {
  CompanyUsersResponse,
  CreateDraftRequest,
  CreateDraftResponse,
  DeleteDocumentsRequest,
  DeleteDocumentsResponse,
  DocumentDetailQuery,
  DocumentDetailResponse,
  DocumentIdParams,
  DocumentListQuery,
  DocumentListResponse,
  DocumentResponse,
  DocumentsNamedQuery,
  DocumentsNamedResponse,
  DuplicateDocumentRequest,
  MoveDocumentsRequest,
  MoveDocumentsResponse,
  OrganisationListQuery,
  OrganisationStatusCountsQuery,
  RenameDocumentRequest,
  ShareDocumentsRequest,
  ShareDocumentsResponse,
  StatusCountsQuery,
  StatusCountsResponse,
  UnshareDocumentRequest,
  UnshareDocumentResponse,
} from "../documents.ts";
import {
  CreateFolderRequest,
  DeleteFolderResponse,
  FolderDeleteCheckResponse,
  FolderIdParams,
  FolderResponse,
  FolderTreeQuery,
  FolderTreeResponse,
  MoveFolderRequest,
  PopupMoveResponse,
  RenameFolderRequest,
  ShareFoldersRequest,
  ShareFoldersResponse,
  TeamScopeQuery,
} from "../folders.ts";
import { LogChangesQuery, LogChangesResponse } from "../logs.ts";
import {
  DocumentVersionParams,
  DocumentVersionsParams,
  DocumentVersionsResponse,
  VersionDownloadQuery,
} from "../versions.ts";
import { defineCall, defineLink } from "./define.ts";

const NOT_SEEN = "No such document or folder that the caller may see (another firm's is never found)";
const CHANGE_ERRORS = {
  400: "A field is not valid",
  404: NOT_SEEN,
  409: "Not possible in the current state; the message says why",
} as const;

/** The document list (My, Shared and Organisation Documents) and what is done to documents in it. */
export const documentCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/doc",
    query: DocumentListQuery,
    reply: DocumentListResponse,
    errors: { 400: "A filter is not valid", 404: NOT_SEEN },
  }),
  /** A list address's `docName`: the documents of that name in every tab the caller can see. */
  named: defineCall({
    method: "GET",
    path: "/api/doc/named",
    query: DocumentsNamedQuery,
    reply: DocumentsNamedResponse,
    errors: { 400: "The name is missing or too long", 404: "Not a member of this firm" },
  }),
  statusCounts: defineCall({
    method: "GET",
    path: "/api/doc/get-status",
    query: StatusCountsQuery,
    reply: StatusCountsResponse,
    errors: { 400: "A filter is not valid", 404: NOT_SEEN },
  }),
  /** Organisation Documents (owners and managers) have their own list and counts. */
  organisationList: defineCall({
    method: "GET",
    path: "/api/doc/list-for-owner",
    query: OrganisationListQuery,
    reply: DocumentListResponse,
    errors: { 400: "A filter is not valid", 404: NOT_SEEN },
  }),
  organisationStatusCounts: defineCall({
    method: "GET",
    path: "/api/doc/get-status-for-list-owner",
    query: OrganisationStatusCountsQuery,
    reply: StatusCountsResponse,
    errors: { 400: "A filter is not valid", 404: NOT_SEEN },
  }),
  get: defineCall({
    method: "GET",
    path: "/api/doc/:id",
    params: DocumentIdParams,
    query: DocumentDetailQuery,
    reply: DocumentDetailResponse,
    errors: { 404: NOT_SEEN },
  }),
  /** The firm's members, for the 'Created by' filter. */
  companyUsers: defineCall({
    method: "GET",
    path: "/api/doc/list-user-company",
    query: TeamScopeQuery,
    reply: CompanyUsersResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  changeLog: defineCall({
    method: "GET",
    path: "/api/log/log-changes",
    query: LogChangesQuery,
    reply: LogChangesResponse,
    errors: { 400: "A filter is not valid", 404: NOT_SEEN },
  }),
  createDraft: defineCall({
    method: "POST",
    path: "/api/doc/draft",
    query: TeamScopeQuery,
    body: CreateDraftRequest,
    reply: CreateDraftResponse,
    errors: CHANGE_ERRORS,
  }),
  delete: defineCall({
    method: "DELETE",
    path: "/api/doc",
    query: TeamScopeQuery,
    body: DeleteDocumentsRequest,
    reply: DeleteDocumentsResponse,
    errors: CHANGE_ERRORS,
  }),
  move: defineCall({
    method: "PUT",
    path: "/api/doc/move-doc",
    query: TeamScopeQuery,
    body: MoveDocumentsRequest,
    reply: MoveDocumentsResponse,
    errors: CHANGE_ERRORS,
  }),
  share: defineCall({
    method: "PUT",
    path: "/api/doc/share-doc",
    query: TeamScopeQuery,
    body: ShareDocumentsRequest,
    reply: ShareDocumentsResponse,
    errors: CHANGE_ERRORS,
  }),
  unshare: defineCall({
    method: "PUT",
    path: "/api/doc/unshare-doc",
    query: TeamScopeQuery,
    body: UnshareDocumentRequest,
    reply: UnshareDocumentResponse,
    errors: CHANGE_ERRORS,
  }),
  rename: defineCall({
    method: "PUT",
    path: "/api/doc/rename/:id",
    params: DocumentIdParams,
    query: TeamScopeQuery,
    body: RenameDocumentRequest,
    reply: DocumentResponse,
    errors: CHANGE_ERRORS,
  }),
  duplicate: defineCall({
    method: "PUT",
    path: "/api/doc/duplicate-doc",
    query: TeamScopeQuery,
    body: DuplicateDocumentRequest,
    reply: DocumentResponse,
    errors: CHANGE_ERRORS,
  }),
  /** Every assembly of a document, newest first (the detail panel's Versions). */
  versions: defineCall({
    method: "GET",
    path: "/api/doc/:id/versions",
    params: DocumentVersionsParams,
    query: TeamScopeQuery,
    reply: DocumentVersionsResponse,
    errors: {
      400: "id or id_team is not a positive whole number",
      404: "Invalid document.: no such document in the caller's firm, or one the caller cannot see",
    },
  }),
  /** One version's PDF or Word file, as an attachment. */
  versionDownload: defineLink({
    method: "GET",
    path: "/api/doc/:id/versions/:version/download",
    params: DocumentVersionParams,
    query: VersionDownloadQuery,
  }),
  /** The selected documents' files as one zip: posted with `{ list_doc }`, answered as a file. */
  downloadZip: defineLink({ method: "POST", path: "/api/doc/download-zip", query: TeamScopeQuery }),
} as const;

/** The folder tree of My and Shared Documents, and what is done to folders. */
export const folderCalls = {
  tree: defineCall({
    method: "GET",
    path: "/api/folder/get-all",
    query: FolderTreeQuery,
    reply: FolderTreeResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  /** Where a folder may be moved to. */
  moveTargets: defineCall({
    method: "GET",
    path: "/api/folder/:id/popup-move",
    params: FolderIdParams,
    query: TeamScopeQuery,
    reply: PopupMoveResponse,
    errors: { 404: NOT_SEEN },
  }),
  create: defineCall({
    method: "POST",
    path: "/api/folder",
    query: TeamScopeQuery,
    body: CreateFolderRequest,
    reply: FolderResponse,
    errors: CHANGE_ERRORS,
  }),
  rename: defineCall({
    method: "PUT",
    path: "/api/folder/:id",
    params: FolderIdParams,
    query: TeamScopeQuery,
    body: RenameFolderRequest,
    reply: FolderResponse,
    errors: CHANGE_ERRORS,
  }),
  delete: defineCall({
    method: "DELETE",
    path: "/api/folder/:id",
    params: FolderIdParams,
    query: TeamScopeQuery,
    reply: DeleteFolderResponse,
    errors: CHANGE_ERRORS,
  }),
  /** Asked before the delete confirmation: the refusal the delete would give now, if any. */
  deleteCheck: defineCall({
    method: "GET",
    path: "/api/folder/:id/delete-check",
    params: FolderIdParams,
    query: TeamScopeQuery,
    reply: FolderDeleteCheckResponse,
    errors: {
      403: "The caller may not delete this folder (the same refusal as the delete)",
      404: NOT_SEEN,
    },
  }),
  move: defineCall({
    method: "PUT",
    path: "/api/folder/:id/move-folder",
    params: FolderIdParams,
    query: TeamScopeQuery,
    body: MoveFolderRequest,
    reply: FolderResponse,
    errors: CHANGE_ERRORS,
  }),
  share: defineCall({
    method: "POST",
    path: "/api/folder-share",
    query: TeamScopeQuery,
    body: ShareFoldersRequest,
    reply: ShareFoldersResponse,
    errors: CHANGE_ERRORS,
  }),
} as const;
