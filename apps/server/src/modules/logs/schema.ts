import type { ChangeLogTag, DocumentLogType, LogChange } from "@precedent/contracts";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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

/** What an integration or document action answered: its HTTP-like status and any details. */
export type IntegrationLogResponse = { status: number } & Record<string, unknown>;

/**
 * The document logs ('Document Logs', 'View {type} Logs'): each action taken on a document or
 * sent to an outside service (assembling, downloading; ASIC, CAS 360 and Simple Fund 360 calls),
 * whether it succeeded, and what was sent and answered. The firm's activity log reads the same
 * rows. `doc_id` has no foreign key, as in the change log: a deleted document's log stays.
 */
export const integrationLogs = pgTable(
  "integration_logs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    docId: integer(),
    type: text().$type<DocumentLogType>().notNull(),
    action: text().notNull(),
    isSuccess: boolean().notNull(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    response: jsonb().$type<IntegrationLogResponse>().notNull(),
    responseMessage: text().notNull().default(""),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("integration_logs_doc_idx").on(t.teamId, t.docId, t.createdAt),
    index("integration_logs_team_idx").on(t.teamId, t.createdAt),
    index("integration_logs_user_idx").on(t.teamId, t.createdBy, t.createdAt),
  ],
);
