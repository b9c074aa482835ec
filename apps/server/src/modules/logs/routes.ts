import {
  ActivityLogQuery,
  ActivityLogResponse,
  DocumentLogQuery,
  DocumentLogResponse,
  ErrorEnvelope,
  LogChangesQuery,
  LogChangesResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { LogsService } from "./service.ts";

const REFUSALS = {
  400: ErrorEnvelope.describe("Bad input: `data.errors` names each field"),
  404: ErrorEnvelope.describe("No such firm for the caller, or a document they cannot see"),
};

export const logRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs }) => {
  app.get(
    "/log/log-changes",
    {
      schema: {
        tags: ["logs"],
        summary: "Document change log: who changed what, with from/to values per tag",
        querystring: LogChangesQuery,
        response: { 200: LogChangesResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await logs.list(ctx, request.query) };
    },
  );

  app.get(
    "/log",
    {
      schema: {
        tags: ["logs"],
        summary: "Document Logs: one document's actions, with passed and failed counts",
        description:
          "Newest first, 15 a page. `totals` counts every entry of the document whatever `is_success` asks for.",
        querystring: DocumentLogQuery,
        response: { 200: DocumentLogResponse, ...REFUSALS },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await logs.documentLog(ctx, request.query) };
    },
  );

  app.get(
    "/activity-log",
    {
      schema: {
        tags: ["logs"],
        summary: "Activity log: the firm's document actions (owners and managers) or your own (members)",
        querystring: ActivityLogQuery,
        response: { 200: ActivityLogResponse, ...REFUSALS },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await logs.activityLog(ctx, request.query) };
    },
  );
};
