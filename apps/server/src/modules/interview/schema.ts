import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { documents } from "../documents/schema.ts";
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
