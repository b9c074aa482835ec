import { z } from "zod";
import { envelope } from "./envelope.ts";

/**
 * The operator console's "Templates" area (issue 37 item 2): a template's versions, uploaded as
 * the files' text, checked by the server (its sample answers assembled, the engine's own checks),
 * then published now, at a set time, or rolled back. Version 1 is the starter library's folder, or,
 * for a template uploaded as new, its first upload (with its catalogue entry).
 */
export const CONSOLE_TEMPLATE_MESSAGES = {
  templateNotFound: "No such template.",
  versionNotFound: "No such version of this template.",
  unreadable: (reason: string) => `The template could not be read: ${reason}`,
  checksFailed: "This version has not passed its checks, so it cannot be published.",
  alreadyPublished: "This version is the published one already.",
  publishedMeanwhile:
    "Another version of this template was published at the same moment. Reload and try again.",
  uploadedMeanwhile: "Another version of this template was uploaded at the same moment. Please upload again.",
  notDraft: "Only a version that is not published or scheduled can be scheduled.",
  scheduleInPast: "Choose a time in the future.",
  nothingToRollBack: "Version 1 is current: there is nothing to roll back to.",
  nothingBeforeFirstPublished:
    "This is the first version of this template to be published: there is nothing to roll back to.",
  identifierTaken: (identifier: string) =>
    `A template with the identifier "${identifier}" exists already. Choose another identifier.`,
  cancelPublished:
    "This version has already been published, so its schedule cannot be cancelled. Roll back to make the version before it current again.",
  cancelNotScheduled: "This version is not scheduled, so there is no schedule to cancel.",
  deleteStarter: "A starter template cannot be deleted. Roll back a version instead.",
  deletePublished:
    "A version of this template has been published, so it cannot be deleted: firms may have documents made from it.",
  deleteScheduled: "A version of this template is scheduled to be published. Cancel the schedule first.",
  deleteWithProduct: (names: readonly string[]) =>
    `A product assembles this template (${names.join(", ")}). Delete that product first.`,
  deleted: (identifier: string) =>
    `The template "${identifier}" and its versions were deleted. Its identifier is free again.`,
  answerSetUnreadable: (name: string, reason: string) =>
    `The answer set "${name}" could not be read: ${reason}`,
  answerSetFailed: (names: readonly string[]) =>
    names.length === 1
      ? `The answer set "${names[0]}" failed its checks, so this version cannot be published.`
      : `The answer sets ${names.map((n) => `"${n}"`).join(", ")} failed their checks, so this version cannot be published.`,
} as const;

/** Uploaded files are text; the largest starter template's files are under 200 KB together. */
const FILE_MAX = 500_000;

export const TemplateParams = z.object({
  identifier: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "identifier must be a template's identifier")
    .describe("The template's identifier (its folder name in the starter library)"),
});
export const TemplateVersionParams = TemplateParams.extend({
  version: z.coerce
    .number({ error: "version must be a number" })
    .int("version must be a whole number")
    .min(1, "version must be 1 or more")
    .max(100_000, "version is too large"),
});

const fileText = (label: string, min: number) =>
  z
    .string({ error: `Add ${label}` })
    .min(min, `Add ${label}`)
    .max(FILE_MAX, `${label} is too long (at most 500,000 characters)`);

export const UploadTemplateVersionRequest = z.object({
  note: z
    .string({ error: "Say what changed" })
    .trim()
    .min(3, "Say what changed (at least 3 characters)")
    .max(500, "Use at most 500 characters"),
  interview: fileText("the interview (interview.yaml)", 1),
  body: fileText("the template (template.md)", 1),
  sample_answers: fileText("the sample answers (sample-answers.json)", 1),
  preconditions: fileText("the preconditions list (PRECONDITIONS.md)", 0).default(""),
  answer_sets: z
    .array(
      z.object({
        name: z
          .string({ error: "Name each answer set" })
          .trim()
          .min(1, "Name each answer set")
          .max(80, "An answer set's name has at most 80 characters"),
        answers: fileText("the answer set's answers (JSON)", 1),
      }),
    )
    .max(20, "Upload at most 20 answer sets")
    .refine(
      (sets) => new Set(sets.map((set) => set.name)).size === sets.length,
      "Give each answer set its own name",
    )
    .default([])
    .describe(
      "Edge-case answer sets besides the sample answers (the folder's other .json files): each assembled with the same checks; one failing keeps the version from being published",
    ),
});
export type UploadTemplateVersionRequest = z.infer<typeof UploadTemplateVersionRequest>;

