import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../db/client.ts";
import { openTestDatabase } from "../../test/database.ts";
import { TestClock } from "../../test/harness.ts";
import { createJobQueue, exponentialBackoff, type JobQueue } from "./queue.ts";
import { jobs } from "./schema.ts";

// The queue on the test database (in-memory PGlite, or PostgreSQL with DATABASE_URL), driven by a
// hand-moved clock: `runDue` runs exactly what is due at the clock's time.

let database: DatabaseHandle & { url?: string };
let clock: TestClock;
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(jobs);
  clock = new TestClock();
  queue = createJobQueue({ db: database.db, clock: clock.now, workerId: "test-worker" });
});

const rowsOf = (name: string) => database.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.id);
const MINUTE = 60_000;

describe("enqueueing", () => {
  it("exists exactly when the caller's transaction commits", async () => {
    const ran: string[] = [];
    const note = queue.define<{ what: string }>("test.note", async ({ what }) => {
      ran.push(what);
    });
    await database.db.transaction(async (tx) => {
      await note.enqueue({ what: "committed" }, { tx });
    });
    await database.db
      .transaction(async (tx) => {
        await note.enqueue({ what: "rolled back" }, { tx });
        tx.rollback();
      })
      .catch(() => {});
    expect(await queue.runDue()).toMatchObject([{ name: "test.note", attempt: 1, outcome: "done" }]);
    expect(ran).toEqual(["committed"]);
    const [row] = await rowsOf("test.note");
    expect(row).toMatchObject({ state: "done", attempt: 1, payload: { what: "committed" }, lockedBy: null });
  });

  it("waits for its time, by the injected clock", async () => {
    const ran: number[] = [];
    const later = queue.define<{ n: number }>("test.later", async ({ n }) => {
      ran.push(n);
    });
    await later.enqueue({ n: 1 }, { runAt: new Date(clock.now().getTime() + 5 * MINUTE) });
    await later.enqueue({ n: 2 });
    expect((await queue.runDue()).map((o) => o.outcome)).toEqual(["done"]);
    expect(ran).toEqual([2]);
    clock.advance(5 * MINUTE - 1);
    expect(await queue.runDue()).toEqual([]);
    clock.advance(1);
    await queue.runDue();
    expect(ran).toEqual([2, 1]);
  });

  it("keeps one waiting job per key, and takes a new one once it has run", async () => {
    let runs = 0;
    const sync = queue.define("test.sync", async () => {
      runs += 1;
    });
    const first = await sync.enqueue({}, { key: "firm:7" });
    expect(first).toEqual(expect.any(Number));
    expect(await sync.enqueue({}, { key: "firm:7" })).toBeNull();
    expect(await sync.enqueue({}, { key: "firm:8" })).toEqual(expect.any(Number));
    await queue.runDue();
    expect(runs).toBe(2);
    expect(await sync.enqueue({}, { key: "firm:7" })).toEqual(expect.any(Number));
    expect(await rowsOf("test.sync")).toHaveLength(3);
  });

  it("refuses a name nobody defined", async () => {
    await expect(queue.enqueue("test.unknown", {})).rejects.toThrow('job "test.unknown" is not defined');
  });
});

