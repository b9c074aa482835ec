// Prints the job queue for an operator (newest first): state, name, attempts, when due, who holds
// it and the last error. `--state failed` (or queued, running, done) and `--name mail.deliver`
// narrow it down; `--limit 200` shows more.
//   npx tsx apps/server/src/platform/jobs/jobs-cli.ts [--state failed] [--name mail.deliver]
// Uses the same DATABASE_URL / DATA_DIR as the server; a PGlite folder takes one process at a
// time, so stop the server first when running on PGlite (while it runs, opening the folder stops
// with a message naming the server's process: see db/data-folder-lock.ts).
import { and, desc, eq } from "drizzle-orm";
import { runTool, withToolDatabase } from "../../db/command-line.ts";
import { jobState, jobs } from "./schema.ts";

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};

runTool(async (config) => {
  // The options are checked before the database is opened: a mistyped one costs nothing.
  const state = option("state");
  if (state !== undefined && !jobState.enumValues.includes(state as never)) {
    throw new Error(`--state must be one of ${jobState.enumValues.join(", ")}`);
  }
  const name = option("name");
  const limit = Number(option("limit") ?? 50);
  await withToolDatabase(config, async ({ db }) => {
    const rows = await db
      .select()
      .from(jobs)
      .where(
        and(
          state ? eq(jobs.state, state as (typeof jobState.enumValues)[number]) : undefined,
          name ? eq(jobs.name, name) : undefined,
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(limit);
    if (rows.length === 0) console.log("No jobs.");
    for (const j of rows) {
      const when = (j.finishedAt ?? j.runAt).toISOString();
      const holder =
        j.state === "running" ? `  held by ${j.lockedBy} until ${j.lockedUntil?.toISOString()}` : "";
      console.log(
        `${String(j.id).padStart(6)}  ${j.state.padEnd(7)}  ${j.name.padEnd(20)}  ${j.attempt}/${j.maxAttempts}  ${when}${holder}${j.lastError ? `  last error: ${j.lastError}` : ""}`,
      );
    }
  });
});
