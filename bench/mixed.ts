// `npm run bench:mixed` (issue 35 item 3): reads while deeds are assembled. For a 1-thread and a
// 2-thread worker pool (WORKER_THREADS, each its own server), in one run:
//  1. the pool's capacity alone: SMSF trust deeds (40 pages, the longest starter template)
//     assembled through POST /api/xpressdox/assemble with the line kept full;
//  2. 100 connections reading (50 on the document list, 50 on GET /api/users/me, another firm's
//     owner) with no assembly;
//  3. the same reads while assemblies arrive at a steady rate, MIXED_LOAD (default 1) times the
//     capacity measured in 1: throughput, latency, 503 busy replies (asked again after their
//     Retry-After, as the web app does) and what the people waited in all.
// Beside a bare Fastify hello-world measured in the same run. Each deed is started as a person
// starts one (POST /api/doc/start from the catalogue, the action token, the sample answers saved
// with PUT /api/xpressdox/update-xml) before the phase that assembles it; only the assembly is timed.
// PGlite in a fresh folder by default; with DATABASE_URL, a fresh database per server on that
// PostgreSQL server, dropped at the end.
// First of all, before any server starts: the worker pool on its own (no HTTP, no database), 1 and
// 2 threads assembling the same deed, so the pool's own scaling on this machine's cores is seen
// apart from what the request thread, the database and the load generator take from them.
import { cpus, loadavg } from "node:os";
import { createTemplateLibrary } from "@precedent/server/templates";
import { createDocumentEngine, createWorkerPool } from "@precedent/server/workers";
import autocannon from "autocannon";
import { call, freshDatabase, inParallel, percentiles, signIn, startServer } from "./support.ts";

const CONNECTIONS = 100;
const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Deeds per thread assembled with the line full, to measure the pool's capacity alone. */
const CAPACITY_DEEDS_PER_THREAD = Number(process.env.MIXED_CAPACITY_DEEDS ?? 10);
/** The arrival rate while reading, as a fraction of the capacity measured alone. */
const LOAD = Number(process.env.MIXED_LOAD ?? 1);
const POOL_SIZES = [1, 2];
/** Assemblies are limited to RENDERS_MAX_PER_MINUTE (30) per person: deeds go round this many people. */
const ASSEMBLERS = 40;
const SMSF_PRODUCT = "smsf-trust-deed";
const STRATEGIST_TEAM_NAME = "Strategist Partners Pty Ltd";

const library = createTemplateLibrary();
const sample = library.starter(SMSF_PRODUCT)?.sampleAnswers;
if (!sample) throw new Error("The SMSF deed's sample answers are missing");

