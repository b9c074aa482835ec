// Prints the freshness trigger of each table named (see registry.ts), ready for a migration.
import { firmRowTrigger } from "./registry.ts";

const tables = process.argv.slice(2);
if (tables.length === 0) {
  console.error("usage: npx tsx apps/server/src/platform/freshness/trigger-sql.ts <table>…");
  process.exit(1);
}
for (const table of tables) console.log(`${firmRowTrigger(table)};\n--> statement-breakpoint`);
