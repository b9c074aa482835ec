import {
  ErrorEnvelope,
  FailedJobsQuery,
  FailedJobsResponse,
  JobActionResponse,
  JobParams,
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
}
