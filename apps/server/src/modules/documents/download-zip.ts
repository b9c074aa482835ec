import { PassThrough, type Readable } from "node:stream";
import type { DocumentRow } from "@precedent/contracts";
import { Zip, ZipPassThrough } from "fflate";
import { DOWNLOAD_ZIP_MAX_BYTES } from "../../constants.ts";
import { AppError } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import type { DocumentsService } from "./service.ts";

export type DocumentZipDownload = ReturnType<typeof createDocumentZipDownload>;

/**
 * The assembled files, owned by the interview module (which depends on this one, so the app hands
 * them over): a firm's documents' files, and the record of a person's downloads.
 */
export type AssembledFilesPort = {
  of(
    teamId: number,
    docIds: number[],
  ): Promise<
    { id: number; docId: number; kind: "pdf" | "word"; name: string; sha256: string; size: number }[]
  >;
  recordDownloads(fileIds: number[], userId: number, at: Date): Promise<void>;
};

/** What cannot be downloaded, named, so the person knows what to take out of the selection. */
export const zipRefusal = (rows: Pick<DocumentRow, "id" | "name" | "status_name">[]) =>
  `Nothing was downloaded: ${rows
    .map((row) => `Doc ID ${row.id} - ${row.name} (${row.status_name})`)
    .join(
      ", ",
    )} ${rows.length === 1 ? "has" : "have"} no file to download. Only completed, signed or pending-signature documents with an assembled PDF or Word file can be downloaded.`;

const MB = 1024 * 1024;
export const ZIP_TOO_LARGE = `These documents' files come to more than ${DOWNLOAD_ZIP_MAX_BYTES / MB} MB, too much for one zip. Please select fewer documents.`;

/** A name not yet used in the zip: a second file of the same name gets its document's ID. */
function uniqueName(name: string, docId: number, used: Set<string>) {
  let candidate = name;
  if (used.has(candidate.toLowerCase())) {
    const dot = name.lastIndexOf(".");
    candidate = `${name.slice(0, dot)} (Doc ID ${docId})${name.slice(dot)}`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * POST /doc/download-zip: the selected documents' files as one zip (documents spec §2 bulk
 * actions). All or nothing: every document must be one the caller sees (else 404, naming it) and
 * have a file they may download (else 409, naming each that has none). Each document contributes
 * what its `abilities` offer — the PDF, and the Word file where allowed — as the single downloads do.
 */
export function createDocumentZipDownload(deps: {
  clock: Clock;
  documents: DocumentsService;
  files: FileStore;
  assembledFiles: AssembledFilesPort;
}) {
  const { clock, documents, files, assembledFiles } = deps;

  /** Checks everything and lists the files; nothing is sent when this throws. */
  async function plan(ctx: FirmContext, ids: number[]) {
    const rows = await documents.visibleRows(ctx, ids);
    const refused = rows.filter((row) => !row.abilities.download_pdf && !row.abilities.download_word);
    if (refused.length > 0) throw new AppError(409, zipRefusal(refused));
    const stored = await assembledFiles.of(
      ctx.teamId,
      rows.map((row) => row.id),
    );
    const used = new Set<string>();
    const entries = rows.flatMap((row) =>
      stored
        .filter((file) => file.docId === row.id)
        .filter((file) => (file.kind === "pdf" ? row.abilities.download_pdf : row.abilities.download_word))
        .sort((a, b) => a.kind.localeCompare(b.kind))
        .map((file) => ({ ...file, zipName: uniqueName(file.name, row.id, used) })),
    );
    const total = entries.reduce((sum, file) => sum + file.size, 0);
    if (total > DOWNLOAD_ZIP_MAX_BYTES) throw new AppError(413, ZIP_TOO_LARGE);
    return entries;
  }

  /**
   * The zip as a stream, built as it is sent: each file is read from the store a chunk at a time
   * and each chunk goes out before the next is read, so memory holds a chunk, not a file.
   */
  function stream(ctx: FirmContext, entries: Awaited<ReturnType<typeof plan>>, log: (e: unknown) => void) {
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) return void out.destroy(error);
      out.write(chunk);
      if (final) out.end();
    });
    // A reader that goes away never drains: its close ends the wait too.
    const waitForReader = () =>
      out.writableNeedDrain
        ? new Promise<void>((resolve) => {
            out.once("drain", resolve);
            out.once("close", resolve);
          })
        : undefined;
    void (async () => {
      const when = clock();
      for (const file of entries) {
        if (out.destroyed) return;
        const blob = await files.stream(file.sha256);
        if (!blob) throw new Error(`file ${file.sha256} of document ${file.docId} is missing from the store`);
        // PDF and Word files are compressed already: stored as they are, which costs no CPU but
        // the entry's CRC (sizes and CRC follow each entry, so nothing is read twice).
        const entry = new ZipPassThrough(file.zipName);
        entry.mtime = when;
        zip.add(entry);
        try {
          for await (const chunk of blob.body) {
            if (out.destroyed) return;
            entry.push(chunk as Uint8Array);
            await waitForReader();
          }
        } finally {
          blob.body.destroy();
        }
        entry.push(new Uint8Array(0), true);
      }
      // Recorded as the single downloads are, for the post-completion dialog's 'download again';
      // before the zip's last bytes go out, so that whoever has the whole zip sees it recorded.
      await assembledFiles
        .recordDownloads(
          entries.map((file) => file.id),
          ctx.userId,
          when,
        )
        .catch(log);
      zip.end();
    })().catch((error: unknown) => {
      log(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out as Readable;
  }

  return {
    async download(ctx: FirmContext, ids: number[], log: (e: unknown) => void) {
      const entries = await plan(ctx, ids);
      return { stream: stream(ctx, entries, log), fileCount: entries.length };
    },
  };
}
