import {
  type RemoveMemberRequest,
  RemoveMemberResponse,
  type SetMemberRoleRequest,
  SetMemberRoleResponse,
  TeamMembersResponse,
  TeamResponse,
  type TransferOwnershipRequest,
  TransferOwnershipResponse,
  type UpdateTeamRequest,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const teamQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/team/get", TeamResponse, { query: { id_team: teamId }, signal })).team,
  });

export const teamMembersQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId, "members"],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/team/get-members", TeamMembersResponse, { query: { id_team: teamId }, signal }))
        .members,
  });

export function updateTeam(body: UpdateTeamRequest) {
  return apiRequest("/api/team/update", TeamResponse, { method: "POST", body });
}

export function setMemberRole(body: SetMemberRoleRequest) {
  return apiRequest("/api/member/set-role", SetMemberRoleResponse, { method: "POST", body });
}

export function removeMember(body: RemoveMemberRequest) {
  return apiRequest("/api/member/remove", RemoveMemberResponse, { method: "POST", body });
}

export function transferOwnership(body: TransferOwnershipRequest) {
  // A wrong password is answered 400 (not 401), so it never signs the browser out.
  return apiRequest("/api/team/transfer-ownership", TransferOwnershipResponse, { method: "POST", body });
}
