import { OrderListQuery, OrderListResponse } from "../catalogue.ts";
import { defineCall } from "./define.ts";

/** The caller's orders in a firm. */
export const orderCalls = {
  mine: defineCall({
    method: "GET",
    path: "/api/orders",
    query: OrderListQuery,
    reply: OrderListResponse,
    errors: { 404: "Not a member of this firm" },
  }),
} as const;
