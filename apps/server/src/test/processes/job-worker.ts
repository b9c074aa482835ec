// A server's job worker in a process of its own, for the tests that kill it (jobs/processes.test.ts).
// Runs `test.slow-report`, whose handler announces itself on stdout and then never finishes.
import { openDatabase } from "../../db/client.ts";
import { createJobQueue } from "../../platform/jobs/queue.ts";

const database = await openDatabase({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR ?? "",
});
await database.migrate();
const queue = createJobQueue({
  db: database.db,
  clock: () => new Date(),
  workerId: `child:${process.pid}`,
});
queue.define(
  "test.slow-report",
  async (_payload, job) => {
    process.stdout.write(`started ${job.id} ${job.attempt}\n`);
    await new Promise(() => {});
  },
  { leaseMs: Number(process.env.LEASE_MS ?? 2000) },
);
await queue.start({ pollMs: 50 });
process.stdout.write("ready\n");
