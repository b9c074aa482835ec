import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { teamRole, teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

export const invitationStatus = pgEnum("invitation_status", ["pending", "accepted", "revoked"]);

/**
 * Invitations to join a firm. The link's token is shown once, in the mail, and stored only as its
 * SHA-256; resending gives a new token (the old link stops working) and a new expiry. A firm
 * has at most one pending invitation per email (the partial unique index), so two owners
 * inviting the same person at once make one invitation.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** As typed; compared lower-cased. */
    email: text().notNull(),
    /** Manager or member: the service never writes owner. */
    role: teamRole().notNull(),
    tokenHash: text().notNull().unique(),
    status: invitationStatus().notNull().default("pending"),
    invitedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the mail was last queued; the link expires INVITATION_VALID_MS after it. */
    sentAt: timestamp({ withTimezone: true }).notNull(),
    sendCount: integer().notNull().default(1),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** When it was accepted or revoked. */
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("team_invitations_pending_email_key")
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index("team_invitations_team_idx").on(t.teamId, t.status),
  ],
);

export type InvitationRow = typeof teamInvitations.$inferSelect;