describe("retries", () => {
  it("retries a failed attempt after its backoff, then succeeds", async () => {
    let calls = 0;
    queue.define(
      "test.flaky",
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`gateway timeout ${calls}`);
      },
      { retries: 3, backoff: exponentialBackoff(MINUTE) },
    );
    await queue.enqueue("test.flaky", {});
    expect(await queue.runDue()).toMatchObject([
      { attempt: 1, outcome: "retrying", error: "gateway timeout 1" },
    ]);
    const [waiting] = await rowsOf("test.flaky");
    expect(waiting).toMatchObject({ state: "queued", attempt: 1, lastError: "gateway timeout 1" });
    expect(waiting?.runAt.getTime()).toBe(clock.now().getTime() + MINUTE);
    // Not before its backoff is over.
    clock.advance(MINUTE - 1);
    expect(await queue.runDue()).toEqual([]);
    clock.advance(1);
    expect(await queue.runDue()).toMatchObject([{ attempt: 2, outcome: "retrying" }]);
    // The wait doubles.
    clock.advance(MINUTE);
    expect(await queue.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await queue.runDue()).toMatchObject([{ attempt: 3, outcome: "done" }]);
    expect(await rowsOf("test.flaky")).toMatchObject([{ state: "done", attempt: 3 }]);
  });

  it("fails for good when its retries are used up, keeping the last error", async () => {
    queue.define(
      "test.broken",
      async () => {
        throw new Error("mailbox unavailable");
      },
      { retries: 1, backoff: () => 0 },
    );
    await queue.enqueue("test.broken", {});
    expect((await queue.runDue()).map((o) => o.outcome)).toEqual(["retrying", "failed"]);
    const [row] = await rowsOf("test.broken");
    expect(row).toMatchObject({ state: "failed", attempt: 2, lastError: "mailbox unavailable" });
    expect(row?.finishedAt).toEqual(clock.now());
  });

  it("reclaims a job whose worker stopped renewing its lease", async () => {
    let ran = 0;
    queue.define(
      "test.long",
      async () => {
        ran += 1;
      },
      { leaseMs: MINUTE },
    );
    await queue.enqueue("test.long", {});
    // Another worker claimed it and then died: its lease runs out a minute later.
    await database.db
      .update(jobs)
      .set({
        state: "running",
        attempt: 1,
        lockedBy: "dead-worker",
        lockedUntil: new Date(clock.now().getTime() + MINUTE),
      })
      .where(eq(jobs.name, "test.long"));
    expect(await queue.runDue()).toEqual([]);
    clock.advance(MINUTE + 1);
    const warnings: object[] = [];
    const log = { info() {}, error() {}, warn: (fields: object) => void warnings.push(fields) };
    expect(await queue.runDue({ log })).toMatchObject([{ attempt: 2, outcome: "done" }]);
    expect(ran).toBe(1);
    expect(warnings).toContainEqual(
      expect.objectContaining({ job: "test.long", attempt: 2, previous_worker: "dead-worker" }),
    );
  });

  it("does not start an attempt past the last when the last one's worker died", async () => {
    let ran = 0;
    queue.define(
      "test.last",
      async () => {
        ran += 1;
      },
      { retries: 0, leaseMs: MINUTE },
    );
    await queue.enqueue("test.last", {});
    await database.db
      .update(jobs)
      .set({ state: "running", attempt: 1, lockedBy: "dead-worker", lockedUntil: clock.now() })
      .where(eq(jobs.name, "test.last"));
    clock.advance(1);
    expect(await queue.runDue()).toMatchObject([{ outcome: "failed" }]);
    expect(ran).toBe(0);
    expect((await rowsOf("test.last"))[0]?.lastError).toBe(
      "attempt 1 was cut short (its worker stopped) and no attempts are left",
    );
  });
});

describe("schedules", () => {
  it("repeats a job every interval, skipping runs missed while no server was up", async () => {
    let runs = 0;
    queue.define("test.purge", async () => {
      runs += 1;
    });
    queue.every("test.purge", 10 * MINUTE);
    await queue.ensureSchedules();
    // Another server starting does not add a second schedule.
    await queue.ensureSchedules();
    expect(await rowsOf("test.purge")).toHaveLength(1);
    await queue.runDue();
    expect(runs).toBe(1);
    clock.advance(10 * MINUTE - 1);
    expect(await queue.runDue()).toEqual([]);
    clock.advance(1);
    await queue.runDue();
    expect(runs).toBe(2);
    // Three hours with nobody running it: one run now, then back on its ten-minute slots.
    const start = clock.now().getTime();
    clock.advance(3 * 60 * MINUTE + 5 * MINUTE);
    await queue.runDue();
    expect(runs).toBe(3);
    const [next] = (await rowsOf("test.purge")).filter((r) => r.state === "queued");
    expect(next?.runAt.getTime()).toBe(start + 3 * 60 * MINUTE + 10 * MINUTE);
  });

  it("keeps repeating after a run that failed for good", async () => {
    queue.define(
      "test.poll",
      async () => {
        throw new Error("regulator offline");
      },
      { retries: 0 },
    );
    queue.every("test.poll", MINUTE);
    await queue.ensureSchedules();
    const polls = async () =>
      (await queue.runDue()).filter((o) => o.name === "test.poll").map((o) => o.outcome);
    expect(await polls()).toEqual(["failed"]);
    clock.advance(MINUTE);
    expect(await polls()).toEqual(["failed"]);
    expect((await rowsOf("test.poll")).map((r) => r.state)).toEqual(["failed", "failed", "queued"]);
  });

  it("prunes finished jobs after a week", async () => {
    queue.define("test.old", async () => {});
    await queue.enqueue("test.old", {});
    await queue.runDue();
    await queue.ensureSchedules();
    clock.advance(7 * 24 * 60 * MINUTE + 1);
    await queue.runDue();
    expect(await rowsOf("test.old")).toEqual([]);
  });
});

