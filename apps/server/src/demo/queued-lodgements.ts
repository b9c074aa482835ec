import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { asicApplications } from "../modules/asic/index.ts";
import { documents } from "../modules/documents/index.ts";
import { teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * ASIC lodgements that need a person, for the console's lodgement queue in the demo (issue 37
 * item 7): two of Wattle Grove's company registrations (a firm no browser test signs in to the
 * product as), one rejected by ASIC and one in its manual review. The queue's filters and
 * assignment are tried on them; neither allows a retry (ASIC's rules), so they stay.
 */
export const DEMO_QUEUED_LODGEMENTS = [
  {
    name: "Company Registration – Wattle Creek Holdings Pty Ltd",
    proposed: "Wattle Creek Holdings",
    status: "REJT",
  },
  { name: "Company Registration – Banksia Rise Pty Ltd", proposed: "Banksia Rise", status: "MANL" },
] as const;

/** Runs once, just after the demo data was loaded; a firm that has them already is left as it is. */
export async function loadDemoQueuedLodgements(services: { db: Database; clock: () => Date }) {
  const { db, clock } = services;
  const [owner] = await db.select().from(users).where(eq(users.email, "owner@wattlegrove.test"));
  const [firm] = owner ? await db.select().from(teams).where(eq(teams.ownerId, owner.id)) : [];
  if (!owner || !firm) return;
  const [done] = await db
    .select({ id: asicApplications.id })
    .from(asicApplications)
    .where(eq(asicApplications.teamId, firm.id));
  if (done) return;
  for (const [index, lodgement] of DEMO_QUEUED_LODGEMENTS.entries()) {
    const at = new Date(clock().getTime() - (index + 3) * 24 * 60 * 60_000);
    await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({
          teamId: firm.id,
          name: lodgement.name,
          status: 5,
          createdBy: owner.id,
          updatedBy: owner.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: documents.id });
      if (!doc) return;
      await tx.insert(asicApplications).values({
        teamId: firm.id,
        docId: doc.id,
        paymentStatus: "paid",
        paidAt: at,
        asicStatus: lodgement.status,
        lodgedApplication: { proposedName: lodgement.proposed, legalElement: "PTY LTD", answers: {} },
        lodgementNumber: `7E0DE3A0D${index}00`,
        lodgedAt: at,
        lodgedBy: owner.id,
        updatedAt: at,
      });
    });
  }
}
