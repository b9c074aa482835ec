import type { SessionInfo } from "@precedent/contracts";
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  CreateInvitationRequest,
  ErrorEnvelope,
  InvitationIdParams,
  InvitationListResponse,
  InvitationResponse,
  InvitationTokenParams,
  PublicInvitationResponse,
  RevokeInvitationResponse,
  TeamScopeQuery,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { INVITATION_ACCEPTS_PER_MINUTE } from "../../constants.ts";
import { setSessionCookie } from "../auth/index.ts";
import type { InvitationsService } from "./service.ts";

const tags = ["invitations"];
const OVER_LIMIT = ErrorEnvelope.describe(
  "Already a member, already invited, or the plan's user limit is reached: the message says which",
);

/** The firm's side: invite, list, resend and revoke (owner and managers; see policy.ts). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  publicUrl: string;
}> = async (app, { invitations, publicUrl }) => {
  app.get(
    "/team/invitations",
    {
      schema: {
        tags,
        summary: "A firm's pending invitations, its seats against the plan's user limit, and abilities",
        querystring: TeamScopeQuery,
        response: { 200: InvitationListResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await invitations.list(ctx) };
    },
  );

  app.post(
    "/team/invitations",
    {
      schema: {
        tags,
        summary: "Invite a person by email (within the plan's user limit); the link expires in 7 days",
        querystring: TeamScopeQuery,
        body: CreateInvitationRequest,
        response: { 200: InvitationResponse, 409: OVER_LIMIT },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const invitation = await invitations.create(ctx, request.body, publicUrl);
      return { message: "", data: { invitation } };
    },
  );

  app.delete(
    "/team/invitations/:id",
    {
      schema: {
        tags,
        summary: "Revoke a pending invitation: its link stops working",
        params: InvitationIdParams,
        querystring: TeamScopeQuery,
        response: { 200: RevokeInvitationResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      await invitations.revoke(ctx, request.params.id);
      return { message: "", data: { id: request.params.id } };
    },
  );

  app.post(
    "/team/invitations/:id/resend",
    {
      schema: {
        tags,
        summary: "Send an invitation again with a new link and a new expiry (the old link stops working)",
        params: InvitationIdParams,
        querystring: TeamScopeQuery,
        response: {
          200: InvitationResponse,
          409: OVER_LIMIT,
          429: ErrorEnvelope.describe(
            "Sent less than a minute ago: `data.retry_after_seconds` says how long to wait",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const invitation = await invitations.resend(ctx, request.params.id, publicUrl);
      return { message: "", data: { invitation } };
    },
  );
};

const LINK_REFUSALS = {
  409: ErrorEnvelope.describe("Already accepted, or the firm's plan has no seat left"),
  410: ErrorEnvelope.describe("The link has expired or the invitation was withdrawn"),
};

/** The invited person's side, before they have a session: see the invitation, accept it. */
export const invitationLinkRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  sessionInfo: SessionInfo;
  cookieSecure: "auto" | "true" | "false";
}> = async (app, { invitations, sessionInfo, cookieSecure }) => {
  const rateLimit = { max: INVITATION_ACCEPTS_PER_MINUTE, timeWindow: 60_000 };

  app.get(
    "/invitations/:token",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "An invitation link: the firm, who invited, the email, and whether it has an account",
        params: InvitationTokenParams,
        response: { 200: PublicInvitationResponse, ...LINK_REFUSALS },
      },
    },
    async (request) => ({ message: "", data: await invitations.view(request.params.token) }),
  );

  app.post(
    "/invitations/:token/accept",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Accept an invitation: a new person sets a name and password, an existing one signs in",
        description:
          "Joins the firm exactly once and signs the person in (sets the session cookie). Refused when the link is used, expired or withdrawn, or the firm's plan has no seat left; a refusal changes nothing.",
        params: InvitationTokenParams,
        body: AcceptInvitationRequest,
        response: {
          200: AcceptInvitationResponse,
          401: ErrorEnvelope.describe("The existing account's password is not right"),
          ...LINK_REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const accepted = await invitations.accept(request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      if (accepted.sessionToken) setSessionCookie(request, reply, accepted.sessionToken, cookieSecure);
      return {
        message: "",
        data: { user_id: accepted.userId, team_id: accepted.teamId, session: sessionInfo },
      };
    },
  );
};
