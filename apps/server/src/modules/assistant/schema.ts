import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/** Where a conversation stands, kept between messages (the built-in provider's roles and asks). */
export type ThreadState = {
  role: "greeter" | "templateFinder" | "interviewer";
  /** The template proposed and awaiting the person's yes, with the next best as alternatives. */
  proposal: {
    template: { id: number; name: string; template_identifier: string };
    alternatives: { id: number; name: string; template_identifier: string }[];
  } | null;
  /** The interview question asked last, by its answer path. */
  asking: string | null;
  /** Answer paths the person chose to skip (left unanswered; the interview page asks them). */
  skipped: string[];
  /** `asking` was asked again after "back": it may have an answer, which a new one replaces. */
  revisit?: boolean;
};

/**
 * A chat with the assistant: one person's, in one firm (no one else reads it, not even the firm's
 * owner). `version` moves with every answered message, so two messages sent at once cannot both
 * move the conversation on from the same place.
 */
export const assistantThreads = pgTable(
  "assistant_threads",
  {
    id: text().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The document being interviewed, once there is one. */
    docId: integer(),
    state: jsonb().$type<ThreadState>().notNull(),
    /** Chosen when the thread starts: finding and filling documents, or the courses and offers on sale. */
    mode: text().$type<"assistant" | "sales">().notNull().default("assistant"),
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("assistant_threads_owner_idx").on(t.teamId, t.userId)],
);

export const assistantMessages = pgTable(
  "assistant_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    threadId: text()
      .notNull()
      .references(() => assistantThreads.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<"user" | "assistant">().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("assistant_messages_thread_idx").on(t.threadId, t.id)],
);

/**
 * The firm's switch for the assistant. No row: on (the default), so existing firms need none;
 * `updated_by` says who last turned it on or off.
 */
export const assistantFirmSettings = pgTable("assistant_firm_settings", {
  teamId: integer()
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  enabled: boolean().notNull().default(true),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The model's tokens a person used on a day (Sydney, YYYY-MM-DD), for the daily allowance. Each
 * answer adds its tokens in one statement (`tokens = tokens + n`), in the transaction that logs the
 * use, so answers arriving at once are each counted exactly once.
 */
export const assistantTokenUsage = pgTable(
  "assistant_token_usage",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text().notNull(),
    tokens: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One question asked in a voice interview and the answer kept, as the logs modal shows them. */
export type VoiceLogPair = { ask: string; answer: string };

/**
 * A voice interview of one document by one person in one firm (no one else reads it). `answers`
 * is the session's working copy: the document keeps its own until the session finishes and saves
 * them through the interview's save. `version` moves with every answer, so two answers sent at
 * once cannot both be kept from the same place.
 */
export const assistantVoiceSessions = pgTable(
  "assistant_voice_sessions",
  {
    id: text().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    docId: integer().notNull(),
    /** The document's type when the session began: its log entries carry it. */
    docType: text().$type<"DOC" | "ASIC">().notNull().default("DOC"),
    answers: jsonb().$type<Record<string, unknown>>().notNull(),
    log: jsonb().$type<VoiceLogPair[]>().notNull(),
    actions: jsonb().$type<string[]>().notNull(),
    /** Answer paths of questions that need no answer, which the person chose to skip. */
    skipped: jsonb().$type<string[]>().notNull(),
    /** Whether an answer was kept (only then does finishing save). */
    changed: boolean().notNull().default(false),
    endedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("assistant_voice_sessions_owner_idx").on(t.teamId, t.userId)],
);
