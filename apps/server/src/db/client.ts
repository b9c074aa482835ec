import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { NotificationSource } from "../platform/freshness/index.ts";
import { lockDataFolder } from "./data-folder-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The database handle every service takes: the same Drizzle API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the checked-in migrations, then runs `afterMigrate` (demo data), once across processes. */
  migrate(afterMigrate?: (db: Database) => Promise<void>): Promise<void>;
  /** A connection to hear the database's notifications on (see platform/freshness/change-feed.ts). */
  notifications(): NotificationSource;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as one file, for `openPglite(…, { loadDataDir })`. */
  dumpDataDir?: () => Promise<Blob>;
};

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
// Any fixed number: PostgreSQL advisory locks are keyed by a bigint.
const MIGRATION_LOCK_KEY = 724_911_301;

/**
 * bytea to and from PGlite through Node's native hex codec. PGlite's own turns every byte into a
 * JavaScript string of its own and back (`Array.from(bytes).map(…)`, `parseInt` per byte): storing
 * an assembled SMSF deed's 270 KB PDF held the request thread 150-300 ms on a loaded machine,
 * the largest share of that thread while assemblies ran (bench:mixed, --cpu-prof). The same text
 * goes to the database, so what is stored is unchanged.
 */
export const PGLITE_BYTEA = {
  serializers: {
    [types.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
    },
  },
  // A copy into a plain Uint8Array, as PGlite gives: not a Buffer, nor a view of Buffer's shared pool.
  parsers: { [types.BYTEA]: (value: string) => new Uint8Array(Buffer.from(value.slice(2), "hex")) },
};

/**
 * PGlite in `dataDir` (a folder, or `memory://` for a throwaway database). `from` starts it from
 * a data directory dumped earlier (PGlite's `dumpDataDir`) instead of an empty cluster: the tests
 * start each file's database from one already migrated (see test/database.ts).
 */
export async function openPglite(dataDir: string, from?: { loadDataDir: Blob }): Promise<DatabaseHandle> {
  // A folder takes one process at a time (see data-folder-lock.ts); a database in memory is
  // this process's alone.
  let lock: { release(): void } | undefined;
  if (!dataDir.startsWith("memory://")) {
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataFolder(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      ...PGLITE_BYTEA,
      ...(from ? { loadDataDir: from.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    dumpDataDir: () => client.dumpDataDir("none"),
    async migrate(afterMigrate) {
      // One process owns a PGlite folder (its lock file sees to that), so no lock is needed here.
      await migratePglite(db, { migrationsFolder });
      await afterMigrate?.(db as unknown as Database);
    },
    notifications: () => ({
      // One connection: notifications of this process's own commits arrive with their results.
      async listen(channel, onMessage) {
        const unlisten = await client.listen(channel, onMessage);
        return () => unlisten();
      },
      async notify(channel, payload) {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
    }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** The `application_name` of the change feed's listening connection. */
export const CHANGE_FEED_APPLICATION = "precedent-change-feed";

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(connectionString: string, poolSize = 20): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // A connection the server ends while it sits idle in the pool (a restart, an administrator) is
  // dropped by the pool, which opens another when needed; without a listener the error would
  // end the process.
  pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" });
  await pool.query("select 1");
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async migrate(afterMigrate) {
      // Several app instances may start together: an advisory lock lets one migrate and seed
      // while the others wait, then find the work done.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db, { migrationsFolder });
        await afterMigrate?.(db as unknown as Database);
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    notifications: () => ({
      // A connection of its own, outside the pool: it stays in LISTEN for the server's life.
      async listen(channel, onMessage, onLost) {
        // Named, so it can be told apart in pg_stat_activity.
        const listener = new pg.Client({ connectionString, application_name: CHANGE_FEED_APPLICATION });
        let stopped = false;
        const lose = (error: unknown) => {
          if (stopped) return;
          stopped = true;
          listener.end().catch(() => {});
          onLost(error);
        };
        listener.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        listener.on("error", lose);
        listener.on("end", () => lose(new Error("notification connection closed")));
        await listener.connect();
        await listener.query(`listen ${channel}`);
        return async () => {
          stopped = true;
          await listener.end();
        };
      },
      async notify(channel, payload) {
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
    }),
    close: () => pool.end(),
  };
}

/**
 * A read replica's pool (DATABASE_REPLICA_URL). Unlike the primary it is not asked to answer at
 * start: a replica down then is left out (db/read-replica.ts) and used once it answers. Connecting
 * gives up soon, so a replica that has gone away costs a request little before it falls back.
 */
export function openReplica(connectionString: string, poolSize = 10) {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 2_000 });
  pool.on("error", (error) => console.error(`read replica connection lost: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" });
  return { db: db as unknown as Database, close: () => pool.end() };
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config.DATA_DIR);
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
