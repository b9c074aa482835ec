import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Connection } from "./connections.ts";
import { integrationConnections, integrationSyncs } from "./schema.ts";

// Connections and syncs that are failing, across firms, for the operator console's queue
// (issue 37 item 7), and the retries a person may start there: a connection's renewal asked of
// the provider again, a failed sync queued again. Who may read and retry is the console's rule.

export type FailingProblem = "needs_renewal" | "renewal_failing" | "sync_failed";

export type FailingIntegration = {
  kind: "connection" | "sync";
  id: number;
  teamId: number;
  userId: number;
  app: IntegrationAppSlug;
  appName: string;
  problem: FailingProblem;
  since: Date;
  lastError: string;
  /** A sync's document and file; null for a connection. */
  docId: number | null;
  fileName: string | null;
  attempts: number | null;
  /** Whether a retry can do anything now (a sync needs its person's connection working). */
  retryable: boolean;
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
    attempts: null,
    retryable: true,
  };
}

type SyncRow = typeof integrationSyncs.$inferSelect;

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
    attempts: s.attempts,
    retryable: s.status === "failed" && connection?.status === "connected",
  };
}

export function createFailingIntegrations(deps: {
  db: Database;
  renewNow: (connection: Connection) => Promise<void>;
  requeueFailedSync: (tx: Database, syncId: number) => Promise<boolean>;
}) {
  const { db } = deps;

  const connectionById = async (tx: Database, id: number) =>
    (await tx.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0];

  /** The person's own connection to the sync's app, if they still have one. */
  const connectionOfSync = async (tx: Database, s: SyncRow) =>
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

  async function syncById(tx: Database, id: number) {
    const [s] = await tx.select().from(integrationSyncs).where(eq(integrationSyncs.id, id));
    return s && s.status === "failed" ? syncItem(s, await connectionOfSync(tx, s)) : undefined;
  }

  return {
    /**
     * Everything failing now, the latest first. Read whole and paged here: a handful at any time
     * (a connection leaves the list at its next renewal, a sync when it is sent or retried).
     */
    async failingPage(query: { page: number; pageSize: number }) {
      const connections = await db
        .select()
        .from(integrationConnections)
        .where(
          or(
            eq(integrationConnections.status, "needs_renewal"),
            isNotNull(integrationConnections.failingSince),
          ),
        );
      const syncs = await db
        .select()
        .from(integrationSyncs)
        .where(eq(integrationSyncs.status, "failed"))
        .orderBy(desc(integrationSyncs.id));
      const userIds = [...new Set(syncs.map((s) => s.userId))];
      const people =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(integrationConnections)
              .where(inArray(integrationConnections.userId, userIds));
      const all = [
        ...connections.map(connectionItem),
        ...syncs.map((s) =>
          syncItem(
            s,
            people.find((c) => c.teamId === s.teamId && c.userId === s.userId && c.app === s.app),
          ),
        ),
      ].sort((a, b) => b.since.getTime() - a.since.getTime() || b.id - a.id);
      const start = (query.page - 1) * query.pageSize;
      return { rows: all.slice(start, start + query.pageSize), total: all.length };
    },

    /** One failing item, or undefined when it is not failing (or does not exist). */
    async failingItem(kind: "connection" | "sync", id: number) {
      if (kind === "sync") return syncById(db, id);
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
      const before = syncItem(s, await connectionOfSync(tx, s));
      if (!before.retryable) return { refused: "connection_not_working" as const, before };
      if (!(await deps.requeueFailedSync(tx, id))) return { refused: "not_failing" as const };
      return { refused: null, before };
    },
  };
}
export type FailingIntegrations = ReturnType<typeof createFailingIntegrations>;
