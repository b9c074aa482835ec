import {
  CouponCheckQuery,
  CouponCheckResponse,
  CreateOrderRequest,
  DOCUMENT_CREATED,
  ErrorEnvelope,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderQuery,
  OrderResponse,
  ProductResponse,
  StartDocumentQuery,
  StartDocumentRequest,
  StartDocumentResponse,
  UpdateOrderRequest,
} from "@precedent/contracts";
import { create as contentDisposition } from "content-disposition";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CatalogueService } from "../catalogue/index.ts";
import type { CouponsService } from "../coupons/index.ts";
import type { OrdersService } from "./service.ts";
import type { DocumentStart } from "./start.ts";

export const orderRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  coupons: CouponsService;
  catalogue: CatalogueService;
  startDocument: DocumentStart;
}> = async (app, { orders, coupons, catalogue, startDocument }) => {
  app.get(
    "/coupons",
    {
      schema: {
        tags: ["orders"],
        summary: "Checks a coupon code for a product next to the codes already applied; prices the result",
        querystring: CouponCheckQuery,
        response: { 200: CouponCheckResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const product = await catalogue.pricedProduct(request.query.product_id);
      const codes = [...request.query.applied, request.query.code];
      const result = await coupons.apply(codes, product, ctx.userId);
      const coupon = result.coupons[result.coupons.length - 1];
      if (!coupon) throw new Error("coupon missing");
      return {
        message: "",
        data: {
          coupon: {
            code: coupon.code,
            amount: coupon.amount,
            discount_type: coupon.discountType,
            individual_use: coupon.individualUse,
          },
          codes: result.coupons.map((c) => c.code),
          summary: result.summary,
        },
      };
    },
  );

  app.post(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary: "Creates an unpaid order of one template, priced by the server",
        querystring: OrderQuery,
        body: CreateOrderRequest,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await orders.create(ctx, request.body) };
    },
  );

  app.get(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary: "The caller's own orders in the firm (My Orders), newest first",
        querystring: OrderListQuery,
        response: {
          200: OrderListResponse,
          404: ErrorEnvelope.describe("The caller is not a member of this firm"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await orders.list(ctx, request.query) };
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        tags: ["orders"],
        summary:
          "One of the caller's orders; payment_status tells the return page paid, unpaid, used or declined",
        params: OrderIdParams,
        querystring: OrderQuery,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await orders.get(ctx, request.params.id) };
    },
  );

  app.get(
    "/orders/:id/product",
    {
      schema: {
        tags: ["orders"],
        summary:
          "The template one of the caller's orders bought, as the catalogue shows it, even when withdrawn from sale since (what starting a paid order needs)",
        params: OrderIdParams,
        querystring: OrderQuery,
        response: {
          200: ProductResponse,
          404: ErrorEnvelope.describe("Not the caller's order in this firm (or no such firm)"),
          409: ErrorEnvelope.describe("The order's template is no longer in the library"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const order = await orders.get(ctx, request.params.id);
      const productId = order.line_items[0]?.product_id;
      if (productId === undefined) throw new Error(`order ${order.id} has no line`);
      return { message: "", data: await catalogue.orderedProductView(productId) };
    },
  );

  app.get(
    "/orders/:id/invoice",
    {
      schema: {
        tags: ["orders"],
        summary:
          "The tax invoice of one of the caller's paid orders, as a PDF download (with the firm's billing details and any refunds as adjustment notes)",
        params: OrderIdParams,
        querystring: OrderQuery,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The tax invoice's bytes (application/pdf, attachment INV-000123.pdf)"),
          404: ErrorEnvelope.describe("Not the caller's order in this firm (or no such firm)"),
          409: ErrorEnvelope.describe("The order is not paid yet: no invoice"),
        },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const invoice = await orders.invoice(ctx, request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(invoice.name, { type: "attachment" }))
        .header("cache-control", "private, no-store")
        .send(Buffer.from(invoice.pdf.buffer, invoice.pdf.byteOffset, invoice.pdf.byteLength));
    },
  );

  app.put(
    "/orders/:id",
    {
      schema: {
        tags: ["orders"],
        summary: "Changes the billing details of an unpaid order (nothing else)",
        params: OrderIdParams,
        querystring: OrderQuery,
        body: UpdateOrderRequest,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await orders.update(ctx, request.params.id, request.body) };
    },
  );

  app.post(
    "/doc/start",
    {
      schema: {
        tags: ["documents"],
        summary:
          "Starts a document from a template: consumes a paid order, a plan use, or a free/full-access right",
        querystring: StartDocumentQuery,
        body: StartDocumentRequest,
        response: { 200: StartDocumentResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: DOCUMENT_CREATED, data: await startDocument(ctx, request.body) };
    },
  );
};
