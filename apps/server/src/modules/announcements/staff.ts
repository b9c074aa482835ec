import type { AnnouncementFields, ConsoleAnnouncement } from "@precedent/contracts";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { isAnnouncementInForce } from "./policy.ts";
import { type AnnouncementRow, announcements } from "./schema.ts";

/** The announcement as staff edit it: its fields as given, times as Date. */
export type AnnouncementDraft = {
  content: string;
  url: string | null;
  startsAt: Date;
  endsAt: Date | null;
  published: boolean;
};

export const draftOf = (body: AnnouncementFields): AnnouncementDraft => ({
  content: body.content,
  url: body.url,
  startsAt: new Date(body.starts_at),
  endsAt: body.ends_at === null ? null : new Date(body.ends_at),
  published: body.published,
});

/** What the audit log keeps of an announcement: all of it (nothing in it is private). */
export const auditedAnnouncement = (row: AnnouncementRow) => ({
  content: row.content,
  url: row.url,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt?.toISOString() ?? null,
  published: row.published,
});

export const presentStaffAnnouncement = (row: AnnouncementRow, now: Date): ConsoleAnnouncement => ({
  id: row.id,
  ...auditedAnnouncement(row),
  in_force: row.published && isAnnouncementInForce(row, now),
  created_at: row.createdAt.toISOString(),
});

/**
 * Announcements as the operator console writes them (issue 37 item 4). Each change takes the
 * caller's transaction, so the console's audit entry is written with it or not at all; an edit
 * and a publish lock the row and return it as it was before.
 */
export function createStaffAnnouncements(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const locked = async (tx: Database, id: number) =>
    (await tx.select().from(announcements).where(eq(announcements.id, id)).for("update"))[0];
  const update = async (tx: Database, id: number, change: Partial<AnnouncementDraft>) => {
    const before = await locked(tx, id);
    if (!before) return null;
    const [after] = await tx
      .update(announcements)
      .set({ ...change, updatedAt: clock() })
      .where(eq(announcements.id, id))
      .returning();
    if (!after) return null;
    return { before, after };
  };
  return {
    /** Newest first: drafts, scheduled, in force and ended alike. */
    list: () =>
      db
        .select()
        .from(announcements)
        .orderBy(desc(announcements.startsAt), desc(announcements.id))
        .limit(200),

    async create(tx: Database, draft: AnnouncementDraft) {
      const [row] = await tx
        .insert(announcements)
        .values({ ...draft, createdAt: clock() })
        .returning();
      if (!row) throw new Error("announcement not saved");
      return row;
    },

    edit: (tx: Database, id: number, draft: AnnouncementDraft) => update(tx, id, draft),

    setPublished: (tx: Database, id: number, published: boolean) => update(tx, id, { published }),
  };
}

export type StaffAnnouncements = ReturnType<typeof createStaffAnnouncements>;
