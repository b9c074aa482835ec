import { createHash } from "node:crypto";
import type { LibraryTemplate, TemplateFiles } from "@precedent/docgen/library";
import { and, desc, eq, isNotNull, lt, max, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { UploadedTemplateFiles } from "../../platform/workers/index.ts";
import { templateVersions } from "./schema.ts";

/**
 * Template versions (issue 37 item 2). Version 1 of a starter template is its folder; later
 * versions are rows, uploaded from the console, immutable once written. A template uploaded as
 * new has every version as a row, version 1 included (with its catalogue entry). The current
 * version is the published row, or version 1 when there is none (a new template with none is
 * not offered to firms at all: the library's `get`). These are the queries and changes the
 * console's commands run inside their own transactions (which also write the audit log).
 */

export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type TemplateVersionStatus = TemplateVersionRow["status"];

/** A template at one version, as the engine and the interview read it. */
export type VersionedTemplate = LibraryTemplate & {
  readonly version: number;
  /** An uploaded version's files, which worker threads assemble from (absent for version 1). */
  readonly uploaded?: UploadedTemplateFiles | undefined;
};

/** The files an upload sends, as text. */
export type UploadedFiles = {
  interview: string;
  body: string;
  sampleAnswers: string;
  preconditions: string;
};

/** The text the engine parses for a version: the upload's files and version 1's catalogue entry. */
export function engineFiles(
  files: Pick<UploadedFiles, "interview" | "body" | "sampleAnswers">,
  catalogue: string,
): TemplateFiles {
  return { interview: files.interview, body: files.body, catalogue, sampleAnswers: files.sampleAnswers };
}

/** The catalogue entry's text of a template's version 1: a starter's folder, or a new template's first row. */
export const catalogueTextOf = (version1: LibraryTemplate | TemplateVersionRow | undefined) =>
  version1 === undefined
    ? undefined
    : "status" in version1
      ? (version1.catalogue ?? undefined)
      : JSON.stringify(version1.catalogue);

/**
 * Templates uploaded as new (those with a version-1 row; a starter's rows start at 2), each with
 * its published version, or null while none is.
 */
export async function newTemplateRows(db: Database) {
  const published = db
    .select({ identifier: templateVersions.identifier, version: templateVersions.version })
    .from(templateVersions)
    .where(eq(templateVersions.status, "published"))
    .as("published");
  const rows = await db
    .select({
      identifier: templateVersions.identifier,
      published: published.version,
      // Which upload under this identifier: one deleted and uploaded again is another template.
      generation: templateVersions.id,
    })
    .from(templateVersions)
    .leftJoin(published, eq(published.identifier, templateVersions.identifier))
    .where(eq(templateVersions.version, 1));
  return rows;
}

export const contentHashOf = (files: TemplateFiles) =>
  createHash("sha256")
    .update(JSON.stringify([files.interview, files.body, files.catalogue, files.sampleAnswers ?? null]))
    .digest("hex");

/** PostgreSQL's unique_violation: a second published version, or a version number taken. */
export const isUniqueViolation = (error: unknown): boolean => {
  const found = error as { code?: string; cause?: unknown } | null;
  if (!found || typeof found !== "object") return false;
  return found.code === "23505" || isUniqueViolation(found.cause);
};

/** The published row of a template, if any (locked for the caller's change when asked). */
export async function publishedVersionRow(tx: Database, identifier: string, lock = false) {
  const query = tx
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.identifier, identifier), eq(templateVersions.status, "published")));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * A query fragment for other modules' statements (the document rows): the template's published
 * version when it is newer than `version` (a document's own, null read as 1), else null.
 */
export function newerPublishedVersionSql(identifier: SQLWrapper, version: SQLWrapper): SQL<number | null> {
  return sql<
    number | null
  >`(select tv.version from ${templateVersions} tv where tv.identifier = ${identifier} and tv.status = 'published' and tv.version > coalesce(${version}, 1))`;
}

/** The current version number of a template: its published row's, or 1. */
export async function currentVersionOf(db: Database, identifier: string) {
  return (await publishedVersionRow(db, identifier))?.version ?? 1;
}

export async function versionRow(tx: Database, identifier: string, version: number, lock = false) {
  const query = tx
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.identifier, identifier), eq(templateVersions.version, version)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * Deletes every version of a new template, given the rows the caller locked and checked (none ever
 * published or scheduled). The statement's trigger announces it as the catalogue's change (0075).
 */
export async function deleteVersionRows(tx: Database, identifier: string) {
  await tx.delete(templateVersions).where(eq(templateVersions.identifier, identifier));
}

/** Every uploaded version of a template, newest first; with `lock`, each row locked for update. */
export async function versionRows(db: Database, identifier: string, lock = false) {
  const query = db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.identifier, identifier))
    .orderBy(desc(templateVersions.version));
  return lock ? query.for("update") : query;
}

