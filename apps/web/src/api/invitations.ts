import { type AcceptInvitationRequest, API, type CreateInvitationRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The firm's pending invitations, seats and abilities (owners and managers). */
export const invitationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId, "invitations"],
    queryFn: ({ signal }) => call(API.invitations.list, { query: { id_team: teamId }, signal }),
  });

export const createInvitation = (teamId: number, body: CreateInvitationRequest) =>
  call(API.invitations.create, { query: { id_team: teamId }, body });

export const revokeInvitation = (teamId: number, id: number) =>
  call(API.invitations.revoke, { params: { id }, query: { id_team: teamId } });

export const resendInvitation = (teamId: number, id: number) =>
  call(API.invitations.resend, { params: { id }, query: { id_team: teamId } });

/** The invitation a link names, for a visitor who may have no session (a 401 ends nothing). */
export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation-link", token],
    queryFn: ({ signal }) =>
      call(API.invitations.link, { params: { token }, signal, unauthorizedEndsSession: false }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  call(API.invitations.accept, { params: { token }, body, unauthorizedEndsSession: false });
