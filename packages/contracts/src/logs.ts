import { z } from "zod";
import { envelope, paged } from "./envelope.ts";
import { idListQuery, idParam, TeamScopeQuery } from "./folders.ts";

/** Log lists page size (account-area §9). */
export const LOG_LIST_PAGE_SIZE = 15;

/** Document log types (account-area §3). */
export const DOCUMENT_LOG_TYPES = ["DOC", "CAS", "SIMPLEFUND", "ASIC"] as const;
export const DocumentLogType = z.enum(DOCUMENT_LOG_TYPES);
export type DocumentLogType = z.infer<typeof DocumentLogType>;

/**
 * What a change-log entry records. Each tag has a from/to value in `log_data`:
 * - created: null → the document's name (a new draft)
 * - name: old name → new name
 * - folder: old folder name → new folder name (null = top level)
 * - shared_folders: names of the shared folders holding it before → after
 * - status: old status name → new status name
 * - copied: the original's "Doc ID {id} - {name}" → the copy's name (on the copy)
 * - deleted: the name → null
 * - answers: "Saved" → "Cleared" (the interview's answers were reset), or null → "{n} answers
 *   changed" (an interview save); `answers` on the change lists each question's before and after
 * - version: the document's previous version number (null: none) → the version just assembled;
 *   `answers` lists what changed since the previous version
 * - template_version: the template version the document was made from → the one a relaunch moved
 *   it to; `answers` lists the answers left behind (questions the new version removed)
 */
export const CHANGE_LOG_TAGS = [
  "created",
  "name",
  "folder",
  "shared_folders",
  "status",
  "copied",
  "deleted",
  "answers",
  "version",
  "template_version",
] as const;
export const ChangeLogTag = z.enum(CHANGE_LOG_TAGS);
export type ChangeLogTag = z.infer<typeof ChangeLogTag>;

export type LogValue = string | number | string[] | null;
export const LogValue: z.ZodType<LogValue> = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);
/**
 * One answer changed, by question: `question` is its label with the labels it sits under
 * ("First party › Last name"); `from`/`to` are the answers as text, null when unanswered.
 */
