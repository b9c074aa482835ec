import {
  MembershipChangeQuery,
  MembershipChangeRequest,
  MembershipChangeResponse,
  MembershipUserQuery,
  MembershipUserResponse,
} from "../membership.ts";
import { defineCall } from "./define.ts";

/** A firm's plan. */
export const membershipCalls = {
  ofUser: defineCall({
    method: "GET",
    path: "/api/membership/user",
    query: MembershipUserQuery,
    reply: MembershipUserResponse,
    errors: { 403: "user_id is not the caller's own", 404: "Not a member of this firm" },
  }),
  change: defineCall({
    method: "POST",
    path: "/api/membership/change",
    query: MembershipChangeQuery,
    body: MembershipChangeRequest,
    reply: MembershipChangeResponse,
    errors: {
      403: "Only the company owner or a manager",
      404: "No such plan, or not a member of this firm",
      409: "Already the firm's plan, and in force",
    },
  }),
} as const;
