import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type AssembleResponse,
  DOCUMENT_NOT_ASSEMBLED,
  DOWNLOAD_NOT_ALLOWED,
  type DocumentFile,
  type DocumentStatus,
  type DocumentVersion,
  type FieldError,
  INTERVIEW_COMPLETED_DOCUMENT,
  INTERVIEW_INCOMPLETE,
  INTERVIEW_INVALID_DOCUMENT,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  NO_TEMPLATE,
  RELAUNCH_NO_TEMPLATE,
  RELAUNCH_NOT_ALLOWED,
  VERSION_NOT_FOUND,
} from "@precedent/contracts";
import {
  type AnswerIssue,
  type Answers,
  AnswersError,
  cleanAnswers,
  formatIssues,
  type InterviewDefinition,
  missingAnswers,
  TemplateError,
  validate,
} from "@precedent/docgen";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import type { DocumentFilesReader, DocumentsService } from "../documents/index.ts";
import {
  allowedInSomeTab,
  canDownloadFile,
  canInterviewDocument,
  canRenameDocument,
  EDITABLE_STATUSES,
} from "../documents/index.ts";
import { type FileStore, type StoredFile, sha256Hex } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import { templateName } from "../templates/index.ts";
import type { UsersService } from "../users/index.ts";
import { answerChanges, clientNameOf } from "./answer-changes.ts";
import {
  type AnswerGuard,
  type AnswerSupplement,
  type SupplementNote,
  supplementAnswers,
} from "./answer-supplements.ts";
import type {} from "./events.ts";
import { documentFileDownloads, documentFiles, documentVersions, interviewActionTokens } from "./schema.ts";

export type InterviewService = ReturnType<typeof createInterviewService>;
type FileKind = DocumentFile["kind"];

export const MEDIA_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  word: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const EXTENSIONS: Record<FileKind, string> = { pdf: ".pdf", word: ".docx" };
const IN_PROGRESS: DocumentStatus = 2;
const COMPLETED: DocumentStatus = 5;

const invalidDocument = () => notFound(INTERVIEW_INVALID_DOCUMENT);
const completedDocument = () => new AppError(409, INTERVIEW_COMPLETED_DOCUMENT);
const openedElsewhere = () => new AppError(409, INTERVIEW_OPENED_IN_ANOTHER_TAB);
const INTERVIEW_REFUSED =
  "Only the document's creator, the company owner or a manager can interview this document.";
const RELAUNCH_REFUSED = "Only the document's creator, the company owner or a manager can relaunch it.";
/** Autosave may send a half-answered interview, but not a wrong answer: the first one is the message. */
const answerErrors = (issues: readonly AnswerIssue[]): FieldError[] =>
  issues.map((issue) => ({ field: issue.path, message: issue.message }));
const incomplete = (issues: readonly AnswerIssue[]) => badRequest(INTERVIEW_INCOMPLETE, answerErrors(issues));

/**
 * A template that cannot print these answers (say, a cross-reference to a clause a condition
 * removed) is the template's fault, not the user's: said plainly, with the engine's reason.
 */
function templateFailure(error: unknown): never {
  if (error instanceof AnswersError) throw incomplete(error.issues);
  if (error instanceof TemplateError) {
    throw new AppError(422, `This document could not be produced from its template: ${error.message}`);
  }
  throw error;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\]+/g;

/** A document name as a file name: no path separators or control characters, never empty. */
export function fileNameOf(documentName: string, kind: FileKind) {
  const base = documentName.replace(UNSAFE_IN_FILE_NAMES, " ").replace(/\s+/g, " ").trim() || "Document";
  return `${base}${EXTENSIONS[kind]}`;
}

const answersChangedText = (n: number) => `${n} ${n === 1 ? "answer" : "answers"} changed`;

/**
 * Keeps one assembly as the document's next version, with the answers that changed since the
 * version before; the caller's transaction must hold the document's row lock (assemblies of one
 * document then number their versions one after another). Returns the log change to record.
 */
