import {
  API,
  type RemoveMemberRequest,
  type SetMemberRoleRequest,
  type TransferOwnershipRequest,
  type UpdateTeamRequest,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

export const teamQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId],
    queryFn: async ({ signal }) => (await call(API.teams.get, { query: { id_team: teamId }, signal })).team,
  });

export const teamMembersQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId, "members"],
    queryFn: async ({ signal }) =>
      (await call(API.teams.members, { query: { id_team: teamId }, signal })).members,
  });

export function updateTeam(body: UpdateTeamRequest) {
  return call(API.teams.update, { body });
}

export function setMemberRole(body: SetMemberRoleRequest) {
  return call(API.teams.setMemberRole, { body });
}

export function removeMember(body: RemoveMemberRequest) {
  return call(API.teams.removeMember, { body });
}

export function transferOwnership(body: TransferOwnershipRequest) {
  // A wrong password is answered 400 (not 401), so it never signs the browser out.
  return call(API.teams.transferOwnership, { body });
}
