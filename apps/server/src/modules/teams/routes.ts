import {
  ErrorEnvelope,
  MemberRoleResponse,
  RemoveMemberRequest,
  RemoveMemberResponse,
  SetMemberRoleRequest,
  SetMemberRoleResponse,
  TeamMembersResponse,
  TeamQuery,
  TeamResponse,
  TransferOwnershipRequest,
  TransferOwnershipResponse,
  UpdateTeamRequest,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { TeamsService } from "./service.ts";

export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
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

  app.post(
    "/team/update",
    {
      schema: {
        tags: ["teams"],
        summary: "Save the company details (owner only)",
        body: UpdateTeamRequest,
        response: { 200: TeamResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, team: await teams.updateTeam(actorOf(request), request.body) },
    }),
  );

  app.post(
    "/member/set-role",
    {
      schema: {
        tags: ["teams"],
        summary: "Make a member a manager, or a manager a member (owner only)",
        body: SetMemberRoleRequest,
        response: { 200: SetMemberRoleResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, member: await teams.setMemberRole(actorOf(request), request.body) },
    }),
  );

  app.post(
    "/member/remove",
    {
      schema: {
        tags: ["teams"],
        summary: "Remove someone from the firm; their My Documents become the owner's (owner only)",
        body: RemoveMemberRequest,
        response: { 200: RemoveMemberResponse },
      },
    },
    async (request) => ({
      message: "",
      data: await teams.removeMember(actorOf(request), request.body.id_team, request.body.id_user),
    }),
  );

  app.post(
    "/team/transfer-ownership",
    {
      schema: {
        tags: ["teams"],
        summary: "Hand the firm to a member or manager, confirmed by the owner's password",
        body: TransferOwnershipRequest,
        response: {
          200: TransferOwnershipResponse,
          429: ErrorEnvelope.describe(
            "Too many wrong passwords from this address: wait `data.retry_after_seconds`",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await teams.transferOwnership(
        actorOf(request),
        request.body.id_team,
        request.body.id_user,
        request.body.password,
        request.ip,
      ),
    }),
  );
};
