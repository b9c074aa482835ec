import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { documents } from "../documents/schema.ts";
import { fileBlobs } from "../files/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * The interview's action token per document (interview spec §4): each opening of the interview
 * takes a fresh one and replaces the last, so a save carrying an older token comes from a tab
 * opened earlier and is refused ("opened at another tab").
 */
export const interviewActionTokens = pgTable("interview_action_tokens", {
  docId: integer()
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  token: text().notNull(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const DOCUMENT_FILE_KINDS = ["pdf", "word"] as const;
export const documentFileKind = pgEnum("document_file_kind", DOCUMENT_FILE_KINDS);

/**
 * A document's assembled files (documents spec §3 `files`): one PDF and one Word file per
 * assembly; assembling again replaces them. The bytes live in the FileStore under `sha256`.
 */
export const documentFiles = pgTable(
  "document_files",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    docId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    kind: documentFileKind().notNull(),
    name: text().notNull(),
    sha256: text()
      .notNull()
      .references(() => fileBlobs.sha256),
    size: integer().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique("document_files_doc_kind_key").on(t.docId, t.kind),
    index("document_files_sha_idx").on(t.sha256),
  ],
);

/** Who has downloaded which file: the post-completion dialog's 'download again'. */
export const documentFileDownloads = pgTable(
  "document_file_downloads",
  {
    fileId: integer()
      .notNull()
      .references(() => documentFiles.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.userId] }),
    index("document_file_downloads_user_idx").on(t.userId),
  ],
);

export type DocumentFileRow = typeof documentFiles.$inferSelect;
