import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { documents } from "../documents/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * The sandbox regulator's register of names (the ASIC port's default implementation): company
 * and business names already registered, seeded on first use, and names applied for through the
 * product. `name_key` is the name under rule 6101, so an identical name cannot go in twice.
 */
export const asicNameRegister = pgTable(
  "asic_name_register",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The name as registered or applied for, with its legal element. */
    name: text().notNull(),
    nameKey: text().notNull(),
    kind: text().$type<"company" | "business">().notNull(),
    /** 'register': on the register before us (seeded); 'applied': applied for through the product. */
    source: text().$type<"register" | "applied">().notNull(),
    /** For an applied name: the firm and document that applied for it. */
    teamId: integer().references(() => teams.id, { onDelete: "cascade" }),
    docId: integer().references(() => documents.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("asic_name_register_key_unique").on(t.nameKey),
    uniqueIndex("asic_name_register_doc_unique").on(t.docId),
  ],
);

/**
 * What the start wizard's ASIC steps recorded for a registration document: the proposed name and
 * legal element, the pre-registration consent (s201D) and the three Director ID confirmations.
 */
export const asicNameApplications = pgTable(
  "asic_name_applications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    docId: integer()
      .notNull()
      .unique()
      .references(() => documents.id, { onDelete: "cascade" }),
    proposedName: text(),
    legalElement: text(),
    preRegistrationConsent: boolean().notNull().default(false),
    preDirectorRead: boolean().notNull().default(false),
    preDirectorOffences: boolean().notNull().default(false),
    preDirectorRequirement: boolean().notNull().default(false),
    /** The acknowledgement text accepted in the reopened wizard, who accepted it and the date given (DD/MM/YYYY). */
    acknowledgement: text(),
    acknowledgementDate: text(),
    acknowledgementUser: text(),
    updatedBy: integer()
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("asic_name_applications_team_idx").on(t.teamId)],
);

/**
 * A registration document's application to ASIC as the product knows it: the fee payment, the
 * lodgement and ASIC's status, and on registration the ACN, the date and the certificate.
 */
export const asicApplications = pgTable(
  "asic_applications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    docId: integer()
      .notNull()
      .unique()
      .references(() => documents.id, { onDelete: "cascade" }),
    paymentStatus: text().$type<"paid" | "unpaid" | "cancelled">().notNull().default("unpaid"),
    /** The fee asked for the current transaction, in cents (settings at the time it started). */
    feeCents: integer(),
    transactionNumber: text(),
    paymentStartedAt: timestamp({ withTimezone: true }),
    /** An unfinished payment holds the gateway until then (3 hours). */
    gatewayLockedUntil: timestamp({ withTimezone: true }),
    receiptNumber: text(),
    declinedCode: text(),
    declinedMessage: text(),
    paidAt: timestamp({ withTimezone: true }),
    asicStatus: text().$type<"COMP" | "MANL" | "RFSD" | "INPR" | "NOTR" | "CANC" | "REJT">(),
    /**
     * The current lodgement's own reference, sent to the regulator with it: after a crash the
     * lodgement is found again by it, so it is recorded or sent, never sent twice.
     */
    clientReference: text(),
    /** What is lodged, fixed when the lodgement is claimed: a resumed send sends the same. */
    lodgedApplication: jsonb().$type<{
      proposedName: string | null;
      legalElement: string;
      answers: Record<string, unknown>;
    }>(),
    /**
     * A submit is checking the name again before it claims the lodgement, until then (a lease: a
     * submit that stopped midway holds it no longer). Another submit meanwhile waits for it.
     */
    nameCheckUntil: timestamp({ withTimezone: true }),
    lodgementNumber: text(),
    lodgedAt: timestamp({ withTimezone: true }),
    /** Who lodged it: ASIC's later decision is logged in their name. */
    lodgedBy: integer().references(() => users.id),
    acn: text(),
    /** YYYY-MM-DD, in Australian Eastern time. */
    registrationDate: text(),
    /** The Certificate of Registration in the file store (SHA-256). */
    certificateSha256: text(),
    /** The company kit made from the registered application (once), by whom, and its documents. */
    kitCreatedAt: timestamp({ withTimezone: true }),
    kitCreatedBy: integer().references(() => users.id),
    kitDocIds: integer().array().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("asic_applications_team_idx").on(t.teamId),
    uniqueIndex("asic_applications_client_reference_unique").on(t.clientReference),
  ],
);

/** The sandbox regulator's payment gateway: one row per fee transaction. */
export const asicSandboxPayments = pgTable("asic_sandbox_payments", {
  transactionNumber: text().primaryKey(),
  amountCents: integer().notNull(),
  returnUrl: text().notNull(),
  state: text().$type<"pending" | "approved" | "declined">().notNull(),
  declinedCode: text(),
  declinedMessage: text(),
  receiptNum: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  settledAt: timestamp({ withTimezone: true }),
});

/** The sandbox regulator's lodgements: what was lodged, what ASIC will decide, and the ACN. */
export const asicSandboxLodgements = pgTable("asic_sandbox_lodgements", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  lodgementNumber: text().notNull().unique(),
  /** The lodger's reference: the same reference sent again is the same lodgement. */
  clientReference: text().unique(),
  /** The lodger's document, as its reference names it (to count lodgements per application). */
  docId: integer(),
  companyName: text().notNull(),
  outcome: text().$type<"COMP" | "MANL" | "RFSD" | "REJT">().notNull(),
  reason: text(),
  acn: text(),
  submittedAt: timestamp({ withTimezone: true }).notNull(),
});
