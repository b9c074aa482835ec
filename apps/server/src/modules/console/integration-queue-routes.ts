import {
  ErrorEnvelope,
  FailingIntegrationParams,
  FailingIntegrationRowResponse,
  FailingIntegrationsQuery,
  FailingIntegrationsResponse,
  IntegrationNoteBody,
  IntegrationRetryResponse,
  QueueAssignBody,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { IntegrationQueue } from "./integration-queue.ts";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The "integrations failing" queue (issue 37 item 7), registered inside the console's signed-in
 * scope (its hook runs first): `staffIn` is that scope's role check, the queues' area.
 */
export const integrationQueueRoutes: FastifyPluginAsyncZod<{
  integrations: IntegrationQueue;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { integrations, staffIn, refusals, badInput, security } = options;
  const nothingFailing = ErrorEnvelope.describe("Nothing failing by that id (or it no longer fails)");
  const inQueues = (request: FastifyRequest) => staffIn(request, "queues");

  areas.get(
    "/console/integrations/failing",
    {
      schema: {
        tags: ["console"],
        summary:
          "Firms' integrations failing, the latest first: connections the app would not renew (expired, revoked or the app down) and documents not sent",
        security,
        querystring: FailingIntegrationsQuery,
        response: { 200: FailingIntegrationsResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await integrations.page(inQueues(request), request.query) }),
  );

  areas.post(
    "/console/integrations/:kind/:id/retry",
    {
      schema: {
        tags: ["console"],
        summary:
          "Retries: a connection's renewal asked of the app again, or a failed document sync queued again (audited)",
        security,
        params: FailingIntegrationParams,
        response: {
          200: IntegrationRetryResponse,
          400: badInput,
          ...refusals,
          404: nothingFailing,
          409: ErrorEnvelope.describe(
            "The app refused the connection again (the person must connect again), or the sync's or import's connection is not working",
          ),
          502: ErrorEnvelope.describe("The app did not answer; the connection is recorded as failing still"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await integrations.retry(inQueues(request), request.params.kind, request.params.id),
    }),
  );

  areas.post(
    "/console/integrations/:kind/:id/assign",
    {
      schema: {
        tags: ["console"],
        summary:
          "Gives a failing integration to a staff member who works the queues (administrator or support), or to nobody (audited)",
        security,
        params: FailingIntegrationParams,
        body: QueueAssignBody,
        response: {
          200: FailingIntegrationRowResponse,
          400: badInput,
          ...refusals,
          404: nothingFailing,
          409: ErrorEnvelope.describe(
            "The staff member named may not take it (not active, or not administrator or support)",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await integrations.assign(
        inQueues(request),
        request.params.kind,
        request.params.id,
        request.body.staff_id,
      ),
    }),
  );

  areas.post(
    "/console/integrations/:kind/:id/notes",
    {
      schema: {
        tags: ["console"],
        summary:
          "Adds a note to a failing integration, optionally that the firm was contacted (kept in the audit log)",
        security,
        params: FailingIntegrationParams,
        body: IntegrationNoteBody,
        response: { 200: FailingIntegrationRowResponse, 400: badInput, ...refusals, 404: nothingFailing },
      },
    },
    async (request) => ({
      message: "",
      data: await integrations.note(inQueues(request), request.params.kind, request.params.id, request.body),
    }),
  );
};
