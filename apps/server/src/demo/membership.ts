import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * A firm whose Best Practice plan ended on 30 June 2026 (still marked active: reads and the
 * expiry job make it expired), for the expired banner and the renewal through the billing page.
 */
export async function loadDemoLapsedFirm(tx: Database, passwordHash: string) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, "best-practice"));
  if (!plan) throw new Error("Plan best-practice missing: run ensurePlans first");
  const person = (email: string, firstName: string, lastName: string) => ({
    email,
    passwordHash,
    firstName,
    lastName,
    displayName: `${firstName} ${lastName}`,
  });
  const [owner, member] = await tx
    .insert(users)
    .values([person("owner@lapsed.test", "Leo", "Lapsed"), person("member@lapsed.test", "Lily", "Lapsed")])
    .returning({ id: users.id });
  if (!owner || !member) throw new Error("Demo users of the lapsed firm were not created");
  const [firm] = await tx
    .insert(teams)
    .values({
      name: "Lapsed Practice Pty Ltd",
      ownerId: owner.id,
      planId: plan.id,
      planStatus: "active",
      planStartDate: "2025-07-01",
      planEndDate: "2026-06-30",
      creditLimit: 12,
      usedCredit: 188,
    })
    .returning({ id: teams.id });
  if (!firm) throw new Error("The lapsed demo firm was not created");
  await tx.insert(teamMembers).values([
    { teamId: firm.id, userId: owner.id, role: "owner" },
    { teamId: firm.id, userId: member.id, role: "member" },
  ]);
}
