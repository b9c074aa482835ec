import { z } from "zod";
import { envelope } from "./envelope.ts";
import { TeamScopeQuery } from "./folders.ts";

/**
 * The document interview and assembly (interview spec §2 "Document interview page", §4 "Document
 * interview", §7 "Document and interview", §8; documents spec §4 "Post-completion dialog").
 *
 * Answers (the spec's `xml`) are the JSON object the template engine reads (`@precedent/docgen`
 * `Answers`); they travel as JSON, not base64 XML. The interview definition itself is the engine's
 * `InterviewDefinition` and is typed there, not here.
 */

/** Autosave period (interview spec §9). */
export const INTERVIEW_AUTOSAVE_MS = 15_000;
/** Redirect delay after 'Can not update this document interview data' (interview spec §9). */
export const INTERVIEW_FAILURE_REDIRECT_MS = 3_000;

export const INTERVIEW_SAVED = "Your progress and data have been saved successfully";
export const INTERVIEW_OPENED_IN_ANOTHER_TAB = "Sorry, this document is opened at another tab.";
export const INTERVIEW_CANNOT_UPDATE = "Can not update this document interview data";
export const INTERVIEW_COMPLETED_DOCUMENT = "You can not interview a completed document.";
export const INTERVIEW_INVALID_DOCUMENT = "Invalid document.";
export const INTERVIEW_LOADING = "Loading...";
export const INTERVIEW_ALLOW_POPUPS = "You must allow popups for previewing this document";
export const DOCUMENT_LOAD_FAILED = "Can not load document";
/** Assemble refused: the data.errors list names each missing or wrong answer. */
export const INTERVIEW_INCOMPLETE = "Please answer every required question before assembling the document.";
export const DOCUMENT_NOT_ASSEMBLED = "This document has not been assembled yet.";
export const DOWNLOAD_NOT_ALLOWED = "Downloading this file is not allowed for this document.";
export const RELAUNCH_NOT_ALLOWED = "Only a completed document can be relaunched.";
export const NO_TEMPLATE = "This document has no template to interview.";
export const RELAUNCH_NO_TEMPLATE =
  "This document has no template, so it cannot be relaunched. Its status is unchanged.";

/** The actions the interview page is opened with (interview spec §2 Routes `actions`). */
export const INTERVIEW_ACTIONS = ["XD_Assemble", "XD_Download", "ASIC", "SignFS"] as const;

/** A document id in the address; anything else is the spec's 'Invalid document.' (a 400). */
export const DocIdParam = z.object({
  docId: z.coerce
    .number({ error: INTERVIEW_INVALID_DOCUMENT })
    .int({ error: INTERVIEW_INVALID_DOCUMENT })
    .positive({ error: INTERVIEW_INVALID_DOCUMENT })
    .max(2_147_483_647, { error: INTERVIEW_INVALID_DOCUMENT }),
});

/** GET /api/get-action-token/{docId}: the newest token wins; older tabs' saves then fail. */
export const ActionToken = z.object({ action_token: z.string() });
export const ActionTokenResponse = envelope(ActionToken);

/** GET /api/doc/{docId}/interview: the definition the page renders, with the saved answers. */
export const InterviewResponse = envelope(
  z.object({
    doc_id: z.number().int(),
    name: z.string(),
    status: z.number().int(),
    template_identifier: z.string(),
    template_name: z.string(),
    is_relaunch: z.boolean(),
    /**
     * A company registration (ASIC) document: only its page asks for the application's state
     * (payment, ASIC status), which other documents have none of.
     */
    is_asic_document: z.boolean(),
    /**
     * The assistant (the chat or the voice interview) started this document or saved answers into
     * it. Recorded in the transaction of that start or save, so a refused save (another tab holds
     * the document, a wrong answer) never sets it; once set it stays set (a reset or a relaunch
     * keeps it; a copy is a new document without it).
     */
    is_interview_ai: z
      .boolean()
      .describe("The assistant (chat or voice interview) started this document or saved answers into it"),
    /**
     * A Simple Fund 360 action succeeded for this document: its fund's members and trustees were
     * validated with SF 360 without errors. After that the data cannot be edited and resubmitted on
     * SF 360 (SF360_VALIDATED), so the page warns on assembling that later changes will not be
     * synced (SF360_FUND_EXISTS). A failed validation does not set it; once set it stays set.
     */
    is_sf_action: z
      .boolean()
      .describe(
        "A Simple Fund 360 action succeeded for this document (its fund's contacts were validated without errors): SF 360 takes no resubmission of its data",
      ),
    /** The engine's InterviewDefinition (validated on the server when the library loads). */
    definition: z.record(z.string(), z.unknown()),
    xml: z.record(z.string(), z.unknown()),
  }),
);

/**
 * PUT /api/xpressdox/update-xml/{docId}. Answers may be incomplete (required questions are only
 * enforced at assembly) but never malformed: a bad postcode, ACN, email or date is a 400 with
 * data.errors [{field: dataPath, message}] and nothing is saved. status false: another tab holds
 * the document (INTERVIEW_OPENED_IN_ANOTHER_TAB).
 */
export const SaveInterviewBody = z.object({
  xml: z.record(z.string(), z.unknown()),
  action_token: z.string().min(1),
});
export type SaveInterviewBody = z.infer<typeof SaveInterviewBody>;
export const SaveInterviewResponse = envelope(z.object({ status: z.boolean() }));

