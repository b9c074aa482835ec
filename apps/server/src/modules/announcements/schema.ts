import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who an announcement is for. Today every signed-in person ('all'). */
export type AnnouncementAudience = "all";

/**
 * Announcements shown to signed-in people as a toast (account-area §3 Announcement: content and
 * url), each between its start and its end (none: until replaced). The newest started one wins.
 * Staff write them in the operator console as drafts and publish them (issue 37 item 4).
 */
export const announcements = pgTable(
  "announcements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    content: text().notNull(),
    url: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    audience: text().$type<AnnouncementAudience>().notNull().default("all"),
    /** Only published announcements are shown; a draft or a withdrawn one is not. */
    published: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("announcements_starts_at_idx").on(t.startsAt)],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