describe("the worker", () => {
  it("logs each job's name, id and attempt as pino lines", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
    queue.define(
      "test.logged",
      async (_payload, job) => {
        if (job.attempt === 1) throw new Error("first try fails");
      },
      { backoff: () => 0 },
    );
    const id = await queue.enqueue("test.logged", {});
    await queue.runDue({ log: app.log });
    await app.close();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofJob = entries.filter((e) => e.job === "test.logged" && e.job_id === id);
    expect(ofJob.map((e) => [e.msg, e.attempt])).toEqual([
      ["job started", 1],
      ["job failed; will retry", 1],
      ["job started", 2],
      ["job done", 2],
    ]);
    expect(ofJob[1]).toMatchObject({ err: "first try fails", level: 40 });
  });

  it("runs what is enqueued while it is started, and stops", async () => {
    const ran: number[] = [];
    const kind = queue.define<{ n: number }>("test.live", async ({ n }) => {
      ran.push(n);
    });
    const realTime = createJobQueue({ db: database.db, clock: () => new Date(), workerId: "live" });
    realTime.define<{ n: number }>("test.live", async ({ n }) => {
      ran.push(n);
    });
    await realTime.start({ pollMs: 60_000 });
    await kind.enqueue({ n: 1 }, { runAt: new Date(0) });
    // Woken, it does not wait for its next poll.
    realTime.wake();
    for (let i = 0; i < 200 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await realTime.stop();
    expect(ran).toEqual([1]);
  });

  it("claims each job exactly once between two servers working at once", async () => {
    // Two servers: on PostgreSQL, two connection pools to the same database; on PGlite, two
    // queues sharing the one connection an embedded database has.
    const second = database.url ? await openPostgres(database.url, 5) : database;
    const ranBy = new Map<number, string[]>();
    const workers = ["server-a", "server-b"].map((workerId, i) => {
      const worker = createJobQueue({
        db: i === 0 ? database.db : second.db,
        clock: () => new Date(),
        workerId,
      });
      worker.define("test.once", async (_payload, job) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), workerId]);
        // A little work, so both workers have jobs in hand at the same time.
        await new Promise((r) => setTimeout(r, 2));
      });
      return worker;
    });
    const kind = queue.define("test.once", async () => {});
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push((await kind.enqueue({}, { runAt: new Date(0) })) as number);
    await Promise.all(workers.map((w) => w.start({ concurrency: 4, pollMs: 5 })));
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const left = (await rowsOf("test.once")).filter((r) => r.state !== "done").length;
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(workers.map((w) => w.stop()));
    if (second !== database) await second.close();
    expect([...ranBy.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...ranBy.values()].filter((by) => by.length !== 1)).toEqual([]);
    const counts = [...ranBy.values()].reduce<Record<string, number>>((acc, [by = ""]) => {
      acc[by] = (acc[by] ?? 0) + 1;
      return acc;
    }, {});
    expect(Object.keys(counts).sort()).toEqual(["server-a", "server-b"]);
  });
});