/** An assembled file of a document (documents spec §3 `files`: names end .pdf or .doc(x)). */
export const DocumentFile = z.object({
  id: z.number().int(),
  kind: z.enum(["pdf", "word"]),
  name: z.string(),
  size: z.number().int(),
  /** Whether this user has downloaded it (the post-completion dialog's 'download again'). */
  downloaded: z.boolean(),
});
export type DocumentFile = z.infer<typeof DocumentFile>;

/**
 * POST /api/xpressdox/assemble/{docId} with the action token: checks every required answer
 * (400 INTERVIEW_INCOMPLETE with data.errors), renders PDF and Word, stores them, sets status 5
 * and logs the change. Answers the 'Assemble Results' files.
 */
export const AssembleBody = z.object({ action_token: z.string().min(1) });
export const AssembleResponse = envelope(
  z.object({ doc_id: z.number().int(), status: z.number().int(), files: z.array(DocumentFile) }),
);

/** GET /api/xpressdox/get-download-ids/{docId}: the assembled files, for the download view. */
export const DownloadIdsResponse = envelope(z.object({ files: z.array(DocumentFile) }));

/** GET /api/doc/download/{id}?type=pdf|word: the file as an attachment. */
export const DownloadQuery = z.object({ type: z.enum(["pdf", "word"]).default("pdf") });
/** The same with the firm, as the route reads it. */
export const DocumentDownloadQuery = TeamScopeQuery.extend(DownloadQuery.shape);

/** Relaunch on a version that is neither the document's own nor the template's current one. */
export const relaunchVersionRefused = (chosen: number, madeFrom: number, current: number) =>
  chosen === current || madeFrom === current
    ? `Version ${chosen} of this template cannot be chosen. This document can be relaunched on version ${madeFrom}, the one it was made from.`
    : `Version ${chosen} of this template cannot be chosen. This document can be relaunched on version ${madeFrom}, the one it was made from, or on version ${current}, the current one.`;

/**
 * PUT /api/doc/relaunch/{docId}: status 5 → 2 with answers kept and is_relaunch true. Without
 * `template_version` the document stays on the version it was made from; with the template's
 * current version it moves to it, its answers carried over where the questions still exist.
 */
export const RelaunchQuery = TeamScopeQuery.extend({
  template_version: z.coerce
    .number({ error: "template_version must be a version number" })
    .int({ error: "template_version must be a whole number" })
    .min(1, { error: "template_version must be a version number (1 or more)" })
    .max(100_000, { error: "template_version is too large" })
    .optional()
    .describe(
      "The template version to relaunch on: the document's own (the default) or the template's current one",
    ),
});
export const RelaunchResponse = envelope(
  z.object({
    doc_id: z.number().int(),
    status: z.number().int(),
    template_version: z.number().int().nullable(),
    answers_dropped: z
      .array(z.string())
      .describe("The answers left behind (their questions' labels): questions the new version removed"),
  }),
);

/**
 * PUT /api/doc/template-version/{docId}: a draft or in-progress document moved to its template's
 * current version (issue 37 item 2), as a relaunch on the newer version moves a completed one:
 * answers carried over where the questions remain, the rest dropped and logged. Its status stays.
 */
export const MOVE_VERSION_NOT_ALLOWED =
  "Only a draft or an in-progress document can be moved to a newer version of its template. Relaunch a completed document to choose its version.";
export const MOVE_VERSION_REFUSED =
  "Only a document's creator, the company owner or a manager can move it to a newer version of its template.";
export const moveVersionRefused = (chosen: number, madeFrom: number, current: number) =>
  madeFrom === current
    ? `This document is on version ${current}, the template's current version, already: there is nothing newer to move it to.`
    : `Version ${chosen} of this template cannot be chosen. This document can be moved only to version ${current}, the current one.`;
export const MoveTemplateVersionQuery = TeamScopeQuery.extend({
  template_version: z.coerce
    .number({ error: "template_version must be a version number" })
    .int({ error: "template_version must be a whole number" })
    .min(1, { error: "template_version must be a version number (1 or more)" })
    .max(100_000, { error: "template_version is too large" })
    .describe("The template's current version (what the relaunch offer calls newer)"),
});
export const MoveTemplateVersionResponse = RelaunchResponse;

/** A question by its id and label, as the relaunch offer names what a version changed. */
export const QuestionNamed = z.object({ id: z.string(), label: z.string() });
export type QuestionNamed = z.infer<typeof QuestionNamed>;

/**
 * GET /api/doc/relaunch/{docId}: the template versions relaunching this document can choose,
 * and, when the template has a current version newer than the document's, what it changed.
 */
export const RelaunchOffer = z.object({
  doc_id: z.number().int(),
  template_version: z.number().int().nullable().describe("The version the document was made from"),
  current_version: z.number().int().nullable().describe("The template's current (published) version"),
  newer: z
    .object({
      version: z.number().int(),
      note: z.string().describe("What changed, in the editor's words"),
      questions_added: z.array(QuestionNamed),
      questions_removed: z.array(QuestionNamed),
      answers_dropped: z
        .array(z.string())
        .describe("This document's answers that would not be carried over, by question"),
    })
    .nullable(),
});
export type RelaunchOffer = z.infer<typeof RelaunchOffer>;
export const RelaunchOfferResponse = envelope(RelaunchOffer);
