import {
  MoneyOrderPage,
  MoneyOrderParams,
  MoneyOrderQuery,
  MoneyOrderResponse,
  RefundRequest,
  ResendInvoiceResponse,
  TakingsQuery,
  TakingsResponse,
} from "../console-money.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";
const NO_ORDER = "No such order";
const refusals = { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED } as const;

/** The operator console's "Money" area (issue 37 item 6). */
export const consoleMoneyCalls = {
  orders: defineCall({
    method: "GET",
    path: "/api/console/money/orders",
    query: MoneyOrderQuery,
    reply: MoneyOrderPage,
    errors: refusals,
  }),
  order: defineCall({
    method: "GET",
    path: "/api/console/money/orders/:id",
    params: MoneyOrderParams,
    reply: MoneyOrderResponse,
    errors: { ...refusals, 404: NO_ORDER },
  }),
  refund: defineCall({
    method: "POST",
    path: "/api/console/money/orders/:id/refund",
    params: MoneyOrderParams,
    body: RefundRequest,
    reply: MoneyOrderResponse,
    errors: {
      ...refusals,
      404: NO_ORDER,
      409: "Not paid, refunded in full, more than is left, changed meanwhile, used, or its credits spent",
      502: "The payment provider did not accept the refund; nothing was changed",
    },
  }),
  resendInvoice: defineCall({
    method: "POST",
    path: "/api/console/money/orders/:id/invoice",
    params: MoneyOrderParams,
    reply: ResendInvoiceResponse,
    errors: { ...refusals, 404: NO_ORDER, 409: "The order has not been paid" },
  }),
  takings: defineCall({
    method: "GET",
    path: "/api/console/money/takings",
    query: TakingsQuery,
    reply: TakingsResponse,
    errors: refusals,
  }),
} as const;
