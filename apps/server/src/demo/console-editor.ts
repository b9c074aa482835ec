import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type ConsoleService, insertStaff, staffAccounts } from "../modules/console/index.ts";
import { DEMO_STAFF } from "./console-staff.ts";
import { DEMO_PASSWORD } from "./seed.ts";

/**
 * The demo's content editor, for trying the console's Templates area: the demo password and the
 * same published authenticator key as the other demo staff (demo only).
 */
export const DEMO_EDITOR = {
  email: "editor@console.test",
  name: "Eden Editor",
  role: "content_editor",
} as const;

/** Runs once, just after the demo staff were added; left as it is when already there. */
export async function loadDemoEditor(services: {
  db: Database;
  clock: () => Date;
  operatorConsole: Pick<ConsoleService, "sessions">;
}) {
  const { db, clock } = services;
  const [existing] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, DEMO_EDITOR.email));
  if (existing) return;
  const row = await insertStaff(db, clock, { ...DEMO_EDITOR, password: DEMO_PASSWORD });
  await db
    .update(staffAccounts)
    .set({
      totpSecret: services.operatorConsole.sessions.sealSecret(row.id, DEMO_STAFF.secret),
      totpConfirmedAt: clock(),
    })
    .where(eq(staffAccounts.id, row.id));
}