export async function recordVersion(
  tx: Database,
  input: {
    docId: number;
    teamId: number;
    userId: number;
    at: Date;
    definition: InterviewDefinition;
    answers: Record<string, unknown>;
    files: Record<FileKind, StoredFile & { name: string }>;
  },
) {
  const [previous] = await tx
    .select({ version: documentVersions.version, answers: documentVersions.answers })
    .from(documentVersions)
    .where(eq(documentVersions.docId, input.docId))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  const version = (previous?.version ?? 0) + 1;
  const changes = previous ? answerChanges(input.definition, previous.answers, input.answers) : [];
  await tx.insert(documentVersions).values({
    docId: input.docId,
    teamId: input.teamId,
    version,
    assembledAt: input.at,
    assembledBy: input.userId,
    answers: input.answers,
    answersSha256: sha256Hex(new TextEncoder().encode(JSON.stringify(input.answers))),
    changes,
    pdfName: input.files.pdf.name,
    pdfSha256: input.files.pdf.sha256,
    pdfSize: input.files.pdf.size,
    wordName: input.files.word.name,
    wordSha256: input.files.word.sha256,
    wordSize: input.files.word.size,
  });
  return { version: { from: previous?.version ?? null, to: version, answers: changes } };
}

/** "Deed.pdf" as version 3: "Deed (version 3).pdf", so several versions can sit in one folder. */
const versionFileName = (name: string, version: number) =>
  name.replace(/(\.[^.]+)?$/, (extension) => ` (version ${version})${extension}`);

/**
 * The document interview, assembly and downloads (interview spec §2, §4, §7; documents spec §4, §6).
 * Every call acts on one document the actor can see in their firm (anything else is 404 'Invalid
 * document.'); changes to the document itself go through the documents module, in this module's
 * transactions, so status changes are logged with them.
 */
