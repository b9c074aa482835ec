import {
  type FolderType,
  type ListSection,
  ORGANISATION_DOCUMENTS,
  ORGANISATION_NOT_ALLOWED,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
} from "@precedent/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { forbidden, notFound } from "../../errors.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";
import type { FolderFacts } from "./policy.ts";
import { type FolderRow, folderShares, folders } from "./schema.ts";

// The scope of every folder read and write (the actor's firm, then what the actor can see), the
// facts the rules read from a folder and the firm's shares, and the SQL fragments other modules
// use to ask whether a folder is in Shared Folders. Plain functions: they hold no state.

type ShareRecord = { id: number; folderId: number; createdBy: number };
/** The firm's shares by folder id. */
export type Shares = Map<number, ShareRecord>;

export const folderNotFound = () => notFound("Folder not found.");

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

/** The firm's shared My Documents folders (the roots of shared trees), as an array subquery. */
const shareRootsSql = (teamId: number) =>
  sql`(select coalesce(array_agg(s.folder_id), '{}') from ${folderShares} s where s.team_id = ${teamId})::integer[]`;

/** A folder row `f` is in Shared Folders: created there, shared, or below a shared folder. */
const inSharedFoldersSql = (teamId: number) =>
  sql`(f.type = ${SHARED_FOLDER} or f.id = any(${shareRootsSql(teamId)}) or f.ancestor_ids && ${shareRootsSql(teamId)})`;

/** Ids of the firm's folders in Shared Folders, as a subquery: for lists over many documents. */
export function sharedFolderIdsSql(teamId: number): SQL {
  return sql`select f.id from ${folders} f where f.team_id = ${teamId} and ${inSharedFoldersSql(teamId)}`;
}

/**
 * Whether the folder named by `folderIdColumn` is in Shared Folders, checked row by row (a
 * primary-key lookup each): for a page of documents or the few a call names, where building the
 * set of every shared folder would cost more than the rows. A scalar subquery, not EXISTS, so the
 * planner cannot turn it back into that set.
 */
export function isInSharedFoldersSql(teamId: number, folderIdColumn: SQL | { getSQL(): SQL }): SQL {
  return sql`coalesce((select ${inSharedFoldersSql(teamId)} from ${folders} f where f.id = ${folderIdColumn}), false)`;
}

/** A folder's name by id, as a scalar subquery over `idColumn`. */
export const nameSql = (idColumn: SQL | { getSQL(): SQL }) =>
  sql<string | null>`(select f.name from ${folders} f where f.id = ${idColumn})`;

/**
 * The scope of every folder read and write: the actor's firm, then what the actor can see —
 * their own My Documents folders, everything in Shared Folders, and (owner, manager) every
 * member's My Documents folders.
 */
export function visibleFolders(ctx: FirmContext): SQL {
  const inFirm = eq(folders.teamId, ctx.teamId);
  if (isOwnerOrManager(ctx)) return inFirm;
  return sql`${inFirm} and (${folders.type} = ${SHARED_FOLDER} or ${folders.createdBy} = ${ctx.userId} or ${folders.id} = any(${shareRootsSql(ctx.teamId)}) or ${folders.ancestorIds} && ${shareRootsSql(ctx.teamId)})`;
}

export async function sharesOf(tx: Database, teamId: number): Promise<Shares> {
  const rows = await tx
    .select({ id: folderShares.id, folderId: folderShares.folderId, createdBy: folderShares.createdBy })
    .from(folderShares)
    .where(eq(folderShares.teamId, teamId));
  return new Map(rows.map((r) => [r.folderId, r]));
}

/** One visible folder with its facts, optionally locked for the rest of the transaction; else 404. */
export async function requireVisible(tx: Database, ctx: FirmContext, id: number, lock = false) {
  const query = tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), visibleFolders(ctx)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw folderNotFound();
  const facts = folderFacts(row, await sharesOf(tx, ctx.teamId));
  return { row, facts };
}

/**
 * Holds a folder's key for the rest of the transaction (FOR KEY SHARE, the lock a document's
 * foreign key takes when it is written into the folder), for a command that will put a document
 * there after locking documents: taken first, it keeps the order every command locks in, folders
 * before their documents, where taking it at the insert would wait for a move or a share into the
 * folder while holding a document that move is waiting for. It cannot be deleted meanwhile; the
 * commands that lock it for update (a rename, a move or a share into it) wait for this one.
 */
export async function holdKey(tx: Database, teamId: number, id: number): Promise<void> {
  await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.teamId, teamId)))
    .for("key share");
}

export function assertOrganisationAllowed(ctx: FirmContext, section: ListSection) {
  if (section === ORGANISATION_DOCUMENTS && !isOwnerOrManager(ctx)) throw forbidden(ORGANISATION_NOT_ALLOWED);
}

/** Rows of `subtreeOf` and everything below it. */
export async function subtree(tx: Database, teamId: number, rootId: number) {
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

/** The folder's name where `ctx` may see the folder, else null (see `visibleFolders`). */
export const visibleNameSql = (ctx: FirmContext, idColumn: SQL | { getSQL(): SQL }) =>
  sql<
    string | null
  >`(select ${folders.name} from ${folders} where ${folders.id} = ${idColumn} and ${visibleFolders(ctx)})`;
