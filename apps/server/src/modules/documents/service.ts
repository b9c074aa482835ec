import {
  COPY_NAME_EXISTS,
  type CompanyUser,
  type CreateDraftRequest,
  DOCUMENT_NAME_DUPLICATED,
  DOCUMENT_STATUSES,
  type DocumentDetail,
  type DocumentListQuery,
  type DocumentRow,
  type DocumentStatus,
  type DocumentType,
  type ListSection,
  type LogChange,
  MY_DOCUMENTS,
  PERSONAL_FOLDER,
  SHARED_FOLDERS,
  type StatusCountsQuery,
} from "@precedent/contracts";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { LITE_PLAN_SLUG, SEARCH_SORT_MATCHES_LIMIT, UNTITLED_DOCUMENT_NAME } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Actor, Clock } from "../../platform/kernel/index.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";
import { productCategories, productCategoryLinks, products } from "../catalogue/index.ts";
import { type FolderContents, type FoldersService, isSharedLocation } from "../folders/index.ts";
import type { ChangeLogInput, DocumentLogAccess, LogsService } from "../logs/index.ts";
import type { TeamsService } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import {
  allowedInSomeTab,
  canChangeDocumentStatus,
  canCopyDocument,
  canDeleteDocument,
  canMoveDocument,
  canRenameDocument,
  canShareDocument,
  canUnshareDocumentFrom,
  DOCUMENT_REFUSALS,
  type DocumentFacts,
  documentAbilities,
  documentAppearsIn,
  homeSection,
  manualStatusRefusal,
} from "./policy.ts";
import { documentCounts, documentShares, documents } from "./schema.ts";

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** A draft to create: the request, plus the template identifier when started from the catalogue. */
export type DraftInput = CreateDraftRequest & { x_template_id?: string };

/**
 * The assembled files listed on documents (documents spec §3 `files`), owned by the interview
 * module: read for a page of documents at once, only those their status and flags let be downloaded.
 */
export type DocumentFilesReader = (
  docs: { id: number; status: DocumentStatus; allowDownloadPdf: boolean; allowDownloadWord: boolean }[],
) => Promise<Map<number, { id: number; name: string; kind: "pdf" | "word" }[]>>;

/** A change the interview makes to a document, in its own transaction (see `applyChange`). */
export type DocumentChange = {
  xml?: Record<string, unknown>;
  status?: DocumentStatus;
  isRelaunch?: boolean;
  /** The document start attaching a template to a blank draft (orders/start.ts). */
  name?: string;
  templateId?: number;
  templateName?: string;
  xTemplateId?: string;
  /** The first party's name in the answers (the list's client filter). */
  clientName?: string | null;
};

const documentNotFound = (id?: number) =>
  notFound(id === undefined ? "Document not found." : `Doc ID ${id} was not found.`);
