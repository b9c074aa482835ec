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
      const actor = actorOf(request);
      const [profile, teams] = await Promise.all([
        services.users.profile(actor.userId),
        services.teams.teamsOfUser(actor.userId),
      ]);
      return { message: "", data: { ...profile, teams } };
    },
  );
};
