import {
  CheckoutRequest,
  CheckoutResponse,
  CreateOrderRequest,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderResponse,
  ProductResponse,
} from "../catalogue.ts";
import { TeamScopeQuery } from "../folders.ts";
import { defineCall, defineLink } from "./define.ts";

/** Orders in a firm: the caller's list, buying, paying, the tax invoice. */
export const orderCalls = {
  mine: defineCall({
    method: "GET",
    path: "/api/orders",
    query: OrderListQuery,
    reply: OrderListResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  create: defineCall({
    method: "POST",
    path: "/api/orders",
    query: TeamScopeQuery,
    body: CreateOrderRequest,
    reply: OrderResponse,
    errors: {
      400: "A field is not valid",
      404: "No such product, or not a member of this firm",
      409: "Not possible in the current state; the message says why",
    },
  }),
  get: defineCall({
    method: "GET",
    path: "/api/orders/:id",
    params: OrderIdParams,
    query: TeamScopeQuery,
    reply: OrderResponse,
    errors: { 404: "No such order of the caller's in this firm" },
  }),
  /** The template an order bought, even withdrawn from sale since: what starting it needs. */
  product: defineCall({
    method: "GET",
    path: "/api/orders/:id/product",
    params: OrderIdParams,
    query: TeamScopeQuery,
    reply: ProductResponse,
    errors: {
      404: "No such order of the caller's in this firm",
      409: "The order's template is no longer in the library",
    },
  }),
  /** A payment session; its url is the checkout page to send the browser to. */
  checkout: defineCall({
    method: "POST",
    path: "/api/stripe/checkout",
    query: TeamScopeQuery,
    body: CheckoutRequest,
    reply: CheckoutResponse,
    errors: {
      400: "A field is not valid",
      404: "No such order of the caller's in this firm",
      409: "Not possible in the current state; the message says why",
    },
  }),
  /** The tax invoice of a paid order (a PDF). */
  invoice: defineLink({
    method: "GET",
    path: "/api/orders/:id/invoice",
    params: OrderIdParams,
    query: TeamScopeQuery,
  }),
} as const;
