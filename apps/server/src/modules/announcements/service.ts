import type { Announcement } from "@precedent/contracts";
import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { canSeeAnnouncement, isAnnouncementInForce } from "./policy.ts";
import { announcements } from "./schema.ts";

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

export function createAnnouncementsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** GET /announcement/active: the newest announcement in force for a signed-in person, or null. */
    async active(): Promise<Announcement | null> {
      const now = clock();
      const rows = await db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.published, true),
            lte(announcements.startsAt, now),
            or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
          ),
        )
        .orderBy(desc(announcements.startsAt), desc(announcements.id))
        .limit(5);
      const shown = rows.find(
        (row) => isAnnouncementInForce(row, now) && canSeeAnnouncement(row.audience, { signedIn: true }),
      );
      return shown ? { id: shown.id, content: shown.content, url: shown.url } : null;
    },

    /** Publishes an announcement at once (demo data and tests; staff use the operator console). */
    async publish(input: { content: string; url?: string | null; startsAt?: Date; endsAt?: Date | null }) {
      const [row] = await db
        .insert(announcements)
        .values({
          content: input.content,
          url: input.url ?? null,
          startsAt: input.startsAt ?? clock(),
          endsAt: input.endsAt ?? null,
        })
        .returning();
      if (!row) throw new Error("announcement not saved");
      return row;
    },
  };
}
