import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { documents } from "../documents/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * Signing: one envelope per signing request of a document (the spec's "bundle"), its recipients
 * (signers and their witnesses, each with a private link), and its history.
 *
 * States (one state machine whichever provider signs):
 * - envelope: `pending` → `completed` (every recipient signed; sealed PDF stored) | `rejected`
 *   (someone declined) | `cancelled` (the sender cancelled it, with a reason) | `void` (relaunched,
 *   replaced or retracted). A rejected or cancelled request may be resent: a new envelope. Only `pending` moves; the moves are
 *   conditional updates (`WHERE status = 'pending'`), so completion happens exactly once.
 * - recipient: `pending` → `signed` | `declined`.
 *
 * The document's own status (4 pending, 3 signed) is set only by this module, in the transaction
 * that moves the envelope.
 */
export const ENVELOPE_STATUSES = ["pending", "completed", "rejected", "cancelled", "void"] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export const RECIPIENT_STATUSES = ["pending", "signed", "declined"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Who signs the envelope: ours, or FuseSign for firms that have connected it. */
export const SIGNING_PROVIDERS = ["builtin", "fusesign"] as const;
export type SigningProvider = (typeof SIGNING_PROVIDERS)[number];

/** One signature or date box, as the engine laid it out (docgen's `SignatureField`). */
export type StoredSignatureField = {
  metaKey: string;
  dateKey: string;
  role: "signer" | "witness";
  fullName: string;
  email: string | null;
  partyId: string;
  partyPath: string;
  witnessOf?: string;
  signature: { page: number; x: number; y: number; width: number; height: number };
  date: { page: number; x: number; y: number; width: number; height: number };
};

/** What a recipient signed with. A drawn signature is a PNG (data URL, at most 200 KB). */
export type StoredSignature =
  | { kind: "drawn"; pngDataUrl: string }
  | { kind: "typed"; text: string; font: string };

export const signingEnvelopes = pgTable(
  "signing_envelopes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    senderUserId: integer()
      .notNull()
      .references(() => users.id),
    provider: text({ enum: SIGNING_PROVIDERS }).notNull(),
    status: text({ enum: ENVELOPE_STATUSES }).notNull(),
    smsNotify: boolean().notNull(),
    isGroup: boolean().notNull(),
    /** The last day to sign (the spec's due_date, YYYY-MM-DD); links expire at its end in Sydney. */
    dueDate: date({ mode: "string" }).notNull(),
    emailSubject: text().notNull(),
    emailBody: text().notNull(),
    /** The PDF being signed, in the FileStore, and its SHA-256 (the key; printed on the certificate). */
    originalSha256: text().notNull(),
    /** The boxes each recipient's signature and date go in (by meta_key / date_key). */
    fields: jsonb().$type<StoredSignatureField[]>().notNull(),
    /** The sealed PDF (stamped, certificate appended, PAdES-signed), once completed. Never changes. */
    signedSha256: text(),
    /** FuseSign's bundle id, when FuseSign signs. */
    providerBundleId: text(),
    lastReminderAt: timestamp({ withTimezone: true }),
    /** Why the sender cancelled it (status `cancelled`); the links' page shows it. */
    cancelReason: text(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    /** When the overdue job first found it past its due date (the status modal's 'Overdue'). */
    overdueAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("signing_envelopes_document_idx").on(t.documentId, t.sentAt),
    index("signing_envelopes_team_idx").on(t.teamId),
    // At most one live request per document: a new one voids the old first.
    uniqueIndex("signing_envelopes_one_pending_idx").on(t.documentId).where(sql`${t.status} = 'pending'`),
  ],
);

export const signingRecipients = pgTable(
  "signing_recipients",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    envelopeId: integer()
      .notNull()
      .references(() => signingEnvelopes.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    role: text({ enum: ["signer", "witness"] }).notNull(),
    /** For a witness: the signer whose signature they witness (they sign after that signer). */
    witnessOfRecipientId: integer(),
    fullName: text().notNull(),
    email: text().notNull(),
    /** '+61-412345678' when SMS is on, else null. */
    phone: text(),
    metaKey: text().notNull(),
    dateKey: text().notNull(),
    /** 0-based signing order; every recipient of group n signs before group n+1 may. */
    groupIndex: smallint().notNull(),
    groupName: text().notNull(),
    isLastSigner: boolean().notNull(),
    /** SHA-256 (hex) of the private link's token (`tokens.ts`); the token itself is never stored. */
    tokenHash: text().notNull(),
    /**
     * The same token sealed with the server's secret box (`tokens.ts`), bound to its hash: reminders
     * and "your turn" emails re-send the link the recipient already has. Null for links made before.
     */
    tokenSealed: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: RECIPIENT_STATUSES }).notNull(),
    viewedAt: timestamp({ withTimezone: true }),
    /** Consent to sign electronically (Electronic Transactions Act 1999 (Cth) s10). */
    consentedAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    signature: jsonb().$type<StoredSignature>(),
    /** A witness's statement of how they saw the signing: in person or by audio-visual link. */
    witnessedBy: text({ enum: ["in-person", "audio-visual"] }),
    /** A witness's address, as they gave it on the signing page (printed under their signature). */
    address: text(),
    /** How the recipient was identified: the emailed link, plus an SMS code when SMS is on. */
    authMethod: text({ enum: ["email-link", "email-link+sms"] }),
    signedIp: text(),
    signedUserAgent: text(),
    /** The pending SMS one-time code: SHA-256 (hex), expiry, wrong guesses so far (5 ends it). */
    smsCodeHash: text(),
    smsCodeExpiresAt: timestamp({ withTimezone: true }),
    smsAttempts: smallint().notNull().default(0),
    smsVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("signing_recipients_token_idx").on(t.tokenHash),
    index("signing_recipients_envelope_idx").on(t.envelopeId, t.groupIndex),
    check("signing_recipients_group_check", sql`${t.groupIndex} between 0 and 8`),
  ],
);

/** The Document History (Time/Action) of a signing request, newest first, 15 a page. */
export const signingEvents = pgTable(
  "signing_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    envelopeId: integer()
      .notNull()
      .references(() => signingEnvelopes.id, { onDelete: "cascade" }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    recipientId: integer().references(() => signingRecipients.id, { onDelete: "cascade" }),
    /** 'sent', 'viewed', 'consented', 'signed', 'witnessed', 'declined', 'reminded', 'completed', 'voided', 'overdue', 'sms-sent' … */
    action: text().notNull(),
    /** The sentence the history shows ("Jane Citizen signed"), and any note (reminder notes, decline reason). */
    description: text().notNull(),
    note: text(),
    ip: text(),
    userAgent: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("signing_events_envelope_idx").on(t.envelopeId, t.at)],
);
