import {
  ActiveAnnouncementResponse,
  LiteVideoQuery,
  LiteVideoResponse,
  PublicSettingsResponse,
  SetHideLiteVideoRequest,
  SetHideLiteVideoResponse,
} from "../bootstrap.ts";
import { JsLogRequest, JsLogResponse } from "../system.ts";
import { defineCall } from "./define.ts";

/**
 * What the account area asks for as it starts (the announcement, the intro video, the sales
 * contacts), and the browser's error report that any page may send.
 */
export const bootstrapCalls = {
  activeAnnouncement: defineCall({
    method: "GET",
    path: "/api/announcement/active",
    reply: ActiveAnnouncementResponse,
    errors: {},
  }),
  liteVideo: defineCall({
    method: "GET",
    path: "/api/user/lite-video",
    query: LiteVideoQuery,
    reply: LiteVideoResponse,
    errors: { 404: "No such firm for the caller" },
  }),
  hideLiteVideo: defineCall({
    method: "POST",
    path: "/api/user/set-hide-lite-video",
    body: SetHideLiteVideoRequest,
    reply: SetHideLiteVideoResponse,
    errors: { 400: "A field is not valid", 403: "user_id is not the signed-in person" },
  }),
  publicSettings: defineCall({
    method: "GET",
    path: "/api/settings/public",
    reply: PublicSettingsResponse,
    errors: { 429: "Too many requests from this address" },
  }),
  /** The browser's error report; sent by hand with `keepalive` (`apps/web/src/api/js-log.ts`). */
  jsLog: defineCall({
    method: "POST",
    path: "/api/js-log",
    body: JsLogRequest,
    reply: JsLogResponse,
    errors: { 400: "A field is not valid", 429: "Too many reports" },
  }),
} as const;
