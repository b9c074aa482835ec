import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { fileBlobs } from "./schema.ts";

/** What a stored file is known by: its content's SHA-256 (hex) and its length in bytes. */
export type StoredFile = { sha256: string; size: number };

/**
 * The FileStore port (ARCHITECTURE.md "Data"): content-addressed storage of file bytes. Puts are
 * idempotent — the same bytes give the same hash and are stored once — so callers may store before
 * their own transaction commits (as an object store would require) without ever corrupting data;
 * at worst an unreferenced blob remains.
 */
export interface FileStore {
  put(bytes: Uint8Array, meta: { mediaType: string }): Promise<StoredFile>;
  /** The bytes and media type, or null when nothing is stored under that hash. */
  get(sha256: string): Promise<{ bytes: Uint8Array; mediaType: string; size: number } | null>;
  has(sha256: string): Promise<boolean>;
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The default FileStore: blobs in the `file_blobs` table (bytea). */
export function createDatabaseFileStore(deps: { db: Database; clock: Clock }): FileStore {
  const { db, clock } = deps;
  return {
    async put(bytes, { mediaType }) {
      const sha256 = sha256Hex(bytes);
      await db
        .insert(fileBlobs)
        .values({ sha256, mediaType, size: bytes.byteLength, content: bytes, createdAt: clock() })
        .onConflictDoNothing({ target: fileBlobs.sha256 });
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      const [row] = await db
        .select({ content: fileBlobs.content, mediaType: fileBlobs.mediaType, size: fileBlobs.size })
        .from(fileBlobs)
        .where(eq(fileBlobs.sha256, sha256));
      return row ? { bytes: row.content, mediaType: row.mediaType, size: row.size } : null;
    },

    async has(sha256) {
      const [row] = await db
        .select({ sha256: fileBlobs.sha256 })
        .from(fileBlobs)
        .where(eq(fileBlobs.sha256, sha256));
      return row !== undefined;
    },
  };
}
