// Creates the operator console's first administrator (or another one), from the server's machine:
//   npx tsx apps/server/src/modules/console/create-administrator-cli.ts <email> "<name>"
// The first password is read from CONSOLE_PASSWORD (kept out of the shell's history and the
// process list); two-factor set-up follows at the first sign-in at /console, before anything else.
// Uses the same DATABASE_URL / DATA_DIR as the server (on PGlite, stop the server first: its data
// folder takes one process at a time).
import { AddStaffRequest } from "@precedent/contracts";
import { runTool, withToolDatabase } from "../../db/command-line.ts";
import { insertStaff } from "./staff-admin.ts";

runTool((config) =>
  withToolDatabase(config, async ({ db }) => {
    const [email, name] = process.argv.slice(2);
    const parsed = AddStaffRequest.safeParse({
      email,
      name,
      role: "administrator",
      password: process.env.CONSOLE_PASSWORD,
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(
        `Usage: CONSOLE_PASSWORD=<at least 12 characters> … create-administrator-cli.ts <email> "<name>" (${problems})`,
      );
    }
    const row = await insertStaff(db, () => new Date(), parsed.data);
    console.log(
      `Administrator ${row.email} created (staff id ${row.id}). Sign in at /console: two-factor set-up comes first.`,
    );
  }),
);
