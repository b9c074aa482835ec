import { type FailedJob, type FailedJobsFilter, QUEUE_MESSAGES } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import {
  discardFailedJob,
  type FailedJobChange,
  failedJobsPage,
  lockedJob,
  retryFailedJob,
} from "../../platform/jobs/failed-jobs.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { JobRow } from "../../platform/jobs/schema.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { firmNamedLike } from "../teams/index.ts";
import { recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";

/**
 * Background jobs that failed for good (issue 37 item 7): listed with their last error, run once
 * more, or discarded. What may be done to a job is the job queue's rule (platform/jobs/
 * failed-jobs.ts); this checks the role, and records each action with the job before and after.
 */
const PAGE_SIZE = 20;

/** The firm a job worked for, when its payload names one (most firm jobs carry `teamId`). */
const teamOf = (payload: unknown): number | null => {
  const teamId = (payload as { teamId?: unknown } | null)?.teamId;
  return typeof teamId === "number" ? teamId : null;
};

/** What the audit log keeps of a job: its state and history, not its payload (it may hold an address). */
const auditedOf = (job: JobRow | undefined) =>
  job
    ? {
        name: job.name,
        state: job.state,
        attempt: job.attempt,
        max_attempts: job.maxAttempts,
        last_error: job.lastError,
      }
    : null;

const refusalOf = (change: Extract<FailedJobChange, { refused: string }>) =>
  new AppError(
    409,
    change.refused === "key_waiting" ? QUEUE_MESSAGES.jobKeyWaiting : QUEUE_MESSAGES.jobNotFailed,
  );

export function createJobQueueDesk(deps: { db: Database; clock: Clock; jobs: Pick<JobQueue, "wake"> }) {
  const { db, clock, jobs } = deps;

  const rowOf = (actor: StaffFacts, job: JobRow): FailedJob => {
    const mayWork = mayUse(actor.role, "queues");
    return {
      id: job.id,
      name: job.name,
      team_id: teamOf(job.payload),
      attempts: job.attempt,
      max_attempts: job.maxAttempts,
      last_error: job.lastError,
      payload: job.payload,
      created_at: job.createdAt.toISOString(),
      started_at: job.startedAt?.toISOString() ?? null,
      failed_at: job.finishedAt?.toISOString() ?? null,
      abilities: { retry: mayWork, discard: mayWork },
    };
  };

  /** One action on one failed job, in one transaction with its audit entry. */
  async function act(
    actor: StaffFacts,
    id: number,
    action: "job.retried" | "job.discarded",
    change: (tx: Database) => Promise<FailedJobChange>,
  ) {
    return db.transaction(async (tx) => {
      const before = await lockedJob(tx, id);
      if (!before) throw notFound(QUEUE_MESSAGES.jobNotFound);
      const done = await change(tx);
      if ("refused" in done) throw refusalOf(done);
      const after = action === "job.retried" ? done.changed : undefined;
      await recordAction(tx, clock, {
        staffId: actor.id,
        action,
        target: `job:${id}`,
        before: auditedOf(before),
        after: auditedOf(after),
      });
      return done.changed;
    });
  }

  return {
    async page(actor: StaffFacts, query: FailedJobsFilter) {
      const { rows, total } = await failedJobsPage(db, {
        page: query.page,
        name: query.name,
        team: query.firm ? firmNamedLike(db, query.firm) : undefined,
        pageSize: PAGE_SIZE,
      });
      return {
        rows: rows.map((job) => rowOf(actor, job)),
        page: query.page,
        total_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        total_record: total,
      };
    },

    /** Runs the job once more, now (this server's worker is woken for it). */
    async retry(actor: StaffFacts, id: number) {
      const job = await act(actor, id, "job.retried", (tx) => retryFailedJob(tx, clock, id));
      jobs.wake();
      return { id: job.id, state: "queued" as const };
    },

    async discard(actor: StaffFacts, id: number) {
      const job = await act(actor, id, "job.discarded", (tx) => discardFailedJob(tx, id));
      return { id: job.id, state: "discarded" as const };
    },
  };
}

export type JobQueueDesk = ReturnType<typeof createJobQueueDesk>;
