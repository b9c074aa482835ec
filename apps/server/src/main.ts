import { buildApp } from "./app.ts";
import { loadConfig, sandboxProviders } from "./config.ts";
import { openDatabase, openReplica } from "./db/client.ts";
import { DEMO_EDITOR, loadDemoEditor } from "./demo/console-editor.ts";
import { DEMO_STAFF, loadDemoStaff } from "./demo/console-staff.ts";
import { loadDemoFailedWork } from "./demo/failed-work.ts";
import { loadDemoFailedImports, loadDemoFailingIntegrations } from "./demo/failing-integrations.ts";
import { loadDemoPaidOrders } from "./demo/paid-orders.ts";
import { loadDemoQueuedLodgements } from "./demo/queued-lodgements.ts";
import { DEMO_PASSWORD, DEMO_SIGN_INS, ensurePlans, loadDemoData } from "./demo/seed.ts";
import { DEMO_PENDING_DOCUMENT, type DemoSigningLink, signDemoDocuments } from "./demo/signing.ts";
import { DEMO_TWO_FACTOR, turnOnDemoTwoFactor } from "./demo/two-factor.ts";
import { ensureCatalogue } from "./modules/catalogue/index.ts";
import { createTemplateLibrary } from "./modules/templates/index.ts";
import { createChangeFeed } from "./platform/freshness/index.ts";
import { systemClock } from "./platform/kernel/index.ts";
import { createServices } from "./services.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  let demoLoaded = false;
  await database.migrate(async (db) => {
    await ensurePlans(db);
    await ensureCatalogue(db, createTemplateLibrary().starters(), { asicFee: config.ASIC_REGISTRATION_FEE });
    if (config.DEMO_DATA === "on") demoLoaded = await loadDemoData(db);
  });

  // Sessions and memberships stay in memory between the changes the database notifies.
  const changes = createChangeFeed(database.notifications(), {
    onError: (err) =>
      app.log.warn({ err }, "change notifications interrupted; reading the database until they resume"),
    onStalled: (stalled) =>
      stalled
        ? app.log.warn("change notifications stalled (no heartbeat); reading the database until they resume")
        : app.log.info("change notifications resumed"),
  });
  const replica = config.DATABASE_REPLICA_URL ? openReplica(config.DATABASE_REPLICA_URL) : undefined;
  const services = createServices({
    db: database.db,
    clock: systemClock,
    config,
    changes,
    replica: replica?.db,
  });
  const app = await buildApp({ services, config });
  await changes.start();
  await app.listen({ port: config.PORT, host: config.HOST });

  // Background work (mail, session purge) runs from the database's job queue, shared by every
  // server on the database. Mail written while SMTP was not configured goes out now that it is.
  await services.mail.queuePending();
  const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
  // Just-loaded demo data: one document signed and sealed through the product, one left pending
  // with its private links printed below. A failure here leaves the demo unsigned, not the server down.
  let demoLinks: DemoSigningLink[] = [];
  let demoRecoveryCodes: string[] = [];
  if (demoLoaded) {
    demoRecoveryCodes = await turnOnDemoTwoFactor(services).catch((err: unknown) => {
      app.log.warn({ err }, "two-factor sign-in was not turned on for the demo");
      return [];
    });
    await loadDemoStaff({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo staff were not added");
    });
    await loadDemoEditor({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo content editor was not added");
    });
    await loadDemoFailedWork({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo failed work was not added");
    });
    await loadDemoPaidOrders({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo paid orders were not added");
    });
    await loadDemoFailingIntegrations({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo failing integrations were not added");
    });
    await loadDemoFailedImports({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo failed imports were not added");
    });
    await loadDemoQueuedLodgements({ ...services, clock: systemClock }).catch((err: unknown) => {
      app.log.warn({ err }, "the console's demo lodgements needing a person were not added");
    });
    demoLinks = await signDemoDocuments(services, services.publicUrl, new Date()).catch((err: unknown) => {
      app.log.warn({ err }, "demo documents were not sent for signing");
      return [];
    });
  }
  await services.jobs.start({ log: app.log.child({ component: "jobs" }) });

  // Said at every start, in the log too, so a sandbox left on in production is seen.
  const sandboxes = sandboxProviders(config);
  const sandboxLevel = config.NODE_ENV === "production" && sandboxes.length > 0 ? "warn" : "info";
  app.log[sandboxLevel]({ sandboxes, demo_data: config.DEMO_DATA }, "sandbox providers");

  const where =
    database.kind === "pglite"
      ? `embedded PGlite in ${config.DATA_DIR}`
      : `PostgreSQL (DATABASE_URL${replica ? "; list reads on DATABASE_REPLICA_URL when fresh" : ""})`;
  const lines = [
    "",
    `Precedent is running at ${address}`,
    `Database: ${where}${demoLoaded ? " (demo data loaded)" : ""}`,
    `API documentation: ${address}/api/docs`,
    `Sandbox providers: ${sandboxes.length > 0 ? sandboxes.join("; ") : "none"}`,
  ];
  if (config.DEMO_DATA === "on") {
    lines.push(`Demo sign-ins (demo only), password "${DEMO_PASSWORD}":`);
    for (const s of DEMO_SIGN_INS) lines.push(`  ${s.email.padEnd(24)} ${s.role.padEnd(8)} ${s.firm}`);
    lines.push(
      `Two-factor sign-in is on for ${DEMO_TWO_FACTOR.email}: authenticator key ${DEMO_TWO_FACTOR.secret} (demo only)`,
    );
    lines.push(
      `Operator console (demo only) at ${address}/console, password "${DEMO_PASSWORD}", authenticator key ${DEMO_STAFF.secret}:`,
    );
    for (const s of DEMO_STAFF.people) lines.push(`  ${s.email.padEnd(24)} ${s.role}`);
    lines.push(`  ${DEMO_EDITOR.email.padEnd(24)} ${DEMO_EDITOR.role}`);
    if (demoRecoveryCodes.length > 0)
      lines.push(`  its recovery codes (shown once): ${demoRecoveryCodes.join(" ")}`);
    if (demoLinks.length > 0) {
      lines.push(`Demo signing links for "${DEMO_PENDING_DOCUMENT}" (private to each signer):`);
      for (const l of demoLinks) lines.push(`  ${`${l.name} (${l.role})`.padEnd(32)} ${l.url}`);
    }
  }
  console.log(lines.join("\n"));

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await services.jobs.stop();
    await changes.close();
    await replica?.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
