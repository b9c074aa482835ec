// The review and fulfilment teams' requests: lists those paid and in progress, or moves one on:
//   npx tsx apps/server/src/modules/fulfilment/fulfilment-cli.ts
//   npx tsx apps/server/src/modules/fulfilment/fulfilment-cli.ts --set 12 in_progress|completed|cancelled
// Uses the same DATABASE_URL / DATA_DIR as the server (on PGlite, stop the server first: its data
// folder takes one process at a time).
import { asc, inArray } from "drizzle-orm";
import { runTool, withToolDatabase } from "../../db/command-line.ts";
import { fulfilmentRequests } from "./schema.ts";
import { advanceRequest, type StaffStatus } from "./staff.ts";

const STEPS: StaffStatus[] = ["in_progress", "completed", "cancelled"];

runTool((config) =>
  withToolDatabase(config, async ({ db }) => {
    const setAt = process.argv.indexOf("--set");
    if (setAt > 0) {
      const id = Number(process.argv[setAt + 1]);
      const status = process.argv[setAt + 2] as StaffStatus;
      if (!Number.isInteger(id) || !STEPS.includes(status))
        throw new Error(`Usage: --set <request id> ${STEPS.join("|")}`);
      const row = await advanceRequest(db, () => new Date(), id, status);
      if (!row)
        throw new Error(`Request ${id} cannot move to ${status} (not found, not paid, or already past it)`);
      console.log(`Request ${id} is now ${row.status}.`);
      return;
    }
    const rows = await db
      .select()
      .from(fulfilmentRequests)
      .where(inArray(fulfilmentRequests.status, ["paid", "in_progress"]))
      .orderBy(asc(fulfilmentRequests.paidAt));
    if (rows.length === 0) console.log("No paid request is waiting.");
    for (const r of rows) {
      console.log(
        `${String(r.id).padStart(5)}  ${r.kind.padEnd(12)}  ${r.status.padEnd(11)}  firm ${r.teamId}  doc ${r.docId}  paid ${r.paidAt?.toISOString() ?? ""}`,
      );
    }
  }),
);
