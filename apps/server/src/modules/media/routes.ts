import fastifyMultipart from "@fastify/multipart";
import {
  ErrorEnvelope,
  IMAGE_MAX_BYTES,
  IMAGE_UPLOAD_MESSAGES,
  MediaIdParams,
  MediaUploadQuery,
  MediaUploadResponse,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MEDIA_UPLOADS_MAX_PER_MINUTE } from "../../constants.ts";
import { badRequest } from "../../errors.ts";
import { actorOf } from "../../plugins/authenticate.ts";
import type { TeamsService } from "../teams/index.ts";
import type { MediaService } from "./service.ts";
import { tooLarge } from "./service.ts";

const uploadsPerPerson = {
  max: MEDIA_UPLOADS_MAX_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `user:${request.actor?.userId ?? request.ip}`,
};

/** Reads the one file part, refusing a larger one as soon as the limit is passed. */
async function uploadedFile(request: FastifyRequest) {
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file();
  } catch {
    throw badRequest("Please choose an image to upload.", [
      { field: "file", message: "Please choose an image to upload." },
    ]);
  }
  if (!part)
    throw badRequest("Please choose an image to upload.", [
      { field: "file", message: "Please choose an image to upload." },
    ]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
  return { bytes, fileName: part.filename || "image", declaredType: part.mimetype };
}

export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService;
  teams: Pick<TeamsService, "requireMembership">;
}> = async (app, { media, teams }) => {
  // Scoped to this plugin: only the upload takes multipart. One part, read no further than the
  // size limit (a byte over it is enough to refuse).
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 4, fieldSize: 1024, parts: 5 },
  });

  app.post(
    "/media",
    {
      config: { rateLimit: uploadsPerPerson },
      schema: {
        tags: ["media"],
        summary:
          "Upload an image (avatar or logo): JPEG, GIF or PNG under 2 MB, in the multipart part `file`",
        description:
          "The bytes must really be such an image; it is re-encoded without its metadata (EXIF, GPS) before it is stored. The reply's `source_url` serves it to the uploader and the firm's members.",
        consumes: ["multipart/form-data"],
        querystring: MediaUploadQuery,
        response: {
          200: MediaUploadResponse,
          400: ErrorEnvelope.describe(
            `Not an image of those types ('${IMAGE_UPLOAD_MESSAGES.wrongType}'), or too large ('${IMAGE_UPLOAD_MESSAGES.tooLarge}')`,
          ),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // Not a member of the firm: 404 before the body is read.
      await teams.requireMembership(actor, request.query.id_team);
      const file = await uploadedFile(request);
      const data = await media.upload(actor, {
        teamId: request.query.id_team,
        purpose: request.query.purpose,
        ...file,
      });
      return { message: "", data };
    },
  );

  app.get(
    "/media/:id",
    {
      schema: {
        tags: ["media"],
        summary: "An uploaded image, for its uploader and the members of its firm",
        params: MediaIdParams,
        produces: ["image/jpeg", "image/png", "image/gif"],
      },
    },
    async (request, reply) => {
      const image = await media.read(actorOf(request), request.params.id);
      return (
        reply
          .header("content-type", image.mediaType)
          .header("content-length", image.size)
          // The bytes under an id never change; the browser may keep them, no shared cache may.
          .header("cache-control", "private, max-age=86400, immutable")
          .send(image.body)
      );
    },
  );
};
