import type { DocumentListQuery, DocumentType, ListSection, StatusCountsQuery } from "@precedent/contracts";
import { MY_DOCUMENTS, ORGANISATION_DOCUMENTS, SHARED_FOLDERS } from "@precedent/contracts";
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { SEARCH_SORT_MATCHES_LIMIT } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";
import { productIdOfTemplateSql, productsInCategoriesSql } from "../catalogue/index.ts";
import { type FoldersService, isSharedLocation } from "../folders/index.ts";
import type { DocumentLogAccess, DocumentNames } from "../logs/index.ts";
import { newerPublishedVersionSql } from "../templates/index.ts";
import { factsOf, statusName } from "./facts.ts";
import { documentCounts, documentShares, documents } from "./schema.ts";

export const documentNotFound = (id?: number) =>
  notFound(id === undefined ? "Document not found." : `Doc ID ${id} was not found.`);
/** `%`, `_` and `\` typed by a user are literal characters in a name search. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const MAX_INT = 2_147_483_647;

export type DocumentQueries = ReturnType<typeof createDocumentQueries>;
/** A document as read for a row, its abilities or a change: `selectDocuments`' columns. */
export type LoadedDocument = Awaited<ReturnType<DocumentQueries["selectDocuments"]>>[number];

/**
 * The documents module's reads: who sees what (the scope of every read and write), the list's
 * filters, order and counts, and the documents a change locks. Rows are shaped by the presenter.
 */
