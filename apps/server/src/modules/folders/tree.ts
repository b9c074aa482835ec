import {
  type Folder,
  type FolderNode,
  type ListSection,
  type MoveTarget,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { forbidden } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import {
  allowedInSomeTab,
  canMoveFolder,
  FOLDER_REFUSALS,
  type FolderFacts,
  folderAbilities,
  maxAncestorsFor,
} from "./policy.ts";
import { type FolderRow, folders } from "./schema.ts";
import {
  assertOrganisationAllowed,
  folderFacts,
  isSharedLocation,
  requireVisible,
  type Shares,
  sharesOf,
} from "./scope.ts";

// Folders as the actor sees them: one folder with its abilities from the tab where they act on
// it, a tab's whole tree, and the places a folder may be moved to.

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

export function createFolderTree(deps: { db: Database; users: Pick<UsersService, "summaries"> }) {
  const { db, users } = deps;

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

  return {
    present,

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
  };
}
