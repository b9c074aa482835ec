import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";

/**
 * The sandbox SMS outbox: what the sandbox provider "sent", kept in the database beside
 * `mail_outbox` so every server, a tester's developer page (GET /api/dev/sms) and a browser spec
 * read the same messages. Only the sandbox writes here; a real provider's messages leave the
 * machine and are not kept (a one-time code is a secret once sent).
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The firm whose document caused it: the developer page shows a firm only its own. */
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    documentId: integer(),
    /** As the signing wizard stores it: '+61-412345678'. */
    to: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sms_outbox_team_idx").on(t.teamId, t.id)],
);
