import { writeFileSync } from "node:fs";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openPglite } from "./db/client.ts";
import { systemClock } from "./platform/kernel/index.ts";
import { createServices } from "./services.ts";

/**
 * Writes the API's OpenAPI description to the file named on the command line (or prints it),
 * for the CI lint and client generation. The app is built on a throwaway in-memory database:
 * describing routes reads no rows.
 */
const out = process.argv[2];
const database = await openPglite("memory://");
const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
const services = createServices({ db: database.db, clock: systemClock, config });
const app = await buildApp({ services, config });
await app.ready();
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
if (out) writeFileSync(out, text);
else process.stdout.write(text);
await app.close();
await database.close();
