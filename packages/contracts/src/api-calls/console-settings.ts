import {
  AnnouncementParams,
  AnnouncementRequest,
  ChangeSettingRequest,
  ConsoleAnnouncementResponse,
  ConsoleAnnouncementsResponse,
  PublishAnnouncementRequest,
  SettingHistoryResponse,
  SettingParams,
  SettingResponse,
  SettingsListResponse,
} from "../console-settings.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";
const refusals = { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED } as const;
const NO_ANNOUNCEMENT = "No such announcement";

/** The operator console's Settings and Announcements areas (issue 37 item 4). */
export const consoleSettingCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/console/settings",
    reply: SettingsListResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  change: defineCall({
    method: "PUT",
    path: "/api/console/settings/:key",
    params: SettingParams,
    body: ChangeSettingRequest,
    reply: SettingResponse,
    errors: { ...refusals, 409: "The setting was changed since it was read" },
  }),
  history: defineCall({
    method: "GET",
    path: "/api/console/settings/:key/history",
    params: SettingParams,
    reply: SettingHistoryResponse,
    errors: refusals,
  }),
  announcements: defineCall({
    method: "GET",
    path: "/api/console/announcements",
    reply: ConsoleAnnouncementsResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  createAnnouncement: defineCall({
    method: "POST",
    path: "/api/console/announcements",
    body: AnnouncementRequest,
    reply: ConsoleAnnouncementResponse,
    errors: refusals,
  }),
  editAnnouncement: defineCall({
    method: "PUT",
    path: "/api/console/announcements/:id",
    params: AnnouncementParams,
    body: AnnouncementRequest,
    reply: ConsoleAnnouncementResponse,
    errors: { ...refusals, 404: NO_ANNOUNCEMENT },
  }),
  publishAnnouncement: defineCall({
    method: "POST",
    path: "/api/console/announcements/:id/publish",
    params: AnnouncementParams,
    body: PublishAnnouncementRequest,
    reply: ConsoleAnnouncementResponse,
    errors: { ...refusals, 404: NO_ANNOUNCEMENT },
  }),
} as const;
