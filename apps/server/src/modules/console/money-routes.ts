import {
  ErrorEnvelope,
  MoneyOrderPage,
  MoneyOrderParams,
  MoneyOrderQuery,
  MoneyOrderResponse,
  RefundRequest,
  ResendInvoiceResponse,
  TakingsQuery,
  TakingsResponse,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ConsoleMoney } from "./money.ts";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The routes of the console's "Money" area (issue 37 item 6), registered inside the console's
 * signed-in scope (its hook runs first): `staffIn` is that scope's role check.
 */
export const moneyRoutes: FastifyPluginAsyncZod<{
  money: ConsoleMoney;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { money, staffIn, refusals, badInput, security } = options;
  const noOrder = ErrorEnvelope.describe("No such order");
  const inMoney = (request: FastifyRequest) => staffIn(request, "money");

  areas.get(
    "/console/money/orders",
    {
      schema: {
        tags: ["console"],
        summary:
          "Orders across firms, newest first: by firm name, order number or customer email, status and Sydney days",
        security,
        querystring: MoneyOrderQuery,
        response: { 200: MoneyOrderPage, 400: badInput, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await money.orders(inMoney(request), request.query) }),
  );

  areas.get(
    "/console/money/orders/:id",
    {
      schema: {
        tags: ["console"],
        summary: "An order with its lines, coupons, GST, payments and refunds, and what may be done on it",
        security,
        params: MoneyOrderParams,
        response: { 200: MoneyOrderResponse, 400: badInput, ...refusals, 404: noOrder },
      },
    },
    async (request) => ({ message: "", data: await money.order(inMoney(request), request.params.id) }),
  );

  areas.post(
    "/console/money/orders/:id/refund",
    {
      schema: {
        tags: ["console"],
        summary:
          "Refunds part or all of what was paid through the provider that took it, with a reason, once (audited)",
        security,
        params: MoneyOrderParams,
        body: RefundRequest,
        response: {
          200: MoneyOrderResponse,
          400: badInput,
          ...refusals,
          404: noOrder,
          409: ErrorEnvelope.describe(
            "Not paid, refunded in full, more than is left, changed meanwhile, used, or its credits spent",
          ),
          502: ErrorEnvelope.describe("The payment provider did not accept the refund; nothing was changed"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await money.refund(inMoney(request), request.params.id, request.body),
    }),
  );

  areas.post(
    "/console/money/orders/:id/invoice",
    {
      schema: {
        tags: ["console"],
        summary:
          "Mails the order's tax invoice again to its billing e-mail, through the mail queue (audited)",
        security,
        params: MoneyOrderParams,
        response: {
          200: ResendInvoiceResponse,
          400: badInput,
          ...refusals,
          404: noOrder,
          409: ErrorEnvelope.describe("The order has not been paid"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await money.resendInvoice(inMoney(request), request.params.id),
    }),
  );

  areas.get(
    "/console/money/takings",
    {
      schema: {
        tags: ["console"],
        summary: "A Sydney day's takings: orders paid, gross, GST, refunds given and net",
        security,
        querystring: TakingsQuery,
        response: { 200: TakingsResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await money.takings(inMoney(request), request.query.day) }),
  );
};
