import {
  DOCUMENT_NOT_ASSEMBLED,
  DOWNLOAD_NOT_ALLOWED,
  type DocumentFile,
  type DocumentVersion,
  INTERVIEW_INVALID_DOCUMENT,
  VERSION_NOT_FOUND,
} from "@precedent/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { UsersService } from "../users/index.ts";
import { type FileKind, MEDIA_TYPES, versionFileName } from "./file-names.ts";
import { canDownloadFile } from "./policy.ts";
import type { DocumentFilesReader } from "./presenter.ts";
import type { DocumentQueries } from "./queries.ts";
import { documentFileDownloads, documentFiles, documentVersions } from "./schema.ts";

// An assembled document's files and versions as the actor may read them (documents spec §4, §6):
// the files list other modules show, the download ids, each version, and the downloads themselves
// (a download of the latest files is recorded for the user and logged). Moved here from the
// interview module, which writes the files when it assembles (versions.ts).

export type DocumentDownloads = ReturnType<typeof createDocumentDownloads>;

export function createDocumentDownloads(
  deps: {
    db: Database;
    clock: Clock;
    files: FileStore;
    users: UsersService;
    /** Each download of the latest files is a document log entry. */
    logs: Pick<LogsService, "recordAction">;
  },
  queries: Pick<DocumentQueries, "loadForChange">,
) {
  const { db, clock, files, users, logs } = deps;

  /** The document as the actor may see it; anything else is the interview's 404 'Invalid document.'. */
  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await queries.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw notFound(INTERVIEW_INVALID_DOCUMENT);
    return loaded;
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
    downloadIds,

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
      const blob = await files.stream(file.sha256);
      if (!blob) throw new Error(`file ${file.sha256} of document ${docId} is missing from the store`);
      return {
        body: blob.body,
        size: blob.size,
        name: versionFileName(file.name, version),
        mediaType: MEDIA_TYPES[kind],
      };
    },
    /** The document's assembled PDF (its store key and name), for signing; undefined before assembly. */
    async assembledPdf(tx: Database, docId: number) {
      const [row] = await tx
        .select({ sha256: documentFiles.sha256, name: documentFiles.name })
        .from(documentFiles)
        .where(and(eq(documentFiles.docId, docId), eq(documentFiles.kind, "pdf")));
      return row;
    },
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
          .where(
            and(
              eq(documentFiles.teamId, ctx.teamId),
              eq(documentFiles.docId, docId),
              eq(documentFiles.kind, "pdf"),
            ),
          );
        if (!row) throw new AppError(409, DOCUMENT_NOT_ASSEMBLED);
        return row;
      });
    },
    /**
     * GET /doc/download/{docId}?type=: the file's bytes, for whoever can see the document, when
     * its status is 3-5 and its flags allow that kind (§6); the download is recorded for this user.
     */
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
          .where(
            and(
              eq(documentFiles.teamId, ctx.teamId),
              eq(documentFiles.docId, docId),
              eq(documentFiles.kind, kind),
            ),
          );
        if (!row) throw notFound(DOCUMENT_NOT_ASSEMBLED);
        return { ...row, docType: doc.type };
      });
      // Streamed from the store as the client reads (never whole in memory here).
      const blob = await files.stream(file.sha256);
      if (!blob) throw new Error(`file ${file.sha256} of document ${docId} is missing from the store`);
      // Recorded once the store has the file open: a missing file is no download.
      const now = clock();
      const recorded = db.transaction(async (tx) => {
        // A re-assembly may have replaced the file since it was opened. Its bytes are still
        // sent, but a file that no longer exists has no downloads to record. The lock keeps a
        // re-assembly from removing the file between this check and the record.
        const [stillThere] = await tx
          .select({ id: documentFiles.id })
          .from(documentFiles)
          .where(and(eq(documentFiles.teamId, ctx.teamId), eq(documentFiles.id, file.id)))
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
      // A failed record sends nothing, and lets go of the open file (a bucket's connection).
      await recorded.catch((error: unknown) => {
        blob.body.destroy();
        throw error;
      });
      return { body: blob.body, size: blob.size, name: file.name, mediaType: MEDIA_TYPES[kind] };
    },
  };
}