/** The published rows of every template (a template without one is at version 1). */
export async function publishedVersions(db: Database) {
  return db
    .select({ identifier: templateVersions.identifier, version: templateVersions.version })
    .from(templateVersions)
    .where(eq(templateVersions.status, "published"));
}

/** The highest version number published before `version` (a roll back's target), if any. */
export async function earlierPublishedVersion(db: Database, identifier: string, version: number) {
  const [row] = await db
    .select({ version: templateVersions.version })
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.identifier, identifier),
        lt(templateVersions.version, version),
        isNotNull(templateVersions.publishedAt),
      ),
    )
    .orderBy(desc(templateVersions.version))
    .limit(1);
  return row?.version;
}

/** The highest version number uploaded for each template. */
export async function latestVersions(db: Database) {
  return db
    .select({ identifier: templateVersions.identifier, version: max(templateVersions.version) })
    .from(templateVersions)
    .groupBy(templateVersions.identifier);
}

/**
 * Writes an uploaded version as the next number (two uploads at once: one gets a unique
 * violation). With `catalogue`, it is version 1 of a new template (the same identifier uploaded
 * as new twice at once: one gets a unique violation).
 */
export async function insertVersion(
  tx: Database,
  input: {
    identifier: string;
    files: UploadedFiles;
    catalogue?: string;
    note: string;
    contentHash: string;
    checks: unknown;
    checksPassed: boolean;
    uploadedBy: number;
    at: Date;
  },
) {
  const [latest] = await tx
    .select({ version: max(templateVersions.version) })
    .from(templateVersions)
    .where(eq(templateVersions.identifier, input.identifier));
  const [row] = await tx
    .insert(templateVersions)
    .values({
      identifier: input.identifier,
      version: input.catalogue === undefined ? Math.max(1, latest?.version ?? 1) + 1 : 1,
      catalogue: input.catalogue ?? null,
      note: input.note,
      interview: input.files.interview,
      body: input.files.body,
      sampleAnswers: input.files.sampleAnswers,
      preconditions: input.files.preconditions,
      contentHash: input.contentHash,
      checks: input.checks,
      checksPassed: input.checksPassed,
      uploadedBy: input.uploadedBy,
      uploadedAt: input.at,
    })
    .returning();
  if (!row) throw new Error("template version insert returned nothing");
  return row;
}

/**
 * Makes one version current: the published one (if any) retired, this one published. The partial
 * unique index refuses a second published row if another publish committed meanwhile (the caller
 * answers that as a conflict). Returns the version that was current before.
 */
export async function publishRow(tx: Database, row: TemplateVersionRow, by: number, at: Date) {
  const previous = await publishedVersionRow(tx, row.identifier, true);
  if (previous)
    await tx.update(templateVersions).set({ status: "retired" }).where(eq(templateVersions.id, previous.id));
  await tx
    .update(templateVersions)
    .set({ status: "published", publishedAt: at, publishedBy: by, publishAt: null })
    .where(eq(templateVersions.id, row.id));
  return previous?.version ?? 1;
}

export async function scheduleRow(tx: Database, row: TemplateVersionRow, at: Date) {
  await tx
    .update(templateVersions)
    .set({ status: "scheduled", publishAt: at })
    .where(eq(templateVersions.id, row.id));
}

/** A scheduled version back to what it was before: retired if it was ever published, else a draft. */
export async function unscheduleRow(tx: Database, row: TemplateVersionRow) {
  const status = row.publishedAt ? ("retired" as const) : ("draft" as const);
  await tx.update(templateVersions).set({ status, publishAt: null }).where(eq(templateVersions.id, row.id));
  return status;
}

/**
 * Rolls back from the published version to the one published before it: the highest lower version
 * ever published, or the starter (version 1). Returns the version now current. The caller refuses
 * a new template's roll back when no earlier version of it was published (it has no starter).
 */
export async function rollBackRow(tx: Database, current: TemplateVersionRow, by: number, at: Date) {
  await tx.update(templateVersions).set({ status: "retired" }).where(eq(templateVersions.id, current.id));
  const [previous] = await tx
    .select()
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.identifier, current.identifier),
        lt(templateVersions.version, current.version),
        isNotNull(templateVersions.publishedAt),
      ),
    )
    .orderBy(desc(templateVersions.version))
    .limit(1)
    .for("update");
  if (!previous) return 1;
  await tx
    .update(templateVersions)
    .set({ status: "published", publishedAt: at, publishedBy: by, publishAt: null })
    .where(eq(templateVersions.id, previous.id));
  return previous.version;
}
