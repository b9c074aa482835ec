import { customType, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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

/** Binary content, as the files module keeps it (PGlite reads a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | string }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) =>
    typeof value === "string" ? new Uint8Array(Buffer.from(value.replace(/^\\x/, ""), "hex")) : value,
});

/**
 * Files a mail carries (the tax invoice PDF), written in the mail's transaction so the mail and
 * its files exist together; deleted with the mail's body when its retention period passes.
 */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mailId: integer()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [index("mail_attachments_mail_idx").on(t.mailId)],
);
