import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const staffRole = pgEnum("staff_role", ["administrator", "support", "content_editor", "fulfilment"]);

/**
 * The people who run the business, apart from firm users: no firm, no membership, their own
 * sign-in. Never deleted (the audit log names them): deactivated instead. The authenticator
 * secret is sealed with the server's key, bound to the account (see the service).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: staffRole().notNull(),
    active: boolean().notNull().default(true),
    totpSecret: text(),
    totpConfirmedAt: timestamp({ withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastUsedStep: bigint({ mode: "number" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("staff_accounts_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * Console sessions, kept apart from firm sessions (their own table and cookie), so a firm's token
 * can never be read as a staff one or the other way round. Only a hash of the token is kept.
 * `twoFactorAt` is empty until the code step: until then the session reaches only that step.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    twoFactorAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * Every staff action, append-only: the database refuses updates and deletes (a trigger in the
 * migration), so not even the server's own code can rewrite what happened.
 */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "restrict" }),
    action: text().notNull(),
    /** What was acted on, as `kind:id` (`fulfilment_request:12`, `staff:3`). */
    target: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("staff_audit_log_at_idx").on(t.at),
    index("staff_audit_log_staff_idx").on(t.staffId, t.at),
    index("staff_audit_log_target_idx").on(t.target, t.at),
  ],
);

/**
 * Who has taken an item of a queue that needs a person. Kept here rather than on each module's
 * rows: the queues belong to their modules (fulfilment's requests, later ASIC lodgements), the
 * taking of them to the console.
 */
export const queueAssignments = pgTable(
  "queue_assignments",
  {
    queue: text().notNull(),
    itemId: integer().notNull(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id),
    assignedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.itemId] })],
);

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
