import { API } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The announcement in force, fetched once per page load (account-area §4 Page bootstrap). */
export const activeAnnouncementQuery = () =>
  queryOptions({
    queryKey: ["announcement", "active"],
    queryFn: ({ signal }) => call(API.bootstrap.activeAnnouncement, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Whether to offer the Lite plan's intro video in this firm. */
export const liteVideoQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["lite-video", teamId],
    queryFn: ({ signal }) => call(API.bootstrap.liteVideo, { query: { id_team: teamId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const hideLiteVideo = (userId: number) =>
  call(API.bootstrap.hideLiteVideo, { body: { user_id: userId } });

/** The sales phone and e-mail shown by 'Talk to Sales'. */
export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: ["settings", "public"],
    queryFn: ({ signal }) => call(API.bootstrap.publicSettings, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
