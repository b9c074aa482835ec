import type { AnnouncementAudience } from "./schema.ts";

/**
 * Who sees an announcement: today every signed-in person ('all'), inside its window (from its
 * start, until its end when it has one).
 */
export const isAnnouncementInForce = (
  announcement: { startsAt: Date; endsAt: Date | null },
  now: Date,
): boolean => announcement.startsAt <= now && (announcement.endsAt === null || now < announcement.endsAt);

export const canSeeAnnouncement = (audience: AnnouncementAudience, viewer: { signedIn: boolean }) =>
  audience === "all" && viewer.signedIn;
