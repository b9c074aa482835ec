import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * Uploaded images (avatars, firm logos). The bytes live in the FileStore under `sha256`, already
 * re-encoded and stripped of metadata; the firm they were uploaded in decides who may see them.
 */
export const media = pgTable(
  "media",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    uploadedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** avatar | logo */
    purpose: text().notNull(),
    sha256: text().notNull(),
    mediaType: text().notNull(),
    fileName: text().notNull(),
    size: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("media_team_idx").on(t.teamId), index("media_uploaded_by_idx").on(t.uploadedBy)],
);

export type MediaRow = typeof media.$inferSelect;