/** A new template's identifier: a lowercase slug, as the starter library's folder names are. */
export const NEW_TEMPLATE_IDENTIFIER = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const NewTemplateRequest = UploadTemplateVersionRequest.extend({
  identifier: z
    .string({ error: "Add an identifier" })
    .min(3, "The identifier has at least 3 characters")
    .max(80, "The identifier has at most 80 characters")
    .regex(
      NEW_TEMPLATE_IDENTIFIER,
      "Use lowercase letters, digits and single hyphens for the identifier (for example loan-agreement-short)",
    )
    .describe("The new template's identifier: what documents keep, and products name to assemble it"),
  note: z
    .string()
    .trim()
    .min(3, "Say what this template is for (at least 3 characters)")
    .max(500, "Use at most 500 characters")
    .default("First version"),
  catalogue: z
    .object({
      name: z
        .string({ error: "Add the template's name" })
        .trim()
        .min(1, "Add the template's name")
        .max(200, "The name has at most 200 characters"),
      short_description: z.string().trim().max(500, "Use at most 500 characters").default(""),
      description: z.string().trim().max(20_000, "Use at most 20,000 characters").default(""),
      category: z.string().trim().max(200, "Use at most 200 characters").default(""),
      allow_download_pdf: z.boolean().default(true),
      allow_download_word: z.boolean().default(true),
    })
    .describe(
      "The catalogue entry a starter keeps in catalogue.json (its name is the documents' template name)",
    ),
});
export type NewTemplateRequest = z.infer<typeof NewTemplateRequest>;

export const ScheduleTemplateVersionRequest = z.object({
  publish_at: z.iso
    .datetime({ offset: true, error: "Give the time as an ISO 8601 date and time" })
    .describe("When to publish (shown in Sydney time)"),
});

export const TemplateVersionStatus = z.enum(["draft", "scheduled", "published", "retired"]);

export const TemplateCheck = z.object({
  name: z.string(),
  passed: z.boolean(),
  details: z.array(z.string()),
});
export type TemplateCheck = z.infer<typeof TemplateCheck>;

export const AnswerSetResult = z.object({
  name: z.string(),
  passed: z.boolean(),
  page_count: z.number().int().nullable().describe("Pages of the set's PDF, when it assembled"),
  checks: z.array(TemplateCheck),
  message: z.string().nullable().describe("The first failing check's message, when one failed"),
});
export type AnswerSetResult = z.infer<typeof AnswerSetResult>;

export const TemplateVersionSummary = z.object({
  version: z.number().int(),
  status: TemplateVersionStatus,
  note: z.string(),
  checks_passed: z.boolean(),
  uploaded_by: z.string().describe("The staff member's name"),
  uploaded_at: z.string(),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  abilities: z.object({ publish: z.boolean(), schedule: z.boolean(), cancel_schedule: z.boolean() }),
});
export type TemplateVersionSummary = z.infer<typeof TemplateVersionSummary>;

export const TextDiffLine = z.object({
  kind: z
    .enum(["same", "added", "removed", "skipped"])
    .describe("An unchanged line, one added or removed, or a run of unchanged lines left out"),
  text: z.string().describe("The line's text (for a skipped run: how many lines it left out)"),
});
export type TextDiffLine = z.infer<typeof TextDiffLine>;

export const TextDiff = z
  .object({
    compared_with: z.number().int().describe("The version this one is compared with"),
    too_large: z
      .boolean()
      .describe("The files are too long or too different to compare line by line: no lines are given"),
    added: z.number().int(),
    removed: z.number().int(),
    lines: z.array(TextDiffLine),
  })
  .describe("A line diff against the current published version (or, for that version, the one before)");
export type TextDiff = z.infer<typeof TextDiff>;

export const TemplateVersionDetail = TemplateVersionSummary.extend({
  identifier: z.string(),
  checks: z.array(TemplateCheck),
  page_count: z.number().int().nullable().describe("Pages of the sample answers' PDF"),
  preview_html: z.string().nullable().describe("The sample answers' document as HTML (no LibreOffice)"),
  preconditions: z.string(),
  questions_added: z.array(z.string()).describe("Question ids not in the version current when uploaded"),
  questions_removed: z.array(z.string()),
  answer_sets: z.array(AnswerSetResult).describe("The upload's edge-case answer sets, each checked"),
  body_diff: TextDiff.describe("template.md against the current published version"),
  interview_diff: TextDiff.describe("interview.yaml against the current published version"),
});
export type TemplateVersionDetail = z.infer<typeof TemplateVersionDetail>;
export const TemplateVersionResponse = envelope(TemplateVersionDetail);

export const TemplateSummary = z.object({
  identifier: z.string(),
  name: z.string(),
  starter: z.boolean().describe("In the starter library (version 1 is its folder); false: uploaded as new"),
  current_version: z
    .number()
    .int()
    .nullable()
    .describe("The published version; null for a new template never published (firms do not see it)"),
  latest_version: z.number().int(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;
export const TemplateListResponse = envelope(z.object({ rows: z.array(TemplateSummary) }));

export const TemplateDetail = TemplateSummary.extend({
  versions: z
    .array(TemplateVersionSummary)
    .describe("Uploaded versions, newest first (a starter's version 1 is its folder and not listed)"),
  abilities: z.object({
    upload: z.boolean(),
    roll_back: z.boolean(),
    delete: z
      .boolean()
      .describe(
        "A new template none of whose versions was ever published or is scheduled, which no product assembles",
      ),
  }),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;
export const TemplateDetailResponse = envelope(TemplateDetail);
export const DeletedTemplateResponse = envelope(
  z.object({ identifier: z.string(), deleted: z.literal(true) }),
);
