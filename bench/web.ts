// `npm run bench:web`: how the web app loads on a phone. Builds the web app into a fresh folder,
// prints what the sign-in page and the document list load (JavaScript and CSS, raw, gzip and
// brotli, from the build's manifest), then starts the real server on the embedded database with
// the demo data and runs Lighthouse (mobile, its default: simulated slow 4G and a 4× slower CPU)
// on the sign-in page and, signed in as the demo firm's owner, on the document list, beside a
// bare hello-world page measured in the same run. Each page is measured BENCH_RUNS times (3
// unless told); the run with the median score is shown. Lighthouse's target: performance ≥ 0.90.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import Fastify from "fastify";
import lighthouse from "lighthouse";
import { startServer } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// BENCH_WEB_SOURCE builds another copy of apps/web (an earlier commit's, to compare against).
const webDir = path.resolve(process.env.BENCH_WEB_SOURCE ?? path.join(import.meta.dirname, "../apps/web"));
const loadBefore = loadavg()[0]?.toFixed(1);

// ---- The build, and what each page needs from it ------------------------------------------------

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The build's JavaScript and CSS files that a page needs before it can show itself. */
function pageFiles(manifest: Manifest, routeModules: string[]) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the build's manifest names no entry chunk");
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const entryOnly = new Set(files);
  for (const route of routeModules) visit(route);
  return { entryOnly, withRoutes: files };
}

function sizes(dist: string, files: Set<string>, extension: ".js" | ".css") {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  let count = 0;
  for (const file of files) {
    if (!file.endsWith(extension)) continue;
    const bytes = readFileSync(path.join(dist, file));
    count++;
    raw += bytes.length;
    // Computed here rather than read from the .gz/.br beside the file, so the figure does not
    // depend on the build writing them.
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return { count, raw, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const dist = mkdtempSync(path.join(tmpdir(), "precedent-bench-web-"));
console.log(`Building the web app into ${dist}…`);
const built = spawnSync("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--manifest"], {
  cwd: webDir,
  stdio: ["ignore", "ignore", "inherit"],
});
if (built.status !== 0) throw new Error(`vite build failed (${built.status})`);
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;

const PAGES: { name: string; routes: string[] }[] = [
  { name: "entry chunk and its static imports", routes: [] },
  { name: "sign-in page (+ its route)", routes: ["src/features/auth/LoginPage.tsx"] },
  {
    name: "document list (+ its routes)",
    routes: ["src/features/account/AccountArea.tsx", "src/features/documents/DocumentsPage.tsx"],
  },
];
console.log("\nWhat a page loads before it shows (from the build's manifest)\n");
console.log(
  `${"".padEnd(38)}${"JS files".padStart(9)}${"raw".padStart(9)}${"gzip".padStart(9)}${"brotli".padStart(9)}${"CSS gzip".padStart(10)}`,
);
for (const page of PAGES) {
  const files = pageFiles(manifest, page.routes).withRoutes;
  const js = sizes(dist, files, ".js");
  const css = sizes(dist, files, ".css");
  console.log(
    `${page.name.padEnd(38)}${String(js.count).padStart(9)}${kb(js.raw).padStart(9)}${kb(js.gzip).padStart(9)}${kb(js.brotli).padStart(9)}${kb(css.gzip).padStart(10)}`,
  );
}
const largest = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith(".js"))
  .map((file) => ({ file, bytes: statSync(path.join(dist, file)).size }))
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, 3);
console.log(`Largest chunks: ${largest.map((c) => `${c.file} ${kb(c.bytes)}`).join(", ")}`);

// ---- Lighthouse ---------------------------------------------------------------------------------

type Measured = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
};

type NetworkRequest = { resourceType?: string; transferSize?: number };

/** A cookie as the server set it, for the browser's own jar. */
type BrowserCookie = { name: string; value: string; httpOnly: boolean };

/**
 * Puts `cookies` in the browser's cookie jar for `base`, through the DevTools protocol (Node's own
 * WebSocket): the page reads the logged-in marker from `document.cookie`, which a cookie sent
 * only as a request header would not give it. Lighthouse's storage reset leaves cookies alone.
 */
async function setBrowserCookies(port: number, base: string, cookies: BrowserCookie[]) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    const answered = new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
        else resolve(undefined);
      };
    });
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: { cookies: cookies.map((cookie) => ({ ...cookie, url: base, path: "/" })) },
      }),
    );
    await answered;
  } finally {
    socket.close();
  }
}