const load = () => loadavg()[0]?.toFixed(1) ?? "?";
const began = performance.now();
/** A progress line with the seconds since the start, so the phases' wall time shows. */
const step = (what: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${what}`);

type Deed = { docId: number; token: string; headers: Record<string, string> };
/** `busy`: the 503 replies this assembly was given (and waited out) before its answer. */
type Assembled = { status: number; ms: number; retryAfter: string | null; busy: number };
/** The web app's api/client.ts BUSY_RETRIES: how often it asks again after a busy reply. */
const WEB_BUSY_RETRIES = 5;

/** One server with a pool of `threads`: its people signed in, and deeds started for them. */
async function prepareServer(threads: number) {
  const database = process.env.DATABASE_URL ? freshDatabase(`precedent_bench_mixed_${threads}`) : undefined;
  await database?.create();
  const server = await startServer("mixed-server.ts", {
    ...process.env,
    WORKER_THREADS: String(threads),
    MIXED_ASSEMBLERS: String(ASSEMBLERS),
    // MIXED_CPU_PROF=<folder>: each server writes a CPU profile there when it ends (--cpu-prof).
    ...(process.env.MIXED_CPU_PROF
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.MIXED_CPU_PROF}` }
      : {}),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const reader = await signIn(base, "owner@demo.test");
  const me = await call(base, "GET", "/api/users/me", reader);
  const readerTeam = (me.teams as { id: number }[])[0]?.id;
  const people = await inParallel(
    Array.from({ length: ASSEMBLERS }, (_, i) => `assembler${i + 1}@strategist.test`),
    4,
    (email) => signIn(base, email),
  );
  const firstMe = await call(base, "GET", "/api/users/me", people[0] ?? {});
  const team = (firstMe.teams as { id: number; name: string }[]).find((t) => t.name === STRATEGIST_TEAM_NAME);
  if (!team || !readerTeam) throw new Error("The demo firms are missing");
  const products = await call(base, "GET", "/api/products?per_page=100", people[0] ?? {});
  const product = (products.rows as { id: number; template_identifier: string }[]).find(
    (p) => p.template_identifier === SMSF_PRODUCT,
  );
  if (!product) throw new Error(`No product of ${SMSF_PRODUCT} in the catalogue`);
  let started = 0;
  /** `count` deeds ready to assemble, as the interview leaves them: started, answered, saved. */
  const startDeeds = (count: number) =>
    inParallel(
      Array.from({ length: count }, () => started++),
      4,
      async (n): Promise<Deed> => {
        const headers = people[n % people.length] ?? {};
        const q = `?id_team=${team.id}`;
        const doc = await call(base, "POST", `/api/doc/start${q}`, headers, {
          product_id: product.id,
          name: `Fund deed ${n + 1}`,
        });
        const docId = doc.id as number;
        const { action_token: token } = await call(
          base,
          "GET",
          `/api/get-action-token/${docId}${q}`,
          headers,
        );
        await call(base, "PUT", `/api/xpressdox/update-xml/${docId}${q}`, headers, {
          xml: sample,
          action_token: token,
        });
        return { docId, token: token as string, headers };
      },
    );
  /**
   * One assembly as the web app asks for it (api/client.ts): a 503 busy reply is asked again after
   * its Retry-After (capped at 30 s), up to 5 times, so `ms` is what the person waited in all and
   * `busy` how many refusals they sat through on the way.
   */
  const assemble = async (deed: Deed): Promise<Assembled> => {
    const t0 = performance.now();
    let busy = 0;
    let retryAfter: string | null = null;
    for (;;) {
      const res = await fetch(`${base}/api/xpressdox/assemble/${deed.docId}?id_team=${team.id}`, {
        method: "POST",
        headers: { ...deed.headers, "content-type": "application/json" },
        body: JSON.stringify({ action_token: deed.token }),
      });
      await res.arrayBuffer();
      if (res.status !== 503 || busy >= WEB_BUSY_RETRIES) {
        return { status: res.status, ms: performance.now() - t0, retryAfter, busy };
      }
      busy++;
      retryAfter = res.headers.get("retry-after");
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(retryAfter ?? 1), 30) * 1000));
    }
  };
  const readiness = async () =>
    (await (await fetch(`${base}/readyz`)).json()) as {
      event_loop: { delay_p99_ms: number };
      workers: { running: number; queued: number; queue_limit: number };
    };
  const readTargets: [string, string][] = [
    [
      "GET /api/doc (Organisation list)",
      `/api/doc?id_team=${readerTeam}&type=3&sort=updated_at&order=desc&length=10`,
    ],
    ["GET /api/users/me", "/api/users/me"],
  ];
  let closing: Promise<void> | undefined;
  return {
    threads,
    base,
    reader,
    readTargets,
    startDeeds,
    assemble,
    readiness,
    /** Ends the server and drops its database; once. */
    close: () => {
      closing ??= (async () => {
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGINT");
        await exited;
        await database?.dropUnlessKept();
      })();
      return closing;
    },
  };
}
type Server = Awaited<ReturnType<typeof prepareServer>>;

