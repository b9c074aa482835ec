import type {
  ActivityLogEntry,
  ActivityLogQuery,
  ChangeLogEntry,
  ChangeLogTag,
  DocumentLogEntry,
  DocumentLogQuery,
  DocumentType,
  IntegrationLogQuery,
  LogChange,
  LogChangesQuery,
} from "@precedent/contracts";
import { and, arrayOverlaps, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import {
  CHANGE_LOG_UTC_OFFSET_MINUTES,
  endOfSydneyDay,
  startOfSydneyDay,
} from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { activityLogAuthors, canReadDocumentLog, firmLogScope } from "./policy.ts";
import { documentLogs, type IntegrationLogResponse, integrationLogs } from "./schema.ts";

export type LogsService = ReturnType<typeof createLogsService>;

/** One change to one document, written in the same transaction as the change itself. */
export type ChangeLogInput = {
  teamId: number;
  docId: number;
  docType: DocumentType;
  userId: number;
  changes: Partial<Record<ChangeLogTag, LogChange>>;
};

const LOG_TYPE_OF: Record<DocumentType, ChangeLogEntry["doc_type"]> = {
  DOC: "DOC",
  ASIC: "ASIC",
  "CAS 360": "CAS",
  "Simple Fund 360": "SIMPLEFUND",
};

/**
 * Whether the actor may read one document's log; the documents module decides. "absent": no such
 * document in the firm now (deleted, or never there).
 */
export type DocumentLogAccess = (ctx: FirmContext, docId: number) => Promise<"visible" | "hidden" | "absent">;

/** The names of the documents of `docIds` the actor can see (the documents module decides). */
export type DocumentNames = (ctx: FirmContext, docIds: number[]) => Promise<Map<number, string>>;

/**
 * One action on a document or call to an outside service, for the document logs and the
 * activity log: what was asked, what came back, and whether it passed.
 */
export type ActionLogInput = {
  teamId: number;
  docId: number | null;
  docType: DocumentType;
  userId: number;
  action: string;
  isSuccess: boolean;
  request?: Record<string, unknown>;
  response: IntegrationLogResponse;
  message?: string;
};

/** `YYYY-MM-DD` at the change-log offset, as an instant. */
const startOfDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - CHANGE_LOG_UTC_OFFSET_MINUTES * 60_000);
const DAY_MS = 86_400_000;
const documentNotFound = () => notFound("Document not found.");

type LogTable = typeof documentLogs | typeof integrationLogs;
type Paging = { page: number; length: number };

