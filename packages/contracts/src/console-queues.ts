import { z } from "zod";
import { ASIC_STATUSES } from "./asic-state.ts";
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
  lodgementNotFound: "No such lodgement.",
  lodgementNoRetry:
    "This lodgement cannot be retried: only one still in progress can be (a rejected one is the firm's to correct and submit again).",
  lodgementRetryFailed: "ASIC did not answer. The lodgement is as it was: try again later.",
  mailNotFound: "No such mail.",
  mailNotFailed: "This mail is no longer failed: refresh the list.",
  mailPruned: "This mail's body was removed after its retention period, so it cannot be sent again.",
  assigneeNotAllowed: "Only an active administrator or support staff member can take items of this queue.",
} as const;

const page = z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1);

/**
 * The filters every queue shares (issue 37 item 7), read from and written to the console's
 * address so a filtered view can be shared: the firm by name, and who has taken the item.
 */
export const QueueFirmFilter = z
  .string()
  .trim()
  .min(1, "Enter part of the firm's name")
  .max(120, "The firm's name is at most 120 characters")
  .optional()
  .describe("Only items of firms whose name holds this (any case)");
export const QUEUE_ASSIGNED_FILTERS = ["me", "nobody"] as const;
export const QUEUE_ASSIGNED_LABELS: Record<(typeof QUEUE_ASSIGNED_FILTERS)[number], string> = {
  me: "Assigned to me",
  nobody: "Unassigned",
};
export const QueueAssignedFilter = z
  .enum(QUEUE_ASSIGNED_FILTERS, { error: "Choose me or nobody" })
  .optional()
  .describe("`me`: items the caller has taken; `nobody`: items nobody has taken");
export const QueueAssigneeFilter = idParam("assignee_id")
  .optional()
  .describe("Only items this staff member has taken");
/** Who has taken a queue's item (the fulfilment queue's shape). */
export const QueueAssignee = z.object({ id: z.number().int(), name: z.string() }).nullable();
export const QueueAssignBody = z.object({
  staff_id: idParam("staff_id")
    .nullable()
    .describe("The staff member to take it (administrator or support); null to leave it unassigned"),
});

export const FailedJobsQuery = z.object({
  page,
  name: z
    .string()
    .trim()
    .min(1, "Enter a job name")
    .max(100, "The job name is too long")
    .optional()
    .describe("Only jobs of this name, e.g. mail.deliver"),
  firm: QueueFirmFilter,
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

// --- ASIC lodgements ---------------------------------------------------------------------------

export const LODGEMENT_TROUBLES = ["stuck", "rejected", "manual_review"] as const;
export const LodgementTrouble = z.enum(LODGEMENT_TROUBLES, {
  error: "Choose stuck, rejected or manual_review",
});
export const LODGEMENT_TROUBLE_LABELS: Record<z.infer<typeof LodgementTrouble>, string> = {
  stuck: "Stuck (no answer)",
  rejected: "Rejected or not processed",
  manual_review: "In manual review",
};

/** The ASIC forms the product lodges: Form 201, a company's registration (the only one so far). */
export const ASIC_LODGEMENT_FORMS = ["201"] as const;
export const ASIC_LODGEMENT_FORM_LABELS: Record<(typeof ASIC_LODGEMENT_FORMS)[number], string> = {
  "201": "Form 201 (company registration)",
};

export const LodgementQueueQuery = z.object({
  page,
  trouble: LodgementTrouble.optional().describe("Only stuck, rejected or manual-review lodgements"),
  form: z
    .enum(ASIC_LODGEMENT_FORMS, { error: "Choose an ASIC form the product lodges (201)" })
    .optional()
    .describe("Only lodgements of this ASIC form"),
  firm: QueueFirmFilter,
  assigned: QueueAssignedFilter,
  assignee_id: QueueAssigneeFilter,
});
export type LodgementQueueFilter = z.output<typeof LodgementQueueQuery>;

export const LodgementNote = z.object({
  at: z.string(),
  staff_name: z.string(),
  note: z.string(),
});
export const LodgementQueueRow = z.object({
  doc_id: z.number().int(),
  team_id: z.number().int(),
  company_name: z.string().nullable(),
  asic_status: z.enum(ASIC_STATUSES).nullable(),
  asic_status_name: z.string(),
  trouble: LodgementTrouble,
  form: z.enum(ASIC_LODGEMENT_FORMS),
  form_label: z.string(),
  firm_name: z.string(),
  assignee: QueueAssignee,
  lodgement_number: z.string().nullable(),
  lodged_at: z.string().nullable(),
  updated_at: z.string(),
  notes: z.array(LodgementNote),
  abilities: z.object({ retry: z.boolean(), note: z.boolean(), assign: z.boolean() }),
});
export type LodgementQueueRow = z.infer<typeof LodgementQueueRow>;
export const LodgementQueueResponse = envelope(paged(LodgementQueueRow));
export const LodgementQueueRowResponse = envelope(LodgementQueueRow);
export const LodgementParams = z.object({ doc_id: idParam("doc_id") });
export const LodgementNoteBody = z.object({
  note: z
    .string({ error: "Write a note" })
    .trim()
    .min(1, "Write a note")
    .max(2000, "Keep the note under 2000 characters"),
});

// --- Mail not delivered ------------------------------------------------------------------------

const mailSearch = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter part of the ${what}`)
    .max(200, `The ${what} is at most 200 characters`)
    .optional()
    .describe(`Only mail whose ${what} holds this (any case)`);
export const FailedMailQuery = z.object({
  page,
  to: mailSearch("recipient"),
  subject: mailSearch("subject"),
});
export type FailedMailFilter = z.output<typeof FailedMailQuery>;
export const FailedMailRow = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  body_pruned: z.boolean(),
  abilities: z.object({ retry: z.boolean() }),
});
export type FailedMailRow = z.infer<typeof FailedMailRow>;
export const FailedMailResponse = envelope(paged(FailedMailRow));
export const MailParams = z.object({ id: idParam("id") });
export const MailActionResponse = envelope(z.object({ id: z.number().int(), status: z.literal("pending") }));
