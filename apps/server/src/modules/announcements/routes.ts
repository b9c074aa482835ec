import { ActiveAnnouncementResponse, ErrorEnvelope } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AnnouncementsService } from "./service.ts";

export const announcementRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (
  app,
  { announcements },
) => {
  app.get(
    "/announcement/active",
    {
      schema: {
        tags: ["announcements"],
        summary: "The announcement in force (content and url), or null",
        description: "Shown as a toast for 60 seconds; the browser remembers a dismissed one by its id.",
        response: { 200: ActiveAnnouncementResponse, 401: ErrorEnvelope.describe("Not signed in") },
      },
    },
    async () => ({ message: "", data: await announcements.active() }),
  );
};
