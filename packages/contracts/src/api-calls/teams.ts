import {
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
} from "../teams.ts";
import { defineCall } from "./define.ts";

/** A firm and its members. */
export const teamCalls = {
  get: defineCall({
    method: "GET",
    path: "/api/team/get",
    query: TeamQuery,
    reply: TeamResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  members: defineCall({
    method: "GET",
    path: "/api/team/get-members",
    query: TeamQuery,
    reply: TeamMembersResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  update: defineCall({
    method: "POST",
    path: "/api/team/update",
    body: UpdateTeamRequest,
    reply: TeamResponse,
    errors: {
      400: "A field is not valid",
      403: "Only the company owner",
      404: "Not a member of this firm",
    },
  }),
  setMemberRole: defineCall({
    method: "POST",
    path: "/api/member/set-role",
    body: SetMemberRoleRequest,
    reply: SetMemberRoleResponse,
    errors: { 403: "Only the company owner", 404: "No such member of this firm" },
  }),
  removeMember: defineCall({
    method: "POST",
    path: "/api/member/remove",
    body: RemoveMemberRequest,
    reply: RemoveMemberResponse,
    errors: { 403: "Only the company owner", 404: "No such member of this firm" },
  }),
  transferOwnership: defineCall({
    method: "POST",
    path: "/api/team/transfer-ownership",
    body: TransferOwnershipRequest,
    reply: TransferOwnershipResponse,
    errors: {
      400: "The password is not right",
      403: "Only the company owner",
      429: "Too many wrong passwords",
    },
  }),
} as const;
