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
 * its hash (ARCHITECTURE.md "Data"). With the S3 store the row stays, as the list of what is stored
 * that other tables' foreign keys name, and the bytes are in the bucket.
 */
export const fileBlobs = pgTable("file_blobs", {
  sha256: text().primaryKey(),
  mediaType: text().notNull(),
  size: integer().notNull(),
  /** The bytes; NULL once they are in the bucket (FILE_STORE=s3, or moved there by files:move-to-s3). */
  content: bytea(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
