import {
  AnnouncementParams,
  AnnouncementRequest,
  ChangeSettingRequest,
  ConsoleAnnouncementResponse,
  ConsoleAnnouncementsResponse,
  ErrorEnvelope,
  PublishAnnouncementRequest,
  SettingHistoryResponse,
  SettingParams,
  SettingResponse,
  SettingsListResponse,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ConsoleAnnouncements } from "./announcements-area.ts";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";
import type { ConsoleSettings } from "./settings-area.ts";

/**
 * The routes of the console's Settings and Announcements areas (issue 37 item 4), registered
 * inside the console's signed-in scope (its hook runs first): `staffIn` is that scope's role check.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: ConsoleSettings;
  announcements: ConsoleAnnouncements;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { settings, announcements, staffIn, refusals, badInput, security } = options;
  const noAnnouncement = ErrorEnvelope.describe("No such announcement");

  areas.get(
    "/console/settings",
    {
      schema: {
        tags: ["console"],
        summary:
          "The settings edited in the console, each with its value in force, the environment's default and its version",
        security,
        response: { 200: SettingsListResponse, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await settings.list(staffIn(request, "settings")) }),
  );

  areas.put(
    "/console/settings/:key",
    {
      schema: {
        tags: ["console"],
        summary:
          "Changes a setting with a reason, checked as the environment's value is; every server uses it at once (administrators only; audited)",
        security,
        params: SettingParams,
        body: ChangeSettingRequest,
        response: {
          200: SettingResponse,
          400: badInput,
          ...refusals,
          409: ErrorEnvelope.describe("The setting was changed since it was read"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await settings.change(staffIn(request, "settings_edit"), request.params.key, request.body),
    }),
  );

  areas.get(
    "/console/settings/:key/history",
    {
      schema: {
        tags: ["console"],
        summary: "A setting's changes, newest first: who, before, after, when and why",
        security,
        params: SettingParams,
        response: { 200: SettingHistoryResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => {
      staffIn(request, "settings");
      return { message: "", data: await settings.history(request.params.key) };
    },
  );

  areas.get(
    "/console/announcements",
    {
      schema: {
        tags: ["console"],
        summary: "Every announcement, newest start first: drafts, scheduled, in force and ended",
        security,
        response: { 200: ConsoleAnnouncementsResponse, ...refusals },
      },
    },
    async (request) => {
      staffIn(request, "announcements");
      return { message: "", data: await announcements.list() };
    },
  );

  areas.post(
    "/console/announcements",
    {
      schema: {
        tags: ["console"],
        summary: "Writes an announcement with its start and end, as a draft or published (audited)",
        security,
        body: AnnouncementRequest,
        response: { 200: ConsoleAnnouncementResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({
      message: "",
      data: await announcements.create(staffIn(request, "announcements"), request.body),
    }),
  );

  areas.put(
    "/console/announcements/:id",
    {
      schema: {
        tags: ["console"],
        summary: "Changes an announcement's words, link, start, end or published state (audited)",
        security,
        params: AnnouncementParams,
        body: AnnouncementRequest,
        response: { 200: ConsoleAnnouncementResponse, 400: badInput, ...refusals, 404: noAnnouncement },
      },
    },
    async (request) => ({
      message: "",
      data: await announcements.edit(staffIn(request, "announcements"), request.params.id, request.body),
    }),
  );

  areas.post(
    "/console/announcements/:id/publish",
    {
      schema: {
        tags: ["console"],
        summary:
          "Publishes an announcement (shown to signed-in people between its start and end) or withdraws it (audited)",
        security,
        params: AnnouncementParams,
        body: PublishAnnouncementRequest,
        response: { 200: ConsoleAnnouncementResponse, 400: badInput, ...refusals, 404: noAnnouncement },
      },
    },
    async (request) => ({
      message: "",
      data: await announcements.publish(
        staffIn(request, "announcements"),
        request.params.id,
        request.body.published,
      ),
    }),
  );
};
