// `npm run bench:api`: requests per second and latency of GET /api/users/me under 50
// concurrent connections, beside a bare Fastify hello-world measured in the same run.
// Each server runs in its own process; autocannon drives it from this one.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const here = import.meta.dirname;

function startServer(script: string): Promise<{ child: ChildProcess; port: number; note: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, script)], {
    cwd: here,
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+) ?(\S*)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]), note: match[2] ?? "" });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

async function measure(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and connection pools settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

async function signIn(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@demo.test", password: "precedent-demo" }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

const hello = await startServer("hello-server.ts");
const app = await startServer("app-server.ts");
try {
  const baseline = await measure(`http://127.0.0.1:${hello.port}/`);
  const token = await signIn(app.port);
  const usersMe = await measure(`http://127.0.0.1:${app.port}/api/users/me`, {
    authorization: `Bearer ${token}`,
  });

  const rows = [
    ["Fastify hello-world (baseline)", baseline],
    [`GET /api/users/me (${app.note})`, usersMe],
  ] as const;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, node ${process.version}\n`);
  console.log(`${"".padEnd(36)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}`);
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(36)}${String(r.requestsPerSecond).padStart(10)}${String(r.p50).padStart(10)}${String(r.p99).padStart(10)}`,
    );
  }
  console.log(
    `\n/api/users/me serves ${((usersMe.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of the baseline's rate.`,
  );
} finally {
  hello.child.kill();
  app.child.kill();
}
