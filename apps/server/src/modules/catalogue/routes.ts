import {
  CatalogueImageParams,
  CategoryListQuery,
  CategoryListResponse,
  ErrorEnvelope,
  FaqQuery,
  FaqResponse,
  MembershipProductsQuery,
  MembershipProductsResponse,
  ProductIdParams,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  QuestionsQuery,
  QuestionsResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { KeptReplies } from "../../platform/freshness/index.ts";
import { BUSY_RESPONSE } from "../../platform/workers/index.ts";
import { actorOf } from "../../plugins/authenticate.ts";
import type { CatalogueService } from "./service.ts";

export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  keptReplies: KeptReplies;
}> = async (app, { catalogue, keptReplies }) => {
  const tags = ["catalogue"];

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "Published catalogue products: by categories (comma list, with sub categories) and search",
        querystring: ProductListQuery,
        response: { 200: ProductListResponse },
      },
    },
    // The same for everyone: kept while the catalogue is unchanged, compressed once, with an ETag.
    async (request, reply) =>
      keptReplies.catalogue(reply, async () => ({ message: "", data: await catalogue.list(request.query) })),
  );

  app.get(
    "/products/categories",
    {
      schema: {
        tags,
        summary: "Visible catalogue categories (flat; tree by parent) with product counts",
        querystring: CategoryListQuery,
        response: { 200: CategoryListResponse },
      },
    },
    async (request, reply) =>
      keptReplies.catalogue(reply, async () => ({
        message: "",
        data: await catalogue.categories({
          hideEmpty: request.query.hide_empty,
          parent: request.query.parent,
        }),
      })),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "One catalogue product",
        params: ProductIdParams,
        response: { 200: ProductResponse },
      },
    },
    async (request, reply) =>
      keptReplies.catalogue(reply, async () => ({
        message: "",
        data: await catalogue.get(request.params.id),
      })),
  );

  app.get(
    "/products/:id/preview",
    {
      schema: {
        tags,
        summary: "The template rendered as PDF from its sample answers (application/pdf)",
        params: ProductIdParams,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The PDF's bytes (inline)"),
          404: ErrorEnvelope.describe("No such product, or its template has no preview"),
          422: ErrorEnvelope.describe("The template could not make its preview from its sample answers"),
          ...BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const pdf = await catalogue.preview(request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", "inline; filename=preview.pdf")
        .header("cache-control", "private, max-age=3600")
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    "/catalogue/images/:sha256",
    {
      schema: {
        tags,
        summary: "A product's or category's image (catalogue content: any signed-in person)",
        description:
          "The address names the bytes' SHA-256, so they never change: kept by the browser for a year. Only an image a product or category shows is served.",
        params: CatalogueImageParams,
        produces: ["image/png", "image/jpeg", "image/webp"],
        response: {
          200: z.any().describe("The image's bytes, of the type its bytes are"),
          400: ErrorEnvelope.describe("Not an image address"),
          404: ErrorEnvelope.describe("No product or category shows an image of this hash"),
        },
      },
    },
    async (request, reply) => {
      const image = await catalogue.image(request.params.sha256);
      return reply
        .header("content-type", image.mediaType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  );

  app.get(
    "/faq/get-faq",
    { schema: { tags, summary: "A product's FAQ", querystring: FaqQuery, response: { 200: FaqResponse } } },
    async (request) => ({
      message: "",
      data: { code: 200 as const, body: await catalogue.faq(request.query.product_id) },
    }),
  );

  app.get(
    "/question/get_by_template",
    {
      schema: {
        tags,
        summary: "A template's interview questions (definition), by identifier or product id",
        querystring: QuestionsQuery,
        response: { 200: QuestionsResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, body: await catalogue.questions(request.query.id_template) },
    }),
  );

  app.get(
    "/membership/products",
    {
      schema: {
        tags,
        summary: "What the firm's plan gives in the catalogue: excluded and full-access categories, limit",
        querystring: MembershipProductsQuery,
        response: { 200: MembershipProductsResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { code: 200 as const, body: await catalogue.membership(actorOf(request), request.query.id_team) },
    }),
  );
};
