import {
  ErrorEnvelope,
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
} from "@precedent/contracts";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";
import type { ConsoleService } from "./service.ts";

/**
 * The queues that need a person (issue 37 item 7), registered inside the console's signed-in
 * scope (routes.ts): `staffIn` has checked the session and asks the area's role rule.
 */
export function queueRoutes(
  areas: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  deps: {
    service: ConsoleService;
    staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
    refusals: Record<401 | 403, typeof ErrorEnvelope>;
    badInput: typeof ErrorEnvelope;
  },
) {
  const { service, staffIn, refusals, badInput } = deps;
  const security = [{ console: [] }];
  const jobRefusals = {
    ...refusals,
    404: ErrorEnvelope.describe("No such job"),
    409: ErrorEnvelope.describe(
      "The job is no longer failed, or a job of the same kind waits to run already",
    ),
  };

  areas.get(
    "/console/jobs/failed",
    {
      schema: {
        tags: ["console"],
        summary: "Background jobs that failed for good, the latest first, with each one's last error",
        security,
        querystring: FailedJobsQuery,
        response: { 200: FailedJobsResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({
      message: "",
      data: await service.failedJobs.page(staffIn(request, "queues"), request.query),
    }),
  );

  areas.post(
    "/console/jobs/:id/retry",
    {
      schema: {
        tags: ["console"],
        summary: "Runs a failed job once more, now (audited)",
        security,
        params: JobParams,
        response: { 200: JobActionResponse, 400: badInput, ...jobRefusals },
      },
    },
    async (request) => ({
      message: "",
      data: await service.failedJobs.retry(staffIn(request, "queues"), request.params.id),
    }),
  );

  areas.post(
    "/console/jobs/:id/discard",
    {
      schema: {
        tags: ["console"],
        summary: "Removes a failed job without running it again (audited, with what it was)",
        security,
        params: JobParams,
        response: { 200: JobActionResponse, 400: badInput, ...jobRefusals },
      },
    },
    async (request) => ({
      message: "",
      data: await service.failedJobs.discard(staffIn(request, "queues"), request.params.id),
    }),
  );

  areas.get(
    "/console/lodgements",
    {
      schema: {
        tags: ["console"],
        summary:
          "ASIC lodgements across firms that need a person: stuck (no answer past a day), rejected or in manual review",
        security,
        querystring: LodgementQueueQuery,
        response: { 200: LodgementQueueResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({
      message: "",
      data: await service.lodgements.page(staffIn(request, "queues"), request.query),
    }),
  );

  areas.post(
    "/console/lodgements/:doc_id/retry",
    {
      schema: {
        tags: ["console"],
        summary:
          "Retries a lodgement still in progress as the ASIC rules allow: finished by its own reference (never sent twice), or ASIC asked for its decision (audited)",
        security,
        params: LodgementParams,
        response: {
          200: LodgementQueueRowResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such lodgement"),
          409: ErrorEnvelope.describe(
            "The lodgement allows no retry (decided, rejected or in manual review)",
          ),
          502: ErrorEnvelope.describe("ASIC did not answer; the lodgement is as it was"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await service.lodgements.retry(staffIn(request, "queues"), request.params.doc_id),
    }),
  );

  areas.post(
    "/console/lodgements/:doc_id/assign",
    {
      schema: {
        tags: ["console"],
        summary:
          "Gives a lodgement to a staff member who works the queues (administrator or support), or to nobody (audited)",
        security,
        params: LodgementParams,
        body: QueueAssignBody,
        response: {
          200: LodgementQueueRowResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such lodgement"),
          409: ErrorEnvelope.describe(
            "The staff member named may not take it (not active, or not administrator or support)",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await service.lodgements.assign(
        staffIn(request, "queues"),
        request.params.doc_id,
        request.body.staff_id,
      ),
    }),
  );

  areas.post(
    "/console/lodgements/:doc_id/notes",
    {
      schema: {
        tags: ["console"],
        summary: "Adds a note to a lodgement for the next person (kept in the audit log)",
        security,
        params: LodgementParams,
        body: LodgementNoteBody,
        response: {
          200: LodgementQueueRowResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such lodgement"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await service.lodgements.note(
        staffIn(request, "queues"),
        request.params.doc_id,
        request.body.note,
      ),
    }),
  );

  areas.get(
    "/console/mail/failed",
    {
      schema: {
        tags: ["console"],
        summary: "Mail not delivered: every attempt failed. Recipient, subject and the last error",
        security,
        querystring: FailedMailQuery,
        response: { 200: FailedMailResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({
      message: "",
      data: await service.mail.page(staffIn(request, "queues"), request.query),
    }),
  );

  areas.post(
    "/console/mail/:id/retry",
    {
      schema: {
        tags: ["console"],
        summary: "Sends a failed mail again, with a fresh round of attempts (audited)",
        security,
        params: MailParams,
        response: {
          200: MailActionResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such mail"),
          409: ErrorEnvelope.describe(
            "The mail is no longer failed, or its body was removed after its retention",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await service.mail.retry(staffIn(request, "queues"), request.params.id),
    }),
  );
}
