import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

/**
 * The person, within one firm, whose row it is (a connection, an authorisation, a sync): the row
 * goes with the firm or the person. Spread into each table; Drizzle builds the columns per table.
 */
const personInFirmColumns = {
  teamId: integer()
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
};

/**
 * One person's connection to one app, within one firm: connections belong to the person who made
 * them. Tokens are sealed with the server's SECRET_KEY (AES-256-GCM, bound to the row's id).
 * `needs_renewal`: the provider refused the refresh token; the person connects again.
 */
export const integrationConnections = pgTable(
  "integration_connections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...personInFirmColumns,
    app: text().notNull(),
    status: text().$type<"connected" | "needs_renewal">().notNull(),
    accessToken: text().notNull(),
    refreshToken: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Set while one server refreshes the tokens: others wait for the new ones rather than spend
     * the refresh token a second time (a provider that rotates it would refuse the second use).
     */
    refreshClaimedAt: timestamp({ withTimezone: true }),
    /** The provider's organisation (Xero tenant, HubSpot portal, BGL firm) chosen for this connection. */
    tenantId: text(),
    tenantName: text(),
    /**
     * Since when the tokens could not be renewed (refused, or the provider down), and why in plain
     * words; both cleared by the next renewal or connection. The console's failing queue reads them.
     */
    failingSince: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique("integration_connections_person_app_key").on(t.teamId, t.userId, t.app)],
);

/**
 * An authorisation in progress: the `state` sent to the provider (kept hashed) and the PKCE
 * verifier (sealed). Used once, and only by the person who started it, before `expiresAt`.
 */
export const integrationAuthorisations = pgTable(
  "integration_authorisations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...personInFirmColumns,
    app: text().notNull(),
    stateHash: text().notNull().unique(),
    codeVerifier: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("integration_authorisations_user_idx").on(t.userId)],
);

/**
 * The sandbox provider's own records, as a provider keeps them: authorisation codes (with their
 * PKCE challenge and redirect address), access and refresh tokens, each kept hashed. Codes and
 * refresh tokens are single-use (`usedAt`); revoking marks `revokedAt`.
 */
export const integrationSandboxGrants = pgTable(
  "integration_sandbox_grants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    app: text().notNull(),
    kind: text().$type<"code" | "access" | "refresh">().notNull(),
    tokenHash: text().notNull().unique(),
    /** The grant this one came from (a token's code, a rotated refresh token's predecessor). */
    grantFamily: text().notNull(),
    codeChallenge: text(),
    redirectUri: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("integration_sandbox_grants_family_idx").on(t.grantFamily)],
);

/**
 * Sync back (issue 17, item 5): one assembled PDF sent to one client of a connected app, on the job
 * queue. The file is named by its content hash, so a re-assembly meanwhile does not change what is
 * sent. `attempts` counts tries; the document log has each attempt's outcome.
 */
export const integrationSyncs = pgTable(
  "integration_syncs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...personInFirmColumns,
    docId: integer().notNull(),
    app: text().notNull(),
    clientId: text().notNull(),
    description: text().notNull(),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    status: text().$type<"queued" | "sent" | "failed">().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("integration_syncs_doc_idx").on(t.teamId, t.docId)],
);

/** The sandbox provider's side of sync back: files attached to its seeded clients. */
export const integrationSandboxFiles = pgTable(
  "integration_sandbox_files",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    app: text().notNull(),
    tenantId: text().notNull(),
    clientId: text().notNull(),
    fileName: text().notNull(),
    sha256: text().notNull(),
    size: integer().notNull(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("integration_sandbox_files_client_idx").on(t.app, t.clientId)],
);

/**
 * An import of a client's data (a client, a fund, or a fund's member or trustee) into a document's
 * interview that failed because the app did not answer or failed (issue 37 item 7): what was asked,
 * by whom and the error, for the console's "integrations failing" queue. A retry from there runs
 * the same ask again by job; `resolved_at` is set once it succeeds.
 */
export const integrationImportFailures = pgTable(
  "integration_import_failures",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...personInFirmColumns,
    docId: integer().notNull(),
    app: text().notNull(),
    /** What was imported: the client's (or fund's) id at the app, its member or trustee, and the party. */
    clientId: text().notNull(),
    contactId: text(),
    questionId: text().notNull(),
    /** The import's name as the document log has it, e.g. "Import client (Xero)". */
    action: text().notNull(),
    status: text().$type<"failed" | "retrying" | "resolved">().notNull(),
    lastError: text().notNull(),
    attempts: integer().notNull().default(1),
    failedAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("integration_import_failures_status_idx").on(t.status, t.failedAt)],
);
