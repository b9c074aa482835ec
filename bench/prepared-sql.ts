// What a request's SQL costs PostgreSQL on its own: the statements one GET sends, recorded from the
// real server in this process, then sent straight to PostgreSQL as named prepared statements
// (parsed and planned once per connection) by as many loops as the benchmark's connections, on a
// pool the size of the server's. It is the ceiling the server's cold reads are measured against.
import { buildApp } from "@precedent/server/app";
import { loadConfig } from "@precedent/server/config";
import { openDatabase } from "@precedent/server/db";
import { createServices } from "@precedent/server/services";
import pg from "pg";
import type { Measured } from "./support.ts";

type Statement = { text: string; values: unknown[] };

/** The server's pool size (db/client.ts `openPostgres`). */
const SERVER_POOL_SIZE = 20;

// Every query the server sends goes through pg's Client.query; while `recording` is set, reads
// are noted (the statement and its values) and passed on unchanged.
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function recordingQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof config === "string" ? config : config?.text;
  if (recording && typeof text === "string" && /^\s*(select|with)\b/i.test(text)) {
    // Drizzle's prepared queries hand their values beside the config, others inside it.
    recording.push({ text, values: (typeof config === "string" ? values : (config.values ?? values)) ?? [] });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * The reads each of `paths` sends to the database when nothing is kept in memory (no reply
 * cache, no change feed: the session is read too), asked as `email` by the real app.
 */
export async function statementsOf(
  databaseUrl: string,
  paths: string[],
  signIn: { email: string; password: string },
): Promise<Statement[][]> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    REPLY_CACHE_MB: "0",
  });
  const database = await openDatabase(config);
  const services = createServices({ db: database.db, clock: () => new Date(), config });
  const app = await buildApp({ services, config });
  try {
    const login = await app.inject({ method: "POST", url: "/api/auth/token", payload: signIn });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const recorded: Statement[][] = [];
    for (const path of paths) {
      // Once to settle anything done on a first request (a session's touch), then recorded.
      await app.inject({ method: "GET", url: path, headers });
      recording = [];
      const res = await app.inject({ method: "GET", url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
      recorded.push(recording);
      recording = null;
    }
    return recorded;
  } finally {
    recording = null;
    await app.close();
    await database.close();
  }
}

/** `statements` sent in turn by each of `connections` loops for `seconds`, as prepared statements. */
export async function measurePrepared(
  databaseUrl: string,
  statements: Statement[],
  options: { connections: number; seconds: number },
): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL_SIZE });
  // `pool.end()` resolves before its connections have closed; the benchmark then drops the
  // database `with (force)`, and PostgreSQL's goodbye to a connection still closing came back as
  // an 'error' event no one listened for, which ended the run after its figures were printed.
  pool.on("error", () => undefined);
  const named = statements.map((s, i) => ({ name: `bench_${i}_${s.text.length}`, ...s }));
  const once = async () => {
    for (const statement of named) await pool.query(statement);
  };
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await once();
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };
  try {
    await run(2);
    const latencies = await run(options.seconds);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
    return { rps: Math.round(latencies.length / options.seconds), p50: at(0.5), p99: at(0.99), timeouts: 0 };
  } finally {
    await pool.end();
  }
}
