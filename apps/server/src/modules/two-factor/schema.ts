import { bigint, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * A person's authenticator (TOTP) secret, encrypted with the server's SECRET_KEY. Pending (no
 * `confirmedAt`) from set-up until a code from it is confirmed; two-factor sign-in is on once
 * confirmed.
 */
export const twoFactorTotp = pgTable("two_factor_totp", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: bigint({ mode: "number" }),
  /**
   * No longer written: the account's code and password checks are counted by the shared throttle
   * (`platform/throttle`, key `two-factor:user:<id>`). Left until a migration drops them.
   */
  failedAttempts: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }),
});

/** One-time recovery codes: only a hash of each is kept; a used one keeps its `usedAt`. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique("two_factor_recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * A sign-in between the right password and its two-factor step: short-lived, kept hashed, and
 * good for a few tries. No session exists until the step is done.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `code`: enter a code; `setup`: a firm requires two-factor sign-in and it is not set up. */
    step: text().$type<"code" | "setup">().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId)],
);

/** Firms whose owner requires two-factor sign-in of everyone in the firm (a row while required). */
export const twoFactorFirmRequirements = pgTable("two_factor_firm_requirements", {
  teamId: integer()
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  requiredBy: integer().references(() => users.id, { onDelete: "set null" }),
  requiredAt: timestamp({ withTimezone: true }).notNull(),
});
