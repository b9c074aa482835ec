// Holds a PGlite data folder in a process of its own, for the data folder lock's tests
// (db/data-folder-lock.test.ts): opens DATA_DIR, says so on stdout, then waits. SIGTERM closes the
// database as the server does; with THEN=exit it leaves at once through process.exit, without
// closing it.
import { openPglite } from "../../db/client.ts";

const database = await openPglite(process.env.DATA_DIR ?? "");
process.once("SIGTERM", async () => {
  await database.close();
  process.exit(0);
});
process.stdout.write(`holding ${process.pid}\n`);
if (process.env.THEN === "exit") process.exit(0);
// PGlite keeps no handle open between queries: without this the process would simply end.
setInterval(() => {}, 60_000);
