import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { startMailSink } from "./mail-sink";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

type MailSink = Awaited<ReturnType<typeof startMailSink>>;

/**
 * A server of the spec's own that sends mail by SMTP to a sink in the spec, on a PGlite folder of
 * its own (what it changes, other specs do not see). Starts before the spec's first test and stops
 * after its last; `mail()` is the sink, to read what the server sent.
 */
export function serverWithMailSink(options: { port: number; name: string; env?: Record<string, string> }) {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let server: ChildProcess | undefined;
  let sink: MailSink | undefined;
  let dataDir: string | undefined;

  async function waitUntilReady(url: string, ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (server && server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`${url} did not answer within ${ms} ms`);
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    sink = await startMailSink();
    dataDir = mkdtempSync(path.join(os.tmpdir(), `precedent-e2e-${options.name}-`));
    const { DATABASE_URL: _shared, ...env } = process.env;
    server = spawn("npx", ["tsx", "apps/server/src/main.ts"], {
      cwd: repoRoot,
      stdio: ["ignore", "ignore", "inherit"],
      // Its own process group, so that stopping it stops tsx's child as well.
      detached: true,
      env: {
        ...env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "warn",
        WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(repoRoot, "apps/web/dist"),
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
        ...options.env,
      },
    });
    await waitUntilReady(`${baseUrl}/readyz`, 170_000);
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const stopped = new Promise((resolve) => server?.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await stopped;
    }
    await sink?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    baseUrl,
    mail(): MailSink {
      if (!sink) throw new Error("the mail sink is not started (use it inside a test)");
      return sink;
    },
  };
}
