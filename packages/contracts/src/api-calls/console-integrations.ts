import {
  FailingIntegrationParams,
  FailingIntegrationRowResponse,
  FailingIntegrationsQuery,
  FailingIntegrationsResponse,
  IntegrationNoteBody,
  IntegrationRetryResponse,
} from "../console-integrations.ts";
import { QueueAssignBody } from "../console-queues.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";

/** The operator console's "integrations failing" queue (issue 37 item 7). */
export const consoleIntegrationCalls = {
  failingIntegrations: defineCall({
    method: "GET",
    path: "/api/console/integrations/failing",
    query: FailingIntegrationsQuery,
    reply: FailingIntegrationsResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  retryIntegration: defineCall({
    method: "POST",
    path: "/api/console/integrations/:kind/:id/retry",
    params: FailingIntegrationParams,
    reply: IntegrationRetryResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "Nothing failing by that id",
      409: "The app refused the connection again, or the sync's or import's connection is not working",
      502: "The app did not answer",
    },
  }),
  assignIntegration: defineCall({
    method: "POST",
    path: "/api/console/integrations/:kind/:id/assign",
    params: FailingIntegrationParams,
    body: QueueAssignBody,
    reply: FailingIntegrationRowResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "Nothing failing by that id",
      409: "The staff member named may not take it",
    },
  }),
  noteIntegration: defineCall({
    method: "POST",
    path: "/api/console/integrations/:kind/:id/notes",
    params: FailingIntegrationParams,
    body: IntegrationNoteBody,
    reply: FailingIntegrationRowResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED, 404: "Nothing failing by that id" },
  }),
} as const;
