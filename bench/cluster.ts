// `npm run bench:cluster` (issue 38 item 3): HAProxy in front of two app servers on one
// PostgreSQL database, beside one app server on the same database alone, in one run, with a
// Fastify hello-world for scale. The load is 100 connections of a realistic mix (document lists,
// GET /api/users/me, interview autosaves, renames, downloads) from several people across firms,
// with SMSF trust deeds (40 pages) assembled at a steady rate alongside. Printed: throughput,
// p50/p99 per kind and overall, errors, and what saturates first: the CPU of each server, of
// HAProxy and of PostgreSQL (read from /proc), the event loop's delay (/readyz) and PostgreSQL's
// connections. Then each kind alone on one server, as CPU seconds per 1,000 requests (server and
// PostgreSQL): the README's capacity plan is built on those, which depend on the load far less
// than throughput on a shared machine does.
// Then the same two servers' setup with a streaming replica of the database for their list and
// tree reads (DATABASE_REPLICA_URL; the tests' replica-cluster.ts starts it), with how many reads
// the replica served. Set CLUSTER_REPLICA=off to leave that phase out.
// Needs HAProxy (Debian: `apt-get install -y haproxy`) and PostgreSQL at DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres): a fresh database is made and dropped at the end.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type ReplicaCluster, startReplicaCluster } from "@precedent/server/replica-cluster";
import { createTemplateLibrary } from "@precedent/server/templates";
import pg from "pg";
import { call, freshDatabase, inParallel, measure, percentiles, signIn, startServer } from "./support.ts";

const CONNECTIONS = 100;
const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_SECONDS = 3;
/** Each kind alone, on one server, for the CPU it costs. */
const KIND_SECONDS = Number(process.env.CLUSTER_KIND_SECONDS ?? 5);
const KIND_CONNECTIONS = 20;
/** Deeds assembled a second during the mixed load (a busy practice's rate, many times over). */
const ASSEMBLY_RATE = Number(process.env.CLUSTER_ASSEMBLY_RATE ?? 0.5);
const ASSEMBLERS = 12;
const SMSF_PRODUCT = "smsf-trust-deed";
/** People of several firms; the Strategist firm's added assemblers too (mixed-server.ts). */
const PEOPLE = [
  "owner@demo.test",
  "manager@demo.test",
  "owner@other.test",
  "owner@strategist.test",
  "owner@wattlegrove.test",
  "owner@creditwise.test",
  ...Array.from({ length: ASSEMBLERS }, (_, i) => `assembler${i + 1}@strategist.test`),
];
/** The mix, by weight: lists and `me` most, as the web app's pages make them. */
const MIX: [Kind, number][] = [
  ["list", 45],
  ["me", 25],
  ["autosave", 15],
  ["rename", 5],
  ["download", 10],
];
/** `list built`: a list the server's kept replies cannot answer (as after any change in the firm). */
type Kind = "list" | "list built" | "me" | "autosave" | "rename" | "download" | "assembly";
const KINDS: Kind[] = ["list", "list built", "me", "autosave", "rename", "download", "assembly"];
const CLK_TCK = 100;

const sample = createTemplateLibrary().starter(SMSF_PRODUCT)?.sampleAnswers;
if (!sample) throw new Error("The SMSF deed's sample answers are missing");

const haproxyCheck = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
if (haproxyCheck.error || haproxyCheck.status !== 0) {
  console.error(
    "HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install -y haproxy (the bench starts its own process; the system service is not used).",
  );
  process.exit(1);
}
const haproxyVersion = haproxyCheck.stdout.split("\n")[0] ?? "";

const began = performance.now();
const step = (what: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${what}`);

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** HAProxy on a free port, its config in a temp folder, round robin over `ports`, checked by /readyz. */
async function startHaproxy(ports: number[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "precedent-cluster-haproxy-"));
  const port = await freePort();
  const config = [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  option http-keep-alive",
    "frontend app",
    `  bind 127.0.0.1:${port}`,
    "  default_backend servers",
    "backend servers",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    ...ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check inter 2s`),
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  // -db: in the foreground, so it is this run's child and ends with it.
  const child = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    if (i > 100) throw new Error("HAProxy did not answer");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    close: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- CPU from /proc -------------------------------------------------------------------------------

