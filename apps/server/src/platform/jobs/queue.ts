import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import {
  JOB_CONCURRENCY,
  JOB_HISTORY_DAYS,
  JOB_LEASE_MS,
  JOB_POLL_MS,
  JOB_PRUNE_EVERY_MS,
  JOB_STOP_GRACE_MS,
} from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../kernel/index.ts";
import { type JobRow, jobs } from "./schema.ts";

/**
 * Durable background jobs, kept in the database's `jobs` table, on PGlite and PostgreSQL alike.
 *
 * The rules:
 * - A job is a row. Enqueued in the caller's transaction (`tx`), it exists exactly when the
 *   business change that asked for it commits; a rollback leaves no job behind.
 * - A worker claims due jobs with `FOR UPDATE SKIP LOCKED` and stamps them with its id and a
 *   lease: across any number of servers each attempt is claimed by exactly one worker. It
 *   renews the lease while the handler runs; a worker that dies (kill -9, a lost machine) stops
 *   renewing, and once the lease has run out another worker claims the job again.
 * - A job therefore runs at least once, and more than once only after a worker died mid-job or
 *   lost its lease: handlers are written to be repeatable (the mail handler checks the outbox row
 *   before sending).
 * - A failed attempt is retried after its backoff until `retries` are used up; then the job is
 *   `failed` with its last error. Every start, finish, retry and reclaim is a log line carrying
 *   the job's name, id and attempt.
 * - A key keeps one waiting job per name and key: enqueueing again while one waits does nothing.
 *   `every(name, ms)` is such a job with the key `every`, which queues its next run when it ends.
 * - Time is the injected `Clock`, never the database's `now()`, so a test moves a clock and calls
 *   `runDue()` to run exactly what is due, in order, without waiting.
 * - Workers claim only the job names they define, so servers of two versions can share a queue.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What a worker logs with (the app's pino logger). */
export type JobLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** Milliseconds to wait before trying again after attempt `attempt` (1 for the first) failed. */
export type Backoff = (attempt: number) => number;

/** Doubles from `firstMs` after each failure, up to `maxMs`. */
export const exponentialBackoff =
  (firstMs: number, maxMs = 60 * 60_000): Backoff =>
  (attempt) =>
    Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));

/** What a handler is told about the job it runs. */
export type RunningJob = {
  id: number;
  name: string;
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker loses the job's lease (another worker may now run it). */
  signal: AbortSignal;
};

export type JobHandler<P> = (payload: P, job: RunningJob) => Promise<void>;

export type JobOptions = {
  /** Attempts after the first (default 4). */
  retries?: number;
  /** Wait before each retry (default: 30 s, doubling). */
  backoff?: Backoff;
  /** How long a worker holds the job between renewals; past it, another worker may take it. */
  leaseMs?: number;
};

export type EnqueueOptions = {
  /** The caller's transaction: the job exists if and only if it commits. */
  tx?: Database;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** One waiting job per name and key: while one waits, enqueueing again does nothing. */
  key?: string;
};

/** A defined kind of job: enqueue it with a payload of its type. */
export type JobKind<P> = {
  name: string;
  /** The new job's id, or null when a job with the same key was already waiting. */
  enqueue(payload: P, options?: EnqueueOptions): Promise<number | null>;
};

/** What became of one attempt run by `runDue` (for tests and the command line). */
export type JobOutcome = {
  id: number;
  name: string;
  attempt: number;
  outcome: "done" | "retrying" | "failed";
  error?: string;
};

type Definition = {
  handler: JobHandler<never>;
  maxAttempts: number;
  backoff: Backoff;
  leaseMs: number;
};

export type JobQueue = ReturnType<typeof createJobQueue>;

/** The key of a job repeated by `every`. */
const EVERY_KEY = "every";
/** A claimed row and whether its previous worker let its lease run out. */
type Claimed = { row: JobRow; reclaimedFrom: string | null };

