import {
  ChangeStatusRequest,
  CompanyUsersResponse,
  CreateDraftRequest,
  CreateDraftResponse,
  DeleteDocumentsRequest,
  DeleteDocumentsResponse,
  DOWNLOAD_ZIP_MAX_DOCUMENTS,
  DocumentDetailQuery,
  DocumentDetailResponse,
  DocumentIdParams,
  DocumentListQuery,
  DocumentListResponse,
  DocumentResponse,
  DocumentsNamedQuery,
  DocumentsNamedResponse,
  DownloadZipRequest,
  DuplicateDocumentRequest,
  ErrorEnvelope,
  FolderIdParams,
  MoveDocumentsRequest,
  MoveDocumentsResponse,
  ORGANISATION_DOCUMENTS,
  OrganisationListQuery,
  OrganisationStatusCountsQuery,
  RenameDocumentRequest,
  ShareDocumentsRequest,
  ShareDocumentsResponse,
  SharedDocumentsQuery,
  StatusCountsQuery,
  StatusCountsResponse,
  TeamScopeQuery,
  UnshareDocumentRequest,
  UnshareDocumentResponse,
} from "@precedent/contracts";
import { create as contentDisposition } from "content-disposition";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FirmReplyCache } from "../../platform/freshness/index.ts";
import { plainJsonSerializer } from "../../platform/kernel/index.ts";
import { actorOf } from "../../plugins/authenticate.ts";
import type { DocumentZipDownload } from "./download-zip.ts";
import type { DocumentsService } from "./service.ts";

