import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Connection } from "./connections.ts";
import { importedWhat } from "./import-failures.ts";
import { integrationConnections, integrationImportFailures, integrationSyncs } from "./schema.ts";

// Connections and syncs that are failing, across firms, for the operator console's queue
// (issue 37 item 7), and the retries a person may start there: a connection's renewal asked of
// the provider again, a failed sync queued again. Who may read and retry is the console's rule.

export type FailingProblem = "needs_renewal" | "renewal_failing" | "sync_failed" | "import_failed";
export type FailingKind = "connection" | "sync" | "import";

export type FailingIntegration = {
  kind: FailingKind;
  id: number;
  teamId: number;
  userId: number;
  app: IntegrationAppSlug;
  appName: string;
  problem: FailingProblem;
  since: Date;
  lastError: string;
  /** A sync's or an import's document; null for a connection. */
  docId: number | null;
  /** A sync's file; null otherwise. */
  fileName: string | null;
  /** What an import was reading, in words (e.g. "Import client (Xero): client 123"); null otherwise. */
  what: string | null;
  attempts: number | null;
  /** Whether a retry can do anything now (a sync or import needs its person's connection working). */
  retryable: boolean;
};

/**
 * Narrowing the list (the console's filters): each is a condition on a column, built by the
 * caller (who owns the firms' names and the assignments), so filtering and paging stay in SQL.
 */
export type FailingFilter = {
  problem?: FailingProblem | undefined;
  app?: IntegrationAppSlug | undefined;
  /** A condition on an item's firm column (e.g. its name matching). */
  team?: ((teamId: AnyPgColumn) => SQL) | undefined;
  /** A condition on an item's id column, by its kind (e.g. assigned to someone). */
  item?: ((kind: FailingKind, id: AnyPgColumn) => SQL | undefined) | undefined;
};

const appNameOf = (slug: string) => INTEGRATION_APPS.find((a) => a.slug === slug)?.name ?? slug;

const isFailing = (c: Connection) => c.status === "needs_renewal" || c.failingSince !== null;

function connectionItem(c: Connection): FailingIntegration {
  return {
    kind: "connection",
    id: c.id,
    teamId: c.teamId,
    userId: c.userId,
    app: c.app as IntegrationAppSlug,
    appName: appNameOf(c.app),
    problem: c.status === "needs_renewal" ? "needs_renewal" : "renewal_failing",
    since: c.failingSince ?? c.updatedAt,
    lastError: c.lastError ?? `${appNameOf(c.app)} refused to renew the connection.`,
    docId: null,
    fileName: null,
    what: null,
    attempts: null,
    retryable: true,
  };
}

type SyncRow = typeof integrationSyncs.$inferSelect;
type ImportRow = typeof integrationImportFailures.$inferSelect;

function syncItem(s: SyncRow, connection: Connection | undefined): FailingIntegration {
  return {
    kind: "sync",
    id: s.id,
    teamId: s.teamId,
    userId: s.userId,
    app: s.app as IntegrationAppSlug,
    appName: appNameOf(s.app),
    problem: "sync_failed",
    since: s.failedAt ?? s.createdAt,
    lastError: s.lastError ?? "The document could not be sent.",
    docId: s.docId,
    fileName: s.fileName,
    what: null,
    attempts: s.attempts,
    retryable: s.status === "failed" && connection?.status === "connected",
  };
}

function importItem(i: ImportRow, connection: Connection | undefined, retries: boolean): FailingIntegration {
  return {
    kind: "import",
    id: i.id,
    teamId: i.teamId,
    userId: i.userId,
    app: i.app as IntegrationAppSlug,
    appName: appNameOf(i.app),
    problem: "import_failed",
    since: i.failedAt,
    lastError: i.lastError,
    docId: i.docId,
    fileName: null,
    what: importedWhat(i),
    attempts: i.attempts,
    retryable: retries && i.status === "failed" && connection?.status === "connected",
  };
}

const PROBLEMS_OF: Record<FailingKind, FailingProblem[]> = {
  connection: ["needs_renewal", "renewal_failing"],
  sync: ["sync_failed"],
  import: ["import_failed"],
};