export function createDocumentQueries(deps: { db: Database; folders: FoldersService }) {
  const { db, folders } = deps;
  // Written out in full: Drizzle leaves a column unqualified in a select list, and inside a
  // subquery an unqualified name could be taken for a column of the subquery's own table.
  const documentId = sql.raw('"documents"."id"');
  const documentFolderId = sql.raw('"documents"."folder_id"');

  /**
   * Documents in Shared Folders (added to a shared folder, or sitting in one) as a set: for the
   * Shared Folders list, which reads many documents.
   */
  function sharedDocumentsSql(teamId: number): SQL {
    return sql`${documents.id} in (select ds.doc_id from ${documentShares} ds where ds.team_id = ${teamId} union all select d2.id from ${documents} d2 where d2.team_id = ${teamId} and d2.folder_id in (${folders.sharedFolderIdsSql(teamId)}))`;
  }

  /** The same rule row by row (index lookups): for a page of documents or the few a call names. */
  const isSharedDocumentSql = (teamId: number) =>
    sql`(exists (select 1 from ${documentShares} ds where ds.doc_id = ${documentId}) or ${folders.isInSharedFoldersSql(teamId, documentFolderId)})`;

  /**
   * The scope of every document read and write: the actor's firm, then what the actor can see —
   * their own documents, documents in Shared Folders, and (owner, manager) every member's documents.
   */
  function visibleDocuments(ctx: FirmContext): SQL {
    const inFirm = eq(documents.teamId, ctx.teamId);
    if (isOwnerOrManager(ctx)) return inFirm;
    return sql`${inFirm} and (${documents.createdBy} = ${ctx.userId} or ${isSharedDocumentSql(ctx.teamId)})`;
  }

  /** The documents listed in one tab (before filters). Organisation Documents needs owner or manager. */
  function documentsInSection(ctx: FirmContext, section: ListSection): SQL {
    folders.assertOrganisationAllowed(ctx, section);
    const inFirm = eq(documents.teamId, ctx.teamId);
    if (section === MY_DOCUMENTS) return and(inFirm, eq(documents.createdBy, ctx.userId)) as SQL;
    if (section === SHARED_FOLDERS) return and(inFirm, sharedDocumentsSql(ctx.teamId)) as SQL;
    return inFirm;
  }

  /** Every column a row or its abilities need, in one query. */
  const rowColumns = {
    id: documents.id,
    teamId: documents.teamId,
    type: documents.type,
    name: documents.name,
    folderId: documents.folderId,
    status: documents.status,
    // Documents linked to a template by its identifier only (as the demo's are) still name their
    // catalogue product, so the row's `template` is not left empty.
    templateId: sql<
      number | null
    >`coalesce(${documents.templateId}, ${productIdOfTemplateSql(documents.xTemplateId)})`,
    templateName: documents.templateName,
    xTemplateId: documents.xTemplateId,
    templateVersion: documents.templateVersion,
    // Every firm's lists move when a version is published (migration 0062), so kept lists show it.
    newerTemplateVersion: newerPublishedVersionSql(documents.xTemplateId, documents.templateVersion),
    isRelaunch: documents.isRelaunch,
    allowDownloadPdf: documents.allowDownloadPdf,
    allowDownloadWord: documents.allowDownloadWord,
    allowSign: documents.allowSign,
    createdBy: documents.createdBy,
    updatedBy: documents.updatedBy,
    createdAt: documents.createdAt,
    updatedAt: documents.updatedAt,
    shareCreators: sql<
      number[]
    >`array(select ds.created_by from ${documentShares} ds where ds.doc_id = ${documentId})`,
  };
  const columnsFor = (ctx: FirmContext) => ({
    ...rowColumns,
    // Null when the reader may not see the folder: a document added to Shared Folders from its
    // creator's private folder must not show that folder's name to the rest of the firm.
    folderName: folders.visibleNameSql(ctx, documentFolderId),
    homedInSharedFolder: sql<boolean>`${folders.isInSharedFoldersSql(ctx.teamId, documentFolderId)}`,
  });
  const selectDocuments = (tx: Database, ctx: FirmContext) => tx.select(columnsFor(ctx)).from(documents);
  type LoadedDocument = Awaited<ReturnType<typeof selectDocuments>>[number];

  /** Visible documents by id, locked for the transaction; 404 naming the first id not found. */
  async function lockVisible(tx: Database, ctx: FirmContext, ids: number[]): Promise<LoadedDocument[]> {
    const unique = [...new Set(ids)];
    const rows = await selectDocuments(tx, ctx)
      .where(and(inArray(documents.id, unique), visibleDocuments(ctx)))
      .orderBy(asc(documents.id))
      .for("update", { of: documents });
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw documentNotFound(missing);
    return rows;
  }

  /**
   * A visible document locked for the transaction, after its folder's key is held (see
   * `holdKey`), for a command that writes a new document beside it: folders before documents.
   * A move between the first read and the lock sends it round again for the new folder.
   */
  async function lockWithItsFolder(tx: Database, ctx: FirmContext, docId: number): Promise<LoadedDocument> {
    for (let round = 0; ; round++) {
      const [seen] = await tx
        .select({ folderId: documents.folderId })
        .from(documents)
        .where(and(eq(documents.id, docId), eq(documents.teamId, ctx.teamId)));
      if (!seen) throw documentNotFound(docId);
      if (seen.folderId !== null) await folders.holdKey(tx, ctx.teamId, seen.folderId);
      const [doc] = await lockVisible(tx, ctx, [docId]);
      if (!doc) throw documentNotFound(docId);
      // A third move within one copy is a client racing itself: it takes the chance of a deadlock.
      if (doc.folderId === seen.folderId || round === 2) return doc;
    }
  }

  /**
   * Documents made from a template (a catalogue product: `template_id` is the product's id) in
   * one of these categories or below them; documents without a template never match.
   */
  function inTemplateCategoriesSql(categoryIds: number[]): SQL {
    return sql`${documents.templateId} in ${productsInCategoriesSql(categoryIds)}`;
  }

  /** The filters of a list or of its status counts. */
  async function listConditions(ctx: FirmContext, query: StatusCountsQuery): Promise<SQL[]> {
    const conditions = [documentsInSection(ctx, query.type)];
    if (query.folder_id !== undefined) {
      const { facts } = await folders.requireVisible(db, ctx, query.folder_id);
      if (query.type === SHARED_FOLDERS) {
        if (!isSharedLocation(facts)) throw folders.notInShared();
        conditions.push(
          sql`(${documents.folderId} = ${query.folder_id} or ${documents.id} in (select ds.doc_id from ${documentShares} ds where ds.folder_id = ${query.folder_id}))`,
        );
      } else {
        conditions.push(eq(documents.folderId, query.folder_id));
      }
    }
    if (query.user_ids) conditions.push(inArray(documents.createdBy, query.user_ids));
    if (query.category) conditions.push(inTemplateCategoriesSql(query.category));
    if (query.template) conditions.push(eq(documents.xTemplateId, query.template));
    const client = query.client?.trim();
    if (client) {
      // The stored first party's name (kept by the interview on save), any part, any case.
      conditions.push(sql`lower(${documents.clientName}) like lower(${`%${escapeLike(client)}%`})`);
    }
    const search = query.name?.trim();
    if (search) {
      // Case-insensitive, as ILIKE over the name would be, on the lowered copy (see `nameLower`).
      const byName = sql`${documents.nameLower} like lower(${`%${escapeLike(search)}%`})`;
      const asId = /^\d{1,10}$/.test(search) ? Number(search) : Number.NaN;
      conditions.push(asId > 0 && asId <= MAX_INT ? sql`(${byName} or ${documents.id} = ${asId})` : byName);
    }
    return conditions;
  }

  function orderFor(query: Pick<DocumentListQuery, "sort" | "order">): SQL[] {
    const direction = query.order === "asc" ? asc : desc;
    const column =
      query.sort === "name"
        ? sql`lower(${documents.name})`
        : query.sort === "updated_at"
          ? documents.updatedAt
          : documents.createdAt;
    // The id breaks ties, so paging never repeats or skips a row.
    return [direction(column), direction(documents.id)];
  }

  /**
   * Unsearched lists of My Documents and Organisation Documents count from `document_counts`
   * (kept by triggers) rather than counting the rows; null when the counters cannot answer
   * (a search, or Shared Folders, whose documents are reached through links).
   */
  function counterConditions(ctx: FirmContext, query: StatusCountsQuery): SQL[] | null {
    if (query.name?.trim() || query.category || query.template || query.client?.trim()) return null;
    if (query.type === SHARED_FOLDERS) return null;
    const conditions: SQL[] = [eq(documentCounts.teamId, ctx.teamId)];
    if (query.type === MY_DOCUMENTS) conditions.push(eq(documentCounts.createdBy, ctx.userId));
    if (query.folder_id !== undefined) conditions.push(eq(documentCounts.folderKey, query.folder_id));
    if (query.user_ids) conditions.push(inArray(documentCounts.createdBy, query.user_ids));
    return conditions;
  }

  /** One page of a list, as loaded documents, and how many match. */
  async function listPage(ctx: FirmContext, query: DocumentListQuery) {
    const conditions = await listConditions(ctx, query);
    const counters = counterConditions(ctx, query);
    if (query.status !== undefined) {
      conditions.push(eq(documents.status, query.status));
      counters?.push(eq(documentCounts.status, query.status));
    }
    const where = and(...conditions);
    const countQuery = counters
      ? db
          .select({ n: sql<number>`coalesce(sum(${documentCounts.n}), 0)::int` })
          .from(documentCounts)
          .where(and(...counters))
      : db.select({ n: sql<number>`count(*)::int` }).from(documents).where(where);
    const page = (rowsWhere: SQL | undefined) =>
      selectDocuments(db, ctx)
        .where(rowsWhere)
        .orderBy(...orderFor(query))
        .limit(query.length)
        .offset((query.page - 1) * query.length);

    let total: number;
    let rows: LoadedDocument[];
    if (query.name?.trim()) {
      // The count decides the plan: few matches are fetched through the trigram index and sorted;
      // many are found quickly by walking the sort order's index (see SEARCH_SORT_MATCHES_LIMIT).
      total = (await countQuery)[0]?.n ?? 0;
      const matches = db.select({ id: documents.id }).from(documents).where(where);
      rows = await page(
        total <= SEARCH_SORT_MATCHES_LIMIT ? sql`${documents.id} = any(array(${matches}))` : where,
      );
    } else {
      const [pageRows, [counted]] = await Promise.all([page(where), countQuery]);
      rows = pageRows;
      total = counted?.n ?? 0;
    }
    return { rows, total };
  }

  /** Shared folders holding these documents by link, with names, for change-log entries. */
  async function sharedFolderNames(tx: Database, docIds: number[]) {
    const byDoc = new Map<number, { folderId: number; name: string; createdBy: number }[]>();
    if (docIds.length === 0) return byDoc;
    const rows = await tx
      .select({
        docId: documentShares.docId,
        folderId: documentShares.folderId,
        createdBy: documentShares.createdBy,
        name: folders.nameSql(sql.raw('"document_shares"."folder_id"')),
      })
      .from(documentShares)
      .where(inArray(documentShares.docId, docIds))
      .orderBy(asc(documentShares.createdAt), asc(documentShares.folderId));
    for (const row of rows) {
      const list = byDoc.get(row.docId) ?? [];
      list.push({ folderId: row.folderId, name: row.name ?? "", createdBy: row.createdBy });
      byDoc.set(row.docId, list);
    }
    return byDoc;
  }

  /** For the folders module: documents sitting in or added to these folders (is a folder empty). */
  async function countDocumentsIn(tx: Database, teamId: number, folderIds: number[]) {
    const [homed] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(eq(documents.teamId, teamId), inArray(documents.folderId, folderIds)));
    const [added] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(documentShares)
      .where(inArray(documentShares.folderId, folderIds));
    return (homed?.n ?? 0) + (added?.n ?? 0);
  }

  const documentAccess: DocumentLogAccess = async (ctx, docId) => {
    const [visible] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, docId), visibleDocuments(ctx)));
    if (visible) return "visible";
    const [inFirm] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, docId), eq(documents.teamId, ctx.teamId)));
    return inFirm ? "hidden" : "absent";
  };

  /** The names of those of `docIds` the actor can see (logs name a document only to who may see it). */
  const visibleDocumentNames: DocumentNames = async (ctx, docIds) => {
    const unique = [...new Set(docIds)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .where(and(inArray(documents.id, unique), visibleDocuments(ctx)));
    return new Map(rows.map((row) => [row.id, row.name]));
  };

  /**
   * For the interview module, inside its transaction: the document if the actor can see it (locked
   * when `lock`), with its answers, the flags the interview view shows (no list reads them) and the
   * facts the policy reads; undefined when not visible.
   */
  async function loadForChange(tx: Database, ctx: FirmContext, id: number, lock: boolean) {
    const query = tx
      .select({
        ...columnsFor(ctx),
        xml: documents.xml,
        isInterviewAi: documents.isInterviewAi,
        isSfAction: documents.isSfAction,
      })
      .from(documents)
      .where(and(eq(documents.id, id), visibleDocuments(ctx)));
    const [doc] = lock ? await query.for("update", { of: documents }) : await query;
    return doc ? { doc, facts: factsOf(doc) } : undefined;
  }

  /** GET /doc/get-status: documents per status under the list's filters. */
  async function statusCounts(ctx: FirmContext, query: StatusCountsQuery) {
    const conditions = await listConditions(ctx, query);
    const counters = counterConditions(ctx, query);
    const counted = counters
      ? await db
          .select({ status: documentCounts.status, n: sql<number>`sum(${documentCounts.n})::int` })
          .from(documentCounts)
          .where(and(...counters))
          .groupBy(documentCounts.status)
      : await db
          .select({ status: documents.status, n: sql<number>`count(*)::int` })
          .from(documents)
          .where(and(...conditions))
          .groupBy(documents.status);
    const byStatus = new Map(counted.map((c) => [c.status, c.n]));
    const statuses = [1, 2, 3, 4, 5] as const;
    return {
      rows: statuses.map((status) => ({
        status,
        status_name: statusName(status),
        total: byStatus.get(status) ?? 0,
      })),
      total_record: counted.reduce((sum, c) => sum + c.n, 0),
    };
  }

  /**
   * The documents the actor can see whose name is exactly `name` (any case), with the tabs each is
   * listed in for them: how a list address's `docName` finds its document in whichever tab holds it.
   * The tabs follow `documentsInSection`: their own (My Documents), a shared folder's (Shared
   * Folders), and for owners and managers every one (Organisation Documents).
   */
  async function documentsNamed(ctx: FirmContext, name: string, limit: number) {
    const rows = await db
      .select({
        id: documents.id,
        name: documents.name,
        mine: sql<boolean>`${documents.createdBy} = ${ctx.userId}`,
        shared: sql<boolean>`${isSharedDocumentSql(ctx.teamId)}`,
      })
      .from(documents)
      .where(and(visibleDocuments(ctx), sql`${documents.nameLower} = lower(${name.trim()})`))
      .orderBy(asc(documents.id))
      .limit(limit);
    const organisation = isOwnerOrManager(ctx);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      sections: [
        ...(row.mine ? [MY_DOCUMENTS] : []),
        ...(row.shared ? [SHARED_FOLDERS] : []),
        ...(organisation ? [ORGANISATION_DOCUMENTS] : []),
      ] as ListSection[],
    }));
  }

  return {
    documentsNamed,
    visibleDocuments,
    selectDocuments,
    columnsFor,
    lockVisible,
    lockWithItsFolder,
    listPage,
    sharedFolderNames,
    countDocumentsIn,
    documentAccess,
    visibleDocumentNames,
    loadForChange,
    statusCounts,
  };
}

