// The real server for `npm run bench:mixed`: as bench/app-server.ts (logs off, PGlite in a fresh
// folder or DATABASE_URL, the demo data) plus what `npm start` also loads, the starter catalogue
// (documents are started from its products), and MIXED_ASSEMBLERS more members of the Strategist
// firm (unlimited plan), signing in with the demo password: assemblies are limited per person per
// minute (RENDERS_MAX_PER_MINUTE), so a steady stream of them needs as many people as a busy firm.
// The pool's size comes from WORKER_THREADS, as in production; a read replica from
// DATABASE_REPLICA_URL.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@precedent/server/app";
import { ensureCatalogue } from "@precedent/server/catalogue";
import { loadConfig } from "@precedent/server/config";
import { openDatabase, openReplica } from "@precedent/server/db";
import { ensurePlans, loadDemoData } from "@precedent/server/demo";
import { createChangeFeed } from "@precedent/server/freshness";
import { createServices } from "@precedent/server/services";
import { createTemplateLibrary } from "@precedent/server/templates";
import { sql } from "drizzle-orm";

const ASSEMBLERS = Number(process.env.MIXED_ASSEMBLERS ?? 20);
const ASSEMBLER_FIRM_OWNER = "owner@strategist.test";

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "precedent-bench-")),
  LOG_LEVEL: "silent",
});
const database = await openDatabase(config);
await database.migrate(async (db) => {
  await ensurePlans(db);
  await ensureCatalogue(db, createTemplateLibrary().starters(), { asicFee: config.ASIC_REGISTRATION_FEE });
  await loadDemoData(db);
  // The demo owner's password hash, so the added members sign in with the demo password.
  await db.execute(sql`
    with owner as (
      select u.password_hash, m.team_id from users u join team_members m on m.user_id = u.id
      where u.email = ${ASSEMBLER_FIRM_OWNER} and m.role = 'owner'),
    added as (
      insert into users (email, password_hash, first_name, last_name, display_name)
      select 'assembler' || g || '@strategist.test', owner.password_hash, 'Assembler', 'No. ' || g, 'Assembler ' || g
      from owner, generate_series(1, ${ASSEMBLERS}::int) g returning id)
    insert into team_members (team_id, user_id, role)
    select owner.team_id, added.id, 'member' from owner, added`);
});
const changes = createChangeFeed(database.notifications());
// List and tree reads from DATABASE_REPLICA_URL when set (bench:cluster's replica phase), as main.ts.
const replica = config.DATABASE_REPLICA_URL ? openReplica(config.DATABASE_REPLICA_URL) : undefined;
const services = createServices({
  db: database.db,
  clock: () => new Date(),
  config,
  changes,
  replica: replica?.db,
});
const app = await buildApp({ services, config });
await changes.start();
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
process.stdout.write(`LISTENING ${port} ${database.kind}\n`);
process.once("SIGINT", () => process.exit(0));
