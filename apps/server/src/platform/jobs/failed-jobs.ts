import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../kernel/index.ts";
import { type JobRow, jobs } from "./schema.ts";

/**
 * Failed jobs as an operator works them (the console's queue, and what `jobs-cli.ts` prints):
 * read a page, run one again, or discard it. Only a job in state `failed` is touched here; a
 * queued, running or finished job is the worker's.
 */

/** A page of failed jobs, the most recent failure first. */
/** The firm a job worked for, as SQL: its payload's numeric `teamId`, else null. */
export const jobTeamId = sql`(case when jsonb_typeof(${jobs.payload}->'teamId') = 'number' then (${jobs.payload}->>'teamId')::numeric end)`;

export async function failedJobsPage(
  db: Database,
  query: {
    page: number;
    pageSize: number;
    name?: string | undefined;
    /** The caller's narrowing on the job's firm (its payload's `teamId`), e.g. the firm's name. */
    team?: ((teamId: SQL) => SQL) | undefined;
  },
) {
  const where = and(
    eq(jobs.state, "failed"),
    query.name ? eq(jobs.name, query.name) : undefined,
    query.team?.(jobTeamId),
  );
  const [counted] = await db.select({ n: count() }).from(jobs).where(where);
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: counted?.n ?? 0 };
}

/** The job as it is now, locked for the caller's transaction; undefined when there is none. */
export async function lockedJob(tx: Database, id: number): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
  return row;
}

export type FailedJobChange = { changed: JobRow } | { refused: "not_failed" | "key_waiting" };

/**
 * Queues a failed job for exactly one more attempt, due now: its attempts so far are kept (they
 * are its history) and its limit becomes one more than them, so a failure of this attempt leaves
 * it failed again rather than starting the automatic retries over. Refused when the job is no
 * longer failed, or when a job of the same name and key waits already (that one does the work).
 */
export async function retryFailedJob(tx: Database, clock: Clock, id: number): Promise<FailedJobChange> {
  const job = await lockedJob(tx, id);
  if (job?.state !== "failed") return { refused: "not_failed" };
  if (job.key !== null) {
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, job.name), eq(jobs.key, job.key), eq(jobs.state, "queued")));
    if (waiting) return { refused: "key_waiting" };
  }
  const [changed] = await tx
    .update(jobs)
    .set({
      state: "queued",
      runAt: clock(),
      maxAttempts: sql`${jobs.attempt} + 1`,
      finishedAt: null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, "failed")))
    .returning();
  return changed ? { changed } : { refused: "not_failed" };
}

/** Removes a failed job for good (the caller keeps what it was); refused when it is not failed. */
export async function discardFailedJob(tx: Database, id: number): Promise<FailedJobChange> {
  const [changed] = await tx
    .delete(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.state, "failed")))
    .returning();
  return changed ? { changed } : { refused: "not_failed" };
}