/** utime + stime of a process, in clock ticks (0 once it has gone). */
function ticks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes: this run's backends (their title names the database) and the shared writers. */
function postgresProcesses(database: string) {
  const ours: number[] = [];
  const writers: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!title.startsWith("postgres: ")) continue;
    if (title.includes(` ${database} `)) ours.push(Number(entry));
    else if (/postgres: (checkpointer|background writer|walwriter|autovacuum)/.test(title))
      writers.push(Number(entry));
  }
  return { ours, writers };
}

/** Ends a server with SIGINT, waiting up to 5 s (an already ended one returns at once). */
async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

type Group = { name: string; pids: () => number[] };

/** CPU seconds each group used between start() and stop(); pids that come later count from 0. */
function cpuMeter(groups: Group[]) {
  let first = new Map<number, number>();
  let last = new Map<number, number>();
  let started = 0;
  let timer: NodeJS.Timeout | undefined;
  const machine = () => {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const v = line.split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: v.reduce((a, b) => a + b, 0) - idle };
  };
  let machineFirst = 0;
  const read = () => {
    for (const g of groups) for (const pid of g.pids()) last.set(pid, ticks(pid) || (last.get(pid) ?? 0));
  };
  return {
    start() {
      first = new Map();
      last = new Map();
      for (const g of groups) for (const pid of g.pids()) first.set(pid, ticks(pid));
      machineFirst = machine().busy;
      started = performance.now();
      timer = setInterval(read, 250);
    },
    stop() {
      clearInterval(timer);
      read();
      const seconds = (performance.now() - started) / 1000;
      const used = groups.map((g) => {
        const pids = new Set(g.pids());
        for (const pid of last.keys()) if (g.pids().includes(pid)) pids.add(pid);
        let sum = 0;
        for (const pid of pids) sum += (last.get(pid) ?? 0) - (first.get(pid) ?? 0);
        return { name: g.name, cpuSeconds: sum / CLK_TCK, cores: sum / CLK_TCK / seconds };
      });
      return { seconds, used, machineCores: (machine().busy - machineFirst) / CLK_TCK / seconds };
    },
  };
}

// --- the run -----------------------------------------------------------------------------------

