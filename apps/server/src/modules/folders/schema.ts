import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * Folders of a firm. Type 1 lives in its creator's My Documents (and may be shared into Shared
 * Folders through `folder_shares`); type 2 was created in Shared Folders and belongs to the firm.
 * A folder's tree never mixes types or (for type 1) creators.
 */
export const folders = pgTable(
  "folders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    type: smallint().notNull(),
    name: text().notNull(),
    // No cascade: a folder holding sub folders cannot be deleted (documents spec §4).
    parentId: integer().references((): AnyPgColumn => folders.id),
    /**
     * Ancestor ids, top-level first: the spec's `parent_id` array. Kept beside `parent_id` so
     * depth, "inside its own child" and "in a shared tree" are array tests, not recursive queries.
     */
    ancestorIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("folders_type_check", sql`${t.type} in (1, 2)`),
    index("folders_team_type_creator_idx").on(t.teamId, t.type, t.createdBy),
    index("folders_parent_idx").on(t.parentId),
  ],
);

/** A My Documents folder added to Shared Folders (with its sub folders and documents). */
export const folderShares = pgTable(
  "folder_shares",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    folderId: integer()
      .notNull()
      .unique()
      .references(() => folders.id, { onDelete: "cascade" }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("folder_shares_team_idx").on(t.teamId)],
);

export type FolderRow = typeof folders.$inferSelect;
export type FolderShareRow = typeof folderShares.$inferSelect;
