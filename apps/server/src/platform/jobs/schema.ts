import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * queued: waiting for `run_at` (a new job, or one waiting out its backoff before a retry);
 * running: claimed by the worker `locked_by` until `locked_until` (a worker that stops without
 * finishing loses the job when that lease runs out); done; failed: its last attempt failed.
 */
export const jobState = pgEnum("job_state", ["queued", "running", "done", "failed"]);

/**
 * Durable background work (see queue.ts). Each row is one job: what to run (`name`, `payload`),
 * when, how often it has been tried, who holds it. An operator reads it with
 * `npx tsx apps/server/src/platform/jobs/jobs-cli.ts` or plain SQL; finished rows are pruned after
 * a while (`JOB_HISTORY_DAYS`).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    payload: jsonb().notNull().default({}),
    /** With a key, at most one job of this name and key waits at a time (the others are dropped). */
    key: text(),
    state: jobState().notNull().default("queued"),
    /** Attempts begun so far (the running one included). */
    attempt: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    /** Set for a job repeated by `every`: finishing it queues the next run this much later. */
    repeatEveryMs: integer(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_waiting_key_idx").on(t.name, t.key).where(sql`state = 'queued'`),
    index("jobs_due_idx").on(t.runAt).where(sql`state = 'queued'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`state = 'running'`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`state in ('done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
