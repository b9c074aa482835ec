import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { documentFileDownloads, documentFiles } from "./schema.ts";

export type AssembledFilesForZip = ReturnType<typeof createAssembledFilesForZip>;

/**
 * The assembled files the zip download reads and records (download-zip.ts's port, kept as it was
 * when the interview module owned these tables; the app still hands it over).
 */
export function createAssembledFilesForZip(db: Database) {
  return {
    /** Every assembled file of these documents of one firm (the zip filters by each row's abilities). */
    async of(teamId: number, docIds: number[]) {
      return db
        .select({
          id: documentFiles.id,
          docId: documentFiles.docId,
          kind: documentFiles.kind,
          name: documentFiles.name,
          sha256: documentFiles.sha256,
          size: documentFiles.size,
        })
        .from(documentFiles)
        .where(and(inArray(documentFiles.docId, docIds), eq(documentFiles.teamId, teamId)));
    },

    /** Records the files as downloaded by this person, as a single download does. */
    async recordDownloads(fileIds: number[], userId: number, at: Date) {
      await db
        .insert(documentFileDownloads)
        .values(fileIds.map((fileId) => ({ fileId, userId, firstAt: at, lastAt: at })))
        .onConflictDoUpdate({
          target: [documentFileDownloads.fileId, documentFileDownloads.userId],
          set: { lastAt: at, count: sql`${documentFileDownloads.count} + 1` },
        });
    },
  };
}
