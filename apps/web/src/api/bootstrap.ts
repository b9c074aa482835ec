import {
  ActiveAnnouncementResponse,
  LiteVideoResponse,
  PublicSettingsResponse,
  SetHideLiteVideoResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

/** The announcement in force, fetched once per page load (account-area §4 Page bootstrap). */
export const activeAnnouncementQuery = () =>
  queryOptions({
    queryKey: ["announcement", "active"],
    queryFn: ({ signal }) => apiRequest("/api/announcement/active", ActiveAnnouncementResponse, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Whether to offer the Lite plan's intro video in this firm. */
export const liteVideoQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["lite-video", teamId],
    queryFn: ({ signal }) =>
      apiRequest("/api/user/lite-video", LiteVideoResponse, { query: { id_team: teamId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const hideLiteVideo = (userId: number) =>
  apiRequest("/api/user/set-hide-lite-video", SetHideLiteVideoResponse, {
    method: "POST",
    body: { user_id: userId },
  });

/** The sales phone and e-mail shown by 'Talk to Sales'. */
export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: ["settings", "public"],
    queryFn: ({ signal }) => apiRequest("/api/settings/public", PublicSettingsResponse, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
