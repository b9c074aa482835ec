import { FailedJobsQuery, FailedJobsResponse, JobActionResponse, JobParams } from "../console-queues.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";
const JOB_ERRORS = {
  400: BAD_INPUT,
  401: NOT_SIGNED_IN,
  403: REFUSED,
  404: "No such job",
  409: "The job is no longer failed, or a job of the same kind waits to run already",
} as const;

/** The operator console's queues that need a person (issue 37 item 7). */
export const consoleQueueCalls = {
  failedJobs: defineCall({
    method: "GET",
    path: "/api/console/jobs/failed",
    query: FailedJobsQuery,
    reply: FailedJobsResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  retryJob: defineCall({
    method: "POST",
    path: "/api/console/jobs/:id/retry",
    params: JobParams,
    reply: JobActionResponse,
    errors: JOB_ERRORS,
  }),
  discardJob: defineCall({
    method: "POST",
    path: "/api/console/jobs/:id/discard",
    params: JobParams,
    reply: JobActionResponse,
    errors: JOB_ERRORS,
  }),
} as const;
