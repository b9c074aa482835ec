import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { fileBlobs } from "./schema.ts";

/** What a stored file is known by: its content's SHA-256 (hex) and its length in bytes. */
export type StoredFile = { sha256: string; size: number };

/** A stored file's bytes as a stream, with what a download's headers need before the first byte. */
export type FileStream = { mediaType: string; size: number; body: Readable };

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
  /**
   * The bytes as a stream, read from storage as the reader takes them (a download holds a chunk
   * at a time, never the whole file), or null when nothing is stored under that hash.
   */
  stream(sha256: string): Promise<FileStream | null>;
  has(sha256: string): Promise<boolean>;
  /**
   * Deletes a stored file, in the caller's transaction: only for a caller that has made sure,
   * under its own lock, that nothing refers to it (the catalogue's collection of unused images).
   * A table whose foreign key names the file makes the delete fail (23503) and nothing goes.
   */
  remove(tx: Database, sha256: string): Promise<void>;
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** How much of a blob one query reads while streaming: big enough to keep round trips few. */
export const DATABASE_STREAM_CHUNK_BYTES = 1024 * 1024;

/** A file whose bytes were moved to the bucket is never taken for a missing one. */
const inBucket = (sha256: string) =>
  new Error(`file ${sha256} is in the S3 bucket, not the database: this server needs FILE_STORE=s3`);

/** The default FileStore: blobs in the `file_blobs` table (bytea). */
export function createDatabaseFileStore(deps: {
  db: Database;
  clock: Clock;
  /** Bytes per read while streaming (tests make it small to cross chunk edges). */
  chunkBytes?: number;
}): FileStore {
  const { db, clock } = deps;
  const chunkBytes = deps.chunkBytes ?? DATABASE_STREAM_CHUNK_BYTES;
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
      if (!row) return null;
      if (row.content === null) throw inBucket(sha256);
      return { bytes: row.content, mediaType: row.mediaType, size: row.size };
    },

    async stream(sha256) {
      const [row] = await db
        .select({
          mediaType: fileBlobs.mediaType,
          size: fileBlobs.size,
          inBucket: sql<boolean>`${fileBlobs.content} is null`,
        })
        .from(fileBlobs)
        .where(eq(fileBlobs.sha256, sha256));
      if (!row) return null;
      if (row.inBucket) throw inBucket(sha256);
      const { size } = row;
      // One slice of the bytea per read (substring counts from 1), each read only when the reader
      // wants more: a 40 MB file is never whole in this process for one download.
      async function* chunks() {
        for (let offset = 0; offset < size; offset += chunkBytes) {
          const [slice] = await db
            .select({
              chunk: sql`substring(${fileBlobs.content} from ${offset + 1} for ${chunkBytes})`.mapWith(
                fileBlobs.content,
              ),
            })
            .from(fileBlobs)
            .where(eq(fileBlobs.sha256, sha256));
          const chunk = slice?.chunk as Uint8Array | undefined;
          if (!chunk || chunk.byteLength === 0) {
            throw new Error(`file ${sha256} ended at byte ${offset} of ${size} in the database`);
          }
          yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        }
      }
      return { mediaType: row.mediaType, size, body: Readable.from(chunks(), { objectMode: false }) };
    },

    async has(sha256) {
      const [row] = await db
        .select({ sha256: fileBlobs.sha256 })
        .from(fileBlobs)
        .where(eq(fileBlobs.sha256, sha256));
      return row !== undefined;
    },

    async remove(tx, sha256) {
      await tx.delete(fileBlobs).where(eq(fileBlobs.sha256, sha256));
    },
  };
}