const database = freshDatabase("precedent_bench_cluster");
await database.create();
const loadBefore = loadavg()[0]?.toFixed(1);
const children: ChildProcess[] = [];
let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
let replicaHaproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
let replica: ReplicaCluster | undefined;
const admin = new pg.Client({ connectionString: database.url });
try {
  step("starting the hello-world and the first app server (migrations, catalogue, demo data)");
  const hello = await startServer("hello-server.ts", process.env);
  children.push(hello.child);
  const env = { ...process.env, DATABASE_URL: database.url };
  // The first server loads the data; the second finds it there (MIXED_ASSEMBLERS=0 adds no one).
  const one = await startServer("mixed-server.ts", { ...env, MIXED_ASSEMBLERS: String(ASSEMBLERS) });
  children.push(one.child);
  step("starting the second app server on the same database");
  const two = await startServer("mixed-server.ts", { ...env, MIXED_ASSEMBLERS: "0" });
  children.push(two.child);
  const servers = [one, two].map((s) => ({ ...s, base: `http://127.0.0.1:${s.port}` }));
  haproxy = await startHaproxy(servers.map((s) => s.port));
  await admin.connect();
  const base = servers[0]?.base ?? "";

  step(`signing in ${PEOPLE.length} people and starting their documents`);
  type Person = {
    email: string;
    headers: Record<string, string>;
    team: number;
    /** Organisation Documents for owners and managers; My Documents for members (who may not see the other). */
    listType: number;
    /** A deed being answered: autosaved and renamed. */
    working?: { id: number; token: string };
    /** A deed assembled: downloaded. */
    done?: number;
  };
  const people: Person[] = [];
  const deeds: { id: number; token: string; person: Person }[] = [];
  let productId = 0;
  const startDeed = async (person: Person, name: string) => {
    const q = `?id_team=${person.team}`;
    const doc = await call(base, "POST", `/api/doc/start${q}`, person.headers, {
      product_id: productId,
      name,
    });
    const id = doc.id as number;
    const { action_token: token } = await call(
      base,
      "GET",
      `/api/get-action-token/${id}${q}`,
      person.headers,
    );
    await call(base, "PUT", `/api/xpressdox/update-xml/${id}${q}`, person.headers, {
      xml: sample,
      action_token: token,
    });
    return { id, token: token as string };
  };
  const assemble = async (id: number, token: string, person: Person, target = base) => {
    const res = await fetch(`${target}/api/xpressdox/assemble/${id}?id_team=${person.team}`, {
      method: "POST",
      headers: { ...person.headers, "content-type": "application/json" },
      body: JSON.stringify({ action_token: token }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  for (const email of PEOPLE) {
    const headers = await signIn(base, email);
    const me = await call(base, "GET", "/api/users/me", headers);
    const firm = (me.teams as { id: number; role: string }[])[0];
    if (!firm) throw new Error(`${email} has no firm`);
    people.push({ email, headers, team: firm.id, listType: firm.role === "member" ? 1 : 3 });
  }
  const strategist = people.find((p) => p.email === "owner@strategist.test") as Person;
  const products = await call(base, "GET", "/api/products?per_page=100", strategist.headers);
  productId =
    (products.rows as { id: number; template_identifier: string }[]).find(
      (p) => p.template_identifier === SMSF_PRODUCT,
    )?.id ?? 0;
  if (!productId) throw new Error(`No product of ${SMSF_PRODUCT} in the catalogue`);
  const skipped: string[] = [];
  await inParallel(people, 2, async (person) => {
    try {
      person.working = await startDeed(person, "Fund deed being answered");
      const done = await startDeed(person, "Fund deed made");
      const status = await assemble(done.id, done.token, person);
      if (status === 200) person.done = done.id;
    } catch (error) {
      // A firm whose plan or credits do not start a deed still reads: its lists and `me`.
      skipped.push(`${person.email}: ${(error as Error).message}`);
    }
  });
  const makers = people.filter((p) => p.working && p.done);
  if (makers.length === 0) throw new Error(`No one could start a deed: ${skipped.join("; ")}`);
  const assemblyCount = Math.ceil(ASSEMBLY_RATE * (MIX_SECONDS + WARM_SECONDS) * 2) + 12;
  const assemblers = makers.filter((p) => p.email.startsWith("assembler"));
  deeds.push(
    ...(await inParallel(
      Array.from({ length: assemblyCount }, (_, i) => i),
      4,
      async (i) => {
        const person = (assemblers.length ? assemblers : makers)[
          i % (assemblers.length || makers.length)
        ] as Person;
        return { ...(await startDeed(person, `Fund deed ${i + 1}`)), person };
      },
    )),
  );
  const firms = new Set(people.map((p) => p.team)).size;
  const fileSizes = async () =>
    (
      await admin.query<{ media_type: string; n: string; avg: string; max: string }>(
        "select media_type, count(*) n, round(avg(size)) avg, max(size) max from file_blobs group by media_type order by 1",
      )
    ).rows;

  // --- one request of a kind, from a person ---
  let renames = 0;
  let fresh = 0;
  const request = async (kind: Kind, person: Person, target: string) => {
    const q = `?id_team=${person.team}`;
    const h = person.headers;
    let res: Response;
    switch (kind) {
      case "list":
        res = await fetch(
          `${target}/api/doc${q}&type=${person.listType}&sort=updated_at&order=desc&length=10`,
          {
            headers: h,
          },
        );
        break;
      case "list built":
        // An address never asked before: the kept reply misses and the list is read and built.
        res = await fetch(
          `${target}/api/doc${q}&type=${person.listType}&sort=updated_at&order=desc&length=10&fresh=${++fresh}`,
          { headers: h },
        );
        break;
      case "me":
        res = await fetch(`${target}/api/users/me`, { headers: h });
        break;
      case "autosave":
        res = await fetch(`${target}/api/xpressdox/update-xml/${person.working?.id}${q}`, {
          method: "PUT",
          headers: { ...h, "content-type": "application/json" },
          body: JSON.stringify({ xml: sample, action_token: person.working?.token }),
        });
        break;
      case "rename":
        res = await fetch(`${target}/api/doc/rename/${person.working?.id}${q}`, {
          method: "PUT",
          headers: { ...h, "content-type": "application/json" },
          body: JSON.stringify({ new_name: `Fund deed ${++renames}` }),
        });
        break;
      case "download":
        res = await fetch(`${target}/api/doc/download/${person.done}${q}&type=pdf`, { headers: h });
        break;
      case "assembly":
        throw new Error("assemblies are sent by the clock");
    }
    const body = await res.arrayBuffer();
    return { status: res.status, bytes: body.byteLength };
  };

  type Tally = { ms: number[]; errors: number; busy: number; statuses: Map<number, number>; bytes: number };
  const tally = () =>
    new Map<Kind, Tally>(
      KINDS.map((k) => [k, { ms: [], errors: 0, busy: 0, statuses: new Map(), bytes: 0 }]),
    );
  const record = (t: Map<Kind, Tally>, kind: Kind, ms: number, status: number, bytes: number) => {
    const row = t.get(kind) as Tally;
    if (status >= 200 && status < 300) {
      row.ms.push(ms);
      row.bytes = Math.max(row.bytes, bytes);
    } else if (status === 503 && kind === "assembly") row.busy++;
    else {
      row.errors++;
      row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
    }
  };
  const totalWeight = MIX.reduce((a, [, w]) => a + w, 0);
  let seed = 1;
  /** A repeatable pick: the same mix each run. */
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pickKind = (person: Person): Kind => {
    let r = random() * totalWeight;
    for (const [kind, w] of MIX) {
      r -= w;
      if (r < 0)
        return person.working || (kind !== "autosave" && kind !== "rename" && kind !== "download")
          ? kind
          : "list";
    }
    return "list";
  };

  /** `connections` loops of `choose` for `seconds`, against `target`; what each kind took. */
  async function drive(
    target: string,
    connections: number,
    seconds: number,
    choose: (p: Person) => Kind | undefined,
    t = tally(),
  ) {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        let i = c;
        while (performance.now() < until) {
          const person = people[i++ % people.length] as Person;
          const kind = choose(person);
          if (!kind) continue;
          const t0 = performance.now();
          try {
            const { status, bytes } = await request(kind, person, target);
            record(t, kind, performance.now() - t0, status, bytes);
          } catch {
            record(t, kind, performance.now() - t0, 0, 0);
          }
        }
      }),
    );
    return t;
  }

  /** Deeds assembled at ASSEMBLY_RATE by the clock while `during` runs. */
  async function withAssemblies<T>(target: string, t: Map<Kind, Tally>, during: () => Promise<T>) {
    const sent: Promise<void>[] = [];
    const start = performance.now();
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - start) / 1000) * ASSEMBLY_RATE) + 1;
      while (sent.length < due) {
        const deed = deeds.shift();
        if (!deed) return;
        const t0 = performance.now();
        sent.push(
          assemble(deed.id, deed.token, deed.person, target).then(
            (status) => record(t, "assembly", performance.now() - t0, status, 0),
            () => record(t, "assembly", performance.now() - t0, 0, 0),
          ),
        );
      }
    }, 20);
    try {
      return await during();
    } finally {
      clearInterval(tick);
      await Promise.all(sent);
    }
  }

  const serverGroups = (list: typeof servers): Group[] =>
    list.map((s, i) => ({ name: `app server ${i + 1}`, pids: () => [s.child.pid as number] }));
  /** The replica's processes while it runs: its backends name the same database, so they are left out of the primary's. */
  let replicaProcesses: () => number[] = () => [];
  const pgGroups: Group[] = [
    {
      name: "PostgreSQL (this database's backends)",
      pids: () => {
        const onReplica = new Set(replicaProcesses());
        return postgresProcesses(database.name).ours.filter((pid) => !onReplica.has(pid));
      },
    },
    { name: "PostgreSQL (shared writers)", pids: () => postgresProcesses(database.name).writers },
  ];

  /** Every 500 ms: the servers' event-loop delay and the database's connections, the highest seen. */
  function watch(list: typeof servers) {
    const loop = list.map(() => 0);
    let connections = 0;
    const timer = setInterval(() => {
      list.forEach((s, i) => {
        fetch(`${s.base}/readyz`)
          .then((r) => r.json() as Promise<{ event_loop: { delay_p99_ms: number } }>)
          .then((r) => {
            loop[i] = Math.max(loop[i] ?? 0, r.event_loop.delay_p99_ms);
          })
          .catch(() => {});
      });
      admin
        .query<{ n: string }>(
          "select count(*) n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
        .then((r) => {
          connections = Math.max(connections, Number(r.rows[0]?.n));
        })
        .catch(() => {});
    }, 500);
    return () => {
      clearInterval(timer);
      return { loop, connections };
    };
  }

  type Phase = {
    name: string;
    t: Map<Kind, Tally>;
    seconds: number;
    cpu: ReturnType<ReturnType<typeof cpuMeter>["stop"]>;
    loop: number[];
    connections: number;
    client: number;
  };
  async function mixed(name: string, target: string, list: typeof servers, extra: Group[]): Promise<Phase> {
    step(`${name}: ${WARM_SECONDS} s warm-up, then ${MIX_SECONDS} s measured`);
    await withAssemblies(target, tally(), () => drive(target, CONNECTIONS, WARM_SECONDS, pickKind));
    const meter = cpuMeter([...serverGroups(list), ...extra, ...pgGroups]);
    const stopWatch = watch(list);
    const client0 = process.cpuUsage();
    meter.start();
    const t = tally();
    await withAssemblies(target, t, () => drive(target, CONNECTIONS, MIX_SECONDS, pickKind, t));
    const cpu = meter.stop();
    const used = process.cpuUsage(client0);
    const { loop, connections } = stopWatch();
    return {
      name,
      t,
      seconds: cpu.seconds,
      cpu,
      loop,
      connections,
      client: (used.user + used.system) / 1e6 / cpu.seconds,
    };
  }

  step("hello-world (100 connections)");
  const helloTicks = ticks(hello.child.pid as number);
  const helloResult = await measure(`http://127.0.0.1:${hello.port}/`, {
    connections: CONNECTIONS,
    seconds: 5,
  });
  // The warm-up (2 s) and the run (5 s) at about the measured rate: its CPU per 1,000 requests.
  const helloCpuPer1000 =
    ((ticks(hello.child.pid as number) - helloTicks) / CLK_TCK / (helloResult.rps * 7)) * 1000;
  const single = await mixed("one app server alone", base, servers.slice(0, 1), []);
  const cluster = await mixed("HAProxy in front of two app servers", haproxy.base, servers, [
    { name: "HAProxy", pids: () => [haproxy?.child.pid as number] },
  ]);

  // --- the same with a streaming replica for list and tree reads ---
  let withReplica: (Phase & { reads: string }) | undefined;
  if (process.env.CLUSTER_REPLICA !== "off") {
    step("starting a streaming replica and two app servers that read lists from it");
    const started = await startReplicaCluster(database.url);
    if (!started.cluster) console.log(`No replica phase: ${started.skip}`);
    else {
      const standby = started.cluster;
      replica = standby;
      const replicaEnv = { ...env, MIXED_ASSEMBLERS: "0", DATABASE_REPLICA_URL: standby.urlOf(database.url) };
      const pair = [];
      for (let i = 0; i < 2; i++) {
        const server = await startServer("mixed-server.ts", replicaEnv);
        children.push(server.child);
        pair.push({ ...server, base: `http://127.0.0.1:${server.port}` });
      }
      replicaHaproxy = await startHaproxy(pair.map((s) => s.port));
      const replicaPids = () => {
        // The replica's postmaster (its command line names its data folder) and its children.
        const pids = (args: string[]) =>
          spawnSync("pgrep", args, { encoding: "utf8" }).stdout.split("\n").filter(Boolean).map(Number);
        const postmasters = pids(["-f", `precedent-replica-${process.pid}`]);
        return [...postmasters, ...postmasters.flatMap((pid) => pids(["-P", String(pid)]))];
      };
      replicaProcesses = replicaPids;
      const phase = await mixed("HAProxy, two app servers, lists from a replica", replicaHaproxy.base, pair, [
        { name: "HAProxy", pids: () => [replicaHaproxy?.child.pid as number] },
        { name: "PostgreSQL replica", pids: replicaPids },
      ]);
      const states = await Promise.all(
        pair.map(async (s) => {
          const ready = (await (await fetch(`${s.base}/readyz`)).json()) as {
            read_replica?: {
              status: string;
              reads_replica: number;
              reads_primary: number;
              fallbacks: number;
            };
          };
          return ready.read_replica;
        }),
      );
      const reads = states
        .map((r, i) =>
          r
            ? `server ${i + 1}: replica ${r.status}, ${r.reads_replica} list reads on it, ${r.reads_primary} on the primary, ${r.fallbacks} fallbacks`
            : `server ${i + 1}: no replica state`,
        )
        .join("; ");
      withReplica = { ...phase, reads };
      replicaProcesses = () => [];
      replicaHaproxy.close();
      replicaHaproxy = undefined;
      for (const server of pair) await stopChild(server.child);
      replica = undefined;
      await standby.close();
    }
  }

  // --- each kind alone on one server: its CPU cost ---
  const costs: { kind: Kind; n: number; errors: number; server: number; postgres: number; ms: number[] }[] =
    [];
  for (const kind of KINDS) {
    step(`${kind} alone on one server`);
    const meter = cpuMeter([...serverGroups(servers.slice(0, 1)), ...pgGroups]);
    meter.start();
    let t: Map<Kind, Tally>;
    if (kind === "assembly") {
      t = tally();
      const batch = deeds.splice(0, 8);
      await inParallel(batch, 2, async (d) => {
        const t0 = performance.now();
        const status = await assemble(d.id, d.token, d.person);
        record(t, "assembly", performance.now() - t0, status, 0);
      });
    } else {
      t = await drive(base, KIND_CONNECTIONS, KIND_SECONDS, (p) =>
        kind === "list" || kind === "list built" || kind === "me" || p.working ? kind : undefined,
      );
    }
    const cpu = meter.stop();
    const row = t.get(kind) as Tally;
    costs.push({
      kind,
      n: row.ms.length,
      errors: row.errors,
      server: cpu.used[0]?.cpuSeconds ?? 0,
      postgres: (cpu.used[1]?.cpuSeconds ?? 0) + (cpu.used[2]?.cpuSeconds ?? 0),
      ms: row.ms,
    });
  }
  const sizes = await fileSizes();
  const stored = (
    await admin.query<{ db: string; files: string; documents: string }>(
      "select pg_database_size(current_database()) db, pg_total_relation_size('file_blobs') files, (select count(*) from documents) documents",
    )
  ).rows[0];
  step("done");

  // --- the report ---
  const fmt = (n: number, d = 0) => n.toFixed(d);
  console.log(
    `\n${CONNECTIONS} connections, ${MIX_SECONDS} s measured per setup after ${WARM_SECONDS} s warm-up; SMSF deeds (40 pages) assembled at ${ASSEMBLY_RATE}/s beside the mix; ${people.length} people in ${firms} firms (${makers.length} with deeds); node ${process.version}, ${haproxyVersion}; ${cpus().length} CPUs, load average ${loadBefore} at start, ${loadavg()[0]?.toFixed(1)} at end`,
  );
  if (skipped.length) console.log(`Reading only: ${skipped.join("; ")}`);
  console.log(
    `Mix by weight: ${MIX.map(([k, w]) => `${k} ${w}`).join(", ")}\n\nFastify hello-world (baseline, 100 connections): ${helloResult.rps} req/s, p50 ${helloResult.p50} ms, p99 ${helloResult.p99} ms, ${fmt(helloCpuPer1000, 2)} CPU s per 1,000 requests`,
  );
  for (const phase of [single, cluster, ...(withReplica ? [withReplica] : [])]) {
    console.log(`\n${phase.name}`);
    if ("reads" in phase) console.log(`  ${phase.reads}`);
    console.log(
      `  ${"kind".padEnd(11)}${"count".padStart(8)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"errors".padStart(8)}`,
    );
    const all: number[] = [];
    let errors = 0;
    for (const kind of KINDS) {
      const row = phase.t.get(kind) as Tally;
      if (kind === "list built") continue; // not in the mix: measured alone below
      const p = percentiles(row.ms);
      all.push(...row.ms);
      errors += row.errors;
      const statuses = [...row.statuses].map(([s, n]) => `${n}× ${s || "failed"}`).join(", ");
      console.log(
        `  ${kind.padEnd(11)}${String(row.ms.length).padStart(8)}${fmt(row.ms.length / phase.seconds, 1).padStart(8)}${fmt(p.p50).padStart(8)}${fmt(p.p99).padStart(8)}${String(row.errors).padStart(8)}${row.busy ? `  ${row.busy} busy (503)` : ""}${statuses ? `  (${statuses})` : ""}`,
      );
    }
    const p = percentiles(all);
    console.log(
      `  ${"overall".padEnd(11)}${String(all.length).padStart(8)}${fmt(all.length / phase.seconds).padStart(8)}${fmt(p.p50).padStart(8)}${fmt(p.p99).padStart(8)}${String(errors).padStart(8)}`,
    );
    console.log("  CPU, in cores (1.00 = one core busy the whole run):");
    for (const u of phase.cpu.used) console.log(`    ${u.name.padEnd(40)}${fmt(u.cores, 2).padStart(6)}`);
    console.log(`    ${"the load generator (this process)".padEnd(40)}${fmt(phase.client, 2).padStart(6)}`);
    console.log(
      `    ${"the whole machine".padEnd(40)}${fmt(phase.cpu.machineCores, 2).padStart(6)} of ${cpus().length}`,
    );
    console.log(
      `  event-loop delay p99 (highest from /readyz): ${phase.loop.map((l, i) => `server ${i + 1} ${l} ms`).join(", ")}; PostgreSQL connections (most seen): ${phase.connections}`,
    );
    const top = [...phase.cpu.used].sort((a, b) => b.cores - a.cores)[0];
    const machineFull = phase.cpu.machineCores >= cpus().length * 0.9;
    console.log(
      `  first to saturate: ${machineFull ? `the machine's ${cpus().length} cores (${fmt(phase.cpu.machineCores, 2)} busy), ` : ""}busiest ${top?.name} at ${fmt(top?.cores ?? 0, 2)} cores${(top?.cores ?? 0) >= 0.85 && top?.name.startsWith("app") ? " (its one request thread is the limit)" : ""}`,
    );
  }
  const s = percentiles([...single.t.values()].flatMap((r) => r.ms));
  const c = percentiles([...cluster.t.values()].flatMap((r) => r.ms));
  const count = (ph: Phase) => [...ph.t.values()].reduce((a, r) => a + r.ms.length, 0) / ph.seconds;
  console.log(
    `\nTwo servers behind HAProxy against one: ${fmt(count(cluster) / count(single), 2)}× the throughput, p99 ${fmt(c.p99)} ms against ${fmt(s.p99)} ms (one machine of ${cpus().length} cores runs both servers, PostgreSQL, HAProxy and the load generator: no 2× is possible here)`,
  );
  if (withReplica) {
    const r = percentiles([...withReplica.t.values()].flatMap((row) => row.ms));
    console.log(
      `Two servers with a replica for lists against two on the primary alone: ${fmt(count(withReplica) / count(cluster), 2)}× the throughput, p99 ${fmt(r.p99)} ms against ${fmt(c.p99)} ms (the replica runs on the same ${cpus().length} cores)`,
    );
  }
  console.log(
    `\nCPU per request, each kind alone on one server (${KIND_CONNECTIONS} connections, ${KIND_SECONDS} s; assemblies: 8 deeds, 2 at a time)`,
  );
  console.log(
    `  ${"kind".padEnd(11)}${"count".padStart(8)}${"p50 ms".padStart(8)}${"server CPU s/1,000".padStart(20)}${"PostgreSQL CPU s/1,000".padStart(24)}${"errors".padStart(8)}`,
  );
  for (const k of costs) {
    const per = (x: number) => (k.n ? (x / k.n) * 1000 : 0);
    console.log(
      `  ${k.kind.padEnd(11)}${String(k.n).padStart(8)}${fmt(percentiles(k.ms).p50).padStart(8)}${fmt(per(k.server), 2).padStart(20)}${fmt(per(k.postgres), 2).padStart(24)}${String(k.errors).padStart(8)}`,
    );
  }
  console.log("\nStored files (file_blobs) after the run:");
  for (const r of sizes)
    console.log(
      `  ${r.media_type.padEnd(75)} ${r.n.padStart(4)} files, average ${fmt(Number(r.avg) / 1024)} KB, largest ${fmt(Number(r.max) / 1024)} KB`,
    );
  if (stored) {
    const rest = Number(stored.db) - Number(stored.files);
    console.log(
      `  the database: ${fmt(Number(stored.db) / 1048576)} MB, of which file_blobs ${fmt(Number(stored.files) / 1048576)} MB; the rest ${fmt(rest / 1048576)} MB for ${stored.documents} documents (with the empty schema, catalogue and demo data: ${fmt(rest / Number(stored.documents) / 1024)} KB a document at most)`,
    );
  }
} finally {
  haproxy?.close();
  replicaHaproxy?.close();
  await replica?.close().catch(() => {});
  await admin.end().catch(() => {});
  for (const child of children.reverse()) await stopChild(child);
  await database.dropUnlessKept();
}
