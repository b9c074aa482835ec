import {
  CreditLogQuery,
  CreditPackagesResponse,
  CreditStatusResponse,
  CreditTeamQuery,
  ErrorEnvelope,
  OrderCapResponse,
  OrderUpdateQuery,
  OrderUpdateResponse,
  UpdateCapRequest,
  UpdateCapResponse,
  UsedCapResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { CreditsService } from "./service.ts";

const noCompanyId = ErrorEnvelope.describe("'Cannot get company id': no id_team, or bad filters");
const notAMember = ErrorEnvelope.describe("Not a member of this firm (or no such firm)");
const notOwnerOrManager = ErrorEnvelope.describe("Only the company owner or a manager may");

export const creditRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.get(
    "/credits/status",
    {
      schema: {
        tags: ["credits"],
        summary: "The credit badge: remaining and used credit, whether it shows, and what the caller may do",
        querystring: CreditTeamQuery,
        response: { 200: CreditStatusResponse, 400: noCompanyId, 404: notAMember },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ctx = await request.firm();
      return { message: "", data: { code: 200 as const, credit: await credits.status(actor, ctx) } };
    },
  );

  app.get(
    "/credits/packages",
    {
      schema: {
        tags: ["credits"],
        summary: "The credit packages on sale (shop products with cap_qty), cheapest first",
        querystring: CreditTeamQuery,
        response: { 200: CreditPackagesResponse, 400: noCompanyId, 404: notAMember },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { code: 200 as const, packages: await credits.packages(ctx) } };
    },
  );

  app.get(
    "/order/update",
    {
      schema: {
        tags: ["credits"],
        summary: "Confirms the caller's unpaid credit order is ready for its checkout",
        querystring: OrderUpdateQuery,
        response: {
          200: OrderUpdateResponse,
          400: noCompanyId,
          403: notOwnerOrManager,
          404: ErrorEnvelope.describe("Not the caller's order in this firm (or no such firm)"),
          409: ErrorEnvelope.describe("Not a credit package, or already paid"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const result = await credits.prepareOrder(ctx, request.query.id_order);
      return { message: "", data: { code: 200 as const, ...result } };
    },
  );

  app.post(
    "/team/update-cap",
    {
      schema: {
        tags: ["credits"],
        summary: "Adds a paid credit order's credits to the firm, exactly once (the payment return)",
        querystring: CreditTeamQuery,
        body: UpdateCapRequest,
        response: {
          200: UpdateCapResponse,
          400: noCompanyId,
          403: notOwnerOrManager,
          404: ErrorEnvelope.describe("No such order in this firm (or no such firm)"),
          409: ErrorEnvelope.describe("The order is not paid yet, or has no credit package"),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ctx = await request.firm();
      const result = await credits.updateCap(actor, ctx, request.body);
      return { message: "", data: { code: 200 as const, result } };
    },
  );

  app.get(
    "/team/used-cap",
    {
      schema: {
        tags: ["credits"],
        summary: "Credit Spending History: plan uses taken, filtered by day and sorted",
        querystring: CreditLogQuery,
        response: { 200: UsedCapResponse, 400: noCompanyId, 403: notOwnerOrManager, 404: notAMember },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { code: 200 as const, rows: await credits.usedCap(ctx, request.query) } };
    },
  );

  app.get(
    "/team/order-cap",
    {
      schema: {
        tags: ["credits"],
        summary: "Credit Buying History: credit packages bought, filtered by day and sorted",
        querystring: CreditLogQuery,
        response: { 200: OrderCapResponse, 400: noCompanyId, 403: notOwnerOrManager, 404: notAMember },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { code: 200 as const, rows: await credits.orderCap(ctx, request.query) } };
    },
  );
};
