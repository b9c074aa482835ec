import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../errors.ts";
import type { FirmVersions } from "../platform/kernel/index.ts";
import type { Database } from "./client.ts";

/** How often the replica's replay is compared with the primary's WAL, and a replica left out is retried. */
export const REPLICA_CHECK_MS = 5_000;
/** Version checks in a row that find the replica behind before it is left out as lagging. */
export const REPLICA_BEHIND_LIMIT = 5;
/** Firms whose replayed versions are remembered (a bound on memory; past it the memo starts again). */
const REMEMBERED_FIRMS = 10_000;

export type ReplicaStatus = "in" | "out" | "none";
export type ReplicaState = {
  status: ReplicaStatus;
  /** Why it is out: `starting`, `unreachable`, `lagging`, `error`. */
  reason: string | null;
  /** Bytes of WAL the replica had still to replay at the last check (null: not known). */
  lagBytes: number | null;
  reads: { replica: number; primary: number; fallbacks: number };
};

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/** `16/B374D848` (pg_lsn as text) as a number of bytes into the WAL. */
const lsnBytes = (lsn: string): bigint => {
  const [high = "0", low = "0"] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** Rows of a raw query (both drivers answer `{ rows }`; Drizzle's shared type does not say so). */
const rowsOf = async <Row>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export type ReadRouter = ReturnType<typeof createReadRouter>;

/**
 * Sends list and tree reads to a PostgreSQL replica when it has replayed the firm's data at least
 * as far as the request saw it on the primary (read-your-writes by `firm_versions`, see
 * docs/decisions.md "Read replicas"), otherwise to the primary. Without a replica every read goes
 * to the primary and nothing else changes.
 *
 * `db` is what the list services are given: the primary, except inside `read` when the replica
 * was chosen, where the same calls go to the replica (an AsyncLocalStorage scope, so the queries
 * themselves do not change and keep their firm scoping).
 */
export function createReadRouter(deps: {
  primary: Database;
  replica?: Database | undefined;
  checkEveryMs?: number;
  behindLimit?: number;
}) {
  const { primary, replica } = deps;
  const behindLimit = deps.behindLimit ?? REPLICA_BEHIND_LIMIT;
  const scope = new AsyncLocalStorage<Database>();
  let log: Log | undefined;
  const counts = { replica: 0, primary: 0, fallbacks: 0 };
  let status: ReplicaStatus = replica ? "out" : "none";
  let reason: string | null = replica ? "starting" : null;
  let lagBytes: number | null = null;
  /** Version checks in a row that found the replica behind (any firm). */
  let behindInARow = 0;
  /** Where the primary's WAL was at the previous check: a replica in must have replayed it by now. */
  let primaryLsnBefore: bigint | undefined;
  /** Out: the WAL position it must replay to come back (set at the first check after it left). */
  let returnAt: bigint | undefined;
  /** The highest versions seen on the replica per firm: replay only moves forward, so a request at
   * or below them needs no check. Forgotten when the replica leaves (it may come back rebuilt). */
  const replayed = new Map<number, FirmVersions>();

  // Without a replica the services get the primary itself: no proxy in the way of any query.
  const db = replica
    ? new Proxy(primary, {
        get(target, property) {
          const chosen = scope.getStore() ?? target;
          const value = Reflect.get(chosen, property, chosen);
          return typeof value === "function" ? value.bind(chosen) : value;
        },
      })
    : primary;

  function leave(why: string, error?: unknown) {
    if (status !== "in") return;
    status = "out";
    reason = why;
    returnAt = undefined;
    replayed.clear();
    log?.warn({ replica: why, err: error }, "read replica left out: list reads go to the primary");
  }

  function come(lag: number) {
    status = "in";
    reason = null;
    behindInARow = 0;
    log?.info({ replica: "in", lag_bytes: lag }, "read replica in: list reads go to it when fresh");
  }

  /** Whether the replica holds the firm at `versions` or later (one primary-key read, or none). */
  async function replicaHas(replicaDb: Database, teamId: number, versions: FirmVersions) {
    const covers = (seen: FirmVersions | undefined) =>
      !!seen && seen.version >= versions.version && seen.foldersVersion >= versions.foldersVersion;
    if (covers(replayed.get(teamId))) return true;
    const [row] = await rowsOf<{ version: string; folders_version: string }>(
      replicaDb,
      sql`select version, folders_version from firm_versions where team_id = ${teamId}`,
    );
    if (!row) return false;
    const seen = { version: Number(row.version), foldersVersion: Number(row.folders_version) };
    if (replayed.size >= REMEMBERED_FIRMS) replayed.clear();
    replayed.set(teamId, seen);
    return covers(seen);
  }

  /**
   * `produce` on the replica when it is in and has the firm at `versions` (those the request's
   * session read on the primary), else on the primary. A replica that fails is left out and the
   * read is made again on the primary: a replica problem never fails the request.
   */
  async function read<T>(teamId: number, versions: FirmVersions, produce: () => Promise<T>): Promise<T> {
    if (!replica || status !== "in") {
      counts.primary++;
      return produce();
    }
    let fresh: boolean;
    try {
      fresh = await replicaHas(replica, teamId, versions);
    } catch (error) {
      leave("error", error);
      counts.fallbacks++;
      counts.primary++;
      return produce();
    }
    if (!fresh) {
      behindInARow++;
      if (behindInARow >= behindLimit) leave("lagging");
      counts.primary++;
      return produce();
    }
    behindInARow = 0;
    try {
      const result = await scope.run(replica, produce);
      counts.replica++;
      return result;
    } catch (error) {
      // A refusal (not found, forbidden) is the answer, from data as fresh as the primary's.
      if (error instanceof AppError) throw error;
      leave("error", error);
      counts.fallbacks++;
      counts.primary++;
      return produce();
    }
  }

  /** Compares the replica's replay with the primary's WAL; leaves it out or lets it back in. */
  async function check() {
    if (!replica) return;
    let primaryLsn: bigint;
    try {
      const [row] = await rowsOf<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
      primaryLsn = lsnBytes(row?.lsn ?? "0/0");
    } catch {
      return; // The primary's own trouble is /readyz's to report, not the replica's.
    }
    let replayedLsn: bigint;
    try {
      const [row] = await rowsOf<{ lsn: string | null }>(
        replica,
        sql`select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`,
      );
      replayedLsn = lsnBytes(row?.lsn ?? "0/0");
    } catch (error) {
      lagBytes = null;
      if (status === "in") leave("unreachable", error);
      else if (reason === "starting") reason = "unreachable";
      primaryLsnBefore = primaryLsn;
      return;
    }
    lagBytes = Math.max(0, Number(primaryLsn - replayedLsn));
    if (status === "in") {
      // Not even what the primary had written one check ago: lagging by more than the interval.
      if (primaryLsnBefore !== undefined && replayedLsn < primaryLsnBefore) leave("lagging");
    } else if (status === "out") {
      returnAt ??= primaryLsn;
      if (replayedLsn >= returnAt) come(lagBytes);
    }
    primaryLsnBefore = primaryLsn;
  }

  let checking: Promise<void> | undefined;
  /** One check at a time: a slow replica must not pile them up. */
  const checkNow = () => {
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  const timer = replica
    ? setInterval(() => void checkNow(), deps.checkEveryMs ?? REPLICA_CHECK_MS)
    : undefined;
  // The check must not keep a process (a test, a command) alive on its own.
  timer?.unref();
  if (replica) void checkNow();

  return {
    db,
    read,
    checkNow,
    state: (): ReplicaState => ({ status, reason, lagBytes, reads: { ...counts } }),
    /** Where the replica's comings and goings are logged (the app's log, once it exists). */
    useLog(to: Log) {
      log = to;
    },
    async close() {
      if (timer) clearInterval(timer);
      await checking;
    },
  };
}
