import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { withToolDatabase } from "./command-line.ts";
import { LOCK_FILE_NAME } from "./data-folder-lock.ts";

// The helper's own rules, with a stand-in opener that records what it is asked: the operator
// tools' processes are run against a real folder in data-folder-lock.test.ts.

const scratch = mkdtempSync(path.join(tmpdir(), "precedent-tool-db-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function recordingOpener() {
  const events: string[] = [];
  const open = async (where: { DATA_DIR: string; DATABASE_URL?: string | undefined }) => {
    events.push(`open ${where.DATABASE_URL ?? where.DATA_DIR}`);
    return {
      close: async () => {
        events.push("close");
      },
    } as unknown as DatabaseHandle;
  };
  return { events, open };
}

describe("withToolDatabase", () => {
  it("refuses a data folder that does not exist, opening nothing and creating no folder", async () => {
    const missing = path.join(scratch, "no-such-folder");
    const { events, open } = recordingOpener();
    const work = async () => "ran";
    await expect(withToolDatabase({ DATA_DIR: missing }, work, open)).rejects.toThrow(
      `No database in ${missing}: set DATA_DIR (or DATABASE_URL) as the server has it`,
    );
    expect(events).toEqual([]);
    expect(existsSync(missing)).toBe(false);
  });

  it("opens an existing folder, gives the work its database and closes it after", async () => {
    const { events, open } = recordingOpener();
    const result = await withToolDatabase(
      { DATA_DIR: scratch },
      async () => {
        events.push("work");
        return 42;
      },
      open,
    );
    expect(result).toBe(42);
    expect(events).toEqual([`open ${scratch}`, "work", "close"]);
  });

  it("closes the database when the work fails, and passes the failure on", async () => {
    const { events, open } = recordingOpener();
    const failing = withToolDatabase(
      { DATA_DIR: scratch },
      async () => {
        throw new Error("No mail 7 in the outbox");
      },
      open,
    );
    await expect(failing).rejects.toThrow("No mail 7 in the outbox");
    expect(events).toEqual([`open ${scratch}`, "close"]);
  });

  it("asks for no folder when DATABASE_URL names a server", async () => {
    const { events, open } = recordingOpener();
    const url = "postgres://tool@localhost/precedent";
    await withToolDatabase(
      { DATA_DIR: path.join(scratch, "unused"), DATABASE_URL: url },
      async () => {},
      open,
    );
    expect(events).toEqual([`open ${url}`, "close"]);
  });

  it("with the real opener, a PGlite folder is opened, queried and closed (its lock file gone)", {
    timeout: 180_000,
  }, async () => {
    const folder = mkdtempSync(path.join(scratch, "pglite-"));
    const answer = await withToolDatabase({ DATA_DIR: folder }, async ({ db, kind }) => {
      // While the tool works, the folder is held like the server holds it.
      expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(true);
      const result = await db.execute(sql`select 1 + 1 as two`);
      return { kind, two: (result as unknown as { rows: { two: number }[] }).rows[0]?.two };
    });
    expect(answer).toEqual({ kind: "pglite", two: 2 });
    expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(false);
  });
});