export const documentRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  documentZip: DocumentZipDownload;
  replyCache: FirmReplyCache;
}> = async (app, { documents, documentZip, replyCache }) => {
  const tags = ["documents"];

  app.get(
    "/doc",
    {
      serializerCompiler: plainJsonSerializer,
      preHandler: replyCache.lists.answerFromMemory,
      schema: {
        tags,
        summary: "The document list of one tab: filtered, searched, sorted and paged",
        querystring: DocumentListQuery,
        response: { 200: DocumentListResponse },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      return replyCache.lists.send(reply, ctx, async () => ({
        message: "",
        data: await documents.list(ctx, request.query),
      }));
    },
  );

  app.get(
    "/doc/list-for-owner",
    {
      serializerCompiler: plainJsonSerializer,
      preHandler: replyCache.lists.answerFromMemory,
      schema: {
        tags,
        summary: "Organisation Documents (owner and manager), filtered by owner with user_ids",
        querystring: OrganisationListQuery,
        response: { 200: DocumentListResponse },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      return replyCache.lists.send(reply, ctx, async () => ({
        message: "",
        data: await documents.list(ctx, { ...request.query, type: ORGANISATION_DOCUMENTS }),
      }));
    },
  );

  app.get(
    "/doc/named",
    {
      schema: {
        tags,
        summary: "The caller's documents of exactly one name, in every tab they can see, with those tabs",
        querystring: DocumentsNamedQuery,
        response: { 200: DocumentsNamedResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { rows: await documents.documentsNamed(ctx, request.query.name) } };
    },
  );

  app.get(
    "/doc/get-status",
    {
      preHandler: replyCache.lists.answerFromMemory,
      schema: {
        tags,
        summary: "Documents per status under the list's filters",
        querystring: StatusCountsQuery,
        response: { 200: StatusCountsResponse },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      return replyCache.lists.send(reply, ctx, async () => ({
        message: "",
        data: await documents.statusCounts(ctx, request.query),
      }));
    },
  );

  app.get(
    "/doc/get-status-for-list-owner",
    {
      preHandler: replyCache.lists.answerFromMemory,
      schema: {
        tags,
        summary: "Organisation Documents per status (owner and manager), filtered by owner with user_ids",
        querystring: OrganisationStatusCountsQuery,
        response: { 200: StatusCountsResponse },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const query = { ...request.query, type: ORGANISATION_DOCUMENTS } as const;
      return replyCache.lists.send(reply, ctx, async () => ({
        message: "",
        data: await documents.statusCounts(ctx, query),
      }));
    },
  );

  app.get(
    "/doc/list-user-company",
    {
      schema: {
        tags,
        summary: "The firm's users by display name (owner filter, 'Updated by' filter)",
        querystring: TeamScopeQuery,
        response: { 200: CompanyUsersResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { rows: await documents.companyUsers(actorOf(request), request.query.id_team) },
    }),
  );

  app.get(
    "/doc/list-shared-document/:id",
    {
      schema: {
        tags,
        summary: "The documents in one shared folder",
        params: FolderIdParams,
        querystring: SharedDocumentsQuery,
        response: { 200: DocumentListResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { page, length } = request.query;
      return { message: "", data: await documents.listSharedDocuments(ctx, request.params.id, page, length) };
    },
  );

  app.post(
    "/doc/draft",
    {
      schema: {
        tags,
        summary: "Create a draft document (later issues fill it through the interview)",
        querystring: TeamScopeQuery,
        body: CreateDraftRequest,
        response: { 200: CreateDraftResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const document = await documents.createDraft(ctx, request.body);
      return { message: "", data: { id: document.id, document } };
    },
  );

  app.delete(
    "/doc",
    {
      schema: {
        tags,
        summary: "Delete documents (all or none); they also leave every shared folder",
        querystring: TeamScopeQuery,
        body: DeleteDocumentsRequest,
        response: { 200: DeleteDocumentsResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { type, list_doc } = request.body;
      return { message: "", data: { list_doc: await documents.deleteMany(ctx, type, list_doc) } };
    },
  );

  app.put(
    "/doc/move-doc",
    {
      schema: {
        tags,
        summary: "Move documents to a folder of My Documents (all or none)",
        querystring: TeamScopeQuery,
        body: MoveDocumentsRequest,
        response: { 200: MoveDocumentsResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { type, list_doc, folder_id } = request.body;
      return {
        message: "",
        data: { list_doc: await documents.moveMany(ctx, type, list_doc, folder_id), folder_id },
      };
    },
  );

  app.put(
    "/doc/share-doc",
    {
      schema: {
        tags,
        summary: "Add documents to a shared folder (all or none)",
        querystring: TeamScopeQuery,
        body: ShareDocumentsRequest,
        response: { 200: ShareDocumentsResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { check, list_doc, folder_id } = request.body;
      const result = await documents.shareMany(ctx, list_doc, folder_id, check);
      return {
        message: "",
        data: {
          folder_id,
          list_doc: result.added,
          already_shared: result.alreadyShared,
          checked_only: check,
        },
      };
    },
  );

  app.put(
    "/doc/unshare-doc",
    {
      schema: {
        tags,
        summary: "Take a document out of shared folders (all or none)",
        querystring: TeamScopeQuery,
        body: UnshareDocumentRequest,
        response: { 200: UnshareDocumentResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { doc_id, list_folder } = request.body;
      return {
        message: "",
        data: { doc_id, list_folder: await documents.unshare(ctx, doc_id, list_folder) },
      };
    },
  );

  app.put(
    "/doc/rename/:id",
    {
      schema: {
        tags,
        summary: "Rename a document",
        params: DocumentIdParams,
        querystring: TeamScopeQuery,
        body: RenameDocumentRequest,
        response: { 200: DocumentResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await documents.rename(ctx, request.params.id, request.body.new_name) };
    },
  );

  app.put(
    "/doc/status/:id",
    {
      schema: {
        tags,
        summary: "Change a document's status (creator, owner or manager), with a change-log entry",
        params: DocumentIdParams,
        querystring: TeamScopeQuery,
        body: ChangeStatusRequest,
        response: { 200: DocumentResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await documents.changeStatus(ctx, request.params.id, request.body.status) };
    },
  );

  app.put(
    "/doc/duplicate-doc",
    {
      schema: {
        tags,
        summary: "Copy a document (a new draft with the same answers, beside the original)",
        querystring: TeamScopeQuery,
        body: DuplicateDocumentRequest,
        response: { 200: DocumentResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await documents.duplicate(ctx, request.body.doc_id, request.body.name) };
    },
  );

  app.post(
    "/doc/download-zip",
    {
      schema: {
        tags,
        summary: `Download the selected documents' files (PDF, and Word where allowed) as one zip, all or none (at most ${DOWNLOAD_ZIP_MAX_DOCUMENTS} documents)`,
        description:
          "Answers application/zip, streamed. 404 names the first document the caller cannot see; 409 names every document with no file the caller may download; 413 when the files are too large for one zip.",
        querystring: TeamScopeQuery,
        body: DownloadZipRequest,
        produces: ["application/zip"],
        response: {
          // The zip's bytes: a stream, which Fastify sends without serialising.
          200: z.unknown().describe("application/zip"),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          413: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const zip = await documentZip.download(ctx, request.body.list_doc, (error) =>
        request.log.error(error, "zip download failed"),
      );
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", contentDisposition("Documents.zip", { type: "attachment" }))
        .header("cache-control", "private, no-store")
        .send(zip.stream);
    },
  );

  app.get(
    "/doc/:id",
    {
      schema: {
        tags,
        summary: "One document with its answers, shared folders and abilities",
        params: DocumentIdParams,
        querystring: DocumentDetailQuery,
        response: { 200: DocumentDetailResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await documents.get(ctx, request.params.id, request.query.type) };
    },
  );
};