export const AnswerChange = z.object({
  path: z.string(),
  question: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AnswerChange = z.infer<typeof AnswerChange>;

export const LogChange = z.object({
  from: LogValue,
  to: LogValue,
  /** Tags answers and version: the answers that changed, question by question. */
  answers: z.array(AnswerChange).optional(),
});
export type LogChange = z.infer<typeof LogChange>;

const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    // Round-tripped, as Date.parse alone rolls 30 February over into March.
    .refine((s) => {
      const parsed = Date.parse(`${s}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(s);
    }, `${field} is not a real date`)
    .optional()
    .describe("YYYY-MM-DD, a whole day at the change-log offset (UTC+10), inclusive.");

export const LogChangesQuery = TeamScopeQuery.extend({
  doc_id: idParam("doc_id")
    .optional()
    .describe(
      "One document's log (the caller must be able to see the document; owners and managers also read deleted documents' logs). Omitted: owners and managers get the firm's log, members the entries they made.",
    ),
  user_ids: idListQuery("user_ids").describe("Only entries made by these users ('Updated by')."),
  tag_codes: z
    .preprocess((value) => {
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
        .map((v) => v.trim())
        .filter(Boolean);
      return parts.length === 0 ? undefined : parts;
    }, z.array(ChangeLogTag).optional())
    .describe(`Only entries carrying any of these tags: ${CHANGE_LOG_TAGS.join(", ")}.`),
  date_from: isoDate("date_from"),
  date_to: isoDate("date_to"),
  page: z.coerce.number().int().min(1).default(1),
  length: z.coerce.number().int().min(1).max(100).default(LOG_LIST_PAGE_SIZE),
});
export type LogChangesQuery = z.infer<typeof LogChangesQuery>;

export const ChangeLogEntry = z.object({
  id: z.number().int(),
  doc_id: z.number().int(),
  doc_type: DocumentLogType,
  created_at: z.string(),
  created_by: z.number().int(),
  tags: z.array(ChangeLogTag),
  log_data: z.partialRecord(ChangeLogTag, LogChange),
  users: z.object({ user_id: z.number().int(), display_name: z.string() }),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntry>;

export const LogChangesResponse = envelope(paged(ChangeLogEntry));

/** `?is_success=`: 1 only the entries that passed, 0 only those that failed; omitted: all. */
const isSuccessQuery = z
  .enum(["0", "1"], { error: "is_success must be 0 or 1" })
  .optional()
  .describe(
    "1: only the entries that passed ('Total Data Passed'); 0: only those that failed ('Total Data Failed').",
  );

const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  length: z.coerce.number().int().min(1).max(100).default(LOG_LIST_PAGE_SIZE),
};

export const DocumentLogQuery = TeamScopeQuery.extend({
  id: idParam("id").describe(
    "The document. The caller must be able to see it; owners and managers also read a deleted document's log.",
  ),
  is_success: isSuccessQuery,
  ...pageQuery,
});
export type DocumentLogQuery = z.infer<typeof DocumentLogQuery>;

/** One action on a document or call to an outside service, as the Document Logs modal lists it. */
export const DocumentLogEntry = z.object({
  id: z.number().int(),
  doc_id: z.number().int().nullable(),
  doc_name: z
    .string()
    .nullable()
    .describe("The document's name, when the caller can see it (null: none, deleted or not visible)"),
  type: DocumentLogType,
  action: z.string(),
  is_success: z.boolean(),
  created_at: z.string(),
  request: z.record(z.string(), z.unknown()),
  response: z.object({ status: z.number().int() }).catchall(z.unknown()),
  response_message: z.string(),
  created_user: z.object({ user_id: z.number().int(), display_name: z.string(), user_email: z.string() }),
});
export type DocumentLogEntry = z.infer<typeof DocumentLogEntry>;

/** The counts behind the filters 'Total', 'Total Data Passed' and 'Total Data Failed'. */
export const DocumentLogTotals = z.object({
  total: z.number().int(),
  total_passed: z.number().int(),
  total_failed: z.number().int(),
});
export type DocumentLogTotals = z.infer<typeof DocumentLogTotals>;

export const DocumentLogResponse = envelope(paged(DocumentLogEntry).extend({ totals: DocumentLogTotals }));

export const ActivityLogQuery = TeamScopeQuery.extend({
  is_success: isSuccessQuery,
  user_ids: idListQuery("user_ids").describe(
    "Only entries made by these people (owners and managers; a member sees only their own anyway).",
  ),
  date_from: isoDate("date_from"),
  date_to: isoDate("date_to"),
  ...pageQuery,
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuery>;

/** One line of the activity log (account-area §3 Activity log). */
export const ActivityLogEntry = z.object({
  id: z.number().int(),
  time: z.string(),
  type: DocumentLogType,
  action: z.string(),
  doc_id: z.number().int().nullable(),
  isError: z.boolean(),
  display_name: z.string(),
  user_email: z.string(),
  message: z.string(),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntry>;

export const ActivityLogResponse = envelope(
  paged(ActivityLogEntry).extend({
    /** 'firm': every member's entries (owners and managers); 'own': the caller's (members). */
    scope: z.enum(["firm", "own"]),
  }),
);

/**
 * The integrations page's Logs: the integration log entries across documents, with the same
 * filters and counts as Document Logs. Owners and managers read the firm's, members their own.
 */
export const IntegrationLogQuery = TeamScopeQuery.extend({
  is_success: isSuccessQuery,
  ...pageQuery,
});
export type IntegrationLogQuery = z.infer<typeof IntegrationLogQuery>;

export const IntegrationLogResponse = envelope(
  paged(DocumentLogEntry).extend({
    totals: DocumentLogTotals,
    /** 'firm': every member's entries (owners and managers); 'own': the caller's (members). */
    scope: z.enum(["firm", "own"]),
  }),
);
