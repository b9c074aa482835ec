import {
  ActivityLogQuery,
  ActivityLogResponse,
  DocumentLogQuery,
  DocumentLogResponse,
  IntegrationLogQuery,
  IntegrationLogResponse,
} from "../logs.ts";
import { defineCall } from "./define.ts";

/** The logs of a document, of the firm's activity and of the integrations (account-area §4). */
export const logCalls = {
  document: defineCall({
    method: "GET",
    path: "/api/log",
    query: DocumentLogQuery,
    reply: DocumentLogResponse,
    errors: {
      400: "A filter is not valid",
      404: "No such firm for the caller, or a document they cannot see",
    },
  }),
  activity: defineCall({
    method: "GET",
    path: "/api/activity-log",
    query: ActivityLogQuery,
    reply: ActivityLogResponse,
    errors: { 400: "A filter is not valid", 404: "Not a member of this firm" },
  }),
  integrations: defineCall({
    method: "GET",
    path: "/api/integrations/logs",
    query: IntegrationLogQuery,
    reply: IntegrationLogResponse,
    errors: { 400: "A filter is not valid, or no id_team", 404: "Not a member of this firm" },
  }),
} as const;
