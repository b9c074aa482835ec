import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * A Best Practice firm low on credit ('Run out!' at 8 left), whose balance only credit purchases
 * change: the credit badge, the Buying Credit modal and the credit logs can be tried (and
 * browser-tested) on it without touching the figures other demo firms show.
 */
export async function loadCreditDemoFirm(tx: Database, passwordHash: string) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, "best-practice"));
  if (!plan) throw new Error("Plan best-practice missing: run ensurePlans first");
  const [owner] = await tx
    .insert(users)
    .values({
      email: "owner@creditwise.test",
      passwordHash,
      firstName: "Carla",
      lastName: "Credit",
      displayName: "Carla Credit",
    })
    .returning({ id: users.id });
  if (!owner) throw new Error("Demo credit owner was not created");
  const [firm] = await tx
    .insert(teams)
    .values({
      name: "Credit Wise Advisory Pty Ltd",
      ownerId: owner.id,
      planId: plan.id,
      planStatus: "active",
      planStartDate: "2026-07-01",
      planEndDate: "2027-06-30",
      creditLimit: 8,
      usedCredit: 192,
    })
    .returning({ id: teams.id });
  if (!firm) throw new Error("Demo credit firm was not created");
  await tx.insert(teamMembers).values({ teamId: firm.id, userId: owner.id, role: "owner" });
}
