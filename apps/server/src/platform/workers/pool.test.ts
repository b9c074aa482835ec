import { SERVER_BUSY } from "@precedent/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { FairQueue } from "./fair-queue.ts";
import { createWorkerPool, type WorkerPool, WorkerTaskError } from "./pool.ts";

const TASKS = new URL("./test-tasks.ts", import.meta.url).href;
const SLOW_START_TASKS = new URL("./test-tasks-slow-start.ts", import.meta.url).href;
const NEVER_LOADING_TASKS = new URL("./test-tasks-never-load.ts", import.meta.url).href;
const task = (fn: string, input: unknown = {}) => ({ module: TASKS, fn, input });

describe("FairQueue", () => {
  it("serves firms in turn, each firm's tasks in the order they came", () => {
    const queue = new FairQueue<string>();
    for (const item of ["a1", "a2", "a3"]) queue.push("A", item);
    queue.push("B", "b1");
    queue.push("C", "c1");
    queue.push("B", "b2");
    const order: string[] = [];
    for (let item = queue.shift(); item; item = queue.shift()) order.push(item);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(queue.size).toBe(0);
  });

  it("takes out a task that is no longer wanted, and the firm's turn with its last", () => {
    const queue = new FairQueue<string>();
    queue.push("A", "a1");
    queue.push("B", "b1");
    expect(queue.remove("B", "b1")).toBe(true);
    expect(queue.remove("B", "b1")).toBe(false);
    expect([queue.shift(), queue.shift(), queue.size]).toEqual(["a1", undefined, 0]);
  });
});

describe("worker pool", () => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });
  const open = (options: Partial<Parameters<typeof createWorkerPool>[0]> = {}) => {
    pool = createWorkerPool({
      threads: 1,
      queueLimit: 100,
      taskTimeoutMs: 10_000,
      memoryLimitMb: 128,
      ...options,
    });
    return pool;
  };

  it("one firm's batch of 50 does not starve another firm's one", async () => {
    const workers = open({ threads: 1 });
    // The thread is started (and the task module loaded) first, so the order below is the line's.
    await workers.run("warm-up", task("spin", { ms: 0, label: "warm-up" }));
    const finished: string[] = [];
    const submit = (firm: string, label: string) =>
      workers.run<string>(firm, task("spin", { ms: 5, label })).then((done) => finished.push(done));
    const firmA = Array.from({ length: 50 }, (_, i) => submit("A", `A${i + 1}`));
    const firmB = submit("B", "B1");
    await Promise.all([...firmA, firmB]);
    const bAt = finished.indexOf("B1");
    // A1 was running when B1 arrived and A2 was first in line: B1 is done third at the latest.
    expect(bAt).toBeLessThanOrEqual(2);
    expect(finished.filter((label) => label.startsWith("A"))).toEqual(
      Array.from({ length: 50 }, (_, i) => `A${i + 1}`),
    );
  });

  it("refuses with 503, SERVER_BUSY and a delay when the line is full, and takes work again after", async () => {
    const workers = open({ threads: 1, queueLimit: 2 });
    const accepted = [1, 2, 3].map((i) => workers.run("A", task("spin", { ms: 200, label: `A${i}` })));
    const refused = await workers.run("B", task("spin", { ms: 1, label: "B1" })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: SERVER_BUSY });
    const delay = (refused as AppError).data?.retry_after_seconds ?? 0;
    expect(delay).toBeGreaterThanOrEqual(1);
    expect(delay).toBeLessThanOrEqual(60);
    await Promise.all(accepted);
    await expect(workers.run("B", task("spin", { ms: 1, label: "B1" }))).resolves.toBe("B1");
  });

  it("stops a task that never ends, alone: it fails with the time limit, and the next one runs", async () => {
    // A tight limit: the next task's thread is a replacement started after the loop's was ended,
    // and its start is not counted against the task (the clock starts when a thread takes it).
    const workers = open({ threads: 1, taskTimeoutMs: 1_000 });
    const looping = workers.run("A", task("loopForever"));
    const next = workers.run("B", task("spin", { ms: 1, label: "after the loop" }));
    const error = await looping.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ reason: "time" });
    expect((error as Error).message).toBe("it was stopped after 1 second (the limit for one task)");
    await expect(next).resolves.toBe("after the loop");
  });

  it("counts a task's time from when a thread takes it, not from dispatch: a slow start is not the task's", async () => {
    // The task's module takes 1.5 s to load on a fresh thread; the task itself is instant. With
    // the clock started at dispatch it failed here every time (1.5 s > 1 s).
    const workers = open({ threads: 1, taskTimeoutMs: 1_000 });
    const quick = { module: SLOW_START_TASKS, fn: "quick", input: { label: "quick" } };
    await expect(workers.run("A", quick)).resolves.toBe("quick");
  });

  it("ends a task whose thread never takes it, with the start limit", async () => {
    const workers = open({ threads: 1, taskTimeoutMs: 1_000, threadStartLimitMs: 2_000 });
    const never = { module: NEVER_LOADING_TASKS, fn: "never", input: {} };
    const error = await workers.run("A", never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as Error).message).toBe("it was stopped when no worker had taken it after 2 seconds");
    expect(workers.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("stops a task that allocates without bound: it fails with the memory limit, and the next one runs", async () => {
    const workers = open({ threads: 1, memoryLimitMb: 64 });
    const growing = workers.run("A", task("allocateWithoutBound"));
    const next = workers.run("B", task("spin", { ms: 1, label: "after the allocation" }));
    const error = await growing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ reason: "memory" });
    expect((error as Error).message).toContain("more than 64 MB");
    await expect(next).resolves.toBe("after the allocation");
  });

  it("passes a task's own error through, and a closed pool refuses work", async () => {
    const workers = open();
    await expect(workers.run("A", task("fail", { message: "bad input" }))).rejects.toThrow("bad input");
    await workers.close();
    await expect(workers.run("A", task("spin", { ms: 1, label: "x" }))).rejects.toThrow("closed");
  });
});
