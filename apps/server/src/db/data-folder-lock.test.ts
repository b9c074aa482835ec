import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client.ts";
import { DataFolderInUseError, LOCK_FILE_NAME, lockDataFolder } from "./data-folder-lock.ts";

// Real processes on a real PGlite folder: the server and the two operator tools started while
// another process has the folder, a holder killed with SIGKILL, and one that exits without
// closing. The folder is made once (a fresh PGlite folder takes a while); each test opens it.

const serverSource = path.resolve(import.meta.dirname, "..");
const holderScript = path.join(serverSource, "test/processes/data-folder-holder.ts");
const PORT = 3211; // only listened on if a second server wrongly started

let dataDir: string;
let lockPath: string;
const folders: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "precedent-lock-"));
  folders.push(dataDir);
  lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const made = await openPglite(dataDir);
  await made.db.execute(sql`create table probe (n int primary key)`);
  await made.close();
}, 300_000);

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Started = { child: ChildProcess; output: () => string };

function start(script: string, env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    // DATABASE_URL emptied: under a PostgreSQL test run the processes must still use the folder.
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PORT: String(PORT), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/**
 * Waits for the process to exit, or for `running` in its output (it got the folder and goes on:
 * it is killed and reported as running, code "running").
 */
function outcome(started: Started, running: RegExp) {
  return new Promise<{ code: number | null | "running"; output: string }>((resolve) => {
    const { child, output } = started;
    const look = () => {
      if (!running.test(output())) return;
      child.kill("SIGKILL");
      resolve({ code: "running", output: output() });
    };
    child.stdout?.on("data", look);
    child.stderr?.on("data", look);
    child.once("exit", (code) => resolve({ code, output: output() }));
  });
}

/** Resolves once the holder says it has the folder (rejects if it exits first). */
function holding(started: Started) {
  return new Promise<void>((resolve, reject) => {
    const { child, output } = started;
    const look = () => {
      if (/holding \d+/.test(output())) resolve();
    };
    child.stdout?.on("data", look);
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}):\n${output()}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });

const lockHolder = () => (JSON.parse(readFileSync(lockPath, "utf8")) as { pid: number }).pid;

