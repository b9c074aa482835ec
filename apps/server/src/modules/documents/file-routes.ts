import {
  DocIdParam,
  DocumentDownloadQuery,
  DocumentVersionParams,
  DocumentVersionsParams,
  DocumentVersionsResponse,
  DownloadIdsResponse,
  ErrorEnvelope,
  TeamScopeQuery,
  VersionDownloadQuery,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendFileStream } from "../../platform/kernel/index.ts";
import { MEDIA_TYPES } from "./file-names.ts";
import type { DocumentsService } from "./service.ts";

// A document's assembled files and versions (downloads.ts): the routes moved here from the
// interview module's with the code behind them, unchanged, so the API description is too (the
// tag included: these calls are grouped with the interview, where the user meets them).

export const documentFileRoutes: FastifyPluginAsyncZod<{
  documents: Pick<DocumentsService, "downloadIds" | "download" | "versions" | "downloadVersion">;
}> = async (app, { documents }) => {
  const tags = ["interview"];

  app.get(
    "/xpressdox/get-download-ids/:docId",
    {
      schema: {
        tags,
        summary: "The document's assembled files this user may download",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        response: { 200: DownloadIdsResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { files: await documents.downloadIds(ctx, request.params.docId) } };
    },
  );

  app.get(
    "/doc/download/:docId",
    {
      schema: {
        tags,
        summary: "Download the document's PDF or Word file (status 3-5, when the document allows it)",
        params: DocIdParam,
        querystring: DocumentDownloadQuery,
        produces: ["application/pdf", MEDIA_TYPES.word],
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const file = await documents.download(ctx, request.params.docId, request.query.type);
      return sendFileStream(reply, file, "attachment");
    },
  );

  app.get(
    "/doc/:id/versions",
    {
      schema: {
        tags,
        summary:
          "Every assembly of the document (newest first): when, by whom, the answers changed since the one before, its files",
        params: DocumentVersionsParams,
        querystring: TeamScopeQuery,
        response: {
          200: DocumentVersionsResponse,
          400: ErrorEnvelope.describe("id or id_team is not a positive whole number"),
          401: ErrorEnvelope.describe("Not signed in"),
          404: ErrorEnvelope.describe(
            "'Invalid document.': no such document in the caller's firm, or one the caller cannot see",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { versions: await documents.versions(ctx, request.params.id) } };
    },
  );

  app.get(
    "/doc/:id/versions/:version/download",
    {
      schema: {
        tags,
        summary: "Download one version's PDF or Word file (when the document allows that kind)",
        params: DocumentVersionParams,
        querystring: VersionDownloadQuery,
        produces: ["application/pdf", MEDIA_TYPES.word],
        response: {
          200: z.any().describe("The file's bytes (attachment)"),
          400: ErrorEnvelope.describe("A parameter is invalid (type must be pdf or word)"),
          401: ErrorEnvelope.describe("Not signed in"),
          403: ErrorEnvelope.describe("The document does not allow downloading this kind of file"),
          404: ErrorEnvelope.describe("No such document the caller can see, or no such version of it"),
        },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const { id, version } = request.params;
      const file = await documents.downloadVersion(ctx, id, version, request.query.type);
      return sendFileStream(reply, file, "attachment");
    },
  );
};
