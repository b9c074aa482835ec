import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * A firm for trying the operator console's "Firms and people" area: staff can lock it, unlock
 * it, grant it credits, change its plan and hand its ownership between its owner and its
 * manager without signing any other demo firm's people out.
 */
export async function loadConsoleDemoFirm(tx: Database, passwordHash: string) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, "best-practice"));
  if (!plan) throw new Error("Plan best-practice missing: run ensurePlans first");
  const [owner] = await tx
    .insert(users)
    .values({
      email: "owner@wattlegrove.test",
      passwordHash,
      firstName: "Wendy",
      lastName: "Wattle",
      displayName: "Wendy Wattle",
    })
    .returning({ id: users.id });
  if (!owner) throw new Error("Demo console firm's owner was not created");
  const [firm] = await tx
    .insert(teams)
    .values({
      name: "Wattle Grove Pty Ltd",
      companyRegistrationNo: "51824753556",
      ownerId: owner.id,
      planId: plan.id,
      planStatus: "active",
      planStartDate: "2026-07-01",
      planEndDate: "2027-06-30",
      creditLimit: 40,
      usedCredit: 160,
    })
    .returning({ id: teams.id });
  if (!firm) throw new Error("Demo console firm was not created");
  await tx.insert(teamMembers).values({ teamId: firm.id, userId: owner.id, role: "owner" });
  const [manager] = await tx
    .insert(users)
    .values({
      email: "manager@wattlegrove.test",
      passwordHash,
      firstName: "Willa",
      lastName: "Banks",
      displayName: "Willa Banks",
    })
    .returning({ id: users.id });
  if (!manager) throw new Error("Demo console firm's manager was not created");
  await tx.insert(teamMembers).values({ teamId: firm.id, userId: manager.id, role: "manager" });
}
