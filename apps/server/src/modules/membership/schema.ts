import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { plans, teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

export const billingProvider = pgEnum("billing_provider", ["sandbox", "stripe"]);
export const planChangeStatus = pgEnum("plan_change_status", ["open", "applied", "cancelled"]);

/**
 * A plan change asked for by an owner or manager: the sandbox billing page's session, or the
 * Stripe Checkout session that will start a subscription. Applied once (status open → applied).
 */
export const planChanges = pgTable(
  "plan_changes",
  {
    /** Random and unguessable: the sandbox billing page's address. */
    id: text().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    provider: billingProvider().notNull(),
    status: planChangeStatus().notNull().default("open"),
    /** Stripe's checkout session id. */
    externalId: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("plan_changes_team_idx").on(t.teamId)],
);

/**
 * A firm's Stripe subscription as its last signed event told it: whom the customer portal opens
 * for, and which period the firm's plan credits were last reset for.
 */
export const planSubscriptions = pgTable("plan_subscriptions", {
  teamId: integer()
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  customerId: text().notNull(),
  subscriptionId: text().notNull().unique(),
  /** Stripe's subscription status (active, trialing, past_due, canceled …). */
  status: text().notNull(),
  planId: integer()
    .notNull()
    .references(() => plans.id),
  /** Start of the period the plan's allowance was last reset for (Stripe's unix seconds). */
  periodStart: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Stripe billing events already applied, so a replayed webhook changes nothing. */
export const billingEvents = pgTable("billing_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});
