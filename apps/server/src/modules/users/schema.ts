import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored as typed; compared lower-cased (see the unique index). */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    displayName: text().notNull().default(""),
    phone: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
