// Pieces shared by the database benchmarks (bench/catalogue.ts, bench/documents.ts): a fresh
// PostgreSQL database, the servers as child processes, autocannon runs and the results table.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const here = import.meta.dirname;

/** A new database name on the server at DATABASE_URL (default: the local server). */
export function freshDatabase(prefix: string) {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // The app server needs a moment to close its pool; `with (force)` ends what is left.
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  return {
    name,
    url: url.toString(),
    create: () => admin(`create database ${name}`),
    drop,
    /** Drops it, unless BENCH_KEEP_DB=1 asks to keep it (to EXPLAIN the queries by hand). */
    async dropUnlessKept() {
      if (process.env.BENCH_KEEP_DB !== "1") await drop();
      else console.log(`\nKept ${url}`);
    },
  };
}

/** Starts bench/{script} under tsx and waits for its "LISTENING {port}" line. */
export function startServer(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, script)], {
    cwd: here,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

export type Measured = { rps: number; p50: number; p99: number; timeouts: number };

/** A 2 s warm-up, then the measured run; any non-2xx answer fails the benchmark. */
export async function measure(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Measured> {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers: options.headers ?? {} });
  await run(2);
  const result = await run(options.seconds);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
  };
}

/** One request's latency with nothing else running: the work itself, without queueing. */
export async function alone(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[15] ?? 0, bytes };
}

/** Signs in as the demo firm's owner on the app server at `base`; returns the bearer header. */
export async function demoOwnerHeaders(base: string) {
  const login = await fetch(`${base}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@demo.test", password: "precedent-demo" }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}

export type Settings = { connections: number; seconds: number; headers: Record<string, string> };

/**
 * The hello-world baseline at `helloUrl`, then each [name, path] of `targets` on `base`: once
 * alone (the work itself) and under load.
 */
export async function measureTargets(
  helloUrl: string,
  base: string,
  targets: [string, string][],
  settings: Settings,
): Promise<[string, Measured, string][]> {
  const results: [string, Measured, string][] = [];
  results.push(["Fastify hello-world (baseline)", await measure(helloUrl, settings), ""]);
  for (const [name, url] of targets) {
    const single = await alone(`${base}${url}`, settings.headers);
    results.push([
      name,
      await measure(`${base}${url}`, settings),
      `${single.median.toFixed(1)} ms alone, ${(single.bytes / 1024).toFixed(0)} KB`,
    ]);
  }
  return results;
}

/** The results table, under a line with the run's settings and the load before and after. */
export function printResults(
  results: [string, Measured, string][],
  settings: Settings & { loadBefore: string | undefined; nameWidth: number },
) {
  const { connections, seconds, loadBefore, nameWidth } = settings;
  console.log(
    `\n${connections} connections, ${seconds} s each, node ${process.version}, PostgreSQL; load average ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after (${cpus().length} CPUs)\n`,
  );
  console.log(
    `${"".padEnd(nameWidth)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}   one request`,
  );
  for (const [name, r, note] of results) {
    console.log(
      `${name.padEnd(nameWidth)}${String(r.rps).padStart(8)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}   ${note}${r.timeouts ? `, ${r.timeouts} timed out` : ""}`,
    );
  }
}

// The JSON client of the load benchmarks (bench/mixed.ts, bench/cluster.ts).
type Json = { message?: string; data?: Record<string, unknown> } & Record<string, unknown>;
export type Percentiles = { p50: number; p99: number; max: number };

export const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
};

/** One API call; its `data`, or an error naming the call and the server's message. */
export async function call(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${json.message}`);
  return json.data ?? {};
}

/** Signs in with the demo password; the bearer header. */
export async function signIn(base: string, email: string) {
  const data = await call(base, "POST", "/api/auth/token", {}, { email, password: "precedent-demo" });
  return { authorization: `Bearer ${data.token as string}` };
}

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}
