import { z } from "zod";
import { envelope, paged } from "./envelope.ts";
import { idParam } from "./folders.ts";

/**
 * The operator console's queues that need a person (issue 37 item 7): background jobs that
 * failed for good, to run again or discard. Administrator and support staff work them.
 */
export const QUEUE_MESSAGES = {
  jobNotFound: "No such job.",
  jobNotFailed: "This job is no longer failed: refresh the list.",
  jobKeyWaiting: "A job of the same kind is waiting to run already: it will do this work.",
} as const;

const page = z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1);

export const FailedJobsQuery = z.object({
  page,
  name: z
    .string()
    .trim()
    .min(1, "Enter a job name")
    .max(100, "The job name is too long")
    .optional()
    .describe("Only jobs of this name, e.g. mail.deliver"),
});
export type FailedJobsFilter = z.output<typeof FailedJobsQuery>;

export const FailedJob = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The firm the job worked for, when its payload names one. */
  team_id: z.number().int().nullable(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  payload: z.unknown(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  abilities: z.object({ retry: z.boolean(), discard: z.boolean() }),
});
export type FailedJob = z.infer<typeof FailedJob>;
export const FailedJobsResponse = envelope(paged(FailedJob));
export const JobParams = z.object({ id: idParam("id") });
/** What a retry or discard did: the job as it is now (null once discarded). */
export const JobActionResponse = envelope(
  z.object({ id: z.number().int(), state: z.enum(["queued", "discarded"]) }),
);
