import { z } from "zod";
import {
  QueueAssignedFilter,
  QueueAssignee,
  QueueAssigneeFilter,
  QueueFirmFilter,
} from "./console-queues.ts";
import { envelope, paged } from "./envelope.ts";
import { idParam } from "./folders.ts";
import { INTEGRATION_APP_SLUGS } from "./integrations.ts";

/**
 * The operator console's "integrations failing" queue (issue 37 item 7): firms' connections whose
 * tokens could not be renewed (refused: expired or revoked; or the app down) and documents whose
 * sync to the app failed. Administrator and support staff retry them and note what they did.
 */
export const INTEGRATION_QUEUE_MESSAGES = {
  notFound: "Nothing failing by that id: refresh the list.",
  renewalRefused:
    "The app still refuses this connection: its authorisation expired or was revoked. The person must connect the app again.",
  renewalUnavailable:
    "The app did not renew the connection. It is recorded as failing still: try again later.",
  connectionNotWorking:
    "The person's connection to the app is not working, so the document would fail again: renew the connection first.",
  importConnectionNotWorking:
    "The person's connection to the app is not working, so the import would fail again: renew the connection first.",
} as const;

export const INTEGRATION_FAILURE_KINDS = ["connection", "sync", "import"] as const;
export const INTEGRATION_PROBLEMS = [
  "needs_renewal",
  "renewal_failing",
  "sync_failed",
  "import_failed",
] as const;
export const INTEGRATION_PROBLEM_LABELS: Record<(typeof INTEGRATION_PROBLEMS)[number], string> = {
  needs_renewal: "Connection refused (expired or revoked)",
  renewal_failing: "Connection could not be renewed",
  sync_failed: "Document not sent",
  import_failed: "Client data not imported",
};

export const FailingIntegrationsQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
  problem: z
    .enum(INTEGRATION_PROBLEMS, { error: "Choose a kind of problem" })
    .optional()
    .describe("Only items with this problem"),
  app: z.enum(INTEGRATION_APP_SLUGS, { error: "Choose an app" }).optional().describe("Only this app's items"),
  firm: QueueFirmFilter,
  assigned: QueueAssignedFilter,
  assignee_id: QueueAssigneeFilter,
});

export const IntegrationNote = z.object({
  at: z.string(),
  staff_name: z.string(),
  note: z.string(),
  contacted: z.boolean(),
});

export const FailingIntegrationRow = z.object({
  kind: z.enum(INTEGRATION_FAILURE_KINDS),
  id: z.number().int(),
  firm: z.object({ id: z.number().int(), name: z.string() }),
  person: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  app: z.enum(INTEGRATION_APP_SLUGS),
  app_name: z.string(),
  problem: z.enum(INTEGRATION_PROBLEMS),
  since: z.string(),
  last_error: z.string(),
  /** A sync's or an import's document; null for a connection. */
  doc_id: z.number().int().nullable(),
  /** A sync's file; null otherwise. */
  file_name: z.string().nullable(),
  /** What a failed import was reading, in words; null otherwise. */
  what: z.string().nullable(),
  attempts: z.number().int().nullable(),
  /** When a person last marked the firm as contacted about it, or null. */
  contacted_at: z.string().nullable(),
  notes: z.array(IntegrationNote),
  assignee: QueueAssignee,
  abilities: z.object({ retry: z.boolean(), note: z.boolean(), assign: z.boolean() }),
});
export type FailingIntegrationRow = z.infer<typeof FailingIntegrationRow>;
export const FailingIntegrationsResponse = envelope(paged(FailingIntegrationRow));

export const FailingIntegrationParams = z.object({
  kind: z.enum(INTEGRATION_FAILURE_KINDS, { error: "kind must be connection, sync or import" }),
  id: idParam("id"),
});

/** What a retry did: renewed or queued, and the item as it is now (null once it is not failing). */
export const IntegrationRetryResponse = envelope(
  z.object({
    outcome: z.enum(["renewed", "queued"]),
    row: FailingIntegrationRow.nullable(),
  }),
);

export const IntegrationNoteBody = z.object({
  note: z
    .string({ error: "Write a note" })
    .trim()
    .min(1, "Write a note")
    .max(2000, "Keep the note under 2000 characters"),
  contacted: z.boolean({ error: "contacted must be true or false" }).default(false),
});
export const FailingIntegrationRowResponse = envelope(FailingIntegrationRow);
