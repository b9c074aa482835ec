import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Binary content. PGlite hands bytea back as a Uint8Array and node-postgres as a Buffer (also a
 * Uint8Array); node-postgres only sends a Buffer as bytea, so writes are wrapped in one (no copy).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | string }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) =>
    typeof value === "string" ? new Uint8Array(Buffer.from(value.replace(/^\\x/, ""), "hex")) : value,
});

/**
 * The database-backed FileStore: one row per distinct content, keyed by its SHA-256 (hex), so the
 * same bytes stored twice take one row. Rows are never updated; whoever refers to a blob keeps
 * its hash (ARCHITECTURE.md "Data": S3 may replace this table behind the same port).
 */
export const fileBlobs = pgTable("file_blobs", {
  sha256: text().primaryKey(),
  mediaType: text().notNull(),
  size: integer().notNull(),
  content: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
