import {
  type AcceptInvitationRequest,
  AcceptInvitationResponse,
  type CreateInvitationRequest,
  InvitationListResponse,
  InvitationResponse,
  PublicInvitationResponse,
  RevokeInvitationResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

/** The firm's pending invitations, seats and abilities (owners and managers). */
export const invitationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId, "invitations"],
    queryFn: ({ signal }) =>
      apiRequest("/api/team/invitations", InvitationListResponse, { query: { id_team: teamId }, signal }),
  });

export const createInvitation = (teamId: number, body: CreateInvitationRequest) =>
  apiRequest("/api/team/invitations", InvitationResponse, {
    method: "POST",
    query: { id_team: teamId },
    body,
  });

export const revokeInvitation = (teamId: number, id: number) =>
  apiRequest(`/api/team/invitations/${id}`, RevokeInvitationResponse, {
    method: "DELETE",
    query: { id_team: teamId },
  });

export const resendInvitation = (teamId: number, id: number) =>
  apiRequest(`/api/team/invitations/${id}/resend`, InvitationResponse, {
    method: "POST",
    query: { id_team: teamId },
    body: {},
  });

/** The invitation a link names, for a visitor who may have no session (a 401 ends nothing). */
export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation-link", token],
    queryFn: ({ signal }) =>
      apiRequest(`/api/invitations/${encodeURIComponent(token)}`, PublicInvitationResponse, {
        signal,
        unauthorizedEndsSession: false,
      }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, AcceptInvitationResponse, {
    method: "POST",
    body,
    unauthorizedEndsSession: false,
  });
