import type {
  ChangeLogEntry,
  ChangeLogTag,
  DocumentType,
  LogChange,
  LogChangesQuery,
} from "@precedent/contracts";
import { and, arrayOverlaps, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { CHANGE_LOG_UTC_OFFSET } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { documentLogs } from "./schema.ts";

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

/** `YYYY-MM-DD` at the change-log offset, as an instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00${CHANGE_LOG_UTC_OFFSET}`);
const DAY_MS = 86_400_000;
const documentNotFound = () => notFound("Document not found.");

export function createLogsService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  documentAccess: () => DocumentLogAccess;
}) {
  const { db, clock, users } = deps;

  return {
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
        const access = await deps.documentAccess()(ctx, query.doc_id);
        // Another firm's document, one the actor cannot see, and one that never existed look alike.
        if (access === "hidden" || (access === "absent" && !isOwnerOrManager(ctx))) throw documentNotFound();
        if (access === "absent") {
          // A deleted document's history stays readable; an id that never had one is not found.
          const [any] = await db
            .select({ id: documentLogs.id })
            .from(documentLogs)
            .where(and(eq(documentLogs.teamId, ctx.teamId), eq(documentLogs.docId, query.doc_id)))
            .limit(1);
          if (!any) throw documentNotFound();
        }
        conditions.push(eq(documentLogs.docId, query.doc_id));
      } else if (!isOwnerOrManager(ctx)) {
        conditions.push(eq(documentLogs.createdBy, ctx.userId));
      }
      if (query.user_ids) conditions.push(inArray(documentLogs.createdBy, query.user_ids));
      if (query.tag_codes) conditions.push(arrayOverlaps(documentLogs.tags, query.tag_codes));
      if (query.date_from) conditions.push(gte(documentLogs.createdAt, startOfDay(query.date_from)));
      if (query.date_to) {
        conditions.push(lt(documentLogs.createdAt, new Date(startOfDay(query.date_to).getTime() + DAY_MS)));
      }
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(documentLogs)
          .where(where)
          .orderBy(desc(documentLogs.createdAt), desc(documentLogs.id))
          .limit(query.length)
          .offset((query.page - 1) * query.length),
        db.select({ n: sql<number>`count(*)::int` }).from(documentLogs).where(where),
      ]);
      const total = counted?.n ?? 0;
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
      return {
        rows: entries,
        page: query.page,
        total_page: Math.ceil(total / query.length),
        total_record: total,
      };
    },
  };
}
