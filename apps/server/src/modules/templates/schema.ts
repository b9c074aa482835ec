import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const templateVersionStatus = pgEnum("template_version_status", [
  "draft",
  "scheduled",
  "published",
  "retired",
]);

/**
 * A template version uploaded from the console (issue 37 item 2): the files' text as uploaded,
 * never changed afterwards, and what the checks found. Version 1 of a starter template is its
 * folder under templates/ and has no row; version 1 of a template uploaded as new is a row, and
 * carries the catalogue entry (the folder's catalogue.json) that later versions keep. The partial
 * unique index keeps at most one published version per template, whoever publishes at the same
 * moment.
 */
export const templateVersions = pgTable(
  "template_versions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    identifier: text().notNull(),
    version: integer().notNull(),
    status: templateVersionStatus().notNull().default("draft"),
    /** What changed, in the editor's words (relaunch shows it). */
    note: text().notNull(),
    interview: text().notNull(),
    body: text().notNull(),
    sampleAnswers: text().notNull(),
    preconditions: text().notNull(),
    /** catalogue.json's text: on version 1 of a new template only (the migration checks it). */
    catalogue: text(),
    /** sha256 of the files' text: worker threads cache a parsed version under it. */
    contentHash: text().notNull(),
    checks: jsonb().$type<unknown>().notNull(),
    checksPassed: boolean().notNull(),
    // Staff account ids (the console's table; the foreign keys are in the migration).
    uploadedBy: integer().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
    publishAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    publishedBy: integer(),
  },
  (t) => [
    check("template_versions_version_check", sql`${t.version} >= 1`),
    check("template_versions_catalogue_check", sql`(${t.version} = 1) = (${t.catalogue} is not null)`),
    uniqueIndex("template_versions_identifier_version_idx").on(t.identifier, t.version),
    uniqueIndex("template_versions_one_published_idx").on(t.identifier).where(sql`${t.status} = 'published'`),
  ],
);
