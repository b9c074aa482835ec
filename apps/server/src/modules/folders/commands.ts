import {
  type CreateFolderRequest,
  FOLDER_NOT_EMPTY,
  type Folder,
  type FolderType,
  folderKeptFor,
  folderNameExists,
  MY_DOCUMENTS,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FolderContents } from "./folder-contents.ts";
import {
  allowedInSomeTab,
  canCreateSubfolder,
  canDeleteFolder,
  canMoveFolder,
  canRenameFolder,
  depthLimitMessage,
  FOLDER_REFUSALS,
  maxAncestorsFor,
} from "./policy.ts";
import { type FolderRow, folders } from "./schema.ts";
import { folderNotFound, requireVisible, subtree } from "./scope.ts";
import { dropLinksOutsideSharedFolders } from "./sharing.ts";

// Creating, renaming, deleting and moving folders: each in one transaction that locks the rows it
// changes, keeps names apart within a parent or tab and keeps each tab's depth limit.

const INTO_ITSELF = "You cannot move a folder into itself or one of its sub folders.";

/** A name as people read it: case and spaces do not tell two folders apart. */
const comparableNameSql = (name: SQL | { getSQL(): SQL } | string) =>
  sql`lower(regexp_replace(${name}, '[[:space:]]+', '', 'g'))`;

/**
 * Refuses a folder name already used beside it: the same parent, or at the top of the same tab
 * (one person's My Documents, or the firm's Shared Folders). Two folders the tree shows alike
 * cannot be told apart when filing or moving documents.
 */
async function assertNameFree(
  tx: Database,
  ctx: FirmContext,
  place: { name: string; type: FolderType; parentId: number | null; ownerId: number; exceptId?: number },
) {
  const where = [
    eq(folders.teamId, ctx.teamId),
    sql`${comparableNameSql(folders.name)} = ${comparableNameSql(place.name)}`,
  ];
  if (place.parentId !== null) where.push(eq(folders.parentId, place.parentId));
  else {
    where.push(sql`${folders.parentId} is null`, eq(folders.type, place.type));
    if (place.type === PERSONAL_FOLDER) where.push(eq(folders.createdBy, place.ownerId));
  }
  if (place.exceptId !== undefined) where.push(sql`${folders.id} <> ${place.exceptId}`);
  const [clash] = await tx
    .select({ name: folders.name })
    .from(folders)
    .where(and(...where))
    .limit(1);
  if (clash) throw new AppError(409, folderNameExists(clash.name));
}

