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
    /** The phone's calling code (account-area §2: phones carry a country area code, default +61). */
    phoneAreaCode: text().notNull().default("+61"),
    // Billing details (account-area §3 Profile).
    unit: text().notNull().default(""),
    floor: text().notNull().default(""),
    streetNumber: text().notNull().default(""),
    streetName: text().notNull().default(""),
    /** A key of Australia Post's street types (GET /street-types). */
    streetType: text().notNull().default(""),
    city: text().notNull().default(""),
    state: text().notNull().default(""),
    postcode: text().notNull().default(""),
    /** ISO 3166-1 alpha-2, or empty when not given. */
    country: text().notNull().default(""),
    /**
     * The avatar's media id (media module). No foreign key: the media table refers to users, and
     * a dangling id only shows no picture (the image is then 404).
     */
    avatarMediaId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
