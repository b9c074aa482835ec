import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** Signed-in sessions. Only a hash of the token is kept, so a copy of the table signs nobody in. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The idle timeout this session was opened under. Kept per session so that servers with
     * different settings on one database (or a setting changed at a restart) each end sessions by
     * the rule they were given, and the periodic purge never removes another server's sessions.
     */
    idleTimeoutMs: integer().notNull().default(1_800_000),
    ip: text().notNull().default(""),
    userAgent: text().notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * The addresses each person has signed in from lately (an office, a home). The per-address limit
 * does not hold a person at an address they are known at: a stranger's failures there cannot keep
 * the office out. Their own failures still meet the per-account-and-address delays.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text().notNull(),
    lastSignedInAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * E-mailed password reset links ("Forgot password?"). Only a hash of the token is kept. One per
 * person: asking again replaces the link, so only the newest mail works; using it deletes it.
 */
export const passwordResets = pgTable("password_resets", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  ip: text().notNull().default(""),
});