type Read = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/** 100 connections split over the targets, at once; a 2 s warm-up first. */
async function reads(base: string, targets: [string, string][], headers: Record<string, string>) {
  const per = Math.floor(CONNECTIONS / targets.length);
  const run = (url: string, duration: number) =>
    autocannon({ url: `${base}${url}`, connections: per, duration, headers });
  await Promise.all(targets.map(([, url]) => run(url, 2)));
  const results = await Promise.all(targets.map(([, url]) => run(url, READ_SECONDS)));
  return results.map(
    (r): Read => ({
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    }),
  );
}

/** The pool's capacity alone: the deeds assembled with threads + 2 always asked for. */
async function capacity(server: Server) {
  // The first assembly on each thread starts it and loads the engine (over a second): not timed.
  const warm = await server.startDeeds(server.threads * 2);
  await Promise.all(warm.map(server.assemble));
  const deeds = await server.startDeeds(CAPACITY_DEEDS_PER_THREAD * server.threads);
  const t0 = performance.now();
  const done = await inParallel(deeds, server.threads + 2, server.assemble);
  const seconds = (performance.now() - t0) / 1000;
  const ok = done.filter((d) => d.status === 200);
  return {
    perSecond: ok.length / seconds,
    latency: percentiles(ok.map((d) => d.ms)),
    refused: done.length - ok.length,
  };
}

/** `during` while assemblies arrive at `rate` a second; what came back, and the line's deepest. */
async function steadyAssemblies<T>(server: Server, rate: number, deeds: Deed[], during: () => Promise<T>) {
  const replies: Promise<Assembled>[] = [];
  let deepest = 0;
  let queueLimit = 0;
  let busiest = 0;
  let lastReply = 0;
  let loopP99 = 0;
  let first = 0;
  // Arrivals by the clock, not by a timer's count: a late tick sends what is due.
  const tick = setInterval(() => {
    first ||= performance.now();
    const due = Math.floor(((performance.now() - first) / 1000) * rate) + 1;
    while (replies.length < Math.min(due, deeds.length)) {
      replies.push(
        server.assemble(deeds[replies.length] as Deed).then((d) => {
          lastReply = performance.now();
          return d;
        }),
      );
    }
  }, 5);
  const watch = setInterval(() => {
    server
      .readiness()
      .then((r) => {
        deepest = Math.max(deepest, r.workers.queued);
        queueLimit = r.workers.queue_limit;
        busiest = Math.max(busiest, r.workers.running);
        loopP99 = Math.max(loopP99, r.event_loop.delay_p99_ms);
      })
      .catch(() => {});
  }, 250);
  let result: T;
  try {
    result = await during();
  } finally {
    clearInterval(tick);
    clearInterval(watch);
  }
  const sent = replies.length;
  const done = await Promise.all(replies);
  const ok = done.filter((d) => d.status === 200);
  // Those that were refused as busy at least once (and waited it out or, after 5 tries, gave up).
  const waited = done.filter((d) => d.busy > 0);
  const gaveUp = done.filter((d) => d.status === 503).length;
  const slowestWaited = Math.max(0, ...waited.map((d) => d.ms));
  const retryAfter = new Map<string, number>();
  for (const b of waited)
    retryAfter.set(String(b.retryAfter), (retryAfter.get(String(b.retryAfter)) ?? 0) + 1);
  return {
    result,
    sent,
    ok: ok.length,
    // The deeds sent during the reads and made, over the time from the first arrival to the last reply.
    perSecond: ok.length / ((lastReply - first) / 1000),
    latency: percentiles(ok.map((d) => d.ms)),
    busy: done.reduce((sum, d) => sum + d.busy, 0),
    waited: waited.length,
    gaveUp,
    slowestWaited,
    retryAfter: [...retryAfter].map(([s, n]) => `${n}× ${s} s`).join(", "),
    other: done.filter((d) => d.status !== 200 && d.status !== 503).map((d) => d.status),
    deepest,
    queueLimit,
    busiest,
    loopP99,
  };
}

/**
 * The pool alone: `threads` worker threads (as the server makes them, at the workers' lower
 * priority) assembling the deed (Word, PDF, HTML) with the line kept full, straight through the
 * document engine. Nothing else of this bench runs meanwhile.
 */