const statusName = (status: DocumentStatus) => DOCUMENT_STATUSES[status];
/** `%`, `_` and `\` typed by a user are literal characters in a name search. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const MAX_INT = 2_147_483_647;

export function createDocumentsService(deps: {
  db: Database;
  clock: Clock;
  folders: FoldersService;
  logs: LogsService;
  users: UsersService;
  teams: TeamsService;
  /** Late-bound: the interview module, which owns the files, is built after this one. */
  files?: () => DocumentFilesReader;
}) {
  const { db, clock, folders, logs, users } = deps;
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
    >`coalesce(${documents.templateId}, (select p.id from ${products} p where p.template_identifier = ${documents.xTemplateId}))`,
    templateName: documents.templateName,
    xTemplateId: documents.xTemplateId,
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

  const factsOf = (doc: LoadedDocument, files?: { kind: "pdf" | "word" }[]): DocumentFacts => ({
    createdBy: doc.createdBy,
    status: doc.status,
    isShared: doc.shareCreators.length > 0 || doc.homedInSharedFolder,
    allowSign: doc.allowSign,
    allowDownloadPdf: doc.allowDownloadPdf,
    allowDownloadWord: doc.allowDownloadWord,
    shareCreators: doc.shareCreators,
    hasTemplate: doc.xTemplateId !== null,
    assembledFiles: (files ?? []).map((file) => file.kind),
  });

  async function toRows(ctx: FirmContext, docs: LoadedDocument[], section: ListSection | undefined) {
    const names = await users.summaries([...new Set(docs.flatMap((d) => [d.createdBy, d.updatedBy]))]);
    const files = docs.length > 0 && deps.files ? await deps.files()(docs) : new Map();
    return docs.map((doc): DocumentRow => {
      const docFiles: { id: number; name: string; kind: "pdf" | "word" }[] = files.get(doc.id) ?? [];
      const facts = factsOf(doc, docFiles);
      const tab =
        section !== undefined && documentAppearsIn(ctx, facts, section) ? section : homeSection(ctx, facts);
      return {
        id: doc.id,
        type: doc.type,
        name: doc.name,
        folder:
          doc.folderId !== null && doc.folderName !== null
            ? { id: doc.folderId, name: doc.folderName }
            : null,
        status: doc.status,
        status_name: statusName(doc.status),
        template: doc.templateId !== null ? { id: doc.templateId, name: doc.templateName ?? "" } : null,
        template_id: doc.templateId,
        x_template_id: doc.xTemplateId,
        is_asic_document: doc.type === "ASIC" ? "1" : "0",
        is_share: facts.isShared ? "1" : "0",
        created_at: doc.createdAt.toISOString(),
        updated_at: doc.updatedAt.toISOString(),
        created_by: doc.createdBy,
        created_by_user: { ID: doc.createdBy, display_name: names.get(doc.createdBy)?.name ?? "" },
        updated_by_user: { display_name: names.get(doc.updatedBy)?.name ?? "" },
        is_relaunch: doc.isRelaunch,
        files: docFiles.map(({ id, name }) => ({ id, name })),
        allow_download_pdf: doc.allowDownloadPdf,
        allow_download_word: doc.allowDownloadWord,
        is_allow_sign: doc.allowSign ? "yes" : "no",
        is_cas360: doc.type === "CAS 360",
        is_simple_fund: doc.type === "Simple Fund 360",
        abilities: documentAbilities(ctx, facts, tab),
      };
    });
  }

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
   * Documents made from a template (a catalogue product: `template_id` is the product's id) in
   * one of these categories or below them; documents without a template never match.
   */
  function inTemplateCategoriesSql(categoryIds: number[]): SQL {
    const wanted = sql.join(
      categoryIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return sql`${documents.templateId} in (with recursive tree(id) as (select c.id from ${productCategories} c where c.id in (${wanted}) union select c.id from ${productCategories} c join tree on c.parent_id = tree.id) select l.product_id from ${productCategoryLinks} l join tree on l.category_id = tree.id)`;
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

  async function list(ctx: FirmContext, query: DocumentListQuery) {
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
    return {
      rows: await toRows(ctx, rows, query.type),
      page: query.page,
      total_page: Math.ceil(total / query.length),
      total_record: total,
    };
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

  const logEntry = (
    ctx: FirmContext,
    doc: { id: number; type: DocumentType },
    changes: ChangeLogInput["changes"],
  ): ChangeLogInput => ({
    teamId: ctx.teamId,
    docId: doc.id,
    docType: doc.type,
    userId: ctx.userId,
    changes,
  });

  async function rowOf(tx: Database, ctx: FirmContext, id: number, section?: ListSection) {
    const rows = await selectDocuments(tx, ctx).where(and(eq(documents.id, id), visibleDocuments(ctx)));
    const [row] = await toRows(ctx, rows, section);
    if (!row) throw documentNotFound();
    return row;
  }

  /** Ports the folders module calls, inside its transactions. */
  const folderContents: FolderContents = {
    async countDocumentsIn(tx, teamId, folderIds) {
      const [homed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(and(eq(documents.teamId, teamId), inArray(documents.folderId, folderIds)));
      const [added] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(documentShares)
        .where(inArray(documentShares.folderId, folderIds));
      return (homed?.n ?? 0) + (added?.n ?? 0);
    },

    async removeSharedLinksIn(tx, ctx, folderIds) {
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
    },
  };

  /** A draft with its change-log entry (POST /doc/draft and the catalogue's document start). */
  async function insertDraft(tx: Database, ctx: FirmContext, input: DraftInput): Promise<number> {
    let homeFolderId: number | null = null;
    let sharedFolder: { id: number; name: string } | null = null;
    if (input.folder_id != null) {
      const { row, facts } = await folders.requireVisible(tx, ctx, input.folder_id, true);
      if (facts.type === PERSONAL_FOLDER && row.createdBy === ctx.userId) {
        homeFolderId = row.id;
      } else if (isSharedLocation(facts)) {
        if (ctx.planSlug === LITE_PLAN_SLUG) throw forbidden(DOCUMENT_REFUSALS.lite);
        sharedFolder = { id: row.id, name: row.name };
      } else {
        throw badRequest("Please select a folder of your My Documents or of Shared Folders.", [
          { field: "folder_id", message: "Please select folder!" },
        ]);
      }
    }
    const name = input.name ?? (input.template_name || UNTITLED_DOCUMENT_NAME);
    const now = clock();
    const [doc] = await tx
      .insert(documents)
      .values({
        teamId: ctx.teamId,
        type: input.doc_type ?? (input.is_asic_document === 1 ? "ASIC" : "DOC"),
        name,
        folderId: homeFolderId,
        status: 1,
        templateId: input.template_id ?? null,
        templateName: input.template_name || null,
        xTemplateId: input.x_template_id ?? null,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documents.id, type: documents.type });
    if (!doc) throw new Error("document not created");
    const changes: ChangeLogInput["changes"] = { created: { from: null, to: name } };
    if (sharedFolder) {
      await tx.insert(documentShares).values({
        docId: doc.id,
        folderId: sharedFolder.id,
        teamId: ctx.teamId,
        createdBy: ctx.userId,
        createdAt: now,
      });
      changes.shared_folders = { from: [], to: [sharedFolder.name] };
    }
    await logs.record(tx, [logEntry(ctx, doc, changes)]);
    return doc.id;
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

  /** GET /doc/{id}. */
  async function get(ctx: FirmContext, id: number, section?: ListSection): Promise<DocumentDetail> {
    const [doc] = await db
      .select({ ...columnsFor(ctx), xml: documents.xml })
      .from(documents)
      .where(and(eq(documents.id, id), visibleDocuments(ctx)));
    if (!doc) throw documentNotFound();
    const [row] = await toRows(ctx, [doc], section);
    if (!row) throw documentNotFound();
    const facts = factsOf(doc);
    const links = (await sharedFolderNames(db, [id])).get(id) ?? [];
    // A document sitting in a folder of Shared Folders is shared there too, as the Shared Folders
    // tab lists it; it leaves that folder by being moved, not from this list.
    const homeFolder =
      doc.homedInSharedFolder && doc.folderId !== null && !links.some((l) => l.folderId === doc.folderId)
        ? [{ id: doc.folderId, name: doc.folderName ?? "", can_remove: false, sits_in: true }]
        : [];
    return {
      ...row,
      xml: doc.xml,
      shared_folders: [
        ...homeFolder,
        ...links.map((link) => ({
          id: link.folderId,
          name: link.name,
          can_remove: allowedInSomeTab(
            (viewer, d, tab) => canUnshareDocumentFrom(viewer, d, tab, link),
            ctx,
            facts,
          ),
        })),
      ],
    };
  }

  /**
   * Documents named by a bulk call, as rows with their abilities and files; 404 naming the first
   * id the actor cannot see (another firm's ids included), so nothing is done for any of them.
   */
  async function visibleRows(ctx: FirmContext, ids: number[]): Promise<DocumentRow[]> {
    const unique = [...new Set(ids)];
    const docs = await selectDocuments(db, ctx)
      .where(and(inArray(documents.id, unique), visibleDocuments(ctx)))
      .orderBy(asc(documents.id));
    const found = new Set(docs.map((d) => d.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw documentNotFound(missing);
    const rows = await toRows(ctx, docs, undefined);
    // In the order asked for, which is the order of the files in a zip.
    return unique.flatMap((id) => rows.filter((row) => row.id === id));
  }

  /**
   * For the interview module, inside its transaction: the document if the actor can see it (locked
   * when `lock`), with its answers and the facts the policy reads; undefined when not visible.
   */
  async function loadForChange(tx: Database, ctx: FirmContext, id: number, lock: boolean) {
    const query = tx
      .select({ ...columnsFor(ctx), xml: documents.xml })
      .from(documents)
      .where(and(eq(documents.id, id), visibleDocuments(ctx)));
    const [doc] = lock ? await query.for("update", { of: documents }) : await query;
    return doc ? { doc, facts: factsOf(doc) } : undefined;
  }

  /**
   * Writes the interview's change (answers, status, relaunch flag) in the caller's transaction;
   * a status change is logged there too, with any further `changes` for the log.
   */
  async function applyChange(
    tx: Database,
    ctx: FirmContext,
    doc: { id: number; type: DocumentType; status: DocumentStatus },
    change: DocumentChange,
    changes: ChangeLogInput["changes"] = {},
  ) {
    await tx
      .update(documents)
      .set({ ...change, updatedBy: ctx.userId, updatedAt: clock() })
      .where(eq(documents.id, doc.id));
    const logged = { ...changes };
    if (change.status !== undefined && change.status !== doc.status) {
      logged.status = { from: statusName(doc.status), to: statusName(change.status) };
    }
    await logs.record(tx, [logEntry(ctx, doc, logged)]);
  }

  return {
    visibleDocuments,
    visibleRows,
    get,
    loadForChange,
    applyChange,
    folderContents,
    documentAccess,
    list,

    /** GET /doc/get-status: documents per status under the list's filters. */
    async statusCounts(ctx: FirmContext, query: StatusCountsQuery) {
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
    },

    /** GET /doc/list-shared-document/{id}: the documents in one shared folder. */
    async listSharedDocuments(ctx: FirmContext, folderId: number, page: number, length: number) {
      return list(ctx, {
        id_team: ctx.teamId,
        type: SHARED_FOLDERS,
        folder_id: folderId,
        page,
        length,
        sort: "name",
        order: "asc",
      });
    },

    /** POST /doc/draft: a new draft in My Documents, or added to a chosen shared folder. */
    async createDraft(ctx: FirmContext, input: CreateDraftRequest): Promise<DocumentDetail> {
      const id = await db.transaction((tx) => insertDraft(tx, ctx, input));
      return get(ctx, id);
    },

    /**
     * The same inside the caller's transaction, returning the new id: the catalogue's document
     * start consumes an order or a plan use and creates the document in one commit.
     */
    createDraftIn: (tx: Database, ctx: FirmContext, input: DraftInput) => insertDraft(tx, ctx, input),

    /** DELETE /doc: all or none; a deleted document leaves every shared folder. */
    async deleteMany(ctx: FirmContext, section: ListSection, ids: number[]) {
      return db.transaction(async (tx) => {
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!canDeleteDocument(ctx, factsOf(doc), section))
            throw forbidden(DOCUMENT_REFUSALS.delete(doc.id));
        }
        const docIds = docs.map((d) => d.id);
        await tx.delete(documents).where(inArray(documents.id, docIds));
        await logs.record(
          tx,
          docs.map((doc) => logEntry(ctx, doc, { deleted: { from: doc.name, to: null } })),
        );
        return docIds;
      });
    },

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

    /** PUT /doc/rename/{id}. */
    async rename(ctx: FirmContext, id: number, newName: string) {
      await db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [id]);
        if (!doc) throw documentNotFound(id);
        if (!allowedInSomeTab(canRenameDocument, ctx, factsOf(doc)))
          throw forbidden(DOCUMENT_REFUSALS.rename(id));
        if (newName === doc.name) {
          throw badRequest(DOCUMENT_NAME_DUPLICATED, [
            { field: "new_name", message: DOCUMENT_NAME_DUPLICATED },
          ]);
        }
        await tx
          .update(documents)
          .set({ name: newName, updatedBy: ctx.userId, updatedAt: clock() })
          .where(eq(documents.id, id));
        await logs.record(tx, [logEntry(ctx, doc, { name: { from: doc.name, to: newName } })]);
      });
      // Read after commit: on PGlite (one connection) nothing may query outside an open transaction.
      return rowOf(db, ctx, id);
    },

    /** PUT /doc/duplicate-doc: a copy beside the original, as a new draft with the same answers. */
    async duplicate(ctx: FirmContext, docId: number, name: string) {
      const copyId = await db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [docId]);
        if (!doc) throw documentNotFound(docId);
        if (!allowedInSomeTab(canCopyDocument, ctx, factsOf(doc))) {
          throw forbidden(
            ctx.planSlug === LITE_PLAN_SLUG ? DOCUMENT_REFUSALS.lite : DOCUMENT_REFUSALS.copy(docId),
          );
        }
        if (name === doc.name)
          throw badRequest(COPY_NAME_EXISTS, [{ field: "name", message: COPY_NAME_EXISTS }]);
        const [original] = await tx
          .select({ xml: documents.xml })
          .from(documents)
          .where(eq(documents.id, docId));
        const now = clock();
        const [copy] = await tx
          .insert(documents)
          .values({
            teamId: ctx.teamId,
            type: doc.type,
            name,
            folderId: doc.folderId,
            status: 1,
            templateId: doc.templateId,
            templateName: doc.templateName,
            xTemplateId: doc.xTemplateId,
            xml: original?.xml ?? {},
            allowDownloadPdf: doc.allowDownloadPdf,
            allowDownloadWord: doc.allowDownloadWord,
            allowSign: doc.allowSign,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: documents.id, type: documents.type });
        if (!copy) throw new Error("copy not created");
        await logs.record(tx, [
          logEntry(ctx, copy, { copied: { from: `Doc ID ${doc.id} - ${doc.name}`, to: name } }),
        ]);
        return copy.id;
      });
      return rowOf(db, ctx, copyId, MY_DOCUMENTS);
    },

    /**
     * PUT /doc/status/{id}: by whoever the policy allows and only along the transitions a person
     * may make by hand (`manualStatusRefusal`), with a change-log entry; the same status again
     * changes nothing.
     */
    async changeStatus(ctx: FirmContext, id: number, status: DocumentStatus) {
      await db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [id]);
        if (!doc) throw documentNotFound(id);
        if (!allowedInSomeTab(canChangeDocumentStatus, ctx, factsOf(doc))) {
          throw forbidden(DOCUMENT_REFUSALS.status(id));
        }
        if (doc.status === status) return;
        const refusal = manualStatusRefusal(doc.status, status);
        if (refusal) throw new AppError(409, refusal);
        await tx
          .update(documents)
          .set({ status, updatedBy: ctx.userId, updatedAt: clock() })
          .where(eq(documents.id, id));
        const change: LogChange = { from: statusName(doc.status), to: statusName(status) };
        await logs.record(tx, [logEntry(ctx, doc, { status: change })]);
      });
      return rowOf(db, ctx, id);
    },

    /** GET /doc/list-user-company: the firm's users for the owner filter and the log filter. */
    async companyUsers(actor: Actor, teamId: number): Promise<CompanyUser[]> {
      const members = await deps.teams.getMembers(actor, teamId);
      return members
        .map((m) => ({ ID: m.id, display_name: m.name }))
        .sort((a, b) => a.display_name.localeCompare(b.display_name));
    },
  };
}
