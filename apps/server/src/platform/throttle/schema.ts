import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempts counted per key for throttling (see `throttle.ts`). The table keeps the name it had when
 * it counted only failed sign-ins, so that no migration is needed; the keys say what they count.
 */
export const throttleCounts = pgTable("login_failures", {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  failures: integer().notNull(),
  /** The latest counted attempt: a backoff key waits from here, and is forgotten a while after it. */
  lastFailureAt: timestamp({ withTimezone: true }),
});
