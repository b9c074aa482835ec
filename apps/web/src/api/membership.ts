import { API } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

export const membershipQuery = (teamId: number, userId: number) =>
  queryOptions({
    queryKey: ["membership", teamId, userId],
    queryFn: async ({ signal }) =>
      (await call(API.membership.ofUser, { query: { id_team: teamId, user_id: userId }, signal })).body,
  });

/** Where to go to change or renew the plan (the billing page, Stripe's Checkout or its portal). */
export const changePlan = (teamId: number, planId: number) =>
  call(API.membership.change, { query: { id_team: teamId }, body: { plan_id: planId } });
