import { MembershipChangeResponse, MembershipUserResponse } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const membershipQuery = (teamId: number, userId: number) =>
  queryOptions({
    queryKey: ["membership", teamId, userId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest("/api/membership/user", MembershipUserResponse, {
          query: { id_team: teamId, user_id: userId },
          signal,
        })
      ).body,
  });

/** Where to go to change or renew the plan (the billing page, Stripe's Checkout or its portal). */
export const changePlan = (teamId: number, planId: number) =>
  apiRequest("/api/membership/change", MembershipChangeResponse, {
    method: "POST",
    query: { id_team: teamId },
    body: { plan_id: planId },
  });