/** Action tokens are kept as their hash: the server only compares them, so a copy of the table acts on nothing. */
const actionTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function createInterviewService(deps: {
  db: Database;
  clock: Clock;
  documents: DocumentsService;
  files: FileStore;
  library: TemplateLibrary;
  /** Assembles and renders on the worker pool, off the request thread. */
  engine: DocumentEngine;
  users: UsersService;
  /** The document logs: each assembly (passed or failed) and download is an entry. */
  logs: Pick<LogsService, "recordAction">;
  /** Told "document.relaunched" in the relaunch's transaction (signing voids what was sent; ./events.ts). */
  events?: EventRaiser;
}) {
  const { db, clock, documents, files, library, engine, users, logs } = deps;
  /** What other modules add to a document's answers at assembly (answer-supplements.ts). */
  const supplements: AnswerSupplement[] = [];
  /** Other modules' say over saved answers (answer-supplements.ts). */
  const answerGuards: AnswerGuard[] = [];

  /** The answers as the guards let them be saved, or a 409 with the first refusal. */
  async function guardedAnswers(
    tx: Database,
    ctx: FirmContext,
    doc: { id: number; type: string },
    answers: Record<string, unknown>,
  ) {
    let guarded = answers;
    for (const guard of answerGuards) {
      const said = await guard(tx, {
        teamId: ctx.teamId,
        docId: doc.id,
        docType: doc.type,
        answers: guarded,
      });
      if (!said) continue;
      if ("refusal" in said) throw new AppError(409, said.refusal);
      guarded = { ...guarded, ...said.pinned };
    }
    return guarded;
  }

  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await documents.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw invalidDocument();
    return loaded;
  }

  /** The document, if this actor may interview it now, with its template. */
  async function interviewable(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const { doc, facts } = await visible(tx, ctx, docId, lock);
    // Signed and pending documents are past assembly too: the message is the spec's for status 5.
    if (!EDITABLE_STATUSES.has(doc.status)) throw completedDocument();
    if (!allowedInSomeTab(canInterviewDocument, ctx, facts)) throw forbidden(INTERVIEW_REFUSED);
    const template = doc.xTemplateId ? library.get(doc.xTemplateId) : undefined;
    if (!template) throw new AppError(409, NO_TEMPLATE);
    return { doc, template };
  }

  async function isCurrentToken(tx: Database, docId: number, token: string) {
    const [row] = await tx
      .select({ tokenHash: interviewActionTokens.token })
      .from(interviewActionTokens)
      .where(eq(interviewActionTokens.docId, docId));
    if (!row) return false;
    const given = Buffer.from(actionTokenHash(token));
    const kept = Buffer.from(row.tokenHash);
    return given.length === kept.length && timingSafeEqual(given, kept);
  }

  /** The files of documents that may be downloaded now, with whether this user has downloaded each. */
  async function downloadableFiles(
    tx: Database,
    docs: Parameters<DocumentFilesReader>[0],
    userId: number | null,
  ): Promise<Map<number, DocumentFile[]>> {
    const byDoc = new Map<number, DocumentFile[]>();
    const docsById = new Map(docs.map((d) => [d.id, d]));
    const ids = docs.filter((d) => canDownloadFile(d, "pdf") || canDownloadFile(d, "word")).map((d) => d.id);
    if (ids.length === 0) return byDoc;
    const rows = await tx
      .select({
        id: documentFiles.id,
        docId: documentFiles.docId,
        kind: documentFiles.kind,
        name: documentFiles.name,
        size: documentFiles.size,
        downloaded:
          userId === null
            ? sql<boolean>`false`
            : sql<boolean>`exists (select 1 from ${documentFileDownloads} d where d.file_id = ${documentFiles.id} and d.user_id = ${userId})`,
      })
      .from(documentFiles)
      .where(inArray(documentFiles.docId, ids))
      .orderBy(documentFiles.docId, documentFiles.kind);
    for (const { docId, ...file } of rows) {
      const doc = docsById.get(docId);
      if (!doc || !canDownloadFile(doc, file.kind)) continue;
      byDoc.set(docId, [...(byDoc.get(docId) ?? []), file]);
    }
    return byDoc;
  }

  /** For the documents module's payloads (`files`: id and name). */
  const filesReader: DocumentFilesReader = async (docs) => {
    const byDoc = await downloadableFiles(db, docs, null);
    return new Map(
      [...byDoc].map(([docId, list]) => [docId, list.map(({ id, name, kind }) => ({ id, name, kind }))]),
    );
  };

  /** GET /xpressdox/get-download-ids/{docId}: the files this user may download now. */
  async function downloadIds(ctx: FirmContext, docId: number) {
    return db.transaction(async (tx) => {
      const { doc } = await visible(tx, ctx, docId, false);
      return (await downloadableFiles(tx, [doc], ctx.userId)).get(docId) ?? [];
    });
  }

  return {
    filesReader,

    /** Adds a module's answers to every later assembly (see `AnswerSupplement`); at start-up. */
    registerAnswerSupplement(supplement: AnswerSupplement) {
      supplements.push(supplement);
    },

    /** Gives a module its say over every later save of answers (see `AnswerGuard`); at start-up. */
    registerAnswerGuard(guard: AnswerGuard) {
      answerGuards.push(guard);
    },

    /** GET /get-action-token/{docId}: a fresh token; the document's previous one stops working. */
    async issueToken(ctx: FirmContext, docId: number) {
      return db.transaction(async (tx) => {
        await interviewable(tx, ctx, docId, true);
        const token = randomBytes(24).toString("base64url");
        const values = { token: actionTokenHash(token), userId: ctx.userId, createdAt: clock() };
        await tx
          .insert(interviewActionTokens)
          .values({ docId, ...values })
          .onConflictDoUpdate({ target: interviewActionTokens.docId, set: values });
        return token;
      });
    },

    /** GET /doc/{docId}/interview: what the interview page renders. */
    async interview(ctx: FirmContext, docId: number) {
      const { doc, template } = await db.transaction((tx) => interviewable(tx, ctx, docId, false));
      return {
        doc_id: doc.id,
        name: doc.name,
        status: doc.status,
        template_identifier: template.identifier,
        template_name: doc.templateName ?? templateName(template),
        is_relaunch: doc.isRelaunch,
        is_asic_document: doc.type === "ASIC",
        definition: template.definition as unknown as Record<string, unknown>,
        xml: doc.xml,
      };
    },

    /**
     * PUT /xpressdox/update-xml/{docId}: with the current token only (false otherwise, nothing
     * saved). Missing answers are fine; malformed ones are refused, all named. The answers are
     * stored cleaned; the first save of a draft makes it In Progress.
     */
    async save(ctx: FirmContext, docId: number, xml: Record<string, unknown>, token: string) {
      return db.transaction(async (tx) => {
        const { doc, template } = await interviewable(tx, ctx, docId, true);
        if (!(await isCurrentToken(tx, docId, token))) return { status: false };
        const answers = (await guardedAnswers(tx, ctx, doc, xml)) as Answers;
        const issues = formatIssues(template.definition, answers);
        if (issues.length > 0) {
          const errors = answerErrors(issues);
          throw badRequest(errors[0]?.message ?? INTERVIEW_INCOMPLETE, errors);
        }
        const cleaned = cleanAnswers(template.definition, answers) as Record<string, unknown>;
        // Logged with the save: each answer that changed, before and after.
        const changed = answerChanges(template.definition, doc.xml, cleaned);
        await documents.applyChange(
          tx,
          ctx,
          doc,
          {
            xml: cleaned,
            clientName: clientNameOf(template.definition, cleaned),
            ...(doc.status === 1 ? { status: IN_PROGRESS } : {}),
          },
          changed.length > 0
            ? { answers: { from: null, to: answersChangedText(changed.length), answers: changed } }
            : {},
        );
        return { status: true };
      });
    },

    /** PUT /doc/reset-xml/{docId}: the answers emptied (a new start), logged. */
    async reset(ctx: FirmContext, docId: number) {
      await db.transaction(async (tx) => {
        const { doc, template } = await interviewable(tx, ctx, docId, true);
        await guardedAnswers(tx, ctx, doc, {});
        const had = Object.keys(doc.xml).length > 0;
        const cleared = answerChanges(template.definition, doc.xml, {});
        await documents.applyChange(
          tx,
          ctx,
          doc,
          { xml: {}, clientName: null },
          had ? { answers: { from: "Saved", to: "Cleared", answers: cleared } } : {},
        );
      });
    },

    /**
     * POST /xpressdox/preview/{docId}: the PDF of these answers, not saved. While answers are
     * missing (or malformed) it is a draft: watermarked DRAFT, each missing answer a highlighted
     * placeholder naming its question, and `missing` lists them. Never stored as the document's files.
     */
    async preview(ctx: FirmContext, docId: number, xml: Record<string, unknown>) {
      const { doc, template, supplied } = await db.transaction(async (tx) => {
        const found = await interviewable(tx, ctx, docId, false);
        // Shown as the assembly will fill them (not saved here).
        const supplied = await supplementAnswers(tx, supplements, {
          teamId: ctx.teamId,
          docId,
          templateId: found.template.identifier,
          definition: found.template.definition,
          answers: xml as Answers,
        });
        return { ...found, supplied };
      });
      const answers = supplied.answers ?? (xml as Answers);
      const missing = missingAnswers(template.definition, answers);
      const draft = missing.length > 0;
      let pdf: Uint8Array;
      try {
        pdf = (
          await engine.renderPdf(ctx.teamId, template.identifier, answers, { draft, assembledAt: clock() })
        ).pdf;
      } catch (error) {
        templateFailure(error);
      }
      const fileName = fileNameOf(`${doc.name} (${draft ? "draft preview" : "preview"})`, "pdf");
      return { pdf, fileName, draft, missing };
    },

    /**
     * POST /xpressdox/assemble/{docId}: every required answer checked, then the PDF and Word file
     * rendered (outside any transaction: it takes a while), stored, recorded in place of any earlier
     * assembly, and the document completed — all in one transaction that checks again that nothing
     * changed meanwhile.
     */
    async assemble(
      ctx: FirmContext,
      docId: number,
      token: string,
    ): Promise<z.infer<typeof AssembleResponse>["data"]> {
      const before = await db.transaction(async (tx) => {
        const found = await interviewable(tx, ctx, docId, false);
        if (!(await isCurrentToken(tx, docId, token))) throw openedElsewhere();
        // Answers other modules know and the user left empty, checked and rendered with the rest
        // and saved with the assembly.
        const supplied = await supplementAnswers(tx, supplements, {
          teamId: ctx.teamId,
          docId,
          templateId: found.template.identifier,
          definition: found.template.definition,
          answers: found.doc.xml as Answers,
        });
        return { ...found, supplied };
      });
      const { template, supplied } = before;
      const answers = (supplied.answers ?? before.doc.xml) as Record<string, unknown>;
      const logAssembly = (tx: Database, outcome: { status: number; message: string }) =>
        logs.recordAction(tx, {
          teamId: ctx.teamId,
          docId,
          docType: before.doc.type,
          userId: ctx.userId,
          action: "Assemble document",
          isSuccess: outcome.status < 300,
          request: { template: before.doc.xTemplateId, name: before.doc.name },
          response: { status: outcome.status },
          message: outcome.message,
        });
      /** What the supplements did (or would not do, and why), for the document's log. */
      const logNotes = async (tx: Database, notes: readonly SupplementNote[]) => {
        for (const note of notes) {
          await logs.recordAction(tx, {
            teamId: ctx.teamId,
            docId,
            docType: before.doc.type,
            userId: ctx.userId,
            action: "Fill answers",
            isSuccess: note.filled,
            request: { template: before.doc.xTemplateId },
            response: { status: note.filled ? 200 : 409 },
            message: note.message,
          });
        }
      };
      try {
        const issues = validate(template.definition, answers as Answers);
        if (issues.length > 0) throw incomplete(issues);
        let rendered: Awaited<ReturnType<DocumentEngine["assemble"]>>;
        try {
          rendered = await engine.assemble(ctx.teamId, template.identifier, answers as Answers, {
            assembledAt: clock(),
          });
        } catch (error) {
          templateFailure(error);
        }
        const stored = {
          pdf: await files.put(rendered.pdf, { mediaType: MEDIA_TYPES.pdf }),
          word: await files.put(rendered.docx, { mediaType: MEDIA_TYPES.word }),
        };
        await db.transaction(async (tx) => {
          const { doc } = await interviewable(tx, ctx, docId, true);
          if (!(await isCurrentToken(tx, docId, token))) throw openedElsewhere();
          if (JSON.stringify(doc.xml) !== JSON.stringify(before.doc.xml)) {
            throw new AppError(
              409,
              "The answers changed while the document was being assembled. Please try again.",
            );
          }
          await tx.delete(documentFiles).where(eq(documentFiles.docId, docId));
          const now = clock();
          await tx.insert(documentFiles).values(
            (["pdf", "word"] as const).map((kind) => ({
              docId,
              teamId: ctx.teamId,
              kind,
              name: fileNameOf(doc.name, kind),
              sha256: stored[kind].sha256,
              size: stored[kind].size,
              createdBy: ctx.userId,
              createdAt: now,
            })),
          );
          // The latest files replace the last assembly's; every assembly is also kept as a version.
          const logged = await recordVersion(tx, {
            docId,
            teamId: ctx.teamId,
            userId: ctx.userId,
            at: now,
            definition: template.definition,
            answers,
            files: {
              pdf: { ...stored.pdf, name: fileNameOf(doc.name, "pdf") },
              word: { ...stored.word, name: fileNameOf(doc.name, "word") },
            },
          });
          const filled = supplied.answers
            ? {
                answers: {
                  from: null,
                  to: `${supplied.changes.length} ${supplied.changes.length === 1 ? "answer" : "answers"} filled`,
                  answers: supplied.changes,
                },
              }
            : {};
          await documents.applyChange(
            tx,
            ctx,
            doc,
            {
              status: COMPLETED,
              clientName: clientNameOf(template.definition, answers),
              ...(supplied.answers ? { xml: answers } : {}),
            },
            { ...logged, ...filled },
          );
          await logNotes(tx, supplied.notes);
          await logAssembly(tx, { status: 200, message: "The document was assembled." });
        });
      } catch (error) {
        // A refusal the user can act on is logged as a failed assembly; the assembly rolled back,
        // so the entry is written on its own.
        if (error instanceof AppError && error.status < 500) {
          // Nothing is saved, but an answer a supplement left empty on purpose is worth saying
          // (it may be why the assembly failed).
          await logNotes(
            db,
            supplied.notes.filter((note) => !note.filled),
          );
          await logAssembly(db, { status: error.status, message: error.message });
        }
        throw error;
      }
      return { doc_id: docId, status: COMPLETED, files: await downloadIds(ctx, docId) };
    },

    downloadIds,

    /** The document's assembled PDF (its store key and name), for signing; undefined before assembly. */
    async assembledPdf(tx: Database, docId: number) {
      const [row] = await tx
        .select({ sha256: documentFiles.sha256, name: documentFiles.name })
        .from(documentFiles)
        .where(and(eq(documentFiles.docId, docId), eq(documentFiles.kind, "pdf")));
      return row;
    },

    /**
     * GET /doc/{id}/versions: every assembly of a document the actor can see, newest first, with
     * who assembled it, the answers changed since the version before and its files.
     */
    async versions(ctx: FirmContext, docId: number): Promise<DocumentVersion[]> {
      const { rows, doc } = await db.transaction(async (tx) => {
        const { doc } = await visible(tx, ctx, docId, false);
        const rows = await tx
          .select({
            id: documentVersions.id,
            version: documentVersions.version,
            assembledAt: documentVersions.assembledAt,
            assembledBy: documentVersions.assembledBy,
            changes: documentVersions.changes,
            pdfName: documentVersions.pdfName,
            pdfSize: documentVersions.pdfSize,
            wordName: documentVersions.wordName,
            wordSize: documentVersions.wordSize,
          })
          .from(documentVersions)
          .where(eq(documentVersions.docId, docId))
          .orderBy(desc(documentVersions.version));
        return { rows, doc };
      });
      const names = await users.summaries([...new Set(rows.map((r) => r.assembledBy))]);
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        assembled_at: row.assembledAt.toISOString(),
        assembled_by: { user_id: row.assembledBy, display_name: names.get(row.assembledBy)?.name ?? "" },
        changes: row.changes,
        files: [
          { kind: "pdf", name: row.pdfName, size: row.pdfSize, can_download: doc.allowDownloadPdf },
          { kind: "word", name: row.wordName, size: row.wordSize, can_download: doc.allowDownloadWord },
        ],
      }));
    },

    /**
     * GET /doc/{id}/versions/{version}/download?type=: one version's file, for whoever can see
     * the document, when its settings allow that kind. Every version was a finished assembly, so
     * the document's status now (say, relaunched) does not hide its earlier versions.
     */
    async downloadVersion(ctx: FirmContext, docId: number, version: number, kind: FileKind) {
      const file = await db.transaction(async (tx) => {
        const { doc } = await visible(tx, ctx, docId, false);
        const [row] = await tx
          .select()
          .from(documentVersions)
          .where(and(eq(documentVersions.docId, docId), eq(documentVersions.version, version)));
        if (!row) throw notFound(VERSION_NOT_FOUND);
        const allowed = kind === "pdf" ? doc.allowDownloadPdf : doc.allowDownloadWord;
        if (!allowed) throw forbidden(DOWNLOAD_NOT_ALLOWED);
        return kind === "pdf"
          ? { sha256: row.pdfSha256, name: row.pdfName }
          : { sha256: row.wordSha256, name: row.wordName };
      });
      const blob = await files.get(file.sha256);
      if (!blob) throw new Error(`file ${file.sha256} of document ${docId} is missing from the store`);
      return { bytes: blob.bytes, name: versionFileName(file.name, version), mediaType: MEDIA_TYPES[kind] };
    },

    /**
     * GET /doc/download/{docId}?type=: the file's bytes, for whoever can see the document, when
     * its status is 3-5 and its flags allow that kind (§6); the download is recorded for this user.
     */
    /**
     * The document's assembled PDF as this actor may download it (name and content hash), without
     * recording a download: what sync back sends to practice software.
     */
    async downloadablePdf(ctx: FirmContext, docId: number) {
      return db.transaction(async (tx) => {
        const { facts } = await visible(tx, ctx, docId, false);
        if (!canDownloadFile(facts, "pdf")) throw new AppError(409, DOCUMENT_NOT_ASSEMBLED);
        const [row] = await tx
          .select({ name: documentFiles.name, sha256: documentFiles.sha256 })
          .from(documentFiles)
          .where(and(eq(documentFiles.docId, docId), eq(documentFiles.kind, "pdf")));
        if (!row) throw new AppError(409, DOCUMENT_NOT_ASSEMBLED);
        return row;
      });
    },

    async download(ctx: FirmContext, docId: number, kind: FileKind) {
      const file = await db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, false);
        if (!canDownloadFile(facts, kind)) {
          const allowed = kind === "pdf" ? doc.allowDownloadPdf : doc.allowDownloadWord;
          if (!allowed) throw forbidden(DOWNLOAD_NOT_ALLOWED);
          throw new AppError(409, DOCUMENT_NOT_ASSEMBLED);
        }
        const [row] = await tx
          .select()
          .from(documentFiles)
          .where(and(eq(documentFiles.docId, docId), eq(documentFiles.kind, kind)));
        if (!row) throw notFound(DOCUMENT_NOT_ASSEMBLED);
        return { ...row, docType: doc.type };
      });
      const blob = await files.get(file.sha256);
      if (!blob) throw new Error(`file ${file.sha256} of document ${docId} is missing from the store`);
      // Recorded once the bytes are in hand: a failed read is no download.
      const now = clock();
      await db.transaction(async (tx) => {
        // A re-assembly may have replaced the file since it was read. The bytes in hand are still
        // sent, but a file that no longer exists has no downloads to record. The lock keeps a
        // re-assembly from removing the file between this check and the record.
        const [stillThere] = await tx
          .select({ id: documentFiles.id })
          .from(documentFiles)
          .where(eq(documentFiles.id, file.id))
          .for("key share");
        await logs.recordAction(tx, {
          teamId: ctx.teamId,
          docId,
          docType: file.docType,
          userId: ctx.userId,
          action: kind === "pdf" ? "Download PDF" : "Download Word",
          isSuccess: true,
          request: { type: kind },
          response: { status: 200, file: file.name },
          message: `${file.name} was downloaded.`,
        });
        if (!stillThere) return;
        await tx
          .insert(documentFileDownloads)
          .values({ fileId: file.id, userId: ctx.userId, firstAt: now, lastAt: now })
          .onConflictDoUpdate({
            target: [documentFileDownloads.fileId, documentFileDownloads.userId],
            set: { lastAt: now, count: sql`${documentFileDownloads.count} + 1` },
          });
      });
      return { bytes: blob.bytes, name: file.name, mediaType: MEDIA_TYPES[kind] };
    },

    /** PUT /doc/relaunch/{docId}: a completed document back to In Progress, answers kept. */
    async relaunch(ctx: FirmContext, docId: number) {
      await db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        if (doc.status !== COMPLETED) throw new AppError(409, RELAUNCH_NOT_ALLOWED);
        if (!allowedInSomeTab(canRenameDocument, ctx, facts)) throw forbidden(RELAUNCH_REFUSED);
        // Reopened without a template, the interview could never be completed again.
        if (!doc.xTemplateId || !library.get(doc.xTemplateId)) throw new AppError(409, RELAUNCH_NO_TEMPLATE);
        await documents.applyChange(tx, ctx, doc, { status: IN_PROGRESS, isRelaunch: true });
        await deps.events?.raise(tx, "document.relaunched", { teamId: ctx.teamId, docId });
      });
      return { doc_id: docId, status: IN_PROGRESS };
    },
  };
}
