import { createHash } from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { startLocalS3 } from "../../test/local-s3.ts";
import { type MoveProgress, moveFilesToBucket } from "./move-to-s3.ts";
import { createBucketAccess, createS3FileStore } from "./s3-store.ts";
import { fileBlobs } from "./schema.ts";
import { createDatabaseFileStore } from "./service.ts";

let t: TestApp;
let s3: Awaited<ReturnType<typeof startLocalS3>>;

beforeAll(async () => {
  // Files start in the database, as on a server before the move (whatever TEST_FILE_STORE says).
  [t, s3] = await Promise.all([createTestApp({ fileStore: "database" }), startLocalS3("precedent-move")]);
});
afterAll(async () => {
  await Promise.all([t.close(), s3.close()]);
});

const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const stillInDatabase = async () =>
  (await t.db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs).where(isNotNull(fileBlobs.content))).map(
    (r) => r.sha256,
  );

describe("files:move-to-s3", () => {
  it("moves every file, checked, and after an interruption a re-run finishes what is left", async () => {
    const database = createDatabaseFileStore({ db: t.db, clock: t.clock.now });
    // Five files of different sizes, one of them empty and one of a few MB.
    const contents = [0, 1, 1000, 70_000, 3_000_000].map((size, n) =>
      new Uint8Array(size).map((_, i) => (i * (n + 7) + n) % 256),
    );
    const stored = [];
    for (const bytes of contents) stored.push(await database.put(bytes, { mediaType: "application/pdf" }));
    expect((await stillInDatabase()).sort()).toEqual(stored.map((s) => s.sha256).sort());
    const bucket = createBucketAccess(s3.settings);

    // Interrupted after two files (as Ctrl-C does: between files).
    const controller = new AbortController();
    const firstRun: MoveProgress[] = [];
    const first = await moveFilesToBucket({
      db: t.db,
      bucket,
      signal: controller.signal,
      onProgress: (p) => {
        firstRun.push(p);
        if (firstRun.length === 2) controller.abort();
      },
    });
    expect(first).toMatchObject({ total: 5, uploaded: 2, alreadyThere: 0, stopped: true });
    const left = await stillInDatabase();
    expect(left).toHaveLength(3);
    expect(left).not.toContain(firstRun[0]?.sha256);

    // Of those left, one was uploaded before the interruption (its row not yet emptied), and one
    // has a damaged object under its key: the re-run keeps the first and uploads the second again.
    const [uploadedEarlier, damaged] = left;
    const bytesOf = (sha256 = "") => contents.find((c) => hex(c) === sha256) ?? new Uint8Array();
    await bucket.upload(uploadedEarlier ?? "", bytesOf(uploadedEarlier), "application/pdf");
    await bucket.upload(damaged ?? "", new TextEncoder().encode("not the file"), "application/pdf");

    const secondRun: MoveProgress[] = [];
    const second = await moveFilesToBucket({ db: t.db, bucket, onProgress: (p) => secondRun.push(p) });
    expect(second).toMatchObject({ total: 3, uploaded: 2, alreadyThere: 1, stopped: false });
    expect(secondRun.find((p) => p.sha256 === uploadedEarlier)?.outcome).toBe("already there");
    expect(secondRun.find((p) => p.sha256 === damaged)?.outcome).toBe("uploaded");
    expect(await stillInDatabase()).toEqual([]);

    // Every file reads back whole from the bucket through the S3 store, and a third run has nothing to do.
    const store = createS3FileStore({ db: t.db, clock: t.clock.now, settings: s3.settings });
    for (const bytes of contents) {
      const back = await store.get(hex(bytes));
      expect(hex(back?.bytes ?? new Uint8Array([1]))).toBe(hex(bytes));
    }
    expect(await moveFilesToBucket({ db: t.db, bucket })).toMatchObject({ total: 0, uploaded: 0 });
  });

  it("refuses to move a file whose database copy does not match its hash", async () => {
    const database = createDatabaseFileStore({ db: t.db, clock: t.clock.now });
    const { sha256 } = await database.put(new TextEncoder().encode("%PDF-1.7 whole"), {
      mediaType: "application/pdf",
    });
    await t.db
      .update(fileBlobs)
      .set({ content: new TextEncoder().encode("%PDF-1.7 w0le!") })
      .where(eq(fileBlobs.sha256, sha256));
    await expect(moveFilesToBucket({ db: t.db, bucket: createBucketAccess(s3.settings) })).rejects.toThrow(
      `file ${sha256} in the database does not match its hash or size; nothing was moved for it`,
    );
    expect(await stillInDatabase()).toEqual([sha256]);
  });
});
