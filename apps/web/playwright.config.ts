import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SHORT_IDLE_TIMEOUT_MS, SHORT_KEEP_ALIVE_MS } from "./e2e/support";

const webDir = import.meta.dirname;
const repoRoot = path.resolve(webDir, "../..");
// E2E_WEB_DIST points at another build (vite build --outDir), so two runs on one machine can differ.
const webDist = process.env.E2E_WEB_DIST ?? path.join(webDir, "dist");
const builtIndex = path.join(webDist, "index.html");

if (!existsSync(builtIndex)) {
  throw new Error(
    `The web app is not built (${builtIndex} is missing). Run "npm run build:web" first, or "npm run test:e2e", which builds it.`,
  );
}

/** The normal server, and one with short session timeouts for the idle and keep-alive spec. */
// E2E_PORT moves all three servers, so two runs on one machine do not collide.
const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const SHORT_SESSION_PORT = APP_PORT + 1;
const JOURNEY_PORT = APP_PORT + 2;
/** A server with the OpenAI-compatible provider pointed at the realtime fake the spec starts. */
const REALTIME_PORT = APP_PORT + 3;
// The spec starts the fake itself at E2E_PORT + 4 (assistant-realtime.spec.ts).
const REALTIME_FAKE_PORT = APP_PORT + 4;

/**
 * With TEST_FILE_STORE=s3 (CI's PostgreSQL pass), every app server keeps its files in one local S3
 * server (s3rver, apps/server/src/test/local-s3-server.ts) started before them; files are
 * content-addressed, so servers on different databases may share its bucket.
 */
const S3_PORT = APP_PORT + 5;
const S3_BUCKET = "precedent-e2e-files";
const filesInS3 = process.env.TEST_FILE_STORE === "s3";
const s3Env: Record<string, string> = filesInS3
  ? {
      FILE_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
      S3_BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }
  : {};

// Playwright loads this file in every worker too; only the main process starts servers.
const isMainProcess = process.env.TEST_WORKER_INDEX === undefined;
const databaseUrl = process.env.DATABASE_URL;

function databaseEnv(name: string): Record<string, string> {
  // On a PostgreSQL server both servers share one database; the server migrates and seeds it
  // under an advisory lock.
  if (databaseUrl) return { DATABASE_URL: databaseUrl };
  if (!isMainProcess) return {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `precedent-e2e-${name}-`));
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir };
}

/**
 * The journey spec spends plan uses and first-use states of the demo firms, so its server gets a
 * database of its own: a fresh PGlite folder, or on a PostgreSQL server a sibling database
 * `<name>_journey`, made anew for each run (with psql, as CI makes the main one).
 */