export function createLogsService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  documentAccess: () => DocumentLogAccess;
  /** Names for the entries' documents, so a log names them rather than showing ids. */
  documentNames?: () => DocumentNames;
}) {
  const { db, clock, users } = deps;

  /**
   * Refuses one document's log (change log or document log) unless the policy allows it. Another
   * firm's document, one the actor cannot see, and one that never existed all look alike (404).
   */
  async function mayReadDocumentLog(ctx: FirmContext, docId: number) {
    const standing = await deps.documentAccess()(ctx, docId);
    if (canReadDocumentLog(ctx.role, standing, false)) return;
    // A deleted document's history stays readable, found in either log.
    const hasEntries = async () => {
      const [change] = await db
        .select({ id: documentLogs.id })
        .from(documentLogs)
        .where(and(eq(documentLogs.teamId, ctx.teamId), eq(documentLogs.docId, docId)))
        .limit(1);
      if (change) return true;
      const [action] = await db
        .select({ id: integrationLogs.id })
        .from(integrationLogs)
        .where(and(eq(integrationLogs.teamId, ctx.teamId), eq(integrationLogs.docId, docId)))
        .limit(1);
      return action !== undefined;
    };
    const entries = standing === "absent" && firmLogScope(ctx.role) === "firm" ? await hasEntries() : false;
    if (!canReadDocumentLog(ctx.role, standing, entries)) throw documentNotFound();
  }

  const countOf = async (table: LogTable, where: SQL | undefined) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0;

  /**
   * One page of the log entries `where` selects, newest first, and the paging fields for
   * `totalRecord` entries in all: by default those `where` selects, counted beside the page.
   */
  async function pageOf<Table extends LogTable>(
    table: Table,
    where: SQL | undefined,
    paging: Paging,
    totalRecord: Promise<number> = countOf(table, where),
  ) {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(table as LogTable)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(paging.length)
        .offset((paging.page - 1) * paging.length),
      totalRecord,
    ]);
    return {
      // Drizzle types a select from the union of tables loosely; the rows are `table`'s.
      rows: rows as Table["$inferSelect"][],
      paging: { page: paging.page, total_page: Math.ceil(total / paging.length), total_record: total },
    };
  }

  /** The data change log's days, at its fixed UTC+10 (account-area §2), as its times are shown. */
  const changeLogDays = (column: Parameters<typeof gte>[0], from?: string, to?: string) => [
    ...(from ? [gte(column, startOfDay(from))] : []),
    ...(to ? [lt(column, new Date(startOfDay(to).getTime() + DAY_MS))] : []),
  ];
  /** Every other log's days: the firm's, in Sydney with daylight saving, as its times are shown. */
  const firmDays = (column: Parameters<typeof gte>[0], from?: string, to?: string) => [
    ...(from ? [gte(column, startOfSydneyDay(from))] : []),
    ...(to ? [lt(column, endOfSydneyDay(to))] : []),
  ];

  /**
   * One page of the actions `scope` selects, newest first, with the counts of all, passed and
   * failed for the filters (the counts ignore `is_success`, so each filter shows its number).
   */
  async function actionsPage(
    ctx: FirmContext,
    scope: SQL,
    query: { is_success?: "0" | "1" | undefined; page: number; length: number },
  ) {
    const where =
      query.is_success === undefined
        ? scope
        : and(scope, eq(integrationLogs.isSuccess, query.is_success === "1"));
    const totals = db
      .select({
        total: sql<number>`count(*)::int`,
        passed: sql<number>`(count(*) filter (where ${integrationLogs.isSuccess}))::int`,
      })
      .from(integrationLogs)
      .where(scope)
      .then(([counted]) => ({ total: counted?.total ?? 0, passed: counted?.passed ?? 0 }));
    // The filter's entries in all follow from the totals, so the page needs no count of its own.
    const listed = totals.then(({ total, passed }) =>
      query.is_success === undefined ? total : query.is_success === "1" ? passed : total - passed,
    );
    const [{ rows, paging }, { total, passed }] = await Promise.all([
      pageOf(integrationLogs, where, query, listed),
      totals,
    ]);
    const [people, names] = await Promise.all([
      users.summaries([...new Set(rows.map((r) => r.createdBy))]),
      deps.documentNames?.()(
        ctx,
        rows.flatMap((r) => (r.docId === null ? [] : [r.docId])),
      ) ?? new Map<number, string>(),
    ]);
    const entries: DocumentLogEntry[] = rows.map((r) => ({
      id: r.id,
      doc_id: r.docId,
      doc_name: r.docId === null ? null : (names.get(r.docId) ?? null),
      type: r.type,
      action: r.action,
      is_success: r.isSuccess,
      created_at: r.createdAt.toISOString(),
      request: r.request,
      response: r.response,
      response_message: r.responseMessage,
      created_user: {
        user_id: r.createdBy,
        display_name: people.get(r.createdBy)?.name ?? "",
        user_email: people.get(r.createdBy)?.email ?? "",
      },
    }));
    return {
      rows: entries,
      ...paging,
      totals: { total, total_passed: passed, total_failed: total - passed },
    };
  }

  return {
    /**
     * Writes one document action or outside call to the document logs. Pass the transaction of
     * the action when there is one; a failed action is logged outside it (it rolled back).
     */
    async recordAction(tx: Database, entry: ActionLogInput) {
      await tx.insert(integrationLogs).values({
        teamId: entry.teamId,
        docId: entry.docId,
        type: LOG_TYPE_OF[entry.docType],
        action: entry.action,
        isSuccess: entry.isSuccess,
        request: entry.request ?? {},
        response: entry.response,
        responseMessage: entry.message ?? "",
        createdBy: entry.userId,
        createdAt: clock(),
      });
    },

    /**
     * GET /log: one document's actions, newest first, with the counts of all, passed and failed
     * for the modal's filters (the counts ignore `is_success`, so each filter shows its number).
     */
    async documentLog(ctx: FirmContext, query: DocumentLogQuery) {
      await mayReadDocumentLog(ctx, query.id);
      return actionsPage(
        ctx,
        and(eq(integrationLogs.teamId, ctx.teamId), eq(integrationLogs.docId, query.id)) as SQL,
        query,
      );
    },

    /**
     * The integrations page's Logs: the actions across documents, newest first, with the same
     * counts as Document Logs. Owners and managers read the firm's, members their own.
     */
    async integrationLog(ctx: FirmContext, query: IntegrationLogQuery) {
      const scope = firmLogScope(ctx.role);
      const conditions: SQL[] = [eq(integrationLogs.teamId, ctx.teamId)];
      if (scope === "own") conditions.push(eq(integrationLogs.createdBy, ctx.userId));
      return { ...(await actionsPage(ctx, and(...conditions) as SQL, query)), scope };
    },

    /** GET /activity-log: the firm's actions for owners and managers, a member's own for a member. */
    async activityLog(ctx: FirmContext, query: ActivityLogQuery) {
      const authors = activityLogAuthors(ctx.role, ctx.userId, query.user_ids);
      const conditions: SQL[] = [
        eq(integrationLogs.teamId, ctx.teamId),
        ...firmDays(integrationLogs.createdAt, query.date_from, query.date_to),
      ];
      if (authors) conditions.push(inArray(integrationLogs.createdBy, authors));
      if (query.is_success !== undefined)
        conditions.push(eq(integrationLogs.isSuccess, query.is_success === "1"));
      const { rows, paging } = await pageOf(integrationLogs, and(...conditions), query);
      const people = await users.summaries([...new Set(rows.map((r) => r.createdBy))]);
      const entries: ActivityLogEntry[] = rows.map((r) => ({
        id: r.id,
        time: r.createdAt.toISOString(),
        type: r.type,
        action: r.action,
        doc_id: r.docId,
        isError: !r.isSuccess,
        display_name: people.get(r.createdBy)?.name ?? "",
        user_email: people.get(r.createdBy)?.email ?? "",
        message: r.responseMessage || r.action,
      }));
      return { rows: entries, ...paging, scope: firmLogScope(ctx.role) };
    },

    /** Writes change-log entries; pass the transaction that makes the changes. */
    async record(tx: Database, entries: ChangeLogInput[]) {
      const now = clock();
      const rows = entries
        .filter((e) => Object.keys(e.changes).length > 0)
        .map((e) => ({
          teamId: e.teamId,
          docId: e.docId,
          docType: LOG_TYPE_OF[e.docType],
          createdBy: e.userId,
          createdAt: now,
          tags: Object.keys(e.changes) as ChangeLogTag[],
          logData: e.changes,
        }));
      if (rows.length > 0) await tx.insert(documentLogs).values(rows);
    },

    /**
     * GET /log/log-changes. One document's log needs the document to be visible (owners and
     * managers may also read a deleted document's log); without a document, owners and managers
     * read the firm's log and members the entries they made themselves.
     */
    async list(ctx: FirmContext, query: LogChangesQuery) {
      const conditions: SQL[] = [eq(documentLogs.teamId, ctx.teamId)];
      if (query.doc_id !== undefined) {
        await mayReadDocumentLog(ctx, query.doc_id);
        conditions.push(eq(documentLogs.docId, query.doc_id));
      } else if (firmLogScope(ctx.role) === "own") {
        conditions.push(eq(documentLogs.createdBy, ctx.userId));
      }
      if (query.user_ids) conditions.push(inArray(documentLogs.createdBy, query.user_ids));
      if (query.tag_codes) conditions.push(arrayOverlaps(documentLogs.tags, query.tag_codes));
      conditions.push(...changeLogDays(documentLogs.createdAt, query.date_from, query.date_to));
      const { rows, paging } = await pageOf(documentLogs, and(...conditions), query);
      const names = await users.summaries([...new Set(rows.map((r) => r.createdBy))]);
      const entries: ChangeLogEntry[] = rows.map((r) => ({
        id: r.id,
        doc_id: r.docId,
        doc_type: r.docType,
        created_at: r.createdAt.toISOString(),
        created_by: r.createdBy,
        tags: r.tags,
        log_data: r.logData,
        users: { user_id: r.createdBy, display_name: names.get(r.createdBy)?.name ?? "" },
      }));
      return { rows: entries, ...paging };
    },
  };
}
