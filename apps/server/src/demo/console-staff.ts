import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type ConsoleService, insertStaff, staffAccounts } from "../modules/console/index.ts";
import { DEMO_PASSWORD } from "./seed.ts";

/**
 * The operator console's demo staff: an administrator and a fulfilment worker, with the demo
 * password and an authenticator already set up with a published key, so the console can be tried
 * (and its browser tests run) without the command-line tool. The key is published: demo only.
 */
export const DEMO_STAFF = {
  secret: "DEMOCONSOLEPRECEDENTSTAFF2345ABC",
  people: [
    { email: "admin@console.test", name: "Casey Console", role: "administrator" },
    { email: "fulfilment@console.test", name: "Frankie Fulfilment", role: "fulfilment" },
    { email: "support@console.test", name: "Sasha Support", role: "support" },
  ],
} as const;

/** Runs once, just after the demo data was loaded; an account already there is left as it is. */
export async function loadDemoStaff(services: {
  db: Database;
  clock: () => Date;
  operatorConsole: Pick<ConsoleService, "sessions">;
}) {
  const { db, clock } = services;
  for (const person of DEMO_STAFF.people) {
    const [existing] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, person.email));
    if (existing) continue;
    const row = await insertStaff(db, clock, { ...person, password: DEMO_PASSWORD });
    await db
      .update(staffAccounts)
      .set({
        totpSecret: services.operatorConsole.sessions.sealSecret(row.id, DEMO_STAFF.secret),
        totpConfirmedAt: clock(),
      })
      .where(eq(staffAccounts.id, row.id));
  }
}
