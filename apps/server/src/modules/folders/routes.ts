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
  UnshareFolderQuery,
  UnshareFolderResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FirmReplyCache } from "../../platform/freshness/index.ts";
import { plainJsonSerializer } from "../../platform/kernel/index.ts";
import type { FoldersService } from "./service.ts";

export const folderRoutes: FastifyPluginAsyncZod<{
  folders: FoldersService;
  replyCache: FirmReplyCache;
}> = async (app, { folders, replyCache }) => {
  const tags = ["folders"];

  app.get(
    "/folder/get-all",
    {
      serializerCompiler: plainJsonSerializer,
      preHandler: replyCache.folderTrees.answerFromMemory,
      schema: {
        tags,
        summary: "The folder tree of one tab, each node with its abilities",
        querystring: FolderTreeQuery,
        response: { 200: FolderTreeResponse },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      return replyCache.folderTrees.send(reply, ctx, async () => ({
        message: "",
        data: { rows: await folders.tree(ctx, request.query.type, request.query.include_folder === "1") },
      }));
    },
  );

  app.post(
    "/folder",
    {
      schema: {
        tags,
        summary: "Create a folder (top level, or a sub folder within the depth limit)",
        querystring: TeamScopeQuery,
        body: CreateFolderRequest,
        response: { 200: FolderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.create(ctx, request.body) };
    },
  );

  app.put(
    "/folder/:id",
    {
      schema: {
        tags,
        summary: "Rename a folder",
        params: FolderIdParams,
        querystring: TeamScopeQuery,
        body: RenameFolderRequest,
        response: { 200: FolderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.rename(ctx, request.params.id, request.body.name) };
    },
  );

  app.delete(
    "/folder/:id",
    {
      schema: {
        tags,
        summary: "Delete an empty folder",
        params: FolderIdParams,
        querystring: TeamScopeQuery,
        response: { 200: DeleteFolderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      await folders.remove(ctx, request.params.id);
      return { message: "", data: { id: request.params.id } };
    },
  );

  app.get(
    "/folder/:id/delete-check",
    {
      schema: {
        tags,
        summary:
          "Whether a folder could be deleted now: the refusal the delete would give, asked before its confirmation",
        params: FolderIdParams,
        querystring: TeamScopeQuery,
        response: { 200: FolderDeleteCheckResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.deleteCheck(ctx, request.params.id) };
    },
  );

  app.get(
    "/folder/:id/popup-move",
    {
      schema: {
        tags,
        summary: "Where a folder may be moved: its own tree without itself and its sub folders",
        params: FolderIdParams,
        querystring: TeamScopeQuery,
        response: { 200: PopupMoveResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.moveTargets(ctx, request.params.id) };
    },
  );

  app.put(
    "/folder/:id/move-folder",
    {
      schema: {
        tags,
        summary: "Move a folder with its sub folders",
        params: FolderIdParams,
        querystring: TeamScopeQuery,
        body: MoveFolderRequest,
        response: { 200: FolderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.move(ctx, request.params.id, request.body.to_folder_id) };
    },
  );

  app.post(
    "/folder-share",
    {
      schema: {
        tags,
        summary: "Add My Documents folders to Shared Folders (all or none)",
        querystring: TeamScopeQuery,
        body: ShareFoldersRequest,
        response: { 200: ShareFoldersResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { rows: await folders.share(ctx, request.body.folder_ids) } };
    },
  );

  app.delete(
    "/folder-share",
    {
      schema: {
        tags,
        summary: "Remove a folder from Shared Folders (the folder's api_remove_share link)",
        querystring: UnshareFolderQuery,
        response: { 200: UnshareFolderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await folders.unshare(ctx, request.query.folder_share_id) };
    },
  );
};
