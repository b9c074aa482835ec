// The real server, as `npm start` runs it but with logs off, on PGlite in a fresh folder
// (or on DATABASE_URL), with the demo data loaded.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@precedent/server/app";
import { loadConfig } from "@precedent/server/config";
import { openDatabase } from "@precedent/server/db";
import { ensurePlans, loadDemoData } from "@precedent/server/demo";
import { createChangeFeed } from "@precedent/server/freshness";
import { createServices } from "@precedent/server/services";

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "precedent-bench-")),
  LOG_LEVEL: "silent",
});
const database = await openDatabase(config);
await database.migrate(async (db) => {
  await ensurePlans(db);
  await loadDemoData(db);
});
const changes = createChangeFeed(database.notifications());
const services = createServices({ db: database.db, clock: () => new Date(), config, changes });
const app = await buildApp({ services, config });
await changes.start();
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
process.stdout.write(`LISTENING ${port} ${database.kind}\n`);
process.once("SIGINT", () => process.exit(0));