const silent: JobLogger = { info() {}, warn() {}, error() {} };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobQueue(deps: { db: Database; clock: Clock; workerId?: string }) {
  const { db, clock } = deps;
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, number>();
  let log: JobLogger = silent;

  const fields = (job: Pick<JobRow, "name" | "id" | "attempt">) => ({
    job: job.name,
    job_id: job.id,
    attempt: job.attempt,
  });

  function define<P extends JsonValue>(
    name: string,
    handler: JobHandler<P>,
    options: JobOptions = {},
  ): JobKind<P> {
    if (definitions.has(name)) throw new Error(`job "${name}" is defined twice`);
    definitions.set(name, {
      handler: handler as JobHandler<never>,
      maxAttempts: 1 + (options.retries ?? 4),
      backoff: options.backoff ?? exponentialBackoff(30_000),
      leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    });
    return { name, enqueue: (payload, enqueueOptions) => enqueue(name, payload, enqueueOptions) };
  }

  async function enqueue(name: string, payload: JsonValue, options: EnqueueOptions = {}) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`job "${name}" is not defined`);
    const now = clock();
    const [row] = await (options.tx ?? db)
      .insert(jobs)
      .values({
        name,
        payload,
        key: options.key ?? null,
        maxAttempts: definition.maxAttempts,
        runAt: options.runAt ?? now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [jobs.name, jobs.key], where: sql`state = 'queued'` })
      .returning({ id: jobs.id });
    return row?.id ?? null;
  }

  /** Makes sure each job given to `every` has its next run queued (once across servers). */
  async function ensureSchedules() {
    const now = clock();
    for (const [name, everyMs] of schedules) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`job "${name}" is scheduled but not defined`);
      await db
        .insert(jobs)
        .values({
          name,
          key: EVERY_KEY,
          maxAttempts: definition.maxAttempts,
          runAt: now,
          repeatEveryMs: everyMs,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [jobs.name, jobs.key],
          targetWhere: sql`state = 'queued'`,
          // A new interval in the code takes effect at the next start.
          set: { repeatEveryMs: everyMs },
        });
    }
  }

  /** Takes up to `limit` due jobs (or jobs whose worker's lease ran out) for this worker. */
  async function claim(limit: number): Promise<Claimed[]> {
    const names = [...definitions.keys()];
    if (names.length === 0 || limit <= 0) return [];
    const now = clock();
    const claimable = and(
      inArray(jobs.name, names),
      or(
        and(eq(jobs.state, "queued"), lte(jobs.runAt, now)),
        and(eq(jobs.state, "running"), lt(jobs.lockedUntil, now)),
      ),
    );
    // Most polls find nothing: one plain read, without a transaction, says so.
    const [any] = await db.select({ id: jobs.id }).from(jobs).where(claimable).limit(1);
    if (!any) return [];
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(jobs)
        .where(claimable)
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed: Claimed[] = [];
      for (const before of due) {
        const leaseMs = definitions.get(before.name)?.leaseMs ?? JOB_LEASE_MS;
        const [row] = await tx
          .update(jobs)
          .set({
            state: "running",
            attempt: sql`${jobs.attempt} + 1`,
            lockedBy: workerId,
            lockedUntil: new Date(now.getTime() + leaseMs),
            startedAt: now,
          })
          .where(eq(jobs.id, before.id))
          .returning();
        if (row) claimed.push({ row, reclaimedFrom: before.state === "running" ? before.lockedBy : null });
      }
      return claimed;
    });
  }

  /** Conditions that hold while this worker still holds this attempt of the job. */
  const stillHeld = (job: JobRow) =>
    and(
      eq(jobs.id, job.id),
      eq(jobs.state, "running"),
      eq(jobs.lockedBy, workerId),
      eq(jobs.attempt, job.attempt),
    );

  /** The next run of a job repeated every `everyMs`: the first slot after now (missed ones are skipped). */
  function nextRun(job: JobRow, now: Date): Date {
    const everyMs = job.repeatEveryMs ?? 0;
    const late = Math.max(0, now.getTime() - job.runAt.getTime());
    return new Date(job.runAt.getTime() + (Math.floor(late / everyMs) + 1) * everyMs);
  }

  /** Ends the job as done or failed (and queues a repeated job's next run), if still held. */
  async function finish(job: JobRow, state: "done" | "failed", error?: string): Promise<boolean> {
    const now = clock();
    return db.transaction(async (tx) => {
      const ended = await tx
        .update(jobs)
        .set({
          state,
          finishedAt: now,
          lockedBy: null,
          lockedUntil: null,
          ...(error !== undefined ? { lastError: error } : {}),
        })
        .where(stillHeld(job))
        .returning({ id: jobs.id });
      if (ended.length === 0) return false;
      if (job.repeatEveryMs) {
        await tx
          .insert(jobs)
          .values({
            name: job.name,
            key: job.key,
            payload: job.payload,
            maxAttempts: job.maxAttempts,
            runAt: nextRun(job, now),
            repeatEveryMs: job.repeatEveryMs,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [jobs.name, jobs.key], where: sql`state = 'queued'` });
      }
      return true;
    });
  }

  /** Puts the job back to wait out its backoff; false when it is no longer this worker's. */
  async function retryLater(job: JobRow, runAt: Date, error: string): Promise<boolean> {
    const waiting = await db
      .update(jobs)
      .set({ state: "queued", runAt, lockedBy: null, lockedUntil: null, lastError: error })
      .where(
        and(
          stillHeld(job),
          // A job of the same key enqueued meanwhile waits already and will do the work.
          job.key === null
            ? undefined
            : sql`not exists (select 1 from ${jobs} w where w.name = ${job.name} and w.key = ${job.key} and w.state = 'queued')`,
        ),
      )
      .returning({ id: jobs.id });
    if (waiting.length > 0) return true;
    return finish(job, "done", `${error} (a newer job with the same key takes over)`);
  }

  /** Runs one claimed attempt to its end: done, waiting to retry, or failed. */
  async function run({ row: job, reclaimedFrom }: Claimed): Promise<JobOutcome> {
    const definition = definitions.get(job.name);
    const base = { id: job.id, name: job.name, attempt: job.attempt };
    if (reclaimedFrom !== null) {
      log.warn(
        { ...fields(job), previous_worker: reclaimedFrom },
        "job reclaimed: its previous worker stopped renewing its lease",
      );
    }
    if (!definition || job.attempt > job.maxAttempts) {
      const error = definition
        ? `attempt ${job.attempt - 1} was cut short (its worker stopped) and no attempts are left`
        : `no handler for "${job.name}"`;
      await finish(job, "failed", error);
      log.error({ ...fields(job), err: error }, "job failed for good");
      return { ...base, outcome: "failed", error };
    }
    const started = performance.now();
    const lease = new AbortController();
    log.info(fields(job), "job started");
    // The lease is renewed while the handler works; losing it tells the handler to stop.
    const renewal = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: new Date(clock().getTime() + definition.leaseMs) })
          .where(stillHeld(job))
          .returning({ id: jobs.id })
          .then((held) => {
            if (held.length === 0 && !lease.signal.aborted) {
              lease.abort();
              log.warn(fields(job), "job lease lost: another worker may run it");
            }
          })
          .catch((error) => log.warn({ ...fields(job), err: error }, "job lease not renewed"));
      },
      Math.max(50, Math.floor(definition.leaseMs / 3)),
    );
    renewal.unref();
    try {
      await definition.handler(job.payload as never, {
        id: job.id,
        name: job.name,
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
        signal: lease.signal,
      });
      clearInterval(renewal);
      const ms = Math.round(performance.now() - started);
      if (await finish(job, "done")) log.info({ ...fields(job), ms }, "job done");
      else log.warn({ ...fields(job), ms }, "job done, but its lease had passed to another worker");
      return { ...base, outcome: "done" };
    } catch (caught) {
      clearInterval(renewal);
      const error = messageOf(caught);
      if (job.attempt < job.maxAttempts) {
        const runAt = new Date(clock().getTime() + definition.backoff(job.attempt));
        await retryLater(job, runAt, error);
        log.warn({ ...fields(job), err: error, retry_at: runAt.toISOString() }, "job failed; will retry");
        return { ...base, outcome: "retrying", error };
      }
      await finish(job, "failed", error);
      log.error({ ...fields(job), err: error }, "job failed for good");
      return { ...base, outcome: "failed", error };
    }
  }

  // The worker: claims what is due, up to `concurrency` at a time, and sleeps `pollMs` when idle.
  let working = false;
  const active = new Set<Promise<unknown>>();
  let wakeUp: (() => void) | undefined;
  let wakeAsked = false;
  let loopDone: Promise<void> | undefined;

  function wake() {
    wakeAsked = true;
    wakeUp?.();
  }

  async function work(concurrency: number, pollMs: number) {
    while (working) {
      const free = concurrency - active.size;
      let claimedAll = false;
      if (free > 0) {
        try {
          const claimed = await claim(free);
          claimedAll = claimed.length === free;
          for (const job of claimed) {
            const running = run(job)
              .catch((error) => log.error({ ...fields(job.row), err: error }, "job bookkeeping failed"))
              .finally(() => {
                active.delete(running);
                wake();
              });
            active.add(running);
          }
        } catch (error) {
          log.warn({ err: error }, "jobs: could not claim due jobs; trying again");
        }
      }
      // More may be due at once: claim again straight away when every free slot was filled.
      if (claimedAll && active.size < concurrency) continue;
      // A wake asked for while claiming (a job ended, a commit queued one) is not slept through.
      if (wakeAsked) {
        wakeAsked = false;
        if (active.size < concurrency) continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
      wakeAsked = false;
    }
  }

  // The queue's own upkeep: finished jobs are kept a while for operators, then removed.
  define(
    "jobs.prune",
    async () => {
      const before = new Date(clock().getTime() - JOB_HISTORY_DAYS * 24 * 60 * 60_000);
      await db.delete(jobs).where(and(inArray(jobs.state, ["done", "failed"]), lt(jobs.finishedAt, before)));
    },
    { retries: 2 },
  );
  schedules.set("jobs.prune", JOB_PRUNE_EVERY_MS);

  return {
    workerId,
    define,

    /** Enqueues a job of a defined name (prefer the typed `JobKind.enqueue` that `define` returns). */
    enqueue,

    /** Repeats the job `name` (defined, with an empty payload) every `intervalMs`, across all servers. */
    every(name: string, intervalMs: number) {
      if (!definitions.has(name)) throw new Error(`job "${name}" is not defined`);
      schedules.set(name, intervalMs);
    },

    ensureSchedules,

    /** Starts this server's worker: queues the schedules, then polls for due jobs. */
    async start(options: { log?: JobLogger; concurrency?: number; pollMs?: number } = {}) {
      if (working) return;
      log = options.log ?? log;
      await ensureSchedules();
      working = true;
      loopDone = work(options.concurrency ?? JOB_CONCURRENCY, options.pollMs ?? JOB_POLL_MS);
    },

    /** Looks for due jobs now rather than at the next poll (e.g. right after a commit that queued mail). */
    wake,

    /**
     * Runs every job due at the clock's time, one at a time, until none is left; for tests and
     * the command line. Returns what became of each attempt.
     */
    async runDue(options: { log?: JobLogger } = {}): Promise<JobOutcome[]> {
      const previous = log;
      log = options.log ?? log;
      const outcomes: JobOutcome[] = [];
      try {
        // Bounded, in case a handler keeps queueing work that is due at once.
        for (let i = 0; i < 10_000; i++) {
          const [job] = await claim(1);
          if (!job) break;
          outcomes.push(await run(job));
        }
      } finally {
        log = previous;
      }
      return outcomes;
    },

    /** Stops claiming, and waits a little for running jobs; the rest are reclaimed after their lease. */
    async stop(graceMs = JOB_STOP_GRACE_MS) {
      if (!working) return;
      working = false;
      wake();
      await loopDone;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...active]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
