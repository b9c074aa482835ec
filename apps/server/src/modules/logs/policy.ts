import type { TeamRole } from "@precedent/contracts";

/**
 * Who may read which log (account-area §2 "Document change logs and activity logs"). The spec's
 * roles table is silent on logs; these follow its owner/manager/member split: owners and
 * managers oversee the firm's work, members their own.
 */

/** Whose entries a log read without a document shows: the firm's, or the caller's own. */
export type LogScope = "firm" | "own";

/** What the documents module says of the document a log is asked for. */
export type DocumentStanding = "visible" | "hidden" | "absent";

/** The change log and the activity log without a document: owners and managers the firm's, members their own. */
export const firmLogScope = (role: TeamRole): LogScope =>
  role === "owner" || role === "manager" ? "firm" : "own";

/**
 * One document's change log or document log: anyone who can see the document; owners and
 * managers also a deleted document's (when it left a log), so its history is not lost.
 */
export const canReadDocumentLog = (role: TeamRole, document: DocumentStanding, hasEntries: boolean) =>
  document === "visible" || (document === "absent" && hasEntries && firmLogScope(role) === "firm");

/** A member may filter the activity log by person only to themselves; owners and managers by anyone. */
export const activityLogAuthors = (role: TeamRole, userId: number, asked: number[] | undefined) =>
  firmLogScope(role) === "firm" ? asked : [userId];
