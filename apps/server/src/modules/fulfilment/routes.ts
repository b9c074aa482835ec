import {
  DocumentFulfilmentResponse,
  ErrorEnvelope,
  FulfilmentDocParams,
  FulfilmentRequestParams,
  FulfilmentRequestResponse,
  FulfilmentScopeQuery,
  HardCopyRequest,
  LegalReviewRequest,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FulfilmentService } from "./service.ts";

const notVisible = ErrorEnvelope.describe(
  "No such document (or request) in this firm that the caller can see",
);
const badInput = ErrorEnvelope.describe("A field failed its check; data.errors names each field");

export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  app.get(
    "/doc/:id/fulfilment",
    {
      schema: {
        tags: ["fulfilment"],
        summary:
          "Legal review and hard copy of a document: the prices, whether the caller may ask now, and its requests",
        params: FulfilmentDocParams,
        querystring: FulfilmentScopeQuery,
        response: { 200: DocumentFulfilmentResponse, 404: notVisible },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await fulfilment.forDocument(ctx, request.params.id) };
    },
  );

  app.post(
    "/doc/:id/legal-review",
    {
      schema: {
        tags: ["fulfilment"],
        summary:
          "Requests a legal review of a completed document: an unpaid order (its price from the settings) to pay at checkout",
        params: FulfilmentDocParams,
        querystring: FulfilmentScopeQuery,
        body: LegalReviewRequest,
        response: {
          200: FulfilmentRequestResponse,
          400: badInput,
          403: ErrorEnvelope.describe("The Lite plan, or not the document's creator, the owner or a manager"),
          404: notVisible,
          409: ErrorEnvelope.describe(
            "Not completed, owner confirmation missing, a review already open or unpaid, or quoted on request",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await fulfilment.legalReview(ctx, request.params.id, request.body) };
    },
  );

  app.post(
    "/doc/:id/hard-copy",
    {
      schema: {
        tags: ["fulfilment"],
        summary:
          "Orders printed copies of a completed or signed document posted in Australia: an unpaid order to pay at checkout",
        params: FulfilmentDocParams,
        querystring: FulfilmentScopeQuery,
        body: HardCopyRequest,
        response: {
          200: FulfilmentRequestResponse,
          400: badInput,
          403: ErrorEnvelope.describe("Not the document's creator, the owner or a manager"),
          404: notVisible,
          409: ErrorEnvelope.describe(
            "Not completed or signed, owner confirmation missing, or a hard copy order already unpaid",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await fulfilment.hardCopy(ctx, request.params.id, request.body) };
    },
  );

  app.post(
    "/doc/:id/fulfilment/:request_id/cancel",
    {
      schema: {
        tags: ["fulfilment"],
        summary:
          "Withdraws an unpaid legal review or hard copy request (its order can then no longer be paid)",
        params: FulfilmentRequestParams,
        querystring: FulfilmentScopeQuery,
        response: {
          200: FulfilmentRequestResponse,
          403: ErrorEnvelope.describe("Not the document's creator, the owner or a manager"),
          404: notVisible,
          409: ErrorEnvelope.describe("The request was paid already"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { id, request_id } = request.params;
      return { message: "", data: await fulfilment.cancel(ctx, id, request_id) };
    },
  );
};
