import { type ListSection, PERSONAL_FOLDER } from "@precedent/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { type FolderContents, isSharedLocation } from "../folders/index.ts";
import { type DocumentCommandsDeps, logEntry } from "./command-deps.ts";
import { factsOf } from "./facts.ts";
import {
  allowedInSomeTab,
  canMoveDocument,
  canShareDocument,
  canUnshareDocumentFrom,
  DOCUMENT_REFUSALS,
} from "./policy.ts";
import { documentNotFound, type LoadedDocument } from "./queries.ts";
import { documentShares, documents } from "./schema.ts";

/**
 * The commands on where a document sits: moved between folders of My Documents, added to and
 * taken out of shared folders, and a deleted folder's shared links removed with it.
 */
export function createPlacementCommands(deps: DocumentCommandsDeps) {
  const { db, clock, folders, logs } = deps;
  const { lockVisible, sharedFolderNames } = deps.queries;

  /** For the folders module, in its transaction: a folder's shared links go with it, logged per document. */
  const removeSharedLinksIn: FolderContents["removeSharedLinksIn"] = async (tx, ctx, folderIds) => {
    const links = await tx
      .select({ docId: documentShares.docId })
      .from(documentShares)
      .where(and(eq(documentShares.teamId, ctx.teamId), inArray(documentShares.folderId, folderIds)));
    const docIds = [...new Set(links.map((l) => l.docId))];
    if (docIds.length === 0) return [];
    const before = await sharedFolderNames(tx, docIds);
    const docs = await tx
      .select({ id: documents.id, type: documents.type })
      .from(documents)
      .where(inArray(documents.id, docIds));
    await tx
      .delete(documentShares)
      .where(and(eq(documentShares.teamId, ctx.teamId), inArray(documentShares.folderId, folderIds)));
    const removed = new Set(folderIds);
    await logs.record(
      tx,
      docs.map((doc) => {
        const was = before.get(doc.id) ?? [];
        return logEntry(ctx, doc, {
          shared_folders: {
            from: was.map((f) => f.name),
            to: was.filter((f) => !removed.has(f.folderId)).map((f) => f.name),
          },
        });
      }),
    );
    return docIds.sort((a, b) => a - b);
  };

  return {
    removeSharedLinksIn,

    /** PUT /doc/move-doc: to a folder of the actor's My Documents (or its top level), all or none. */
    async moveMany(ctx: FirmContext, section: ListSection, ids: number[], folderId: number | null) {
      return db.transaction(async (tx) => {
        let folderName: string | null = null;
        if (folderId !== null) {
          const { row, facts } = await folders.requireVisible(tx, ctx, folderId, true);
          if (facts.type !== PERSONAL_FOLDER || row.createdBy !== ctx.userId) {
            const message = "Documents can only be moved to a folder of your My Documents.";
            throw badRequest(message, [{ field: "folder_id", message }]);
          }
          folderName = row.name;
        }
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!canMoveDocument(ctx, factsOf(doc), section)) throw forbidden(DOCUMENT_REFUSALS.move(doc.id));
        }
        const moving = docs.filter((d) => d.folderId !== folderId);
        if (moving.length > 0) {
          await tx
            .update(documents)
            .set({ folderId, updatedBy: ctx.userId, updatedAt: clock() })
            .where(
              inArray(
                documents.id,
                moving.map((d) => d.id),
              ),
            );
          await logs.record(
            tx,
            moving.map((doc) => logEntry(ctx, doc, { folder: { from: doc.folderName, to: folderName } })),
          );
        }
        return docs.map((d) => d.id);
      });
    },

    /** PUT /doc/share-doc: adds documents to a shared folder, all or none (or only checks). */
    async shareMany(ctx: FirmContext, ids: number[], folderId: number, checkOnly: boolean) {
      return db.transaction(async (tx) => {
        const { row: folder, facts: folderFacts } = await folders.requireVisible(tx, ctx, folderId, true);
        if (!isSharedLocation(folderFacts)) throw folders.notInShared();
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!allowedInSomeTab(canShareDocument, ctx, factsOf(doc))) {
            throw forbidden(
              ctx.planSlug === LITE_PLAN_SLUG ? DOCUMENT_REFUSALS.lite : DOCUMENT_REFUSALS.share(doc.id),
            );
          }
        }
        const before = await sharedFolderNames(
          tx,
          docs.map((d) => d.id),
        );
        // Already there: added before, or sitting in that folder.
        const isThere = (doc: LoadedDocument) =>
          doc.folderId === folderId || (before.get(doc.id) ?? []).some((f) => f.folderId === folderId);
        const adding = docs.filter((d) => !isThere(d));
        const alreadyShared = docs.filter(isThere).map((d) => d.id);
        if (!checkOnly && adding.length > 0) {
          const now = clock();
          await tx.insert(documentShares).values(
            adding.map((doc) => ({
              docId: doc.id,
              folderId,
              teamId: ctx.teamId,
              createdBy: ctx.userId,
              createdAt: now,
            })),
          );
          await logs.record(
            tx,
            adding.map((doc) => {
              const was = (before.get(doc.id) ?? []).map((f) => f.name);
              return logEntry(ctx, doc, { shared_folders: { from: was, to: [...was, folder.name] } });
            }),
          );
        }
        return { added: adding.map((d) => d.id), alreadyShared };
      });
    },

    /** PUT /doc/unshare-doc: takes one document out of shared folders, all or none. */
    async unshare(ctx: FirmContext, docId: number, folderIds: number[]) {
      return db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [docId]);
        if (!doc) throw documentNotFound(docId);
        const links = (await sharedFolderNames(tx, [docId])).get(docId) ?? [];
        const wanted = [...new Set(folderIds)];
        const facts = factsOf(doc);
        for (const folderId of wanted) {
          const link = links.find((l) => l.folderId === folderId);
          if (!link) throw notFound(`Doc ID ${docId} is not in that shared folder.`);
          if (!allowedInSomeTab((v, d, tab) => canUnshareDocumentFrom(v, d, tab, link), ctx, facts)) {
            throw forbidden(DOCUMENT_REFUSALS.unshare(docId, link.name));
          }
        }
        await tx
          .delete(documentShares)
          .where(and(eq(documentShares.docId, docId), inArray(documentShares.folderId, wanted)));
        await logs.record(tx, [
          logEntry(ctx, doc, {
            shared_folders: {
              from: links.map((l) => l.name),
              to: links.filter((l) => !wanted.includes(l.folderId)).map((l) => l.name),
            },
          }),
        ]);
        return wanted;
      });
    },
  };
}
