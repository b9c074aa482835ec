import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * A real second PostgreSQL cluster in streaming replication from the machine's PostgreSQL (the
 * one DATABASE_URL names), for the read-replica tests: `pg_basebackup -R` into
 * /tmp/precedent-replica-<pid> through a physical replication slot of its own, started on a free
 * port. `close()` stops it, drops the slot and removes the folder; a process that died without
 * closing leaves a slot the next start drops (an abandoned slot would keep the primary's WAL).
 *
 * PostgreSQL runs only as the `postgres` OS user: run as root, the commands go through `runuser`.
 * The primary must allow replication connections from 127.0.0.1: with none allowed (Debian's
 * pg_hba.conf has none), a `trust` line for 127.0.0.1 is added and the configuration reloaded —
 * a reload, not a restart. `wal_level` and `max_wal_senders` need a restart to change, so a
 * primary without them is reported, not changed.
 */

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const SLOT_PREFIX = "precedent_replica_";
const run = promisify(execFile);

/** A command as the `postgres` OS user (directly when this process is not root). */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  return isRoot
    ? run("runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args])
    : run(path.join(BIN, command), args);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Why replication cannot be set up on this primary, or null when it can (after fixing pg_hba). */
async function prepareReplication(admin: pg.Client): Promise<string | null> {
  const settings = await admin.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name in ('wal_level', 'max_wal_senders', 'hba_file')",
  );
  const setting = (name: string) => settings.rows.find((row) => row.name === name)?.setting ?? "";
  if (setting("wal_level") === "minimal")
    return "the primary's wal_level is minimal (a restart would change it)";
  if (Number(setting("max_wal_senders")) < 1)
    return "the primary's max_wal_senders is 0 (a restart would change it)";
  const rules = await admin.query<{ n: number }>(
    "select count(*)::int as n from pg_hba_file_rules where 'replication' = any(database) and error is null",
  );
  if ((rules.rows[0]?.n ?? 0) > 0) return null;
  const hbaFile = setting("hba_file");
  try {
    writeFileSync(
      hbaFile,
      "\n# Streaming replication from this machine (precedent's read-replica tests)\nhost replication all 127.0.0.1/32 trust\n",
      { flag: "a" },
    );
  } catch (error) {
    return `the primary's pg_hba.conf allows no replication connection and ${hbaFile} cannot be written (${String(error)})`;
  }
  await admin.query("select pg_reload_conf()");
  return null;
}

/** Slots and folders left by test processes that ended without closing their replica. */
async function dropAbandoned(admin: pg.Client) {
  const slots = await admin.query<{ slot_name: string }>(
    "select slot_name from pg_replication_slots where slot_name like $1 and not active",
    [`${SLOT_PREFIX}%`],
  );
  for (const { slot_name } of slots.rows) {
    const pid = Number(slot_name.slice(SLOT_PREFIX.length));
    if (isAlive(pid)) continue;
    const folder = `/tmp/precedent-replica-${pid}`;
    if (existsSync(folder)) {
      await asPostgres("pg_ctl", ["stop", "-D", folder, "-m", "immediate"]).catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    }
    await admin.query("select pg_drop_replication_slot($1)", [slot_name]).catch(() => {});
  }
}

export type ReplicaCluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Starts the replica of the server `primaryUrl` names; `undefined` with the reason when this
 * machine's primary cannot stream to one (the tests then skip, saying why).
 */
export async function startReplicaCluster(
  primaryUrl: string,
): Promise<{ cluster: ReplicaCluster; skip?: undefined } | { cluster?: undefined; skip: string }> {
  const primary = new URL(primaryUrl);
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  try {
    const problem = await prepareReplication(admin);
    if (problem) return { skip: problem };
    await dropAbandoned(admin);
    const cluster = await startCluster(admin, primary);
    return { cluster };
  } finally {
    await admin.end();
  }
}

async function startCluster(admin: pg.Client, primary: URL) {
  const folder = `/tmp/precedent-replica-${process.pid}`;
  const slot = `${SLOT_PREFIX}${process.pid}`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(folder, uid, gid);
  }
  // A standby needs these at least as high as its primary's, or it refuses to start.
  const limits = await admin.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')",
  );
  await admin.query("select pg_create_physical_replication_slot($1)", [slot]);
  const host = primary.hostname || "127.0.0.1";
  const primaryPort = primary.port || "5432";
  const user = decodeURIComponent(primary.username || "postgres");
  // -c fast: checkpoint at once rather than spread over minutes; -X stream: the WAL made meanwhile too.
  await asPostgres("pg_basebackup", [
    ...[
      "-h",
      host,
      "-p",
      primaryPort,
      "-U",
      user,
      "-D",
      folder,
      "-R",
      "-X",
      "stream",
      "-S",
      slot,
      "-c",
      "fast",
    ],
  ]);
  const port = await freePort();
  // Debian keeps a cluster's configuration in /etc, so the copy has none: its own, minimal.
  const conf = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${folder}'`,
    "hot_standby = on",
    // Long list queries are not cancelled by the vacuum the primary replays (what a real replica would set too).
    "hot_standby_feedback = on",
    "shared_buffers = 32MB",
    "fsync = off",
    ...limits.rows.map((row) => `${row.name} = ${row.setting}`),
  ];
  const asPostgresFile = (name: string, text: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, text);
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", file]);
  };
  asPostgresFile("postgresql.conf", `${conf.join("\n")}\n`);
  asPostgresFile("pg_hba.conf", "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  asPostgresFile("pg_ident.conf", "");

  const start = () =>
    asPostgres("pg_ctl", ["start", "-w", "-D", folder, "-l", path.join(folder, "server.log")]);
  const stop = () => asPostgres("pg_ctl", ["stop", "-w", "-D", folder, "-m", "fast"]);
  await start();
  let running = true;
  const onReplica = async (query: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user, database: "postgres" });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  // If the test process ends without `close`, the replica and its slot still go.
  const onExit = () => {
    try {
      execFileSync("runuser", [
        "-u",
        "postgres",
        "--",
        path.join(BIN, "pg_ctl"),
        "stop",
        "-D",
        folder,
        "-m",
        "immediate",
      ]);
    } catch {}
  };
  process.once("exit", onExit);

  return {
    port,
    /** The same database on the replica as `url` names on the primary. */
    urlOf(url: string) {
      const address = new URL(url);
      address.hostname = "127.0.0.1";
      address.port = String(port);
      return address.toString();
    },
    /** Stops replaying WAL (the replica answers, with data as of now): a lagging replica. */
    pause: () => onReplica("select pg_wal_replay_pause()"),
    resume: () => onReplica("select pg_wal_replay_resume()"),
    async stop() {
      if (!running) return;
      await stop();
      running = false;
    },
    async start() {
      if (running) return;
      await start();
      running = true;
    },
    async close() {
      process.off("exit", onExit);
      if (running) await stop().catch(() => {});
      running = false;
      const client = new pg.Client({ connectionString: primary.toString() });
      await client.connect();
      try {
        // The slot is busy until the primary sees the walsender go, a moment after the stop.
        for (let attempt = 0; attempt < 50; attempt++) {
          const dropped = await client
            .query("select pg_drop_replication_slot($1)", [slot])
            .then(() => true)
            .catch((error: { message?: string }) => !/is active/.test(error.message ?? ""));
          if (dropped) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.end();
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
