import {
  CreditLogQuery,
  CreditPackagesResponse,
  CreditStatusResponse,
  CreditTeamQuery,
  OrderCapResponse,
  OrderUpdateQuery,
  OrderUpdateResponse,
  UpdateCapRequest,
  UpdateCapResponse,
  UsedCapResponse,
} from "../credits.ts";
import { defineCall } from "./define.ts";

const NOT_MEMBER = "Not a member of this firm";
const OWNER_OR_MANAGER = "Only the company owner or a manager";

/** A firm's document credits: the balance, the packages, buying one, the logs (account-area §4). */
export const creditCalls = {
  status: defineCall({
    method: "GET",
    path: "/api/credits/status",
    query: CreditTeamQuery,
    reply: CreditStatusResponse,
    errors: { 400: "Cannot get company id", 404: NOT_MEMBER },
  }),
  packages: defineCall({
    method: "GET",
    path: "/api/credits/packages",
    query: CreditTeamQuery,
    reply: CreditPackagesResponse,
    errors: { 400: "Cannot get company id", 404: NOT_MEMBER },
  }),
  /** The purchase's order-update step, between creating the order and paying. */
  orderUpdate: defineCall({
    method: "GET",
    path: "/api/order/update",
    query: OrderUpdateQuery,
    reply: OrderUpdateResponse,
    errors: {
      400: "Cannot get company id",
      403: OWNER_OR_MANAGER,
      404: "Not the caller's order in this firm",
      409: "Not a credit package, or already paid",
    },
  }),
  /** After payment: the order's package becomes credits (once). */
  updateCap: defineCall({
    method: "POST",
    path: "/api/team/update-cap",
    query: CreditTeamQuery,
    body: UpdateCapRequest,
    reply: UpdateCapResponse,
    errors: {
      400: "Cannot get company id, or a field is not valid",
      403: OWNER_OR_MANAGER,
      404: "No such order in this firm",
      409: "The order is not paid yet, or has no credit package",
    },
  }),
  usedCredits: defineCall({
    method: "GET",
    path: "/api/team/used-cap",
    query: CreditLogQuery,
    reply: UsedCapResponse,
    errors: { 400: "Cannot get company id, or bad filters", 403: OWNER_OR_MANAGER, 404: NOT_MEMBER },
  }),
  boughtCredits: defineCall({
    method: "GET",
    path: "/api/team/order-cap",
    query: CreditLogQuery,
    reply: OrderCapResponse,
    errors: { 400: "Cannot get company id, or bad filters", 403: OWNER_OR_MANAGER, 404: NOT_MEMBER },
  }),
} as const;