function journeyDatabaseEnv(): Record<string, string> {
  if (!databaseUrl) return databaseEnv("journey");
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_journey`;
  if (isMainProcess) {
    const admin = new URL(databaseUrl);
    admin.pathname = "/postgres";
    const made = spawnSync(
      "psql",
      [
        admin.href,
        "-v",
        "ON_ERROR_STOP=1",
        "-q",
        "-c",
        `drop database if exists "${name}" with (force)`,
        "-c",
        `create database "${name}"`,
      ],
      { stdio: "inherit" },
    );
    if (made.status !== 0) throw new Error(`could not create the journey database ${name} with psql`);
  }
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.href };
}

function server(port: number, name: string, extraEnv: Record<string, string> = {}) {
  return {
    command: "npx tsx apps/server/src/main.ts",
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // A first start compiles the server with tsx; on a busy two-core machine that took past 120 s.
    timeout: 300_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links the server sends or redirects to (payment returns, signing links) name the address
      // the browser uses, as PUBLIC_URL does in production.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      WEB_DIST: webDist,
      // The sandbox regulator decides a lodgement in 1.5 s here (ASIC takes minutes), polled each
      // second. Every server gets the same: on a PostgreSQL server the app and short-session
      // servers share one database and its job queue, and a status job claimed by a server left at
      // the 30 s default waited 30 s for its next look.
      ASIC_SANDBOX_PROCESSING_MS: "1500",
      ASIC_STATUS_POLL_MS: "1000",
      ...(name === "journey" ? journeyDatabaseEnv() : databaseEnv(name)),
      ...s3Env,
      ...extraEnv,
    },
  };
}

/**
 * Debian's headless shell (package chromium-headless-shell: Chromium's own headless build, without
 * the browser's window and compositor) when installed, else Debian's Chromium; CHROMIUM_PATH names
 * another. The same page loads took 8 s of CPU in the shell and 15 s in the full browser, measured
 * side by side on the two-core machine: the browsers were most of the browser tests' CPU
 * (docs/decisions.md "The browser tests in Chromium's headless shell").
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const ci = process.env.CI === "true";

export default defineConfig({
  testDir: path.join(webDir, "e2e"),
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(webDir, "test-results"),
  fullyParallel: false,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    headless: true,
    // Recording a trace (a snapshot at every step) costs the two cores a good share of a run; in
    // CI only the retry of a failed test records one, which is the run that explains a failure.
    trace: ci ? "on-first-retry" : "retain-on-failure",
    // The browser asks for reduced motion, so dialogs, menus and dropdowns open and close in
    // 10 ms. On two busy cores a click on one still moving was lost now and then (a menu item, a
    // dialog's button, a select option); the tests are about what the app does, not its motion.
    // reduced-motion.spec.ts checks both settings.
    reducedMotion: "reduce",
    // A click or a fill that waits on an element that never comes fails after 30 s, naming the
    // step, instead of holding the test to its own timeout (up to 5 min) with no word of where.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "app",
      testIgnore: [/idle-session\.spec\.ts/, /journey\//, /assistant-realtime\.spec\.ts/],
      use: { baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    {
      name: "short-session",
      testMatch: /idle-session\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SHORT_SESSION_PORT}` },
    },
    {
      name: "realtime",
      testMatch: /assistant-realtime\.spec\.ts/,
      use: {
        baseURL: `http://127.0.0.1:${REALTIME_PORT}`,
        // Chromium's own fake microphone (a steady tone), granted without asking.
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
          ],
        },
      },
    },
    {
      name: "journey",
      testMatch: /journey\/.*\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${JOURNEY_PORT}` },
    },
  ],
  webServer: [
    // Playwright starts its servers one after another, in this order: the bucket is there first.
    ...(filesInS3
      ? [
          {
            command: "npx tsx apps/server/src/test/local-s3-server.ts",
            cwd: repoRoot,
            // s3rver answers an unsigned request 403, which Playwright takes as up.
            url: `http://127.0.0.1:${S3_PORT}/`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: { LOCAL_S3_PORT: String(S3_PORT), LOCAL_S3_BUCKET: S3_BUCKET },
          },
        ]
      : []),
    server(APP_PORT, "app"),
    server(SHORT_SESSION_PORT, "short-session", {
      IDLE_TIMEOUT_MS: String(SHORT_IDLE_TIMEOUT_MS),
      KEEP_ALIVE_MS: String(SHORT_KEEP_ALIVE_MS),
    }),
    server(JOURNEY_PORT, "journey"),
    // The model server is the fake (only its realtime endpoints answer): the chat falls back to
    // the built-in provider, and the voice chat runs on the fake's realtime session.
    server(REALTIME_PORT, "realtime", {
      ASSISTANT_OPENAI_BASE_URL: `http://127.0.0.1:${REALTIME_FAKE_PORT}/v1`,
      ASSISTANT_OPENAI_API_KEY: "sk-e2e-server-key",
      ASSISTANT_OPENAI_MODEL: "fake-chat",
      ASSISTANT_OPENAI_REALTIME_MODEL: "fake-realtime",
      ASSISTANT_OPENAI_TIMEOUT_MS: "2000",
    }),
  ],
});
