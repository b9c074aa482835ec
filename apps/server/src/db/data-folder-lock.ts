import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

// A PGlite data folder takes one process at a time: PGlite keeps the database in its own memory
// and writes the folder as if no one else did, so a second process on the folder runs without an
// error, and the writes of the one that closes first are lost. A lock file in the folder,
// created atomically and naming its process, keeps the second one out with a message saying who
// holds it. A lock whose process has died (kill -9, a crash, a power cut) is taken over.

/** The lock file, inside the data folder (PostgreSQL ignores files it does not know there). */
export const LOCK_FILE_NAME = "precedent.lock";

type LockRecord = { pid: number; host: string; started_at: string; id: string };

/** A second process (or a second open in this one) on a data folder already in use. */
export class DataFolderInUseError extends Error {
  override name = "DataFolderInUseError";
}

export type DataFolderLock = {
  /** Removes the lock file if it is still this lock's; safe to call more than once. */
  release(): void;
};

// The lock files this process holds, with the content each was written with (a lock is removed
// only while it still has that content).
const heldHere = new Map<string, string>();

const releaseAllOnExit = () => {
  for (const lockPath of [...heldHere.keys()]) releaseLockFile(lockPath);
};

function releaseLockFile(lockPath: string) {
  const content = heldHere.get(lockPath);
  if (content === undefined) return;
  heldHere.delete(lockPath);
  if (heldHere.size === 0) process.off("exit", releaseAllOnExit);
  // Only our own lock: after this process was thought dead, another may have taken the folder.
  if (readOrUndefined(lockPath) === content) unlinkQuietly(lockPath);
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function parseRecord(content: string): LockRecord | undefined {
  try {
    const record = JSON.parse(content) as Partial<LockRecord>;
    if (Number.isInteger(record.pid) && typeof record.host === "string") return record as LockRecord;
  } catch {
    // Empty or cut short: handled by the caller.
  }
  return undefined;
}

/** True when a process with this pid exists on this host (EPERM: it exists, run by another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates the lock file only if there is none; false when one is already there. */
function createExclusively(lockPath: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

const WHAT_TO_DO =
  "Stop that process first, or set DATA_DIR to another folder. To run several servers on one database, " +
  "use a PostgreSQL server (DATABASE_URL) instead of PGlite.";

function inUseMessage(folder: string, lockPath: string, holder: LockRecord, sameHost: boolean) {
  const since = holder.started_at ? `, since ${holder.started_at}` : "";
  const lines = [
    `The data folder ${folder} is in use by another Precedent process (pid ${holder.pid} on ${holder.host}${since}).`,
    "A PGlite data folder takes one process at a time; a second one would lose the first one's writes without an error.",
    WHAT_TO_DO,
  ];
  if (!sameHost) {
    lines.push(
      `That process is on another host, so whether it still runs cannot be checked from here; if it does not, delete ${lockPath}.`,
    );
  }
  return lines.join("\n");
}

const alreadyOpenHere = (folder: string) =>
  `The data folder ${folder} is already open in this process (pid ${process.pid}); close it before opening it again.`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the process that
 * has it. `warn` hears of a stale lock cleared (left by a process no longer running).
 */
export async function lockDataFolder(
  dataDir: string,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<DataFolderLock> {
  const folder = path.resolve(dataDir);
  const lockPath = path.join(folder, LOCK_FILE_NAME);
  const host = hostname();
  if (heldHere.has(lockPath)) throw new DataFolderInUseError(alreadyOpenHere(folder));
  const content = `${JSON.stringify({
    pid: process.pid,
    host,
    started_at: new Date().toISOString(),
    id: randomUUID(),
  } satisfies LockRecord)}\n`;

  // A few rounds: each either takes the lock, refuses, or clears a stale lock and tries again.
  for (let round = 0; round < 5; round++) {
    if (createExclusively(lockPath, content)) {
      if (heldHere.size === 0) process.on("exit", releaseAllOnExit);
      heldHere.set(lockPath, content);
      return { release: () => releaseLockFile(lockPath) };
    }
    let found = readOrUndefined(lockPath);
    if (found === undefined) continue; // released meanwhile
    let holder = parseRecord(found);
    if (!holder) {
      // Another process may be between creating the file and writing it: look again shortly.
      await sleep(200);
      found = readOrUndefined(lockPath);
      if (found === undefined) continue;
      holder = parseRecord(found);
    }
    if (holder) {
      if (holder.host !== host) {
        throw new DataFolderInUseError(inUseMessage(folder, lockPath, holder, false));
      }
      if (holder.pid === process.pid) {
        // Ours if written since this process started (another opening here, or a worker thread);
        // written before, it is an earlier process's that had the same pid.
        const processStarted = Date.now() - process.uptime() * 1000;
        const written = Date.parse(holder.started_at);
        if (heldHere.has(lockPath) || !(written < processStarted - 1000)) {
          throw new DataFolderInUseError(alreadyOpenHere(folder));
        }
      } else if (isRunning(holder.pid)) {
        throw new DataFolderInUseError(inUseMessage(folder, lockPath, holder, true));
      }
      warn(
        `Cleared a stale lock on the data folder ${folder}: process ${holder.pid} (holding it since ${holder.started_at}) is no longer running.`,
      );
    } else {
      warn(`Cleared an unreadable lock file ${lockPath} (a process stopped while creating it).`);
    }
    // Removed only if it is still the stale lock just read: a process that cleared it first and
    // took the folder keeps its lock, and this one then finds it running.
    if (readOrUndefined(lockPath) === found) unlinkQuietly(lockPath);
  }
  throw new DataFolderInUseError(
    `Could not take the data folder ${folder}: its lock file ${lockPath} kept changing. ${WHAT_TO_DO}`,
  );
}