async function runLighthouse(url: string, cookies: BrowserCookie[]): Promise<Measured> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  try {
    if (cookies.length > 0) await setBrowserCookies(chrome.port, new URL(url).origin, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    // A page that sent the browser elsewhere (the sign-in page, for a session not accepted) would
    // be measured under the wrong name.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined;
    const requests = details?.items ?? [];
    return {
      score: lhr.categories.performance?.score ?? Number.NaN,
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      scriptBytes: requests
        .filter((request) => request.resourceType === "Script")
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      totalBytes: audit("total-byte-weight"),
      requests: requests.length,
    };
  } finally {
    chrome.kill();
  }
}

/** RUNS runs, one browser each; the one with the median score. */
async function measurePage(url: string, cookies: BrowserCookie[] = []) {
  const runs: Measured[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url, cookies));
  runs.sort((a, b) => a.score - b.score);
  const median = runs[Math.floor(runs.length / 2)] as Measured;
  return { median, scores: runs.map((run) => run.score.toFixed(2)) };
}

// ---- The pages in a browser ----------------------------------------------------------------------

/** Lighthouse on the hello-world page, the sign-in page and the document list, as a table. */
async function measureInBrowser() {
  // The baseline: the best a page can do on this machine in this run.
  const hello = Fastify({ logger: false });
  hello.get("/", (_request, reply) =>
    reply
      .type("text/html")
      .send(
        '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Hello</title><h1>Hello, world</h1></html>',
      ),
  );
  await hello.listen({ port: 0, host: "127.0.0.1" });
  const helloPort = (hello.server.address() as { port: number }).port;

  const dataDir = mkdtempSync(path.join(tmpdir(), "precedent-bench-web-data-"));
  const server = await startServer("app-server.ts", { ...process.env, WEB_DIST: dist, DATA_DIR: dataDir });
  const base = `http://127.0.0.1:${server.port}`;

  const results: [string, Awaited<ReturnType<typeof measurePage>>][] = [];
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@demo.test", password: "precedent-demo" }),
    });
    if (!login.ok) throw new Error(`signing in as the demo owner failed: ${login.status}`);
    // The session cookie and the logged-in marker, as the sign-in set them.
    const sessionCookies = login.headers.getSetCookie().map((cookie): BrowserCookie => {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at).trim(),
        value: pair.slice(at + 1).trim(),
        httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === "httponly"),
      };
    });

    const TARGETS: [string, string, BrowserCookie[]][] = [
      ["hello-world page (baseline)", `http://127.0.0.1:${helloPort}/`, []],
      ["sign-in page", `${base}/login`, []],
      ["document list (owner@demo.test)", `${base}/my-account/my-document`, sessionCookies],
    ];

    for (const [name, url, cookies] of TARGETS) {
      console.error(`Lighthouse: ${name}…`);
      results.push([name, await measurePage(url, cookies)]);
    }
  } finally {
    server.child.kill("SIGINT");
    await hello.close();
  }

  console.log(
    `\nLighthouse mobile (simulated slow 4G, 4× CPU slowdown), ${RUNS} runs per page, median shown; node ${process.version}; load average ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after (${cpus().length} CPUs)\n`,
  );
  console.log(
    `${"".padEnd(34)}${"score".padStart(7)}${"FCP s".padStart(7)}${"LCP s".padStart(7)}${"TBT ms".padStart(8)}${"JS sent".padStart(9)}${"all sent".padStart(10)}${"reqs".padStart(6)}   all runs' scores`,
  );
  for (const [name, { median: m, scores }] of results) {
    console.log(
      `${name.padEnd(34)}${m.score.toFixed(2).padStart(7)}${(m.fcp / 1000).toFixed(1).padStart(7)}${(m.lcp / 1000).toFixed(1).padStart(7)}${m.tbt.toFixed(0).padStart(8)}${kb(m.scriptBytes).padStart(9)}${kb(m.totalBytes).padStart(10)}${String(m.requests).padStart(6)}   ${scores.join(" ")}`,
    );
  }

  // The server child has been asked to stop; wait for it before removing its files.
  await new Promise((resolve) =>
    server.child.exitCode !== null ? resolve(null) : server.child.once("exit", resolve),
  );
  rmSync(dataDir, { recursive: true, force: true });
}

if (RUNS > 0) await measureInBrowser();
else console.log("\nBENCH_RUNS=0: no Lighthouse runs.");
// BENCH_KEEP_BUILD=1 keeps the build, to look into its chunks.
if (process.env.BENCH_KEEP_BUILD === "1") console.log(`\nKept the build in ${dist}`);
else rmSync(dist, { recursive: true, force: true });