/** The probe table's numbers (PGlite's raw query result carries `rows`). */
async function probeRows(db: DatabaseHandle) {
  const result = (await db.db.execute(sql`select n from probe order by n`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows.map((row) => row.n);
}

describe("one process per PGlite data folder", () => {
  it("a second server on the folder exits non-zero, naming the folder and the process holding it", {
    timeout: 180_000,
  }, async () => {
    const first = await openPglite(dataDir);
    try {
      const second = await outcome(start(path.join(serverSource, "main.ts")), /Precedent is running/);
      expect(second.code).not.toBe("running");
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(`The data folder ${dataDir} is in use`);
      expect(second.output).toContain(`pid ${process.pid} on ${hostname()}, since `);
      expect(second.output).toMatch(/Stop that process first, or set DATA_DIR to another folder/);
      expect(second.output).toContain("DATABASE_URL");
    } finally {
      await first.close();
    }
  });

  it.each([
    ["the mail outbox tool", "modules/mail/outbox-cli.ts"],
    ["the job queue tool", "platform/jobs/jobs-cli.ts"],
    ["the review and fulfilment requests tool", "modules/fulfilment/fulfilment-cli.ts"],
  ])("%s gets the same message while a server holds the folder", { timeout: 120_000 }, async (_, script) => {
    const holder = start(holderScript);
    await holding(holder);
    const holderPid = holder.child.pid as number;
    try {
      // Without the lock the tool opens the folder, prints what it finds and exits 0.
      const tool = await outcome(start(path.join(serverSource, script)), /(?!)/);
      expect(tool.code).not.toBe(0);
      expect(tool.output).toContain(`The data folder ${dataDir} is in use`);
      expect(tool.output).toContain(`pid ${holderPid} on ${hostname()}`);
    } finally {
      holder.child.kill("SIGTERM");
      await exited(holder.child);
    }
    // The holder closed its database on SIGTERM, as the server does: the folder is free again.
    expect(existsSync(lockPath)).toBe(false);
  });

  it("the first process keeps all its writes when a second one tries the folder", {
    timeout: 180_000,
  }, async () => {
    let first = await openPglite(dataDir);
    await first.db.execute(sql`delete from probe`);
    await first.db.execute(sql`insert into probe values (1), (2), (3)`);
    const second = await outcome(start(holderScript), /holding \d+/);
    await first.db.execute(sql`insert into probe values (4), (5), (6)`);
    await first.close();
    expect(second.code).not.toBe("running");

    first = await openPglite(dataDir);
    try {
      expect(await probeRows(first)).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await first.close();
    }
  });

  it("a lock left by a process killed with SIGKILL is taken over, saying so", {
    timeout: 120_000,
  }, async () => {
    const holder = start(holderScript);
    await holding(holder);
    holder.child.kill("SIGKILL");
    await exited(holder.child);
    // The killed process could not remove its lock: it is still there, naming it.
    expect(lockHolder()).toBe(holder.child.pid);

    const warnings: string[] = [];
    const lock = await lockDataFolder(dataDir, (message) => warnings.push(message));
    try {
      expect(lockHolder()).toBe(process.pid);
      expect(warnings).toEqual([
        expect.stringContaining(`stale lock on the data folder ${dataDir}: process ${holder.child.pid}`),
      ]);
    } finally {
      lock.release();
    }
    expect(existsSync(lockPath)).toBe(false);

    // And the server's own opening of the folder does the same after another SIGKILL.
    const again = start(holderScript);
    await holding(again);
    again.child.kill("SIGKILL");
    await exited(again.child);
    const reopened = await openPglite(dataDir);
    try {
      expect(lockHolder()).toBe(process.pid);
      expect(await probeRows(reopened)).toBeInstanceOf(Array);
    } finally {
      await reopened.close();
    }
  });

  it("the folder is freed when the database closes and when the process exits without closing", {
    timeout: 120_000,
  }, async () => {
    const db = await openPglite(dataDir);
    expect(lockHolder()).toBe(process.pid);
    await db.close();
    expect(existsSync(lockPath)).toBe(false);

    const leaver = start(holderScript, { THEN: "exit" });
    const left = await outcome(leaver, /(?!)/);
    expect(left).toMatchObject({ code: 0 });
    expect(left.output).toMatch(/holding \d+/);
    expect(existsSync(lockPath)).toBe(false);
  });

  it("a folder is refused to a second opening in the same process; a database in memory needs no lock", {
    timeout: 120_000,
  }, async () => {
    const first = await openPglite(dataDir);
    try {
      const second = openPglite(dataDir);
      await expect(second).rejects.toThrow(DataFolderInUseError);
      await expect(second).rejects.toThrow(`The data folder ${dataDir} is already open in this process`);
      // The refused opening leaves the first one's lock alone.
      expect(lockHolder()).toBe(process.pid);
      expect(await probeRows(first)).toBeInstanceOf(Array);
    } finally {
      await first.close();
    }

    const one = await openPglite("memory://");
    const two = await openPglite("memory://");
    try {
      await one.db.execute(sql`create table t (n int)`);
      await two.db.execute(sql`create table t (n int)`);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("the lock file", () => {
  const emptyFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), "precedent-lock-file-"));
    folders.push(folder);
    return folder;
  };
  const write = (folder: string, record: object | string) =>
    writeFileSync(
      path.join(folder, LOCK_FILE_NAME),
      typeof record === "string" ? record : JSON.stringify(record),
    );

  it("names a holder on another host, whose life cannot be checked, and says how to clear it", async () => {
    const folder = emptyFolder();
    const other = {
      pid: process.pid,
      host: `not-${hostname()}`,
      started_at: "2026-01-01T00:00:00.000Z",
      id: "x",
    };
    write(folder, other);
    const refused = lockDataFolder(folder, () => {});
    await expect(refused).rejects.toThrow(
      `is in use by another Precedent process (pid ${process.pid} on not-${hostname()}, since 2026-01-01T00:00:00.000Z)`,
    );
    await expect(refused).rejects.toThrow(`if it does not, delete ${path.join(folder, LOCK_FILE_NAME)}`);
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), "utf8"))).toEqual(other);
  });

  it("takes over a lock naming this pid that this process does not hold (a restarted container)", async () => {
    const folder = emptyFolder();
    write(folder, { pid: process.pid, host: hostname(), started_at: "2026-01-01T00:00:00.000Z", id: "old" });
    const warnings: string[] = [];
    const lock = await lockDataFolder(folder, (message) => warnings.push(message));
    const record = JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), "utf8"));
    expect(record).toMatchObject({ pid: process.pid, host: hostname() });
    expect(record.id).not.toBe("old");
    expect(warnings).toHaveLength(1);
    lock.release();
    lock.release();
    expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(false);
  });

  it("refuses a lock naming this pid written since this process started (another thread has it)", async () => {
    const folder = emptyFolder();
    const mine = { pid: process.pid, host: hostname(), started_at: new Date().toISOString(), id: "thread" };
    write(folder, mine);
    await expect(lockDataFolder(folder, () => {})).rejects.toThrow(
      `The data folder ${folder} is already open in this process (pid ${process.pid})`,
    );
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), "utf8"))).toEqual(mine);
  });

  it("clears a lock file left empty by a process stopped while creating it", async () => {
    const folder = emptyFolder();
    write(folder, "");
    const warnings: string[] = [];
    const lock = await lockDataFolder(folder, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining("Cleared an unreadable lock file")]);
    lock.release();
  });

  it("leaves alone a lock another process took after this one's was cleared", async () => {
    const folder = emptyFolder();
    const lock = await lockDataFolder(folder, () => {});
    const successor = { pid: 1, host: hostname(), started_at: new Date().toISOString(), id: "successor" };
    write(folder, successor);
    lock.release();
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), "utf8"))).toEqual(successor);
  });
});
