// A server lodging company registrations in a process of its own, for the test that kills it in
// the middle of a lodgement (modules/asic/lodgement-crash.test.ts). It lodges DOC_IDS in turn as
// USER_ID of TEAM_ID through the real services, and at STOP_AT (a lodgement step) it says so on
// stdout and waits there to be killed.
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/client.ts";
import type { LodgementStep } from "../../modules/asic/index.ts";
import { createServices } from "../../services.ts";

const env = process.env;
const config = loadConfig({ ...env, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
const database = await openDatabase({
  DATABASE_URL: env.DATABASE_URL || undefined,
  DATA_DIR: env.DATA_DIR ?? "",
});
await database.migrate();
const stopAt = env.STOP_AT as LodgementStep | undefined;
const services = createServices({
  db: database.db,
  clock: () => new Date(),
  config,
  asicLodgementSteps: async (step, docId) => {
    if (step !== stopAt) return;
    process.stdout.write(`stopped ${step} ${docId}\n`);
    await new Promise(() => {});
  },
});
const teamId = Number(env.TEAM_ID);
const userId = Number(env.USER_ID);
const member = await services.teams.memberContext(userId, teamId);
if (!member) throw new Error(`user ${userId} is not a member of firm ${teamId}`);
for (const docId of (env.DOC_IDS ?? "").split(",").map(Number)) {
  await services.asicRegistration.lodge({ teamId, userId, ...member }, docId);
  process.stdout.write(`lodged ${docId}\n`);
}
await database.close();
process.stdout.write("done\n");
