import { and, asc, eq, isNotNull, isNull, lte, not } from "drizzle-orm";
import { CATALOGUE_IMAGE_COLLECT_EVERY_MS, CATALOGUE_IMAGE_GRACE_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import { namedImageSql } from "./images.ts";
import { catalogueImageFiles } from "./schema.ts";

/**
 * Unused catalogue images collected (issue 37, loose end 1). Images are content-addressed, so a
 * replaced or removed one stays in the FileStore until deleted here. `catalogue_image_files`
 * records since when each image the catalogue stored has been unused; a job deletes the file of
 * one unused for the grace period (24 h: an upload in flight, or a page cached with the old image,
 * still finds it meanwhile).
 *
 * Safe under concurrency: a set takes the image's row (`claimStoredImage` in images.ts, in the set's
 * transaction) and the collection deletes only under that row's lock, after checking again that
 * it is unused and past its grace. So whichever commits first, a product never names a deleted
 * file: the set that comes second finds the row gone and is refused (409), or the collection
 * that comes second finds the image in use and keeps it.
 */

const isForeignKeyViolation = (error: unknown): boolean => {
  const found = error as { code?: string; cause?: unknown } | null;
  if (!found || typeof found !== "object") return false;
  return found.code === "23503" || isForeignKeyViolation(found.cause);
};

/** What one pass did with each image past its grace. */
export type CollectionOutcome = "deleted" | "in_use" | "held_elsewhere" | "not_due";

/** How many images one pass deletes at most (each in its own short transaction). */
const BATCH = 100;

export function createImageCollection(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  /**
   * Whether another module keeps the same bytes (the store is shared and content-addressed: a
   * firm's logo can be byte for byte a catalogue image). Documents' files are guarded by their
   * foreign keys to the store; the others say so here.
   */
  heldElsewhere: (tx: Database, sha256: string) => Promise<boolean>;
  jobs?: JobQueue;
  graceMs?: number;
}) {
  const { db, clock, files } = deps;
  const graceMs = deps.graceMs ?? CATALOGUE_IMAGE_GRACE_MS;

  /**
   * Brings `unused_since` up to date whatever changed the names (a product or category deleted, a
   * path that set an image without a claim): unused from now if nothing names it, in use if
   * something does. Then the images past their grace, oldest first. These reads decide nothing
   * alone: `collectOne` checks again under the lock.
   */
  async function due() {
    const now = clock();
    const col = catalogueImageFiles.sha256;
    await db
      .update(catalogueImageFiles)
      .set({ unusedSince: now })
      .where(and(isNull(catalogueImageFiles.unusedSince), not(namedImageSql(col))));
    await db
      .update(catalogueImageFiles)
      .set({ unusedSince: null })
      .where(and(isNotNull(catalogueImageFiles.unusedSince), namedImageSql(col)));
    const rows = await db
      .select({ sha256: col })
      .from(catalogueImageFiles)
      .where(lte(catalogueImageFiles.unusedSince, new Date(now.getTime() - graceMs)))
      .orderBy(asc(catalogueImageFiles.unusedSince))
      .limit(BATCH);
    return rows.map((r) => r.sha256);
  }

  /**
   * Deletes one image's file if, under its row's lock, it is still unused past its grace: what
   * was read before the lock is read again, so an image re-used in between is kept.
   */
  async function collectOne(sha256: string): Promise<CollectionOutcome> {
    const cutoff = new Date(clock().getTime() - graceMs);
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ sha256: catalogueImageFiles.sha256 })
        .from(catalogueImageFiles)
        .where(and(eq(catalogueImageFiles.sha256, sha256), lte(catalogueImageFiles.unusedSince, cutoff)))
        .for("update");
      if (!locked) return "not_due";
      // A statement of its own after the lock, so it sees a set committed while this waited.
      const [named] = await tx
        .select({ named: namedImageSql(catalogueImageFiles.sha256) })
        .from(catalogueImageFiles)
        .where(eq(catalogueImageFiles.sha256, sha256));
      if (named?.named) {
        await tx
          .update(catalogueImageFiles)
          .set({ unusedSince: null })
          .where(eq(catalogueImageFiles.sha256, sha256));
        return "in_use";
      }
      // The catalogue lets go of it either way; the bytes stay if someone else keeps them.
      await tx.delete(catalogueImageFiles).where(eq(catalogueImageFiles.sha256, sha256));
      if (await deps.heldElsewhere(tx, sha256)) return "held_elsewhere";
      try {
        // A savepoint: a document's file naming the same bytes refuses the delete (its foreign
        // key), which must not undo the row's release above.
        await tx.transaction((inner) => files.remove(inner, sha256));
      } catch (error) {
        if (isForeignKeyViolation(error)) return "held_elsewhere";
        throw error;
      }
      return "deleted";
    });
  }

  /** One pass: every image due, each in its own transaction. */
  async function collect() {
    const outcomes = new Map<string, CollectionOutcome>();
    for (const sha256 of await due()) outcomes.set(sha256, await collectOne(sha256));
    return outcomes;
  }

  if (deps.jobs) {
    deps.jobs.define("catalogue.collect-unused-images", async () => void (await collect()), { retries: 0 });
    deps.jobs.every("catalogue.collect-unused-images", CATALOGUE_IMAGE_COLLECT_EVERY_MS);
  }

  return { due, collectOne, collect };
}

export type ImageCollection = ReturnType<typeof createImageCollection>;
