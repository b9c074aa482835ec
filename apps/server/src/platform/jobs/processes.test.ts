import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db/client.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createJobQueue } from "./queue.ts";
import { jobs } from "./schema.ts";

// Real processes: a worker is killed with SIGKILL in the middle of a job, and the job is taken
// over once its lease has run out. On PostgreSQL (DATABASE_URL) the worker and this test share the
// server; on PGlite the data folder passes from one process to the other, as at a restart.

const LEASE_MS = 2000;
const workerScript = path.resolve(import.meta.dirname, "../../test/processes/job-worker.ts");

let testDatabase: (DatabaseHandle & { url?: string }) | undefined;
let dataDir: string | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    testDatabase = await openTestDatabase();
    await testDatabase.migrate();
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "precedent-jobs-"));
  }
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await testDatabase?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** This test's own connection: the shared server's database, or the data folder reopened. */
async function open(): Promise<DatabaseHandle> {
  if (testDatabase?.url) return openPostgres(testDatabase.url, 2);
  const handle = await openPglite(dataDir as string);
  await handle.migrate();
  return handle;
}

/** Starts the worker process; resolves with it and the lines it prints, once `line` appears. */
function startWorker(until: RegExp) {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript], {
    env: {
      ...process.env,
      LEASE_MS: String(LEASE_MS),
      ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : { DATABASE_URL: "", DATA_DIR: dataDir }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise<{ child: ChildProcess; match: RegExpMatchArray }>((resolve, reject) => {
    const look = () => {
      const match = output.match(until);
      if (match) resolve({ child, match });
    };
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      look();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`worker exited (${code}) before ${until}:\n${output}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("jobs across processes", () => {
  // Generous: PGlite opens its folder three times here, which takes a while on a busy machine.
  it("survives a restart, and a worker killed mid-job loses it to another after the lease", {
    timeout: 300_000,
  }, async () => {
    // Queued, then the database closed: the job is still there when it is opened again.
    let db = await open();
    const queued = createJobQueue({ db: db.db, clock: () => new Date() });
    queued.define("test.slow-report", async () => {});
    const id = (await queued.enqueue("test.slow-report", { firm: 7 })) as number;
    await db.close();

    // Another process claims it, starts, and is killed with SIGKILL half way through.
    const { child, match } = await startWorker(/started (\d+) (\d+)/);
    expect(match.slice(1)).toEqual([String(id), "1"]);
    if (testDatabase) {
      // On PostgreSQL the claim is seen while the worker lives.
      db = await open();
      await killed(child);
    } else {
      // A PGlite folder has one process at a time: it is opened again once the worker is dead.
      await killed(child);
      db = await open();
    }
    const [held] = await db.db.select().from(jobs).where(eq(jobs.id, id));
    expect(held).toMatchObject({ state: "running", attempt: 1, lockedBy: `child:${child.pid}` });
    const leaseEnds = held?.lockedUntil?.getTime() ?? 0;

    // Another worker: nothing to do while the dead worker's lease lasts, then it takes the job.
    let now = leaseEnds - 1;
    const reports: number[] = [];
    const warnings: object[] = [];
    const log = { info() {}, error() {}, warn: (fields: object) => void warnings.push(fields) };
    const survivor = createJobQueue({ db: db.db, clock: () => new Date(now) });
    survivor.define<{ firm: number }>("test.slow-report", async ({ firm }) => {
      reports.push(firm);
    });
    expect(await survivor.runDue({ log })).toEqual([]);
    now = leaseEnds + 1;
    expect(await survivor.runDue({ log })).toMatchObject([{ id, attempt: 2, outcome: "done" }]);
    expect(reports).toEqual([7]);
    expect(warnings).toContainEqual(
      expect.objectContaining({ job_id: id, attempt: 2, previous_worker: `child:${child.pid}` }),
    );
    const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: "done", attempt: 2, lockedBy: null });
    await db.close();
  });
});
