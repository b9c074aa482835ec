import {
  CONSOLE_TEMPLATE_MESSAGES as MESSAGES,
  type NewTemplateRequest,
  type TemplateCheck,
  type TemplateDetail,
  type TemplateSummary,
  type TemplateVersionDetail,
  type TemplateVersionSummary,
  type UploadTemplateVersionRequest,
} from "@precedent/contracts";
import { DefinitionError } from "@precedent/docgen";
import { templateFromFiles } from "@precedent/docgen/library";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import { productNamesAssembling } from "../catalogue/index.ts";
import {
  type AnswerSet,
  checkVersion,
  contentHashOf,
  deleteVersionRows,
  earlierPublishedVersion,
  engineFiles,
  insertVersion,
  isUniqueViolation,
  latestVersions,
  lineDiff,
  publishedVersionRow,
  publishedVersions,
  publishRow,
  questionChanges,
  rollBackRow,
  scheduleRow,
  type TemplateLibrary,
  type TemplateVersionRow,
  templateName,
  type UploadedFiles,
  unscheduleRow,
  type VersionCheckResult,
  versionRow,
  versionRows,
  versionTexts,
} from "../templates/index.ts";
import { recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";
import { staffAccounts } from "./schema.ts";

/**
 * The console's Templates area (issue 37 item 2): upload a version, or a brand-new template as its
 * version 1, see its checks and preview, publish it now or at a set time, roll back. The templates
 * module keeps the versions and their rules (one published per template, immutable rows); this
 * file authorises, runs the checks and writes the audit log in the transaction of each change.
 */

type Checked = VersionCheckResult;

/** Why a version that failed its checks may not be published: its failing answer sets by name, if any. */
const checksRefusal = (row: TemplateVersionRow) => {
  const failing = ((row.checks as Checked).answer_sets ?? []).filter((set) => !set.passed);
  return new AppError(
    409,
    failing.length > 0 ? MESSAGES.answerSetFailed(failing.map((set) => set.name)) : MESSAGES.checksFailed,
  );
};

/** The upload's answer sets parsed: each must be a JSON object (a 400 naming the set if not). */
function answerSetsOf(input: UploadTemplateVersionRequest): AnswerSet[] {
  return input.answer_sets.map((set) => {
    let answers: unknown;
    try {
      answers = JSON.parse(set.answers);
    } catch (error) {
      throw badRequest(MESSAGES.answerSetUnreadable(set.name, (error as Error).message));
    }
    if (typeof answers !== "object" || answers === null || Array.isArray(answers))
      throw badRequest(MESSAGES.answerSetUnreadable(set.name, "its answers must be a JSON object"));
    return { name: set.name, answers: answers as AnswerSet["answers"] };
  });
}
const SCHEDULED_JOB = "console.template-publish";
type ScheduledPublish = { identifier: string; version: number; staffId: number };

export function createConsoleTemplates(deps: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, "define">;
  /** Made after the console (the worker pool and the library come later): asked for when used. */
  templates: () => { library: TemplateLibrary; engine: DocumentEngine };
  /** Tells this server's memory at once that the catalogue changed (other servers hear the trigger). */
  catalogueChanged?: (() => void) | undefined;
}) {
  const { db, clock } = deps;

  /** The template as the console sees it: a starter, or a template uploaded as new, published or not. */
  const templateOf = async (identifier: string) => {
    const template = await deps.templates().library.get(identifier, { unpublished: true });
    if (!template) throw notFound(MESSAGES.templateNotFound);
    return template;
  };
  const isStarter = (identifier: string) => deps.templates().library.starter(identifier) !== undefined;

  /** Reads the files with the engine's own loader: a broken interview or JSON is a 400 with its message. */
  function parseUpload(identifier: string, files: UploadedFiles, catalogue: string) {
    const parsedFiles = engineFiles(files, catalogue);
    try {
      return { template: templateFromFiles(identifier, parsedFiles), parsedFiles };
    } catch (error) {
      if (error instanceof DefinitionError || error instanceof SyntaxError)
        throw badRequest(MESSAGES.unreadable(error.message));
      throw error;
    }
  }

  const filesOf = (input: UploadTemplateVersionRequest): UploadedFiles => ({
    interview: input.interview,
    body: input.body,
    sampleAnswers: input.sample_answers,
    preconditions: input.preconditions,
  });

  /** Runs the checks and keeps the version as a draft, audited; `catalogue` makes it a new template's version 1. */
  async function checkAndInsert(
    actor: StaffFacts,
    identifier: string,
    input: UploadTemplateVersionRequest,
    catalogue: string,
    asNew: boolean,
  ) {
    const files = filesOf(input);
    const { template, parsedFiles } = parseUpload(identifier, files, catalogue);
    const sets = answerSetsOf(input);
    const contentHash = contentHashOf(parsedFiles);
    const checked = await checkVersion(
      deps.templates().engine,
      template,
      { contentHash, files: parsedFiles },
      sets,
    );
    return db
      .transaction(async (tx) => {
        // A new template deleted meanwhile has no version 1 left to add to (the delete locks it too).
        if (!asNew && !isStarter(identifier) && !(await versionRow(tx, identifier, 1, true)))
          throw notFound(MESSAGES.templateNotFound);
        const inserted = await insertVersion(tx, {
          identifier,
          files,
          ...(asNew ? { catalogue } : {}),
          note: input.note,
          contentHash,
          checks: checked,
          checksPassed: checked.passed,
          uploadedBy: actor.id,
          at: clock(),
        });
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: asNew ? "template.created" : "template.version_uploaded",
          target: `template:${identifier}`,
          after: {
            version: inserted.version,
            note: input.note,
            ...(asNew ? { catalogue: JSON.parse(catalogue) as unknown } : {}),
            checks_passed: checked.passed,
            content_hash: contentHash,
            answer_sets: (checked.answer_sets ?? []).map((set) => ({ name: set.name, passed: set.passed })),
          },
        });
        return inserted;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw new AppError(409, asNew ? MESSAGES.identifierTaken(identifier) : MESSAGES.uploadedMeanwhile);
        throw error;
      });
  }

  /**
   * A version's row, read in `tx` only (on PGlite a read beside an open transaction would wait for
   * it): a template exists when it is a starter or has a version 1 row.
   */
  async function requireRow(tx: Database, identifier: string, version: number, lock = false) {
    const row = await versionRow(tx, identifier, version, lock);
    if (row) return row;
    const exists = isStarter(identifier) || (await versionRow(tx, identifier, 1)) !== undefined;
    throw notFound(exists ? MESSAGES.versionNotFound : MESSAGES.templateNotFound);
  }

  async function staffNames(ids: number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ id: staffAccounts.id, name: staffAccounts.name })
      .from(staffAccounts)
      .where(inArray(staffAccounts.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  const summaryOf = (
    actor: StaffFacts,
    row: TemplateVersionRow,
    names: Map<number, string>,
  ): TemplateVersionSummary => {
    const mayAct = mayUse(actor.role, "templates") && row.checksPassed;
    return {
      version: row.version,
      status: row.status,
      note: row.note,
      checks_passed: row.checksPassed,
      uploaded_by: names.get(row.uploadedBy) ?? "",
      uploaded_at: row.uploadedAt.toISOString(),
      publish_at: row.publishAt?.toISOString() ?? null,
      published_at: row.publishedAt?.toISOString() ?? null,
      abilities: {
        publish: mayAct && row.status !== "published",
        schedule: mayAct && (row.status === "draft" || row.status === "retired"),
        cancel_schedule: mayUse(actor.role, "templates") && row.status === "scheduled",
      },
    };
  };

  async function detailOf(actor: StaffFacts, row: TemplateVersionRow): Promise<TemplateVersionDetail> {
    const { library } = deps.templates();
    const names = await staffNames([row.uploadedBy]);
    const checked = row.checks as Checked;
    const [before, after] = await Promise.all([
      library.at(row.identifier, row.version - 1),
      library.at(row.identifier, row.version),
    ]);
    // A new template's version 1 has none before it: every question is added.
    const from = before?.definition ?? (after && { ...after.definition, questions: [] });
    const changes = from && after ? questionChanges(from, after.definition) : { added: [], removed: [] };
    // Compared with the current version; the current one itself, with the version before it.
    const current = (await publishedVersionRow(db, row.identifier))?.version ?? 1;
    const comparedWith = current === row.version ? row.version - 1 : current;
    // A new template's version 1 has nothing before it: every line is added.
    const against =
      comparedWith < 1
        ? { interview: "", body: "" }
        : await versionTexts(library, db, row.identifier, comparedWith);
    if (!against) throw new Error(`template ${row.identifier} has no version ${comparedWith}`);
    return {
      ...summaryOf(actor, row, names),
      identifier: row.identifier,
      checks: checked.checks as TemplateCheck[],
      page_count: checked.page_count,
      preview_html: checked.preview_html,
      preconditions: row.preconditions,
      questions_added: changes.added,
      questions_removed: changes.removed,
      answer_sets: checked.answer_sets ?? [],
      body_diff: lineDiff(against.body, row.body, comparedWith),
      interview_diff: lineDiff(against.interview, row.interview, comparedWith),
    };
  }

  /**
   * Why a template may not be deleted, or undefined: only a new template none of whose versions
   * was ever published (firms may have documents on it) or is scheduled, which no product
   * assembles, may go. `rows` are its versions, read (and locked, to delete) by the caller.
   */
  async function deletionRefusal(reader: Database, identifier: string, rows: readonly TemplateVersionRow[]) {
    if (isStarter(identifier)) return new AppError(409, MESSAGES.deleteStarter);
    if (rows.some((row) => row.status === "published" || row.publishedAt !== null))
      return new AppError(409, MESSAGES.deletePublished);
    if (rows.some((row) => row.status === "scheduled")) return new AppError(409, MESSAGES.deleteScheduled);
    const products = await productNamesAssembling(reader, identifier);
    if (products.length > 0) return new AppError(409, MESSAGES.deleteWithProduct(products));
    return undefined;
  }

  async function templateDetail(actor: StaffFacts, identifier: string): Promise<TemplateDetail> {
    const template = await templateOf(identifier);
    const rows = await versionRows(db, identifier);
    const names = await staffNames(rows.map((r) => r.uploadedBy));
    const starter = isStarter(identifier);
    const published = rows.find((r) => r.status === "published")?.version;
    // A new template has no starter to fall back to: none is current until one is published.
    const current = published ?? (starter ? 1 : null);
    const mayAct = mayUse(actor.role, "templates");
    const rollBackTo =
      published === undefined
        ? undefined
        : starter
          ? published > 1 || undefined
          : await earlierPublishedVersion(db, identifier, published);
    return {
      identifier,
      name: templateName(template),
      starter,
      current_version: current,
      latest_version: rows[0]?.version ?? 1,
      versions: rows.map((row) => summaryOf(actor, row, names)),
      abilities: {
        upload: mayAct,
        roll_back: mayAct && rollBackTo !== undefined,
        delete: mayAct && (await deletionRefusal(db, identifier, rows)) === undefined,
      },
    };
  }

  /**
   * Every version row of the template, locked in one order before a publish or a roll back reads
   * any: a publish locks its version, then the published one; a roll back the published one, then
   * the one before it; one at a time, the two could each hold the row the other wanted next.
   */
  const lockAllVersions = (tx: Database, identifier: string) => versionRows(tx, identifier, true);

  /** Publishes a checked version inside `tx`, with its audit entry; refusals as the console says them. */
  async function publishIn(tx: Database, staffId: number, row: TemplateVersionRow, scheduled: boolean) {
    if (row.status === "published") throw new AppError(409, MESSAGES.alreadyPublished);
    if (!row.checksPassed) throw checksRefusal(row);
    const previous = await publishRow(tx, row, staffId, clock());
    await recordAction(tx, clock, {
      staffId,
      action: "template.version_published",
      target: `template:${row.identifier}`,
      before: { current_version: previous, status: row.status },
      after: { current_version: row.version, status: "published", ...(scheduled ? { scheduled: true } : {}) },
    });
  }

  /** After a change of what is published: this server's memory at once (other servers hear the trigger). */
  const announced = <T>(result: T) => {
    deps.catalogueChanged?.();
    return result;
  };

  /** A unique violation here means another publish committed first: that one wins. */
  const publishConflict = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, MESSAGES.publishedMeanwhile);
    throw error;
  };

  const scheduledPublish = deps.jobs.define<ScheduledPublish>(SCHEDULED_JOB, async (payload) => {
    await db
      .transaction(async (tx) => {
        await lockAllVersions(tx, payload.identifier);
        const row = await versionRow(tx, payload.identifier, payload.version, true);
        // Published by hand meanwhile, or scheduled again for another time: nothing to do now.
        if (row?.status !== "scheduled" || !row.publishAt || row.publishAt > clock()) return;
        await publishIn(tx, payload.staffId, row, true);
      })
      .then(announced, publishConflict);
  });

  return {
    async list(_actor: StaffFacts): Promise<{ rows: TemplateSummary[] }> {
      const [published, latest, templates] = await Promise.all([
        publishedVersions(db),
        latestVersions(db),
        deps.templates().library.list({ unpublished: true }),
      ]);
      const currentOf = new Map(published.map((p) => [p.identifier, p.version]));
      const latestOf = new Map(latest.map((l) => [l.identifier, l.version ?? 1]));
      return {
        rows: templates.map((t) => {
          const starter = isStarter(t.identifier);
          return {
            identifier: t.identifier,
            name: templateName(t),
            starter,
            current_version: currentOf.get(t.identifier) ?? (starter ? 1 : null),
            latest_version: latestOf.get(t.identifier) ?? 1,
          };
        }),
      };
    },

    view: templateDetail,

    async version(actor: StaffFacts, identifier: string, version: number) {
      return detailOf(actor, await requireRow(db, identifier, version));
    },

    /**
     * Reads the files with the engine's own loader (a broken interview or JSON is refused with
     * the engine's message, nothing written), runs the checks, and keeps the version as a draft.
     */
    async upload(actor: StaffFacts, identifier: string, input: UploadTemplateVersionRequest) {
      const template = await templateOf(identifier);
      // Every version keeps version 1's catalogue entry (a starter's folder, a new template's row).
      const row = await checkAndInsert(actor, identifier, input, JSON.stringify(template.catalogue), false);
      return detailOf(actor, row);
    },

    /**
     * A brand-new template: its files and catalogue entry become its version 1, checked like any
     * upload and kept as a draft. Firms see it only once a version of it is published. An
     * identifier a starter folder or any upload has already is refused (409), nothing written.
     */
    async create(actor: StaffFacts, input: NewTemplateRequest) {
      const { identifier } = input;
      const taken = async () => isStarter(identifier) || (await versionRows(db, identifier)).length > 0;
      if (await taken()) throw new AppError(409, MESSAGES.identifierTaken(identifier));
      const { name, short_description, description, category, allow_download_pdf, allow_download_word } =
        input.catalogue;
      // The fields a starter's catalogue.json holds that the server reads (meta_data: a will's
      // witnessing rules in signing; none set for a new template unless chosen later).
      const catalogue = JSON.stringify({
        name,
        short_description,
        description,
        category,
        meta_data: [],
        allow_download_pdf: allow_download_pdf ? "yes" : "no",
        allow_download_word: allow_download_word ? "yes" : "no",
      });
      // This server's memory at once; other servers hear the insert's trigger (0073).
      const row = announced(await checkAndInsert(actor, identifier, input, catalogue, true));
      return detailOf(actor, row);
    },

    async publish(actor: StaffFacts, identifier: string, version: number) {
      await db
        .transaction(async (tx) => {
          await lockAllVersions(tx, identifier);
          await publishIn(tx, actor.id, await requireRow(tx, identifier, version, true), false);
        })
        .then(announced, publishConflict);
      return detailOf(actor, await requireRow(db, identifier, version));
    },

    /** Publishes at a set time, by a job on the queue (the time is kept on the version too). */
    async schedule(actor: StaffFacts, identifier: string, version: number, publishAt: Date) {
      if (publishAt <= clock()) throw badRequest(MESSAGES.scheduleInPast);
      await db.transaction(async (tx) => {
        const row = await requireRow(tx, identifier, version, true);
        if (!row.checksPassed) throw checksRefusal(row);
        if (row.status === "published" || row.status === "scheduled")
          throw new AppError(409, MESSAGES.notDraft);
        await scheduleRow(tx, row, publishAt);
        await scheduledPublish.enqueue(
          { identifier, version, staffId: actor.id },
          { tx, runAt: publishAt, key: `${identifier}@${version}@${publishAt.toISOString()}` },
        );
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "template.version_scheduled",
          target: `template:${identifier}`,
          before: { version, status: row.status },
          after: { version, status: "scheduled", publish_at: publishAt.toISOString() },
        });
      });
      return detailOf(actor, await requireRow(db, identifier, version));
    },

    /**
     * Cancels a scheduled publication. The row lock orders it with the job: once the job has
     * published the version, the cancel is refused; once cancelled, the job finds nothing to do.
     */
    async cancelSchedule(actor: StaffFacts, identifier: string, version: number) {
      await db.transaction(async (tx) => {
        const row = await requireRow(tx, identifier, version, true);
        if (row.status === "published") throw new AppError(409, MESSAGES.cancelPublished);
        if (row.status !== "scheduled") throw new AppError(409, MESSAGES.cancelNotScheduled);
        const status = await unscheduleRow(tx, row);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "template.schedule_cancelled",
          target: `template:${identifier}`,
          before: { version, status: row.status, publish_at: row.publishAt?.toISOString() ?? null },
          after: { version, status, publish_at: null },
        });
      });
      return detailOf(actor, await requireRow(db, identifier, version));
    },

    /**
     * Deletes a new template never published, with every version of it (audited): a draft upload
     * that should not have been, whose identifier is then free again. Its rows are locked and the
     * rules checked again under the lock, so a publish, schedule or upload at the same moment either
     * comes first (and the delete is refused or takes the new version too) or finds nothing.
     */
    async remove(actor: StaffFacts, identifier: string) {
      await db.transaction(async (tx) => {
        const rows = await versionRows(tx, identifier, true);
        if (rows.length === 0 && !isStarter(identifier)) throw notFound(MESSAGES.templateNotFound);
        const refusal = await deletionRefusal(tx, identifier, rows);
        if (refusal) throw refusal;
        await deleteVersionRows(tx, identifier);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "template.deleted",
          target: `template:${identifier}`,
          before: {
            versions: rows.map((row) => ({ version: row.version, status: row.status, note: row.note })),
            catalogue: JSON.parse(rows.find((row) => row.version === 1)?.catalogue ?? "null") as unknown,
          },
          after: null,
        });
      });
      return announced({ identifier, deleted: true as const });
    },

    /** The version published before the current one becomes current again (version 1 at the end). */
    async rollBack(actor: StaffFacts, identifier: string) {
      await templateOf(identifier);
      const starter = isStarter(identifier);
      await db.transaction(async (tx) => {
        await lockAllVersions(tx, identifier);
        const current = await publishedVersionRow(tx, identifier, true);
        if (!current) throw new AppError(409, MESSAGES.nothingToRollBack);
        // A new template has no starter under its first published version: firms would lose it.
        if (!starter && (await earlierPublishedVersion(tx, identifier, current.version)) === undefined)
          throw new AppError(409, MESSAGES.nothingBeforeFirstPublished);
        const now = await rollBackRow(tx, current, actor.id, clock());
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "template.rolled_back",
          target: `template:${identifier}`,
          before: { current_version: current.version },
          after: { current_version: now },
        });
      });
      announced(undefined);
      return templateDetail(actor, identifier);
    },
  };
}

export type ConsoleTemplates = ReturnType<typeof createConsoleTemplates>;
