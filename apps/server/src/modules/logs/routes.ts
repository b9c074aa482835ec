import { LogChangesQuery, LogChangesResponse } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { Services } from "../../services.ts";

export const logRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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
      const ctx = await services.firmContext(actorOf(request), request.query.id_team);
      return { message: "", data: await services.logs.list(ctx, request.query) };
    },
  );
};
