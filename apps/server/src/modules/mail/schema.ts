import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const mailStatus = pgEnum("mail_status", ["pending", "sent", "failed"]);

/**
 * The mail outbox: every email is written here in the transaction that causes it (so a payment
 * and its invoice commit together), then delivered by SMTP when SMTP_URL is set. Without SMTP the
 * rows stay pending: the outbox is where a developer reads the mail (README "Mail").
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** What caused it, e.g. invoice:12 (one invoice per order). */
    key: text().notNull().unique(),
    status: mailStatus().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.id)],
);
