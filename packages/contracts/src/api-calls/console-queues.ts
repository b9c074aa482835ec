import {
  FailedJobsQuery,
  FailedJobsResponse,
  FailedMailQuery,
  FailedMailResponse,
  JobActionResponse,
  JobParams,
  LodgementNoteBody,
  LodgementParams,
  LodgementQueueQuery,
  LodgementQueueResponse,
  LodgementQueueRowResponse,
  MailActionResponse,
  MailParams,
  QueueAssignBody,
} from "../console-queues.ts";
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
  lodgements: defineCall({
    method: "GET",
    path: "/api/console/lodgements",
    query: LodgementQueueQuery,
    reply: LodgementQueueResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  retryLodgement: defineCall({
    method: "POST",
    path: "/api/console/lodgements/:doc_id/retry",
    params: LodgementParams,
    reply: LodgementQueueRowResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such lodgement",
      409: "The lodgement allows no retry",
      502: "ASIC did not answer",
    },
  }),
  assignLodgement: defineCall({
    method: "POST",
    path: "/api/console/lodgements/:doc_id/assign",
    params: LodgementParams,
    body: QueueAssignBody,
    reply: LodgementQueueRowResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such lodgement",
      409: "The staff member named may not take it",
    },
  }),
  noteLodgement: defineCall({
    method: "POST",
    path: "/api/console/lodgements/:doc_id/notes",
    params: LodgementParams,
    body: LodgementNoteBody,
    reply: LodgementQueueRowResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED, 404: "No such lodgement" },
  }),
  failedMail: defineCall({
    method: "GET",
    path: "/api/console/mail/failed",
    query: FailedMailQuery,
    reply: FailedMailResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  retryMail: defineCall({
    method: "POST",
    path: "/api/console/mail/:id/retry",
    params: MailParams,
    reply: MailActionResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such mail",
      409: "The mail is no longer failed, or its body was removed",
    },
  }),
} as const;