export function createFailingIntegrations(deps: {
  db: Database;
  renewNow: (connection: Connection) => Promise<void>;
  requeueFailedSync: (tx: Database, syncId: number) => Promise<boolean>;
  requeueFailedImport: (tx: Database, failureId: number) => Promise<boolean>;
  /** Whether this server can retry imports (it has the job queue). */
  retriesImports: boolean;
}) {
  const { db } = deps;

  const connectionById = async (tx: Database, id: number) =>
    (await tx.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0];

  /** The person's own connection to the item's app, if they still have one. */
  const connectionOf = async (tx: Database, s: { teamId: number; userId: number; app: string }) =>
    (
      await tx
        .select()
        .from(integrationConnections)
        .where(
          and(
            eq(integrationConnections.teamId, s.teamId),
            eq(integrationConnections.userId, s.userId),
            eq(integrationConnections.app, s.app),
          ),
        )
    )[0];

  /** The connections of these items' people, to tell whether a retry can work. */
  async function connectionsOf(items: { teamId: number; userId: number; app: string }[]) {
    const userIds = [...new Set(items.map((s) => s.userId))];
    const people =
      userIds.length === 0
        ? []
        : await db
            .select()
            .from(integrationConnections)
            .where(inArray(integrationConnections.userId, userIds));
    return (s: { teamId: number; userId: number; app: string }) =>
      people.find((c) => c.teamId === s.teamId && c.userId === s.userId && c.app === s.app);
  }

  async function syncById(tx: Database, id: number) {
    const [s] = await tx.select().from(integrationSyncs).where(eq(integrationSyncs.id, id));
    return s && s.status === "failed" ? syncItem(s, await connectionOf(tx, s)) : undefined;
  }

  async function importById(tx: Database, id: number) {
    const [i] = await tx.select().from(integrationImportFailures).where(eq(integrationImportFailures.id, id));
    return i && i.status === "failed"
      ? importItem(i, await connectionOf(tx, i), deps.retriesImports)
      : undefined;
  }

  /** The conditions of one kind's query, or null when the filter leaves that kind out. */
  function conditions(
    kind: FailingKind,
    filter: FailingFilter,
    cols: { id: AnyPgColumn; teamId: AnyPgColumn; app: AnyPgColumn },
    own: SQL | undefined,
  ): SQL | null {
    if (filter.problem && !PROBLEMS_OF[kind].includes(filter.problem)) return null;
    const all: (SQL | undefined)[] = [own];
    if (filter.app) all.push(eq(cols.app, filter.app));
    if (filter.team) all.push(filter.team(cols.teamId));
    if (filter.item) all.push(filter.item(kind, cols.id));
    return and(...all) ?? sql`true`;
  }

  return {
    /**
     * What is failing now, the latest first, narrowed by the filter. Each kind is read in SQL
     * with its filter, only as many rows as the page reaches (newest first), and counted; the
     * three are merged and the page cut from them.
     */
    async failingPage(query: FailingFilter & { page: number; pageSize: number }) {
      const reach = query.page * query.pageSize;
      const connectionSince = sql`coalesce(${integrationConnections.failingSince}, ${integrationConnections.updatedAt})`;
      const connectionWhere = conditions(
        "connection",
        query,
        integrationConnections,
        and(
          or(
            eq(integrationConnections.status, "needs_renewal"),
            isNotNull(integrationConnections.failingSince),
          ),
          query.problem === "needs_renewal"
            ? eq(integrationConnections.status, "needs_renewal")
            : query.problem === "renewal_failing"
              ? ne(integrationConnections.status, "needs_renewal")
              : undefined,
        ),
      );
      const syncSince = sql`coalesce(${integrationSyncs.failedAt}, ${integrationSyncs.createdAt})`;
      const syncWhere = conditions("sync", query, integrationSyncs, eq(integrationSyncs.status, "failed"));
      const importWhere = conditions(
        "import",
        query,
        integrationImportFailures,
        eq(integrationImportFailures.status, "failed"),
      );
      const countOf = async (table: PgTable, where: SQL | null) =>
        where === null ? 0 : ((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);
      const [connections, syncs, imports, totals] = await Promise.all([
        connectionWhere === null
          ? []
          : db
              .select()
              .from(integrationConnections)
              .where(connectionWhere)
              .orderBy(desc(connectionSince), desc(integrationConnections.id))
              .limit(reach),
        syncWhere === null
          ? []
          : db
              .select()
              .from(integrationSyncs)
              .where(syncWhere)
              .orderBy(desc(syncSince), desc(integrationSyncs.id))
              .limit(reach),
        importWhere === null
          ? []
          : db
              .select()
              .from(integrationImportFailures)
              .where(importWhere)
              .orderBy(desc(integrationImportFailures.failedAt), desc(integrationImportFailures.id))
              .limit(reach),
        Promise.all([
          countOf(integrationConnections, connectionWhere),
          countOf(integrationSyncs, syncWhere),
          countOf(integrationImportFailures, importWhere),
        ]),
      ]);
      const connectionOfItem = await connectionsOf([...syncs, ...imports]);
      const all = [
        ...connections.map(connectionItem),
        ...syncs.map((s) => syncItem(s, connectionOfItem(s))),
        ...imports.map((i) => importItem(i, connectionOfItem(i), deps.retriesImports)),
      ].sort((a, b) => b.since.getTime() - a.since.getTime() || b.id - a.id);
      const start = (query.page - 1) * query.pageSize;
      return {
        rows: all.slice(start, start + query.pageSize),
        total: totals.reduce((sum, n) => sum + n, 0),
      };
    },

    /** One failing item, or undefined when it is not failing (or does not exist). */
    async failingItem(kind: FailingKind, id: number) {
      if (kind === "sync") return syncById(db, id);
      if (kind === "import") return importById(db, id);
      const c = await connectionById(db, id);
      return c && isFailing(c) ? connectionItem(c) : undefined;
    },

    /**
     * Asks the provider to renew a failing connection now, with the refresh token it holds. The
     * provider is asked outside any transaction; what it answered is recorded on the connection
     * either way (renewed: the failure cleared; refused or down: the new error).
     */
    async retryConnection(id: number) {
      const before = await connectionById(db, id);
      if (!before) return { refused: "not_found" as const };
      if (!isFailing(before)) return { refused: "not_failing" as const };
      let outcome: "renewed" | "refused" | "unavailable" = "renewed";
      try {
        await deps.renewNow(before);
      } catch (error) {
        outcome = error instanceof AppError && error.status === 409 ? "refused" : "unavailable";
      }
      const after = await connectionById(db, id);
      return {
        refused: null,
        outcome,
        before: connectionItem(before),
        after: after && isFailing(after) ? connectionItem(after) : null,
      };
    },

    /**
     * Queues a failed sync again in the caller's transaction (with the console's audit entry).
     * Refused while its person's connection is not working: the send would fail the same way.
     */
    async retrySync(tx: Database, id: number) {
      const [s] = await tx.select().from(integrationSyncs).where(eq(integrationSyncs.id, id)).for("update");
      if (!s) return { refused: "not_found" as const };
      if (s.status !== "failed") return { refused: "not_failing" as const };
      const before = syncItem(s, await connectionOf(tx, s));
      if (!before.retryable) return { refused: "connection_not_working" as const, before };
      if (!(await deps.requeueFailedSync(tx, id))) return { refused: "not_failing" as const };
      return { refused: null, before };
    },

    /**
     * Queues a failed import again in the caller's transaction (with the console's audit entry),
     * as a sync is; refused while its person's connection is not working.
     */
    async retryImport(tx: Database, id: number) {
      const [i] = await tx
        .select()
        .from(integrationImportFailures)
        .where(eq(integrationImportFailures.id, id))
        .for("update");
      if (!i) return { refused: "not_found" as const };
      if (i.status !== "failed") return { refused: "not_failing" as const };
      const before = importItem(i, await connectionOf(tx, i), deps.retriesImports);
      if (!before.retryable) return { refused: "connection_not_working" as const, before };
      if (!(await deps.requeueFailedImport(tx, id))) return { refused: "not_failing" as const };
      return { refused: null, before };
    },
  };
}
export type FailingIntegrations = ReturnType<typeof createFailingIntegrations>;
