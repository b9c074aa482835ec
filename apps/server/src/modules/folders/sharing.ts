import { MY_DOCUMENTS, SHARED_FOLDER } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FolderContents } from "./folder-contents.ts";
import { allowedInSomeTab, canShareFolder, canUnshareFolder, FOLDER_REFUSALS } from "./policy.ts";
import { folderShares } from "./schema.ts";
import { folderFacts, isSharedLocation, requireVisible, sharesOf, subtree } from "./scope.ts";

// Sharing My Documents folders into Shared Folders and taking them out again; a folder that leaves
// Shared Folders (unshared, or moved out of a shared tree) loses the documents added to it there.

/** After a folder leaves Shared Folders, documents added to it (or below it) are taken out. */
export async function dropLinksOutsideSharedFolders(
  tx: Database,
  ctx: FirmContext,
  rootId: number,
  contents: FolderContents,
) {
  const [rows, shares] = await Promise.all([subtree(tx, ctx.teamId, rootId), sharesOf(tx, ctx.teamId)]);
  const unshared = rows.filter((r) => !isSharedLocation(folderFacts(r, shares))).map((r) => r.id);
  return unshared.length > 0 ? contents.removeSharedLinksIn(tx, ctx, unshared) : [];
}

export function createFolderSharing(deps: { db: Database; clock: Clock; contents: () => FolderContents }) {
  const { db, clock } = deps;
  return {
    /** POST /folder-share: adds My Documents folders to Shared Folders, all or none. */
    async share(ctx: FirmContext, folderIds: number[]) {
      return db.transaction(async (tx) => {
        const created: { folder_id: number; folder_share_id: number }[] = [];
        for (const id of [...new Set(folderIds)].sort((a, b) => a - b)) {
          // Facts are read again for each folder, so a folder inside one shared a moment ago counts as shared.
          const { row, facts } = await requireVisible(tx, ctx, id, true);
          if (!canShareFolder(ctx, facts, MY_DOCUMENTS)) {
            if (ctx.planSlug === LITE_PLAN_SLUG) throw forbidden(FOLDER_REFUSALS.shareLite);
            if (facts.inSharedTree || facts.type === SHARED_FOLDER) {
              throw forbidden(`'${row.name}': ${FOLDER_REFUSALS.shareAlreadyShared}`);
            }
            throw forbidden(FOLDER_REFUSALS.share);
          }
          const [share] = await tx
            .insert(folderShares)
            .values({ teamId: ctx.teamId, folderId: id, createdBy: ctx.userId, createdAt: clock() })
            .returning({ id: folderShares.id });
          if (!share) throw new Error("share not created");
          created.push({ folder_id: id, folder_share_id: share.id });
        }
        return created;
      });
    },

    /** DELETE /folder-share: the folder leaves Shared Folders; documents added to it are taken out. */
    async unshare(ctx: FirmContext, shareId: number) {
      return db.transaction(async (tx) => {
        const [share] = await tx
          .select()
          .from(folderShares)
          .where(and(eq(folderShares.id, shareId), eq(folderShares.teamId, ctx.teamId)));
        if (!share) throw notFound("Shared folder not found.");
        const { facts } = await requireVisible(tx, ctx, share.folderId, true);
        if (!allowedInSomeTab(canUnshareFolder, ctx, facts)) throw forbidden(FOLDER_REFUSALS.unshare);
        await tx.delete(folderShares).where(eq(folderShares.id, shareId));
        const removed = await dropLinksOutsideSharedFolders(tx, ctx, share.folderId, deps.contents());
        return { folder_id: share.folderId, removed_document_ids: removed };
      });
    },
  };
}
