import { TeamScopeQuery } from "../folders.ts";
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  CreateInvitationRequest,
  InvitationIdParams,
  InvitationListResponse,
  InvitationResponse,
  InvitationTokenParams,
  PublicInvitationResponse,
  RevokeInvitationResponse,
} from "../invitations.ts";
import { defineCall } from "./define.ts";

/** A firm's invitations, and the invitation link a new member opens. */
export const invitationCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/team/invitations",
    query: TeamScopeQuery,
    reply: InvitationListResponse,
    errors: { 403: "Only owners and managers", 404: "Not a member of this firm" },
  }),
  create: defineCall({
    method: "POST",
    path: "/api/team/invitations",
    query: TeamScopeQuery,
    body: CreateInvitationRequest,
    reply: InvitationResponse,
    errors: { 400: "A field is not valid", 403: "Not allowed to invite this role", 409: "No seat left" },
  }),
  revoke: defineCall({
    method: "DELETE",
    path: "/api/team/invitations/:id",
    params: InvitationIdParams,
    query: TeamScopeQuery,
    reply: RevokeInvitationResponse,
    errors: { 403: "Not allowed", 404: "No such pending invitation" },
  }),
  resend: defineCall({
    method: "POST",
    path: "/api/team/invitations/:id/resend",
    params: InvitationIdParams,
    query: TeamScopeQuery,
    reply: InvitationResponse,
    errors: { 409: "No seat left", 429: "Sent too recently" },
  }),
  link: defineCall({
    method: "GET",
    path: "/api/invitations/:token",
    params: InvitationTokenParams,
    reply: PublicInvitationResponse,
    errors: { 404: "No such invitation", 409: "Already accepted", 410: "Expired or withdrawn" },
  }),
  accept: defineCall({
    method: "POST",
    path: "/api/invitations/:token/accept",
    params: InvitationTokenParams,
    body: AcceptInvitationRequest,
    reply: AcceptInvitationResponse,
    errors: {
      400: "A field is not valid",
      401: "The existing account's password is not right",
      409: "Already accepted, or no seat left",
      410: "Expired or withdrawn",
    },
  }),
} as const;
