import type { AnswerChange } from "@precedent/contracts";
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
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
  /** The SHA-256 (hex) of the token handed out, never the token itself. */
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

/**
 * Every assembly of a document, kept: its number (1, 2, … per document), when and by whom, the
 * answers it was assembled from, which answers changed since the version before, and its PDF and
 * Word files. `document_files` holds only the latest assembly; the bytes of every version stay in
 * the FileStore under their hashes (content-addressed, so an unchanged re-assembly costs nothing).
 * Nothing a list shows comes from here, so no firm-version trigger is needed.
 */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    docId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    assembledAt: timestamp({ withTimezone: true }).notNull(),
    assembledBy: integer()
      .notNull()
      .references(() => users.id),
    /** The cleaned answers assembled, and their SHA-256 (of the JSON) to tell equal answers apart cheaply. */
    answers: jsonb().$type<Record<string, unknown>>().notNull(),
    answersSha256: text().notNull(),
    /** The answers that changed since the version before, by question (empty for the first). */
    changes: jsonb().$type<AnswerChange[]>().notNull(),
    pdfName: text().notNull(),
    pdfSha256: text()
      .notNull()
      .references(() => fileBlobs.sha256),
    pdfSize: integer().notNull(),
    wordName: text().notNull(),
    wordSha256: text()
      .notNull()
      .references(() => fileBlobs.sha256),
    wordSize: integer().notNull(),
  },
  (t) => [unique("document_versions_doc_version_key").on(t.docId, t.version)],
);

export type DocumentVersionRow = typeof documentVersions.$inferSelect;
