import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { openTestDatabase } from "../../test/database.ts";
import { TestClock } from "../../test/harness.ts";
import { createJobQueue, type JobQueue } from "../jobs/queue.ts";
import { jobs } from "../jobs/schema.ts";
import { createEventBus, type EventBus } from "./index.ts";

// Events of this test only (a module declares its own the same way).
declare module "./index.ts" {
  interface DomainEvents {
    "test:happened": { n: number };
  }
}

let database: DatabaseHandle;
let queue: JobQueue;
let bus: EventBus;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(jobs);
  queue = createJobQueue({ db: database.db, clock: new TestClock().now, workerId: "test-worker" });
  bus = createEventBus({ jobs: queue });
});

/** Raises the event in a transaction that then commits, or rolls back when `fail` says so. */
async function raiseIn(n: number, fail = false) {
  await database.db
    .transaction(async (tx) => {
      await bus.raise(tx, "test:happened", { n });
      if (fail) tx.rollback();
    })
    .catch(() => {});
}

describe("domain events", () => {
  it("runs `on` handlers in the raising transaction, in the order registered", async () => {
    const seen: [string, number, Database][] = [];
    bus.on("test:happened", async (tx, { n }) => seen.push(["first", n, tx]));
    bus.on("test:happened", async (tx, { n }) => seen.push(["second", n, tx]));
    let raisedIn: Database | undefined;
    await database.db.transaction(async (tx) => {
      raisedIn = tx;
      await bus.raise(tx, "test:happened", { n: 1 });
    });
    expect(seen.map(([name, n]) => [name, n])).toEqual([
      ["first", 1],
      ["second", 1],
    ]);
    expect(seen.every(([, , tx]) => tx === raisedIn)).toBe(true);
  });

  it("rolls the change back when an `on` handler throws", async () => {
    const later: number[] = [];
    bus.onCommitted("test:happened", "note", async ({ n }) => {
      later.push(n);
    });
    bus.on("test:happened", async () => {
      throw new Error("refused");
    });
    await expect(database.db.transaction((tx) => bus.raise(tx, "test:happened", { n: 2 }))).rejects.toThrow(
      "refused",
    );
    expect(await queue.runDue()).toEqual([]);
    expect(later).toEqual([]);
  });

  it("runs `onCommitted` handlers as jobs, only for a change that committed", async () => {
    const later: number[] = [];
    bus.onCommitted("test:happened", "note", async ({ n }) => {
      later.push(n);
    });
    await raiseIn(3);
    await raiseIn(4, true);
    expect(later).toEqual([]);
    expect(await queue.runDue()).toMatchObject([{ name: "event:test:happened:note", outcome: "done" }]);
    expect(later).toEqual([3]);
  });

  it("raises to no one when nothing is registered", async () => {
    await raiseIn(5);
    expect(await queue.runDue()).toEqual([]);
  });
});