async function poolAlone(threads: number) {
  const pool = createWorkerPool({ threads, queueLimit: 64, taskTimeoutMs: 30_000, memoryLimitMb: 1024 });
  const engine = createDocumentEngine({ pool, templatesRoot: library.root });
  const answers = sample as NonNullable<typeof sample>;
  const assembleOne = (i: number) => engine.assemble(`firm-${i % 4}`, SMSF_PRODUCT, answers);
  try {
    await inParallel([...Array(threads * 2).keys()], threads * 2, assembleOne);
    const count = CAPACITY_DEEDS_PER_THREAD * 2 * threads;
    const t0 = performance.now();
    await inParallel([...Array(count).keys()], threads + 2, assembleOne);
    return count / ((performance.now() - t0) / 1000);
  } finally {
    await pool.close();
  }
}

const loadBefore = load();
step("the worker pool alone (no server, no database)");
const poolAloneRate: Record<number, number> = {};
for (const threads of POOL_SIZES) poolAloneRate[threads] = await poolAlone(threads);
console.log(
  `Starting the hello-world and ${POOL_SIZES.length} servers (pool of ${POOL_SIZES.join(" and ")} threads)…`,
);
const hello = await startServer("hello-server.ts", process.env);
const servers: Server[] = [];
try {
  // Started together: each loads the demo data and catalogue (tens of seconds on PGlite).
  servers.push(...(await Promise.all(POOL_SIZES.map(prepareServer))));
  step("hello-world");
  const first = servers[0] as Server;
  const helloRead = (
    await reads(`http://127.0.0.1:${(hello as { port: number }).port}`, [["hello", "/"]], first.reader)
  )[0] as Read;
  const rows: string[] = [];
  const summary: Record<number, { capacity: number; mixed: number }> = {};
  const verdicts: string[] = [];
  for (const server of servers) {
    step(`pool of ${server.threads}: capacity alone`);
    const cap = await capacity(server);
    step(`pool of ${server.threads}: reads alone`);
    const rate = cap.perSecond * LOAD;
    const loadAtStart = load();
    const alone = await reads(server.base, server.readTargets, server.reader);
    // Enough for the reads' warm-up and measured run at this rate.
    const deeds = await server.startDeeds(Math.ceil(rate * (READ_SECONDS + 3)) + 2);
    step(`pool of ${server.threads}: reads with ${deeds.length} deeds arriving at ${rate.toFixed(2)}/s`);
    const idleLoop = (await server.readiness()).event_loop.delay_p99_ms;
    const mixed = await steadyAssemblies(server, rate, deeds, () =>
      reads(server.base, server.readTargets, server.reader),
    );
    summary[server.threads] = { capacity: cap.perSecond, mixed: mixed.perSecond };
    const t = `${server.threads} thread${server.threads === 1 ? "" : "s"}`;
    rows.push(
      `\nPool of ${t} (load average ${loadAtStart} → ${load()})`,
      `  assembly alone, line full:   ${cap.perSecond.toFixed(2)}/s, latency p50 ${cap.latency.p50.toFixed(0)} ms, p99 ${cap.latency.p99.toFixed(0)} ms${cap.refused ? `, ${cap.refused} refused` : ""}`,
      `  assembly while reading:      ${mixed.perSecond.toFixed(2)}/s of ${rate.toFixed(2)}/s sent (${mixed.sent} sent, ${mixed.ok} made), latency p50 ${mixed.latency.p50.toFixed(0)} ms, p99 ${mixed.latency.p99.toFixed(0)} ms, max ${mixed.latency.max.toFixed(0)} ms`,
      `  503 busy replies:            ${mixed.busy}${mixed.busy ? ` to ${mixed.waited} assemblies, asked again after Retry-After as the web app does (${mixed.retryAfter}); ${mixed.gaveUp} gave up after ${WEB_BUSY_RETRIES} tries; the longest wait in all ${mixed.slowestWaited.toFixed(0)} ms` : ""}${mixed.other.length ? `; other failures: ${mixed.other.join(", ")}` : ""}`,
      `  the line (from /readyz):     deepest ${mixed.deepest} waiting of ${mixed.queueLimit} allowed, ${mixed.busiest} running; loop delay p99 ${idleLoop} ms before, up to ${mixed.loopP99} ms while`,
      `  ${"reads (100 connections)".padEnd(34)}${"req/s".padStart(8)}${"p50".padStart(6)}${"p99".padStart(6)}   with assembly: ${"req/s".padStart(6)}${"p50".padStart(6)}${"p99".padStart(6)}  p99 ratio`,
    );
    for (const [i, [name]] of server.readTargets.entries()) {
      const a = alone[i] as Read;
      const m = mixed.result[i] as Read;
      const ratio = m.p99 / Math.max(a.p99, 1);
      const failures = a.non2xx + a.errors + m.non2xx + m.errors;
      rows.push(
        `  ${name.padEnd(34)}${String(a.rps).padStart(8)}${String(a.p50).padStart(6)}${String(a.p99).padStart(6)}                  ${String(m.rps).padStart(6)}${String(m.p50).padStart(6)}${String(m.p99).padStart(6)}  ${ratio.toFixed(2)}×${failures ? `  (${failures} failed)` : ""}`,
      );
      verdicts.push(
        `${t}, ${name}: read p99 ${m.p99} ms with assembly, ${a.p99} ms without: ${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? "met" : "MISSED"}`,
      );
    }
    // The longest a made deed waited, against what the line itself stands for: a full line
    // (queue_limit tasks) drained at the capacity measured alone.
    const fullLineSeconds = mixed.queueLimit / cap.perSecond;
    verdicts.push(
      `${t}: longest assembly ${(mixed.latency.max / 1000).toFixed(1)} s; a full line (${mixed.queueLimit} deeds) drains in ${fullLineSeconds.toFixed(1)} s at the capacity alone; task limit 30 s: ${mixed.latency.max / 1000 <= Math.min(fullLineSeconds + cap.latency.p99 / 1000, 30) ? "met" : "MISSED"}`,
    );
    await server.close();
  }
  const one = summary[1];
  const two = summary[2];
  if (one && two) {
    const scale = two.capacity / one.capacity;
    verdicts.push(
      `assembly throughput alone: ${two.capacity.toFixed(2)}/s with 2 threads, ${one.capacity.toFixed(2)}/s with 1: ${scale.toFixed(2)}× (target ≥ 1.7×) ${scale >= 1.7 ? "met" : "MISSED"}; while reading ${(two.mixed / Math.max(one.mixed, 0.001)).toFixed(2)}×`,
    );
  }
  const poolOne = poolAloneRate[1];
  const poolTwo = poolAloneRate[2];
  if (poolOne && poolTwo) {
    const scale = poolTwo / poolOne;
    verdicts.push(
      `the pool alone (no server, no database): ${poolTwo.toFixed(2)}/s with 2 threads, ${poolOne.toFixed(2)}/s with 1: ${scale.toFixed(2)}× (target ≥ 1.7×) ${scale >= 1.7 ? "met" : "MISSED"}`,
    );
  }
  step("done");
  console.log(
    `\n${CONNECTIONS} connections, ${READ_SECONDS} s of reads each, SMSF trust deed (40 pages), arrivals at ${LOAD}× the capacity alone; node ${process.version}, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${cpus().length} CPUs, load average ${loadBefore} at start, ${load()} at end`,
  );
  console.log(
    `Fastify hello-world (baseline): ${helloRead.rps} req/s, p50 ${helloRead.p50} ms, p99 ${helloRead.p99} ms`,
  );
  for (const row of rows) console.log(row);
  console.log("\nTargets:");
  for (const v of verdicts) console.log(`  ${v}`);
} finally {
  for (const server of servers) await server.close().catch(() => {});
  hello.child.kill();
}