export function createFolderCommands(deps: {
  db: Database;
  clock: Clock;
  contents: () => FolderContents;
  /** The folder as the actor sees it, once the change is committed (tree.ts). */
  present: (tx: Database, ctx: FirmContext, row: FolderRow) => Promise<Folder>;
}) {
  const { db, clock, present } = deps;

  /**
   * Why the folder may not be deleted now (409), or undefined; one who may not delete it at all
   * is refused with 403. The delete and its check before the confirmation ask the same.
   */
  async function deleteRefusal(tx: Database, ctx: FirmContext, id: number, lock: boolean) {
    const { facts } = await requireVisible(tx, ctx, id, lock);
    if (!allowedInSomeTab(canDeleteFolder, ctx, facts)) throw forbidden(FOLDER_REFUSALS.delete);
    const [child] = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(eq(folders.parentId, id))
      .limit(1);
    // A document that may never be deleted keeps its folder too: said as such, not as a
    // folder to empty first, which the user could never do.
    const kept = await deps.contents().deleteRefusalIn(tx, ctx.teamId, [id]);
    if (kept) return folderKeptFor(kept.name, kept.refusal);
    if (child || (await deps.contents().countDocumentsIn(tx, ctx.teamId, [id])) > 0) return FOLDER_NOT_EMPTY;
    return undefined;
  }
  return {
    /** POST /folder. */
    async create(ctx: FirmContext, input: CreateFolderRequest): Promise<Folder> {
      const created = await db.transaction(async (tx) => {
        let ancestorIds: number[] = [];
        const parentId = input.folder_parent_id ?? null;
        if (parentId !== null) {
          // Locked so the parent cannot be moved or deleted while the child is added.
          const parent = await requireVisible(tx, ctx, parentId, true);
          if (parent.facts.type !== input.type) {
            throw badRequest(
              input.type === SHARED_FOLDER
                ? "The parent folder is not in Shared Folders."
                : "The parent folder is not in My Documents.",
              [{ field: "folder_parent_id", message: "Choose a parent folder of the same kind." }],
            );
          }
          if (parent.facts.ancestorCount >= maxAncestorsFor(input.type)) {
            const message = depthLimitMessage(input.type);
            throw badRequest(message, [{ field: "folder_parent_id", message }]);
          }
          const section = input.type === SHARED_FOLDER ? SHARED_FOLDERS : MY_DOCUMENTS;
          if (!canCreateSubfolder(ctx, parent.facts, section))
            throw forbidden(FOLDER_REFUSALS.createSubfolder);
          ancestorIds = [...parent.row.ancestorIds, parent.row.id];
        }
        await assertNameFree(tx, ctx, { name: input.name, type: input.type, parentId, ownerId: ctx.userId });
        const now = clock();
        const [row] = await tx
          .insert(folders)
          .values({
            teamId: ctx.teamId,
            type: input.type,
            name: input.name,
            parentId,
            ancestorIds,
            createdBy: ctx.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error("folder not created");
        return row;
      });
      // Presented after commit: on PGlite (one connection) nothing may query outside an open transaction.
      return present(db, ctx, created);
    },

    /** PUT /folder/{id}. */
    async rename(ctx: FirmContext, id: number, name: string): Promise<Folder> {
      const renamed = await db.transaction(async (tx) => {
        const { row: current, facts } = await requireVisible(tx, ctx, id, true);
        if (!allowedInSomeTab(canRenameFolder, ctx, facts)) throw forbidden(FOLDER_REFUSALS.rename);
        await assertNameFree(tx, ctx, {
          name,
          type: facts.type,
          parentId: current.parentId,
          ownerId: current.createdBy,
          exceptId: id,
        });
        const [row] = await tx
          .update(folders)
          .set({ name, updatedAt: clock() })
          .where(eq(folders.id, id))
          .returning();
        if (!row) throw folderNotFound();
        return row;
      });
      return present(db, ctx, renamed);
    },

    /** DELETE /folder/{id}: only an empty folder. */
    async remove(ctx: FirmContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const refusal = await deleteRefusal(tx, ctx, id, true);
        if (refusal) throw new AppError(409, refusal);
        await tx.delete(folders).where(eq(folders.id, id));
      });
    },

    /** GET /folder/{id}/delete-check: the delete's own refusal, asked before its confirmation. */
    async deleteCheck(ctx: FirmContext, id: number): Promise<{ id: number; refusal: string | null }> {
      return { id, refusal: (await deleteRefusal(db, ctx, id, false)) ?? null };
    },

    /** PUT /folder/{id}/move-folder: within the folder's own tree, keeping the depth limit. */
    async move(ctx: FirmContext, id: number, toFolderId: number | null): Promise<Folder> {
      const moved = await db.transaction(async (tx) => {
        // Every row the move changes (the folder and all below it) and its target, locked in one
        // statement in id order before anything is read: two moves in one tree then take turns
        // instead of each holding a row the other waits for, and a sub folder being created under
        // one of them is committed before the subtree is read below, so it moves too (locked one
        // by one at the update, it was missed and kept its old path).
        await tx
          .select({ id: folders.id })
          .from(folders)
          .where(
            and(
              eq(folders.teamId, ctx.teamId),
              sql`(${folders.id} in (${id}, ${toFolderId ?? id}) or ${id} = any(${folders.ancestorIds}))`,
            ),
          )
          .orderBy(folders.id)
          .for("update");
        // Both rows again with their facts (already locked: two crossing moves cannot make a cycle).
        const ids = toFolderId === null ? [id] : [id, toFolderId].sort((a, b) => a - b);
        const locked = new Map<number, Awaited<ReturnType<typeof requireVisible>>>();
        for (const lockId of ids) locked.set(lockId, await requireVisible(tx, ctx, lockId, true));
        const folder = locked.get(id);
        if (!folder) throw folderNotFound();
        if (!allowedInSomeTab(canMoveFolder, ctx, folder.facts)) throw forbidden(FOLDER_REFUSALS.move);

        let newAncestors: number[] = [];
        if (toFolderId !== null) {
          const target = locked.get(toFolderId);
          if (!target) throw folderNotFound();
          if (target.row.id === id || target.row.ancestorIds.includes(id)) {
            throw badRequest(INTO_ITSELF, [{ field: "to_folder_id", message: INTO_ITSELF }]);
          }
          const sameTree =
            target.facts.type === folder.facts.type &&
            (folder.facts.type === SHARED_FOLDER || target.row.createdBy === folder.row.createdBy);
          if (!sameTree) {
            const message =
              folder.facts.type === SHARED_FOLDER
                ? "A folder in Shared Folders can only be moved to another folder in Shared Folders."
                : "A folder can only be moved to another folder of the same My Documents.";
            throw badRequest(message, [{ field: "to_folder_id", message }]);
          }
          newAncestors = [...target.row.ancestorIds, target.row.id];
        }
        if ((folder.row.parentId ?? null) === toFolderId) return folder.row;

        const rows = await subtree(tx, ctx.teamId, id);
        const oldDepth = folder.row.ancestorIds.length;
        const height = Math.max(0, ...rows.map((r) => r.ancestorIds.length - oldDepth));
        if (newAncestors.length + height > maxAncestorsFor(folder.facts.type)) {
          const message = depthLimitMessage(folder.facts.type);
          throw badRequest(message, [{ field: "to_folder_id", message }]);
        }
        await assertNameFree(tx, ctx, {
          name: folder.row.name,
          type: folder.facts.type,
          parentId: toFolderId,
          ownerId: folder.row.createdBy,
          exceptId: id,
        });
        const now = clock();
        const [updated] = await tx
          .update(folders)
          .set({ parentId: toFolderId, ancestorIds: newAncestors, updatedAt: now })
          .where(eq(folders.id, id))
          .returning();
        // Sub folders keep their path below the moved folder and take its new path above.
        await tx
          .update(folders)
          .set({
            ancestorIds: sql`${sql.param(newAncestors)}::integer[] || ${folders.ancestorIds}[${oldDepth + 1}:]`,
          })
          .where(and(eq(folders.teamId, ctx.teamId), sql`${id} = any(${folders.ancestorIds})`));
        if (!updated) throw folderNotFound();
        if (folder.facts.type === PERSONAL_FOLDER)
          await dropLinksOutsideSharedFolders(tx, ctx, id, deps.contents());
        return updated;
      });
      return present(db, ctx, moved);
    },
  };
}
