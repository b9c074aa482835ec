import type { ChangeLogTag, DocumentLogType, LogChange } from "@precedent/contracts";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * The document change log: who changed what on which document, with from/to values per tag.
 * `doc_id` has no foreign key on purpose: a deleted document's history stays readable.
 */
export const documentLogs = pgTable(
  "document_logs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    docId: integer().notNull(),
    docType: text().$type<DocumentLogType>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    tags: text().array().$type<ChangeLogTag[]>().notNull(),
    logData: jsonb().$type<Partial<Record<ChangeLogTag, LogChange>>>().notNull(),
  },
  (t) => [
    index("document_logs_doc_idx").on(t.teamId, t.docId, t.createdAt),
    index("document_logs_team_idx").on(t.teamId, t.createdAt),
  ],
);
