import { CurrentUserResponse } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { Services } from "../../services.ts";

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/users/me",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in user and their firms",
        response: { 200: CurrentUserResponse },
      },
    },
    async (request) => {
      return { message: "", data: await services.teams.currentUser(actorOf(request).userId) };
    },
  );
};
