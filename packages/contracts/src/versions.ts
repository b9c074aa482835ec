import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam, TeamScopeQuery } from "./folders.ts";
import { AnswerChange } from "./logs.ts";

/** Each assembly of a document is kept as a version (newest first in the list). */
export const DocumentVersion = z.object({
  id: z.number().int(),
  /** 1 for the first assembly, then 2, 3, … */
  version: z.number().int(),
  assembled_at: z.string().describe("ISO instant of the assembly."),
  assembled_by: z.object({ user_id: z.number().int(), display_name: z.string() }),
  /** The answers that changed since the version before (empty for the first version). */
  changes: z.array(AnswerChange),
  files: z.array(
    z.object({
      kind: z.enum(["pdf", "word"]),
      name: z.string(),
      size: z.number().int(),
      /** Whether the document's settings let this kind be downloaded. */
      can_download: z.boolean(),
    }),
  ),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

export const DocumentVersionsResponse = envelope(z.object({ versions: z.array(DocumentVersion) }));

export const DocumentVersionParams = z.object({
  id: idParam("id"),
  version: idParam("version"),
});

export const VersionFileQuery = z.object({
  type: z.enum(["pdf", "word"], { error: "type must be pdf or word" }),
});

/** GET /api/doc/{id}/versions: the document only. */
export const DocumentVersionsParams = DocumentVersionParams.pick({ id: true });
/** GET /api/doc/{id}/versions/{version}/download: the firm and the kind of file. */
export const VersionDownloadQuery = TeamScopeQuery.extend(VersionFileQuery.shape);

/** A version number the document never had (or a document the caller cannot see: 404 either way). */
export const VERSION_NOT_FOUND = "This version of the document was not found.";
