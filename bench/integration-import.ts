// `npm run bench:integration-import`: importing a client from a 100-client list (issue 17), through
// the real routes on PGlite in memory (or DATABASE_URL), as the API tests run. Each run:
// 1. GET /api/integrations/xero/clients?limit=100 — the wizard's 100-client list from the sandbox
//    provider (access token checked, clients of the connection's organisation);
// 2. POST /api/integrations/xero/import — one of those companies into a draft's company party
//    (the client's detail fetched, mapped to answers, the attempt logged);
// and the two together, as the person waits for them. Median and p95 over RUNS runs after a
// warm-up, beside the bare Fastify hello-world measured in the same run, so a slow machine shows
// as a slow baseline. It never fails on time.
import { cpus, loadavg } from "node:os";
import { createTestApp, firmClient, signIn } from "@precedent/server/test-harness";
import { measure, startServer } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 5;
const LIST_SIZE = 100;
const HELLO_CONNECTIONS = 10;
const HELLO_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TEMPLATE = "first-directors-minutes";

const loadBefore = loadavg()[0]?.toFixed(1);
const hello = await startServer("hello-server.ts", process.env);
let helloResult: Awaited<ReturnType<typeof measure>>;
try {
  helloResult = await measure(`http://127.0.0.1:${hello.port}/`, {
    connections: HELLO_CONNECTIONS,
    seconds: HELLO_SECONDS,
  });
} finally {
  hello.child.kill();
}

const t = await createTestApp();
const { team, owner } = await t.buildTeam({ name: "Harbour Advisory Pty Ltd" });
const client = firmClient(t, await signIn(t, owner.email), team.id);
const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json: () => T }>) => {
  const res = await reply;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};

// Connect the sandbox Xero as a person does: the link, the consent page, the code exchange.
const link = await ok<{ data: { url: string } }>(client.get("/api/xero/auth/get-link-register"));
const authorise = new URL(link.data.url, "http://localhost");
const consent = await t.app.inject({
  method: "POST",
  url: authorise.pathname,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams({
    redirect_uri: authorise.searchParams.get("redirect_uri") ?? "",
    state: authorise.searchParams.get("state") ?? "",
    code_challenge: authorise.searchParams.get("code_challenge") ?? "",
    code_challenge_method: "S256",
    decision: "allow",
  }).toString(),
});
const back = new URL(consent.headers.location as string, "http://localhost");
await ok(
  client.get("/api/xero/auth/redirect", {
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  }),
);

if (!t.services.templates.get(TEMPLATE)) throw new Error(`${TEMPLATE} is not in the library`);
const doc = await t.buildDocument({
  teamId: team.id,
  createdBy: owner.id,
  status: 1,
  template: { identifier: TEMPLATE, name: "Minutes of the First Meeting of Directors" },
});

type Row = { id: string; type: string };
const listTimes: number[] = [];
const importTimes: number[] = [];
const bothTimes: number[] = [];
for (let i = 0; i < WARM_UP + RUNS; i++) {
  const t0 = performance.now();
  const list = await ok<{ data: Row[] }>(
    client.get("/api/integrations/xero/clients", { page: 1, limit: LIST_SIZE }),
  );
  const t1 = performance.now();
  if (list.data.length !== LIST_SIZE) throw new Error(`listed ${list.data.length}, not ${LIST_SIZE}`);
  const companies = list.data.filter((c) => c.type === "Company");
  const company = companies[i % companies.length];
  if (!company) throw new Error("no company in the list");
  await ok(
    client.post("/api/integrations/xero/import", {
      doc_id: doc.id,
      client_id: company.id,
      question_id: "company",
    }),
  );
  const t2 = performance.now();
  if (i >= WARM_UP) {
    listTimes.push(t1 - t0);
    importTimes.push(t2 - t1);
    bothTimes.push(t2 - t0);
  }
}
await t.close();

const percentile = (sample: number[], p: number) => {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
console.log(
  `\nImport from a ${LIST_SIZE}-client list (sandbox Xero, PGlite in memory), ${RUNS} runs after ${WARM_UP} warm-up; node ${process.version}; load average ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after (${cpus().length} CPUs)\n`,
);
console.log(`${"".padEnd(52)}${"median ms".padStart(10)}${"p95 ms".padStart(9)}`);
console.log(
  `${`Fastify hello-world (${HELLO_CONNECTIONS} connections, ${helloResult.rps} req/s; p50, p99)`.padEnd(52)}${String(helloResult.p50).padStart(10)}${String(helloResult.p99).padStart(9)}`,
);
for (const [name, times] of [
  [`List ${LIST_SIZE} clients (GET .../clients)`, listTimes],
  ["Import one company (POST .../import)", importTimes],
  ["List, then import", bothTimes],
] as const)
  console.log(
    `${name.padEnd(52)}${percentile(times, 50).toFixed(1).padStart(10)}${percentile(times, 95).toFixed(1).padStart(9)}`,
  );