/*
 * Documents as other modules read them, so they read no documents table themselves: query
 * fragments to place inside the caller's statement (a list stays one statement), and reads in the
 * caller's connection or transaction.
 */

/**
 * A document's answers (its `xml`) by id, as a scalar subquery; null when there is no such
 * document. With `teamId`, only that firm's document (the firm tables are distributed by firm).
 * Name the caller's columns with their table (`"asic_applications"."doc_id"`, through
 * `sql.identifier`): a statement on one table leaves its columns unqualified, and inside this
 * subquery an unqualified `team_id` would be the document's own.
 */
export function documentAnswersSql(of: {
  docId: SQLWrapper;
  teamId?: SQLWrapper;
}): SQL<Record<string, unknown> | null> {
  const sameFirm = of.teamId ? sql` and d.team_id = ${of.teamId}` : sql``;
  const answers = sql`(select d.xml from ${documents} d where d.id = ${of.docId}${sameFirm})`;
  // Decoded as the column is, so the caller gets the answers as a select of `documents.xml` would.
  return answers.mapWith(documents.xml) as SQL<Record<string, unknown> | null>;
}

/**
 * These documents' type, template identifier and the named answers (as text, null when not
 * answered): what the next steps after completion are derived from, without reading whole answers.
 */
export async function documentTemplateFacts(
  db: Database,
  teamId: number,
  docIds: number[],
  answerIds: string[],
) {
  const rows = await db
    .select({
      id: documents.id,
      type: documents.type,
      templateIdentifier: documents.xTemplateId,
      answers: sql<(string | null)[]>`array[${sql.join(
        answerIds.map((id) => sql`${documents.xml} ->> ${id}`),
        sql`, `,
      )}]::text[]`,
    })
    .from(documents)
    .where(and(eq(documents.teamId, teamId), inArray(documents.id, docIds)));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    templateIdentifier: row.templateIdentifier,
    answers: Object.fromEntries(answerIds.map((id, index) => [id, row.answers[index] ?? null])),
  }));
}

/** Which of these documents of the firm `teamId` are of this type (e.g. the ASIC list columns'). */
export async function documentIdsOfType(
  db: Database,
  teamId: number,
  docIds: number[],
  type: DocumentType,
): Promise<number[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.teamId, teamId), inArray(documents.id, docIds), eq(documents.type, type)));
  return rows.map((row) => row.id);
}

/**
 * A firm's document's name by id (a signing page, an audit certificate, an SMS), or undefined when
 * it is gone. The firm is named even where the id alone would do: the firm tables are distributed
 * by firm, and no read crosses firms.
 */
export async function documentNameById(
  tx: Database,
  teamId: number,
  docId: number,
): Promise<string | undefined> {
  const [doc] = await tx
    .select({ name: documents.name })
    .from(documents)
    .where(and(eq(documents.teamId, teamId), eq(documents.id, docId)));
  return doc?.name;
}
