import {
  type CreateFolderRequest,
  FOLDER_NOT_EMPTY,
  type Folder,
  type FolderNode,
  type FolderType,
  folderKeptFor,
  folderNameExists,
  type ListSection,
  type MoveTarget,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  ORGANISATION_NOT_ALLOWED,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import {
  allowedInSomeTab,
  canCreateSubfolder,
  canDeleteFolder,
  canMoveFolder,
  canRenameFolder,
  canShareFolder,
  canUnshareFolder,
  depthLimitMessage,
  FOLDER_REFUSALS,
  type FolderFacts,
  folderAbilities,
  maxAncestorsFor,
} from "./policy.ts";
import { type FolderRow, folderShares, folders } from "./schema.ts";

export type FoldersService = ReturnType<typeof createFoldersService>;

/**
 * What the folders module needs from the documents module, which owns the documents tables.
 * Both calls run inside the caller's transaction.
 */
export type FolderContents = {
  /** Documents in these folders, or added to them. */
  countDocumentsIn(tx: Database, teamId: number, folderIds: number[]): Promise<number>;
  /** Takes documents out of these folders (which have left Shared Folders), with change-log entries. */
  removeSharedLinksIn(tx: Database, ctx: FirmContext, folderIds: number[]): Promise<number[]>;
  /** A document homed in these folders that may not be deleted (a registered company's), and why. */
  deleteRefusalIn(
    tx: Database,
    teamId: number,
    folderIds: number[],
  ): Promise<{ name: string; refusal: string } | undefined>;
};

type ShareRecord = { id: number; folderId: number; createdBy: number };
/** The firm's shares by folder id. */
type Shares = Map<number, ShareRecord>;

export const folderNotFound = () => notFound("Folder not found.");
const INTO_ITSELF = "You cannot move a folder into itself or one of its sub folders.";

/** The rules' view of a folder, given the firm's shares. */
export function folderFacts(row: FolderRow, shares: Shares): FolderFacts {
  const share = shares.get(row.id) ?? null;
  let shareCreatedBy: number | null = null;
  // The nearest shared folder at or above this one decides who shared it.
  for (const id of [row.id, ...[...row.ancestorIds].reverse()]) {
    const found = shares.get(id);
    if (found) {
      shareCreatedBy = found.createdBy;
      break;
    }
  }
  return {
    type: row.type as FolderType,
    createdBy: row.createdBy,
    ancestorCount: row.ancestorIds.length,
    share: share ? { createdBy: share.createdBy } : null,
    inSharedTree: row.type === PERSONAL_FOLDER && shareCreatedBy !== null,
    shareCreatedBy,
  };
}

/** In Shared Folders: created there, or in a tree shared from someone's My Documents. */
export const isSharedLocation = (facts: FolderFacts) => facts.type === SHARED_FOLDER || facts.inSharedTree;

export function createFoldersService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  contents: () => FolderContents;
}) {
  const { db, clock, users } = deps;

  /** The firm's shared My Documents folders (the roots of shared trees), as an array subquery. */
  const shareRootsSql = (teamId: number) =>
    sql`(select coalesce(array_agg(s.folder_id), '{}') from ${folderShares} s where s.team_id = ${teamId})::integer[]`;

  /** A folder row `f` is in Shared Folders: created there, shared, or below a shared folder. */
  const inSharedFoldersSql = (teamId: number) =>
    sql`(f.type = ${SHARED_FOLDER} or f.id = any(${shareRootsSql(teamId)}) or f.ancestor_ids && ${shareRootsSql(teamId)})`;

  /** Ids of the firm's folders in Shared Folders, as a subquery: for lists over many documents. */
  function sharedFolderIdsSql(teamId: number): SQL {
    return sql`select f.id from ${folders} f where f.team_id = ${teamId} and ${inSharedFoldersSql(teamId)}`;
  }

  /**
   * Whether the folder named by `folderIdColumn` is in Shared Folders, checked row by row (a
   * primary-key lookup each): for a page of documents or the few a call names, where building the
   * set of every shared folder would cost more than the rows. A scalar subquery, not EXISTS, so the
   * planner cannot turn it back into that set.
   */
  function isInSharedFoldersSql(teamId: number, folderIdColumn: SQL | { getSQL(): SQL }): SQL {
    return sql`coalesce((select ${inSharedFoldersSql(teamId)} from ${folders} f where f.id = ${folderIdColumn}), false)`;
  }

  /** A folder's name by id, as a scalar subquery over `idColumn`. */
  const nameSql = (idColumn: SQL | { getSQL(): SQL }) =>
    sql<string | null>`(select f.name from ${folders} f where f.id = ${idColumn})`;

  /**
   * The scope of every folder read and write: the actor's firm, then what the actor can see —
   * their own My Documents folders, everything in Shared Folders, and (owner, manager) every
   * member's My Documents folders.
   */
  function visibleFolders(ctx: FirmContext): SQL {
    const inFirm = eq(folders.teamId, ctx.teamId);
    if (isOwnerOrManager(ctx)) return inFirm;
    return sql`${inFirm} and (${folders.type} = ${SHARED_FOLDER} or ${folders.createdBy} = ${ctx.userId} or ${folders.id} = any(${shareRootsSql(ctx.teamId)}) or ${folders.ancestorIds} && ${shareRootsSql(ctx.teamId)})`;
  }

  async function sharesOf(tx: Database, teamId: number): Promise<Shares> {
    const rows = await tx
      .select({ id: folderShares.id, folderId: folderShares.folderId, createdBy: folderShares.createdBy })
      .from(folderShares)
      .where(eq(folderShares.teamId, teamId));
    return new Map(rows.map((r) => [r.folderId, r]));
  }

  /** One visible folder with its facts, optionally locked for the rest of the transaction; else 404. */
  async function requireVisible(tx: Database, ctx: FirmContext, id: number, lock = false) {
    const query = tx
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), visibleFolders(ctx)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw folderNotFound();
    const facts = folderFacts(row, await sharesOf(tx, ctx.teamId));
    return { row, facts };
  }

  function assertOrganisationAllowed(ctx: FirmContext, section: ListSection) {
    if (section === ORGANISATION_DOCUMENTS && !isOwnerOrManager(ctx))
      throw forbidden(ORGANISATION_NOT_ALLOWED);
  }

  function toFolder(
    ctx: FirmContext,
    row: FolderRow,
    facts: FolderFacts,
    section: ListSection,
    names: Map<number, { name: string }>,
    shares: Shares,
  ): Folder {
    const share = shares.get(row.id);
    const sharedParent =
      facts.inSharedTree && !share ? [...row.ancestorIds].reverse().find((id) => shares.has(id)) : undefined;
    return {
      id: row.id,
      name: row.name,
      type: facts.type,
      folder_parent_id: row.parentId,
      parent_id: row.ancestorIds,
      created_by: row.createdBy,
      created_by_user: { ID: row.createdBy, display_name: names.get(row.createdBy)?.name ?? "" },
      shared: isSharedLocation(facts),
      folder_share_id: share?.id ?? null,
      folder_share_created_by: share?.createdBy ?? null,
      shared_parent_folder: sharedParent ?? null,
      api_remove_share: share ? `/api/folder-share?id_team=${ctx.teamId}&folder_share_id=${share.id}` : null,
      api_get_doc: `/api/doc?id_team=${ctx.teamId}&type=${section}&folder_id=${row.id}`,
      abilities: folderAbilities(ctx, facts, section),
    };
  }

  /** The folder as the actor sees it from the tab where they act on it. */
  async function present(tx: Database, ctx: FirmContext, row: FolderRow): Promise<Folder> {
    const shares = await sharesOf(tx, ctx.teamId);
    const facts = folderFacts(row, shares);
    const section: ListSection =
      facts.type === PERSONAL_FOLDER && row.createdBy === ctx.userId
        ? MY_DOCUMENTS
        : isSharedLocation(facts)
          ? SHARED_FOLDERS
          : ORGANISATION_DOCUMENTS;
    return toFolder(ctx, row, facts, section, await users.summaries([row.createdBy]), shares);
  }

  /** Rows of `subtreeOf` and everything below it. */
  async function subtree(tx: Database, teamId: number, rootId: number) {
    return tx
      .select()
      .from(folders)
      .where(
        and(
          eq(folders.teamId, teamId),
          sql`(${folders.id} = ${rootId} or ${rootId} = any(${folders.ancestorIds}))`,
        ),
      );
  }

  /** After a folder leaves Shared Folders, documents added to it (or below it) are taken out. */
  async function dropLinksOutsideSharedFolders(tx: Database, ctx: FirmContext, rootId: number) {
    const [rows, shares] = await Promise.all([subtree(tx, ctx.teamId, rootId), sharesOf(tx, ctx.teamId)]);
    const unshared = rows.filter((r) => !isSharedLocation(folderFacts(r, shares))).map((r) => r.id);
    return unshared.length > 0 ? deps.contents().removeSharedLinksIn(tx, ctx, unshared) : [];
  }

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

  return {
    visibleFolders,
    sharedFolderIdsSql,
    isInSharedFoldersSql,
    nameSql,
    /** The folder's name where `ctx` may see the folder, else null (see `visibleFolders`). */
    visibleNameSql: (ctx: FirmContext, idColumn: SQL | { getSQL(): SQL }) =>
      sql<
        string | null
      >`(select ${folders.name} from ${folders} where ${folders.id} = ${idColumn} and ${visibleFolders(ctx)})`,
    requireVisible,

    /** GET /folder/get-all: the folder tree of one tab, each node with its abilities. */
    async tree(ctx: FirmContext, section: ListSection, includeShared: boolean): Promise<FolderNode[]> {
      assertOrganisationAllowed(ctx, section);
      const shares = await sharesOf(db, ctx.teamId);
      const sharedIds = [...shares.keys()];
      const inFirm = eq(folders.teamId, ctx.teamId);
      let where: SQL | undefined;
      if (section === MY_DOCUMENTS) {
        where = and(inFirm, eq(folders.type, PERSONAL_FOLDER), eq(folders.createdBy, ctx.userId));
      } else if (section === ORGANISATION_DOCUMENTS) {
        where = and(inFirm, eq(folders.type, PERSONAL_FOLDER));
      } else if (includeShared && sharedIds.length > 0) {
        where = sql`${inFirm} and (${folders.type} = ${SHARED_FOLDER} or array_append(${folders.ancestorIds}, ${folders.id}) && ${sql.param(sharedIds)}::integer[])`;
      } else {
        where = and(inFirm, eq(folders.type, SHARED_FOLDER));
      }
      const rows = await db
        .select()
        .from(folders)
        .where(where)
        .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
      const names = await users.summaries([...new Set(rows.map((r) => r.createdBy))]);

      const nodes = new Map<number, FolderNode>();
      for (const row of rows) {
        nodes.set(row.id, {
          ...toFolder(ctx, row, folderFacts(row, shares), section, names, shares),
          children: [],
        });
      }
      const roots: FolderNode[] = [];
      for (const row of rows) {
        const node = nodes.get(row.id);
        if (!node) continue;
        // A folder shared from deep in someone's My Documents is a top-level node in Shared Folders.
        const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },

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
        const { facts } = await requireVisible(tx, ctx, id, true);
        if (!allowedInSomeTab(canDeleteFolder, ctx, facts)) throw forbidden(FOLDER_REFUSALS.delete);
        const [child] = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(eq(folders.parentId, id))
          .limit(1);
        // A document that may never be deleted keeps its folder too: said as such, not as a
        // folder to empty first, which the user could never do.
        const kept = await deps.contents().deleteRefusalIn(tx, ctx.teamId, [id]);
        if (kept) throw new AppError(409, folderKeptFor(kept.name, kept.refusal));
        if (child || (await deps.contents().countDocumentsIn(tx, ctx.teamId, [id])) > 0) {
          throw new AppError(409, FOLDER_NOT_EMPTY);
        }
        await tx.delete(folders).where(eq(folders.id, id));
      });
    },

    /** GET /folder/{id}/popup-move: where the folder may go (its own tree, minus itself and below). */
    async moveTargets(ctx: FirmContext, id: number) {
      const { row, facts } = await requireVisible(db, ctx, id);
      if (!allowedInSomeTab(canMoveFolder, ctx, facts)) throw forbidden(FOLDER_REFUSALS.move);
      const sameTree = and(
        eq(folders.teamId, ctx.teamId),
        eq(folders.type, facts.type),
        facts.type === PERSONAL_FOLDER ? eq(folders.createdBy, row.createdBy) : undefined,
      );
      const rows = await db
        .select()
        .from(folders)
        .where(sameTree)
        .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
      const inSubtree = (r: FolderRow) => r.id === id || r.ancestorIds.includes(id);
      const height = Math.max(
        0,
        ...rows.filter(inSubtree).map((r) => r.ancestorIds.length - row.ancestorIds.length),
      );
      const max = maxAncestorsFor(facts.type);
      const nodes = new Map<number, MoveTarget>();
      const candidates = rows.filter((r) => !inSubtree(r));
      for (const r of candidates) {
        nodes.set(r.id, {
          id: r.id,
          name: r.name,
          folder_parent_id: r.parentId,
          parent_id: r.ancestorIds,
          disabled: r.ancestorIds.length + 1 + height > max,
          children: [],
        });
      }
      const roots: MoveTarget[] = [];
      for (const r of candidates) {
        const node = nodes.get(r.id);
        const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
        if (node && parent) parent.children.push(node);
        else if (node) roots.push(node);
      }
      return { rows: roots, can_move_to_root: height <= max, folder_parent_id: row.parentId };
    },

    /** PUT /folder/{id}/move-folder: within the folder's own tree, keeping the depth limit. */
    async move(ctx: FirmContext, id: number, toFolderId: number | null): Promise<Folder> {
      const moved = await db.transaction(async (tx) => {
        // Lock both rows in id order, so two crossing moves cannot make a cycle.
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
        if (folder.facts.type === PERSONAL_FOLDER) await dropLinksOutsideSharedFolders(tx, ctx, id);
        return updated;
      });
      return present(db, ctx, moved);
    },

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
        const removed = await dropLinksOutsideSharedFolders(tx, ctx, share.folderId);
        return { folder_id: share.folderId, removed_document_ids: removed };
      });
    },

    /**
     * A departing member's My Documents folders become `toUserId`'s (the owner's), in the
     * caller's transaction, with the shares of them. A whole tree moves with its creator, so no
     * tree mixes creators; a top-level folder named like one the recipient already has at the top
     * of their My Documents gets the former member's name after its own, so both stay tellable
     * apart. Returns how many folders changed hands.
     */
    async handOverPersonalFolders(
      tx: Database,
      move: { teamId: number; fromUserId: number; toUserId: number; formerMemberName: string },
    ): Promise<number> {
      const mine = and(
        eq(folders.teamId, move.teamId),
        eq(folders.type, PERSONAL_FOLDER),
        eq(folders.createdBy, move.fromUserId),
      );
      const topLevel = (userId: number) =>
        tx
          .select({ id: folders.id, name: folders.name })
          .from(folders)
          .where(
            and(
              eq(folders.teamId, move.teamId),
              eq(folders.type, PERSONAL_FOLDER),
              eq(folders.createdBy, userId),
              sql`${folders.parentId} is null`,
            ),
          );
      const comparable = (name: string) => name.replace(/\s+/g, "").toLowerCase();
      const taken = new Set((await topLevel(move.toUserId)).map((f) => comparable(f.name)));
      const now = clock();
      for (const folder of await topLevel(move.fromUserId)) {
        let name = folder.name;
        for (let n = 1; taken.has(comparable(name)); n++) {
          name = `${folder.name} (${move.formerMemberName}${n > 1 ? ` ${n}` : ""})`;
        }
        taken.add(comparable(name));
        if (name !== folder.name) {
          await tx.update(folders).set({ name, updatedAt: now }).where(eq(folders.id, folder.id));
        }
      }
      const handed = await tx
        .update(folders)
        .set({ createdBy: move.toUserId })
        .where(mine)
        .returning({ id: folders.id });
      if (handed.length > 0) {
        await tx
          .update(folderShares)
          .set({ createdBy: move.toUserId })
          .where(
            and(
              eq(folderShares.teamId, move.teamId),
              inArray(
                folderShares.folderId,
                handed.map((f) => f.id),
              ),
            ),
          );
      }
      return handed.length;
    },

    assertOrganisationAllowed,

    /** For calls that need a folder in Shared Folders. */
    notInShared: () =>
      badRequest("Please choose a folder in Shared Folders.", [
        { field: "folder_id", message: "Please choose a folder in Shared Folders." },
      ]),
  };
}
