import type { AnswerChange, DocumentStatus } from "@precedent/contracts";
import { DOCUMENT_TYPES } from "@precedent/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { fileBlobs } from "../files/schema.ts";
import { folders } from "../folders/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

export const documentType = pgEnum("document_type", DOCUMENT_TYPES);

/**
 * A firm's documents. Each sits in its creator's My Documents (a type-1 folder or the top level)
 * and may also be added to shared folders (`document_shares`). The list query filters by firm,
 * then creator or folder, then status and name, and sorts by name, created_at or updated_at:
 * the indexes below follow that order (see bench/documents.ts for the measured plans).
 */
export const documents = pgTable(
  "documents",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    type: documentType().notNull().default("DOC"),
    name: text().notNull(),
    /**
     * `lower(name)`, kept by PostgreSQL for name search: LIKE over it matches about twice as fast
     * as ILIKE over `name`, which lowers every row it checks (a broad search checks thousands).
     */
    nameLower: text().generatedAlwaysAs(sql`lower("name")`),
    // No cascade: a folder holding documents cannot be deleted (documents spec §4).
    folderId: integer().references(() => folders.id),
    status: smallint().$type<DocumentStatus>().notNull().default(1),
    /** The template it was made from; templates arrive with the catalogue issue. */
    templateId: integer(),
    templateName: text(),
    xTemplateId: text(),
    /** The template version it was made from (set on insert by the database; starter folders are 1). */
    templateVersion: integer(),
    /**
     * The client: the first party's name in the answers, kept by the interview on every save so
     * the list's client filter reads a column rather than every document's answers.
     */
    clientName: text(),
    /** Interview answers (the spec's `xml`). */
    xml: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isRelaunch: boolean().notNull().default(false),
    allowDownloadPdf: boolean().notNull().default(true),
    allowDownloadWord: boolean().notNull().default(true),
    /** false is the spec's is_allow_sign 'no'. */
    allowSign: boolean().notNull().default(true),
    /**
     * The spec's is_interview_ai: the assistant (chat or voice) started the document or saved answers
     * into it. Set in the transaction of that start or save, never cleared.
     */
    isInterviewAi: boolean().notNull().default(false),
    /**
     * The spec's is_sf_action: a Simple Fund 360 action succeeded for the document (its fund's
     * contacts validated without errors), after which SF 360 takes no resubmission. Never cleared.
     */
    isSfAction: boolean().notNull().default(false),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    updatedBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("documents_status_check", sql`${t.status} between 1 and 5`),
    // Organisation Documents and Shared Folders: the whole firm, in each sort order.
    index("documents_team_created_idx").on(t.teamId, t.createdAt, t.id),
    index("documents_team_updated_idx").on(t.teamId, t.updatedAt, t.id),
    index("documents_team_name_idx").on(t.teamId, sql`lower(${t.name})`, t.id),
    // My Documents and the owner filter: one creator's documents in each sort order.
    index("documents_creator_created_idx").on(t.teamId, t.createdBy, t.createdAt, t.id),
    index("documents_creator_updated_idx").on(t.teamId, t.createdBy, t.updatedAt, t.id),
    index("documents_creator_name_idx").on(t.teamId, t.createdBy, sql`lower(${t.name})`, t.id),
    // A folder's documents (lists, and the "is it empty" check before deleting a folder).
    index("documents_folder_idx").on(t.folderId, t.createdAt, t.id),
    // The template filter: a firm's documents made from one template.
    index("documents_team_template_idx").on(t.teamId, t.xTemplateId),
  ],
);

/** A document added to a shared folder. Exists only while the folder is in Shared Folders. */
export const documentShares = pgTable(
  "document_shares",
  {
    docId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    folderId: integer()
      .notNull()
      .references(() => folders.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.folderId] }),
    index("document_shares_folder_idx").on(t.folderId, t.docId),
    index("document_shares_team_idx").on(t.teamId, t.docId),
  ],
);

/**
 * How many documents each creator has in each folder (0: the top level) and status, kept by
 * statement triggers on `documents` (migration 0004), in the same transaction as the change.
 * Unsearched lists of My Documents and Organisation Documents read their totals and status counts
 * here instead of counting up to 100,000 rows per request. A derived table: no foreign keys, so a
 * firm's cascading delete never trips over it.
 */
export const documentCounts = pgTable(
  "document_counts",
  {
    teamId: integer().notNull(),
    createdBy: integer().notNull(),
    folderKey: integer().notNull(),
    status: smallint().$type<DocumentStatus>().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.createdBy, t.folderKey, t.status] })],
);

export type DocumentRowData = typeof documents.$inferSelect;

// A document's assembled files, who downloaded them, and every assembly kept as a version: owned
// here (the interview module writes them through this module when it assembles).

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
