import fastifyMultipart from "@fastify/multipart";
import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CatalogueImageParams,
  CatalogueItemParams,
  ConsoleCategoryResponse,
  ConsoleProductResponse,
  ErrorEnvelope,
  CONSOLE_CATALOGUE_MESSAGES as M,
  ProductImageQuery,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../errors.ts";
import type { ConsoleCatalogueImages } from "./catalogue-images.ts";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The routes of product and category images in the console's Catalogue area (issue 37 item 3):
 * content editors and administrators set, replace and remove them; staff see them at an address
 * under the console's path, where their cookie goes.
 */
export const catalogueImageRoutes: FastifyPluginAsyncZod<{
  images: ConsoleCatalogueImages;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, { images, staffIn, refusals, badInput, security }) => {
  const tags = ["console"];
  const inCatalogue = (request: FastifyRequest) => staffIn(request, "catalogue");
  const stale = (what: string) =>
    ErrorEnvelope.describe(`The ${what} changed since it was read (send the new version)`);

  // Scoped to this plugin: only the image uploads take multipart, one part, read no further than
  // the size limit (a byte over it is enough to refuse).
  await areas.register(fastifyMultipart, {
    limits: { files: 1, fileSize: CATALOGUE_IMAGE_MAX_BYTES, fields: 2, fieldSize: 1024, parts: 3 },
  });
  const missing = () => badRequest(M.imageMissing, [{ field: "file", message: M.imageMissing }]);
  /** The one file part's bytes; read only once the target is known (the service calls it). */
  const uploadOf = (request: FastifyRequest) => async () => {
    if (!request.isMultipart()) throw missing();
    let part: Awaited<ReturnType<FastifyRequest["file"]>>;
    try {
      part = await request.file();
    } catch {
      throw missing();
    }
    if (!part) throw missing();
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === "FST_REQ_FILE_TOO_LARGE")
        throw badRequest(M.imageTooLarge, [{ field: "file", message: M.imageTooLarge }]);
      throw error;
    });
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const badImage = ErrorEnvelope.describe(
    `No file ('${M.imageMissing}'), not a PNG, JPEG or WebP by its bytes ('${M.imageWrongType}'), over 2 MB ('${M.imageTooLarge}') or over 4000 px ('${M.imageTooWide}'); nothing changed`,
  );
  const imageDescription =
    "The multipart part `file`: PNG, JPEG or WebP found in its bytes (its name and declared type are not trusted), at most 2 MB and 4000 px each way. Stored under its SHA-256; firms see it at once at an address that names the hash.";

  areas.put(
    "/console/catalogue/products/:id/image",
    {
      schema: {
        tags,
        summary:
          "Sets or replaces a product's image, read at a version (content editors and administrators; audited)",
        description: imageDescription,
        security,
        consumes: ["multipart/form-data"],
        params: CatalogueItemParams,
        querystring: ProductImageQuery,
        response: {
          200: ConsoleProductResponse,
          400: badImage,
          ...refusals,
          404: ErrorEnvelope.describe("No such product"),
          409: stale("product"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await images.setProductImage(
        inCatalogue(request),
        request.params.id,
        request.query.version,
        uploadOf(request),
      ),
    }),
  );

  areas.delete(
    "/console/catalogue/products/:id/image",
    {
      schema: {
        tags,
        summary: "Removes a product's image, read at a version (content editors and administrators; audited)",
        security,
        params: CatalogueItemParams,
        querystring: ProductImageQuery,
        response: {
          200: ConsoleProductResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such product"),
          409: ErrorEnvelope.describe("The product changed since it was read, or it has no image"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await images.setProductImage(
        inCatalogue(request),
        request.params.id,
        request.query.version,
        null,
      ),
    }),
  );

  areas.put(
    "/console/catalogue/categories/:id/image",
    {
      schema: {
        tags,
        summary: "Sets or replaces a category's image, shown in the firms' category carousel (audited)",
        description: imageDescription,
        security,
        consumes: ["multipart/form-data"],
        params: CatalogueItemParams,
        response: {
          200: ConsoleCategoryResponse,
          400: badImage,
          ...refusals,
          404: ErrorEnvelope.describe("No such category"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await images.setCategoryImage(inCatalogue(request), request.params.id, uploadOf(request)),
    }),
  );

  areas.delete(
    "/console/catalogue/categories/:id/image",
    {
      schema: {
        tags,
        summary: "Removes a category's image (audited)",
        security,
        params: CatalogueItemParams,
        response: {
          200: ConsoleCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such category"),
          409: ErrorEnvelope.describe("The category has no image"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await images.setCategoryImage(inCatalogue(request), request.params.id, null),
    }),
  );

  areas.get(
    "/console/catalogue/images/:sha256",
    {
      schema: {
        tags,
        summary:
          "A product's or category's image as the console shows it (the bytes under its hash never change)",
        security,
        params: CatalogueImageParams,
        produces: ["image/png", "image/jpeg", "image/webp"],
        response: {
          200: z.any().describe("The image's bytes, of the type its bytes are"),
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No product or category shows an image of this hash"),
        },
      },
    },
    async (request, reply) => {
      inCatalogue(request);
      const image = await images.image(request.params.sha256);
      return reply
        .header("content-type", image.mediaType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  );
};
