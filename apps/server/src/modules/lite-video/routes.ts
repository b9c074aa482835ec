import {
  ErrorEnvelope,
  LiteVideoQuery,
  LiteVideoResponse,
  SetHideLiteVideoRequest,
  SetHideLiteVideoResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import type { LiteVideoService } from "./service.ts";

export const liteVideoRoutes: FastifyPluginAsyncZod<{ liteVideo: LiteVideoService }> = async (
  app,
  { liteVideo },
) => {
  app.post(
    "/user/set-hide-lite-video",
    {
      schema: {
        tags: ["users"],
        summary: "Do not display the Lite plan's intro video again",
        body: SetHideLiteVideoRequest,
        response: {
          200: SetHideLiteVideoResponse,
          400: ErrorEnvelope.describe("Bad input: `data.errors` names each field"),
          403: ErrorEnvelope.describe("`user_id` is not the signed-in person"),
        },
      },
    },
    async (request) => {
      await liteVideo.hide(actorOf(request), request.body.user_id);
      return { message: "", data: { hide_lite_video: true as const } };
    },
  );

  app.get(
    "/user/lite-video",
    {
      schema: {
        tags: ["users"],
        summary: "Whether to show the Lite plan's intro video in this firm, and its address",
        querystring: LiteVideoQuery,
        response: {
          200: LiteVideoResponse,
          400: ErrorEnvelope.describe("Bad input: `data.errors` names each field"),
          404: ErrorEnvelope.describe("No such firm for the caller"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await liteVideo.state(ctx) };
    },
  );
};
