import type { BillingAddress } from "@precedent/contracts";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

export const teamRole = pgEnum("team_role", ["owner", "manager", "member"]);
export const planStatus = pgEnum("plan_status", ["active", "expired", "others"]);

/** Membership plans: Lite (pay as you go), Best Practice, Strategist. */
export const plans = pgTable("plans", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  /** AUD cents, inc. GST, per `duration`. */
  priceCents: integer().notNull(),
  duration: text().notNull().default("month"),
  payg: boolean().notNull().default(false),
  /** Documents a year; null means unlimited. */
  documentLimit: integer(),
  maxUsers: integer().notNull(),
  shortDescription: text().notNull().default(""),
  sortOrder: integer().notNull().default(0),
  /** The plan's intro video (the Lite plan's is shown to its users once); null: none. */
  videoUrl: text(),
  /** Moves with every console edit: an edit made at an older version is refused (409). */
  version: integer().notNull().default(1),
});

const emptyAddress: BillingAddress = {
  unit: "",
  address_1: "",
  address_2: "",
  street_type: "",
  city: "",
  state: "",
  postcode: "",
  country: "AU",
};

/** A firm (the spec's team): the unit that owns documents, folders, orders and credit. */
export const teams = pgTable("teams", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  companyRegistrationNo: text().notNull().default(""),
  billingAddress: jsonb().$type<BillingAddress>().notNull().default(emptyAddress),
  industry: text().notNull().default(""),
  website: text().notNull().default(""),
  logoUrl: text(),
  ownerId: integer()
    .notNull()
    .references(() => users.id),
  planId: integer()
    .notNull()
    .references(() => plans.id),
  planStatus: planStatus().notNull().default("active"),
  planStartDate: date(),
  planEndDate: date(),
  /** Credits remaining on a limited plan; null when unlimited. */
  creditLimit: integer(),
  usedCredit: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set by staff in the operator console: while set, the firm's people cannot sign in. */
  lockedAt: timestamp({ withTimezone: true }),
  lockReason: text(),
});

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: teamRole().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_members_user_idx").on(t.userId)],
);

/**
 * Numbers per firm that go up when a transaction changing what the firm's document lists and
 * folder trees show commits. Kept by deferred triggers (migrations 0010 and 0011), read with the
 * session, and the keys of the in-process reply cache (src/platform/freshness/reply-cache.ts):
 * - `version`: anything a document list shows (documents, their folders, shares and files, the
 *   people named on them, the firm's plan, the catalogue's categories);
 * - `foldersVersion`: what a folder tree shows (folders, folder shares, members and their names,
 *   the plan), so that the documents changing all day (interview autosaves, renames, statuses)
 *   leave the firm's kept folder trees as they are.
 * No foreign key: a firm's row may outlive the firm, and a trigger firing at the commit that
 * deletes a firm must not fail it.
 */
export const firmVersions = pgTable("firm_versions", {
  teamId: integer().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
  foldersVersion: bigint({ mode: "number" }).notNull().default(0),
});

export type TeamRow = typeof teams.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
