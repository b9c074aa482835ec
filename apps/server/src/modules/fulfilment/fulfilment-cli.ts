// The review and fulfilment teams' requests: lists those paid and in progress, or moves one on:
//   npx tsx apps/server/src/modules/fulfilment/fulfilment-cli.ts
//   npx tsx apps/server/src/modules/fulfilment/fulfilment-cli.ts --set 12 in_progress|completed|cancelled
// Uses the same DATABASE_URL / DATA_DIR as the server (on PGlite, stop the server first: its data
// folder takes one process at a time).
import { existsSync } from "node:fs";
import { asc, inArray } from "drizzle-orm";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/client.ts";
import { fulfilmentRequests } from "./schema.ts";
import { advanceRequest, type StaffStatus } from "./staff.ts";

const STEPS: StaffStatus[] = ["in_progress", "completed", "cancelled"];

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL && !existsSync(config.DATA_DIR)) {
    throw new Error(`No database in ${config.DATA_DIR}: set DATA_DIR (or DATABASE_URL) as the server has it`);
  }
  const database = await openDatabase(config);
  try {
    const setAt = process.argv.indexOf("--set");
    if (setAt > 0) {
      const id = Number(process.argv[setAt + 1]);
      const status = process.argv[setAt + 2] as StaffStatus;
      if (!Number.isInteger(id) || !STEPS.includes(status))
        throw new Error(`Usage: --set <request id> ${STEPS.join("|")}`);
      const row = await advanceRequest(database.db, () => new Date(), id, status);
      if (!row)
        throw new Error(`Request ${id} cannot move to ${status} (not found, not paid, or already past it)`);
      console.log(`Request ${id} is now ${row.status}.`);
      return;
    }
    const rows = await database.db
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
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
