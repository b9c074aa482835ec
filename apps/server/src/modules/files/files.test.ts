import { createHash } from "node:crypto";
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { startLocalS3 } from "../../test/local-s3.ts";
import { createS3Client, createS3FileStore, objectKey, StoredFileCorrupt } from "./s3-store.ts";
import { fileBlobs } from "./schema.ts";
import { createDatabaseFileStore, type FileStore } from "./service.ts";

let t: TestApp;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const s3Client = () => createS3Client(s3.settings);
const s3Store = () => createS3FileStore({ db: t.db, clock: t.clock.now, settings: s3.settings });

beforeAll(async () => {
  // The app keeps its own files in the database: each store here is made and checked by hand.
  [t, s3] = await Promise.all([createTestApp({ fileStore: "database" }), startLocalS3()]);
});
afterAll(async () => {
  await Promise.all([t.close(), s3.close()]);
});

const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const read = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** How many copies of a content each store holds: one row, or one object. */
const stores: {
  name: string;
  make: () => FileStore;
  copies: (sha256: string) => Promise<number>;
}[] = [
  {
    name: "database FileStore",
    // Reads of 64 KiB, so a larger file crosses many chunk edges and ends on a partial one.
    make: () => createDatabaseFileStore({ db: t.db, clock: t.clock.now, chunkBytes: 64 * 1024 }),
    copies: async (sha256) =>
      (await t.db.select().from(fileBlobs).where(eq(fileBlobs.sha256, sha256))).length,
  },
  {
    name: "S3 FileStore (a local S3 server)",
    make: () => s3Store(),
    copies: async (sha256) =>
      (
        await s3Client().send(
          new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: objectKey(sha256) }),
        )
      ).KeyCount ?? 0,
  },
];

