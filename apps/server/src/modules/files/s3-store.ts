import { createHash } from "node:crypto";
import { pipeline, type Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { fileBlobs } from "./schema.ts";
import { createDatabaseFileStore, type FileStore, sha256Hex } from "./service.ts";

/** Where the bucket is and how to reach it (config.ts `S3_*`). */
export type S3Settings = {
  /** An S3-compatible server's address (MinIO, Ceph, R2); unset for AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name, as most self-hosted servers need. */
  forcePathStyle: boolean;
};

/** Content-addressed and fanned out, so no one prefix holds every object: blobs/ab/cd/abcd…. */
export const objectKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** What the store says when an object is not what its key promises: it is never served. */
export class StoredFileCorrupt extends Error {
  constructor(sha256: string, problem: string) {
    super(`file ${sha256} in the bucket fails its check (${problem}); it was not served`);
    this.name = "StoredFileCorrupt";
  }
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export function createS3Client(settings: S3Settings) {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
    // newer default ones. The content's own SHA-256 (the key) is checked on every read instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Checks a stream against its key as it passes: the size and SHA-256 must match, and the last
 * chunk is held back until they do, so a tampered or truncated object never reaches a reader
 * whole (the download stops short of its Content-Length and the error is logged).
 */
function verifying(sha256: string, size: number) {
  const hash = createHash("sha256");
  let seen = 0;
  let held: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > size) return done(new StoredFileCorrupt(sha256, `more than its ${size} bytes`));
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous);
    },
    flush(done) {
      if (seen !== size) return done(new StoredFileCorrupt(sha256, `${seen} of its ${size} bytes`));
      if (hash.digest("hex") !== sha256) return done(new StoredFileCorrupt(sha256, "its SHA-256 differs"));
      done(null, held);
    },
  });
}

/**
 * The object's body through its check. pipeline ends both on an error either way: a failed check
 * lets go of the bucket's connection, and a lost connection fails the check; the reader of the
 * result sees the error, so the callback has nothing left to do.
 */
function checked(body: Readable, sha256: string, size: number) {
  const check = verifying(sha256, size);
  pipeline(body, check, () => {});
  return check;
}

/**
 * The FileStore in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph): one object per
 * distinct content under its SHA-256, with the media type as its Content-Type and the size in its
 * metadata. Objects are private: nothing here makes a URL a browser could fetch, so every download
 * still goes through the server's firm checks.
 *
 * Each stored file keeps its `file_blobs` row, with no content: other tables' foreign keys name
 * it, and `has` answers from it. A file whose row still holds its bytes (stored before the switch,
 * not yet moved by files:move-to-s3) is read from there, so a server may switch before the move.
 */
export function createS3FileStore(deps: {
  db: Database;
  clock: Clock;
  settings: S3Settings;
  client?: S3Client;
}): FileStore {
  const { db, clock, settings } = deps;
  const client = deps.client ?? createS3Client(settings);
  const Bucket = settings.bucket;
  const database = createDatabaseFileStore({ db, clock });

  /** A key only for a well-formed hash: nothing a caller passes becomes another key. */
  const keyOf = (sha256: string) => (SHA256_HEX.test(sha256) ? objectKey(sha256) : undefined);

  async function open(sha256: string) {
    const Key = keyOf(sha256);
    if (!Key) return null;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key }));
      const body = object.Body as Readable;
      const size = Number(object.Metadata?.size);
      if (!Number.isSafeInteger(size) || size < 0) {
        body.destroy();
        throw new StoredFileCorrupt(sha256, "no size in its metadata");
      }
      // A truncated or padded object is refused before anything is sent.
      if (object.ContentLength !== size) {
        body.destroy();
        throw new StoredFileCorrupt(sha256, `${object.ContentLength} bytes where ${size} were stored`);
      }
      return { size, mediaType: object.ContentType ?? "application/octet-stream", body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Not in the bucket: still in the database (not moved yet), or listed there and lost. */
  async function notInBucket(sha256: string) {
    const [row] = await db
      .select({ inDatabase: sql<boolean>`${fileBlobs.content} is not null` })
      .from(fileBlobs)
      .where(eq(fileBlobs.sha256, sha256));
    if (!row) return "absent" as const;
    if (row.inDatabase) return "database" as const;
    throw new Error(`file ${sha256} is listed in file_blobs but missing from the bucket ${Bucket}`);
  }

  /** Uploads unless an object of the right size is there already (content under its hash never changes). */
  async function upload(sha256: string, bytes: Uint8Array, mediaType: string) {
    const Key = objectKey(sha256);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      if (head.ContentLength === bytes.byteLength && Number(head.Metadata?.size) === bytes.byteLength) return;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: mediaType,
        Metadata: { size: String(bytes.byteLength), sha256 },
      }),
    );
  }

  return {
    async put(bytes, { mediaType }) {
      const sha256 = sha256Hex(bytes);
      // The object first, then its row: a row never names bytes the bucket lacks.
      await upload(sha256, bytes, mediaType);
      await db
        .insert(fileBlobs)
        .values({ sha256, mediaType, size: bytes.byteLength, content: null, createdAt: clock() })
        .onConflictDoNothing({ target: fileBlobs.sha256 });
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      const object = await open(sha256);
      if (!object) return (await notInBucket(sha256)) === "database" ? database.get(sha256) : null;
      const chunks: Buffer[] = [];
      for await (const chunk of checked(object.body, sha256, object.size)) chunks.push(chunk as Buffer);
      const bytes = new Uint8Array(Buffer.concat(chunks, object.size));
      return { bytes, mediaType: object.mediaType, size: object.size };
    },

    async stream(sha256) {
      const object = await open(sha256);
      if (!object) return (await notInBucket(sha256)) === "database" ? database.stream(sha256) : null;
      return {
        mediaType: object.mediaType,
        size: object.size,
        body: checked(object.body, sha256, object.size),
      };
    },

    async has(sha256) {
      return database.has(sha256);
    },

    /**
     * The row first (a foreign key naming it stops everything here), then the object while the
     * row's delete holds its lock: a put of the same bytes waits on that lock for its row.
     */
    async remove(tx, sha256) {
      const [row] = await tx
        .delete(fileBlobs)
        .where(eq(fileBlobs.sha256, sha256))
        .returning({ inBucket: sql<boolean>`${fileBlobs.content} is null` });
      const Key = keyOf(sha256);
      if (row?.inBucket && Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

/** Used by files:move-to-s3: the same upload and checked read, one file at a time. */
export function createBucketAccess(settings: S3Settings, client = createS3Client(settings)) {
  const Bucket = settings.bucket;
  return {
    /** The object's bytes if it is there and passes its checks; null if absent or failing them. */
    async verified(sha256: string): Promise<Uint8Array | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(sha256) }));
        const bytes = await (
          object.Body as unknown as { transformToByteArray(): Promise<Uint8Array> }
        ).transformToByteArray();
        const ok = Number(object.Metadata?.size) === bytes.byteLength && sha256Hex(bytes) === sha256;
        return ok ? bytes : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async upload(sha256: string, bytes: Uint8Array, mediaType: string) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(sha256),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: mediaType,
          Metadata: { size: String(bytes.byteLength), sha256 },
        }),
      );
    },
  };
}
