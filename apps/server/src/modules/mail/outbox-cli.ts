// Prints the mail outbox (newest first), or one mail's text with `--show <id>`:
//   npx tsx apps/server/src/modules/mail/outbox-cli.ts [--show 3] [--html]
// Uses the same DATABASE_URL / DATA_DIR as the server; PGlite folders take one process at a
// time, so stop the server first when running on PGlite (while it runs, opening the folder stops
// with a message naming the server's process: see db/data-folder-lock.ts).
import { desc, eq } from "drizzle-orm";
import { runTool, withToolDatabase } from "../../db/command-line.ts";
import { mailOutbox } from "./schema.ts";

runTool((config) =>
  withToolDatabase(config, async ({ db }) => {
    const showAt = process.argv.indexOf("--show");
    if (showAt > 0) {
      const id = Number(process.argv[showAt + 1]);
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail) throw new Error(`No mail ${id} in the outbox`);
      console.log(`To: ${mail.to}\nSubject: ${mail.subject}\nStatus: ${mail.status}\n`);
      console.log(process.argv.includes("--html") ? mail.html : mail.text);
      return;
    }
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    if (rows.length === 0) console.log("The outbox is empty.");
    for (const m of rows) {
      console.log(
        `${String(m.id).padStart(5)}  ${m.status.padEnd(7)}  ${m.createdAt.toISOString()}  ${m.to}  ${m.subject}`,
      );
    }
  }),
);