describe.each(stores)("$name", ({ make, copies }) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it("stores bytes under their SHA-256 and gives them back unchanged, whole and streamed", async () => {
    // Every byte value, so no encoding step can pass by accident.
    const bytes = new Uint8Array(512).map((_, i) => i % 256);
    const stored = await store.put(bytes, { mediaType: "application/octet-stream" });
    expect(stored).toEqual({ sha256: hex(bytes), size: 512 });
    expect(await store.has(stored.sha256)).toBe(true);
    const back = await store.get(stored.sha256);
    expect(back?.mediaType).toBe("application/octet-stream");
    expect(back?.size).toBe(512);
    expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    const streamed = await store.stream(stored.sha256);
    expect(streamed?.mediaType).toBe("application/octet-stream");
    expect(streamed?.size).toBe(512);
    expect((await read(streamed?.body ?? process.stdin)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("streams a larger file in pieces, unchanged", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 31 + (i >> 9)) % 256);
    const stored = await store.put(bytes, { mediaType: "application/pdf" });
    const streamed = await store.stream(stored.sha256);
    let pieces = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of streamed?.body ?? []) {
      pieces++;
      chunks.push(chunk as Buffer);
    }
    expect(pieces).toBeGreaterThan(1);
    expect(hex(Buffer.concat(chunks))).toBe(stored.sha256);
  });

  it("keeps identical content once", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 the same twice");
    const first = await store.put(bytes, { mediaType: "application/pdf" });
    const second = await store.put(bytes.slice(), { mediaType: "application/pdf" });
    expect(second).toEqual(first);
    expect(await copies(first.sha256)).toBe(1);
  });

  it("answers null and false for content it does not hold", async () => {
    const absent = hex(new TextEncoder().encode("never stored"));
    expect(await store.get(absent)).toBeNull();
    expect(await store.stream(absent)).toBeNull();
    expect(await store.has(absent)).toBe(false);
  });

  it("removes a file in the caller's transaction: its row and its bytes", async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7 removable ${Math.random()}`);
    const { sha256 } = await store.put(bytes, { mediaType: "application/pdf" });
    expect(await store.has(sha256)).toBe(true);
    await t.db.transaction((tx) => store.remove(tx, sha256));
    expect(await store.has(sha256)).toBe(false);
    expect(await store.get(sha256)).toBeNull();
    expect(await copies(sha256)).toBe(0);
  });

  it("stores an empty file", async () => {
    const stored = await store.put(new Uint8Array(0), { mediaType: "text/plain" });
    expect(stored.size).toBe(0);
    expect((await store.get(stored.sha256))?.bytes.byteLength).toBe(0);
    const streamed = await store.stream(stored.sha256);
    expect((await read(streamed?.body ?? process.stdin)).byteLength).toBe(0);
  });
});

describe("S3 FileStore checks what it reads", () => {
  const bucket = () => s3.settings.bucket;
  const original = new TextEncoder().encode("%PDF-1.7 the deed as assembled, with its schedule");

  /** Puts other bytes under a content's key, as a bucket editor or a fault might. */
  async function overwrite(sha256: string, body: Uint8Array, size: number) {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: objectKey(sha256),
        Body: body,
        ContentType: "application/pdf",
        Metadata: { size: String(size), sha256 },
      }),
    );
  }

  it("refuses a tampered object of the right length, whole or streamed, never giving its last bytes", async () => {
    const store = s3Store();
    const { sha256, size } = await store.put(original, { mediaType: "application/pdf" });
    const tampered = original.slice();
    tampered[10] = tampered[10] === 65 ? 66 : 65;
    await overwrite(sha256, tampered, size);
    await expect(store.get(sha256)).rejects.toThrow(StoredFileCorrupt);
    await expect(store.get(sha256)).rejects.toThrow(
      `file ${sha256} in the bucket fails its check (its SHA-256 differs)`,
    );
    const streamed = await store.stream(sha256);
    const received: Buffer[] = [];
    const failure = await (async () => {
      try {
        for await (const chunk of streamed?.body ?? []) received.push(chunk as Buffer);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(StoredFileCorrupt);
    expect(Buffer.concat(received).byteLength).toBeLessThan(size);
  });

  it("refuses a truncated object before sending anything", async () => {
    const store = s3Store();
    const other = new TextEncoder().encode("%PDF-1.7 a letter of engagement, two pages");
    const { sha256, size } = await store.put(other, { mediaType: "application/pdf" });
    await overwrite(sha256, other.slice(0, 20), size);
    await expect(store.stream(sha256)).rejects.toThrow(
      `fails its check (20 bytes where ${size} were stored)`,
    );
    await expect(store.get(sha256)).rejects.toThrow(StoredFileCorrupt);
  });

  it("makes a key only of a well-formed hash", async () => {
    const store = s3Store();
    expect(await store.has("../../etc/passwd")).toBe(false);
    expect(await store.stream("blobs/../x")).toBeNull();
    expect(objectKey("ab".repeat(32))).toBe(`blobs/ab/ab/${"ab".repeat(32)}`);
  });
});

describe("S3 FileStore and the file_blobs list", () => {
  const contentOf = async (sha256: string) =>
    (await t.db.select({ content: fileBlobs.content }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256)))[0]
      ?.content;

  it("keeps each file's row, without its bytes, for other tables to name", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 a row for the foreign keys");
    const { sha256 } = await s3Store().put(bytes, { mediaType: "application/pdf" });
    expect(await contentOf(sha256)).toBeNull();
    // The database store says where the bytes are rather than answering as if none were stored.
    const databaseStore = createDatabaseFileStore({ db: t.db, clock: t.clock.now });
    await expect(databaseStore.get(sha256)).rejects.toThrow(
      `file ${sha256} is in the S3 bucket, not the database`,
    );
    await expect(databaseStore.stream(sha256)).rejects.toThrow("this server needs FILE_STORE=s3");
  });

  it("reads a file not yet moved from the database, so a server may switch before the move", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 stored before the switch");
    const { sha256 } = await createDatabaseFileStore({ db: t.db, clock: t.clock.now }).put(bytes, {
      mediaType: "application/pdf",
    });
    const store = s3Store();
    expect(await store.has(sha256)).toBe(true);
    expect(Buffer.from((await store.get(sha256))?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect((await read((await store.stream(sha256))?.body ?? process.stdin)).equals(Buffer.from(bytes))).toBe(
      true,
    );
  });

  it("says so when a listed file's object is gone from the bucket", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 to be lost");
    const { sha256 } = await s3Store().put(bytes, { mediaType: "application/pdf" });
    await s3Client().send(new DeleteObjectCommand({ Bucket: s3.settings.bucket, Key: objectKey(sha256) }));
    await expect(s3Store().stream(sha256)).rejects.toThrow(
      `file ${sha256} is listed in file_blobs but missing from the bucket ${s3.settings.bucket}`,
    );
  });
});
