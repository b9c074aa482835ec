import { MemberRoleResponse, TeamMembersResponse, TeamQuery, TeamResponse } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { Services } from "../../services.ts";

export const teamRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { teams } = services;

  app.get(
    "/team/get",
    {
      schema: {
        tags: ["teams"],
        summary: "A firm's company details and plan",
        querystring: TeamQuery,
        response: { 200: TeamResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, team: await teams.getTeam(actorOf(request), request.query.id_team) },
    }),
  );

  app.get(
    "/team/get-members",
    {
      schema: {
        tags: ["teams"],
        summary: "A firm's members and roles",
        querystring: TeamQuery,
        response: { 200: TeamMembersResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, members: await teams.getMembers(actorOf(request), request.query.id_team) },
    }),
  );

  app.get(
    "/member/get-role",
    {
      schema: {
        tags: ["teams"],
        summary: "The caller's role in a firm",
        querystring: TeamQuery,
        response: { 200: MemberRoleResponse },
      },
    },
    async (request) => ({
      message: "",
      data: {
        code: 200 as const,
        role: await teams.requireMembership(actorOf(request), request.query.id_team),
      },
    }),
  );
};
