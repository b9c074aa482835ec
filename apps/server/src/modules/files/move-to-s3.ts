import { and, asc, count, eq, gt, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { createBucketAccess } from "./s3-store.ts";
import { fileBlobs } from "./schema.ts";
import { sha256Hex } from "./service.ts";

export type MoveProgress = {
  done: number;
  total: number;
  sha256: string;
  size: number;
  /** `uploaded`, or `already there`: a checked object was in the bucket (an earlier, interrupted run). */
  outcome: "uploaded" | "already there";
};

/**
 * Moves every file whose bytes are still in `file_blobs` to the bucket, one at a time: upload
 * (unless a checked copy is there already), read back and check size and SHA-256, and only then
 * empty the row's content. Each file is finished before the next starts, so an interrupted run
 * leaves every row either still holding its bytes or emptied with a checked object in the bucket,
 * and a re-run picks up the rest. `signal` stops it between files.
 */
export async function moveFilesToBucket(deps: {
  db: Database;
  bucket: ReturnType<typeof createBucketAccess>;
  onProgress?: (progress: MoveProgress) => void;
  signal?: AbortSignal;
}) {
  const { db, bucket, onProgress, signal } = deps;
  const stillInDatabase = isNotNull(fileBlobs.content);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(fileBlobs)
    .where(stillInDatabase);
  const summary = { total, uploaded: 0, alreadyThere: 0, stopped: false };
  let after = "";
  for (;;) {
    if (signal?.aborted) return { ...summary, stopped: true };
    // One row at a time, in hash order: a 40 MB file is the most this holds.
    const [row] = await db
      .select({
        sha256: fileBlobs.sha256,
        mediaType: fileBlobs.mediaType,
        size: fileBlobs.size,
        content: fileBlobs.content,
      })
      .from(fileBlobs)
      .where(and(stillInDatabase, gt(fileBlobs.sha256, after)))
      .orderBy(asc(fileBlobs.sha256))
      .limit(1);
    if (!row?.content) return summary;
    after = row.sha256;
    const { sha256, content } = row;
    // The database's own copy is checked first: a damaged row is reported, never moved.
    if (content.byteLength !== row.size || sha256Hex(content) !== sha256) {
      throw new Error(
        `file ${sha256} in the database does not match its hash or size; nothing was moved for it`,
      );
    }
    let outcome: MoveProgress["outcome"] = "already there";
    if (!(await bucket.verified(sha256))) {
      await bucket.upload(sha256, content, row.mediaType);
      if (!(await bucket.verified(sha256))) {
        throw new Error(`file ${sha256} read back from the bucket does not match; it stays in the database`);
      }
      outcome = "uploaded";
    }
    await db
      .update(fileBlobs)
      .set({ content: null })
      .where(and(eq(fileBlobs.sha256, sha256), stillInDatabase));
    if (outcome === "uploaded") summary.uploaded++;
    else summary.alreadyThere++;
    onProgress?.({
      done: summary.uploaded + summary.alreadyThere,
      total,
      sha256,
      size: row.size,
      outcome,
    });
  }
}
