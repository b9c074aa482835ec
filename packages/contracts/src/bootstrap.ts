import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/** The announcement in force (account-area §3: content and url); `id` lets a browser remember a dismissal. */
export const Announcement = z.object({
  id: z.number().int(),
  content: z.string(),
  url: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const ActiveAnnouncementResponse = envelope(Announcement.nullable());

export const SetHideLiteVideoRequest = z.object({
  user_id: idParam("user_id").describe("The signed-in person: a preference is only ever set for yourself."),
});
export type SetHideLiteVideoRequest = z.infer<typeof SetHideLiteVideoRequest>;

export const SetHideLiteVideoResponse = envelope(z.object({ hide_lite_video: z.literal(true) }));

export const LiteVideoQuery = z.object({
  id_team: idParam("id_team").describe("The firm whose plan decides whether the intro video is shown."),
});
export type LiteVideoQuery = z.infer<typeof LiteVideoQuery>;

/** Whether to show the Lite plan's intro video to this person in this firm, and where it is. */
export const LiteVideo = z.object({
  show_video: z.boolean(),
  video_url: z.string().nullable(),
});
export type LiteVideo = z.infer<typeof LiteVideo>;
export const LiteVideoResponse = envelope(LiteVideo);

/** Settings anyone may read: the sales contact shown by 'Talk to Sales' (account-area §9). */
export const PublicSettings = z.object({
  sales_phone: z.string(),
  sales_email: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;
export const PublicSettingsResponse = envelope(PublicSettings);
