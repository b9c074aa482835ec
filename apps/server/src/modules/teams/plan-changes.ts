import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { PlanStanding } from "../../platform/kernel/index.ts";
import { type PlanRow, plans, teams } from "./schema.ts";
import { planInForce, teamNotFound } from "./service.ts";

/**
 * Changes of a firm's membership plan: the only writes to a firm's plan, status, dates and plan
 * credits outside document starts. The membership module decides when (a confirmed billing page,
 * a signed Stripe event, the end date passing); these functions do it, in the caller's
 * transaction. The firm's versions move by the triggers of migrations 0010, 0011 and 0019.
 */

/**
 * The plan's status as in force at `now`: an active plan whose last day has passed is expired
 * whether or not the scheduled job has marked it yet, so nothing depends on the job's timing.
 */
export function effectivePlanStatus(plan: PlanStanding, now: Date): PlanStanding["planStatus"] {
  if (plan.planStatus === "active" && !planInForce(plan, now)) return "expired";
  return plan.planStatus;
}

/** The firm's plan row and standing (no membership check: callers have resolved the firm). */
export async function firmPlan(db: Database, teamId: number) {
  const [row] = await db
    .select({
      plan: plans,
      planStatus: teams.planStatus,
      planStartDate: teams.planStartDate,
      planEndDate: teams.planEndDate,
      ownerId: teams.ownerId,
      name: teams.name,
    })
    .from(teams)
    .innerJoin(plans, eq(plans.id, teams.planId))
    .where(eq(teams.id, teamId));
  if (!row) throw teamNotFound();
  return row;
}

/** Every plan, cheapest first (the spec's plans list). */
export const allPlans = (db: Database) =>
  db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));

export async function planById(db: Database, planId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

export async function planBySlug(db: Database, slug: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.slug, slug));
  return row;
}

/**
 * Puts the firm on `plan` for a period: active from `startDate` to `endDate` (null: no end).
 * With `newPeriod` the plan's document allowance starts again (credits back to the plan's limit
 * where it has one, nothing used); without, only the dates move (the same period, told again).
 */
export async function applyPlanPeriod(
  tx: Database,
  teamId: number,
  plan: PlanRow,
  period: { startDate: string; endDate: string | null; newPeriod: boolean },
) {
  const [updated] = await tx
    .update(teams)
    .set({
      planId: plan.id,
      planStatus: "active",
      planStartDate: period.startDate,
      planEndDate: period.endDate,
      ...(period.newPeriod ? { creditLimit: plan.documentLimit, usedCredit: 0 } : {}),
    })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  if (!updated) throw teamNotFound();
}

/** Marks the firm's plan expired (a subscription that ended), from `endDate` when given. */
export async function expirePlan(tx: Database, teamId: number, endDate?: string) {
  await tx
    .update(teams)
    .set({ planStatus: "expired", ...(endDate ? { planEndDate: endDate } : {}) })
    .where(eq(teams.id, teamId));
}

/**
 * Marks expired every active plan whose last day is before `today` (of one firm, or all); returns
 * the firms changed. Reads compute the same (`effectivePlanStatus`); this makes it the stored fact.
 */
export async function expireEndedPlans(db: Database, today: string, teamId?: number): Promise<number[]> {
  const rows = await db
    .update(teams)
    .set({ planStatus: "expired" })
    .where(
      and(
        eq(teams.planStatus, "active"),
        lt(teams.planEndDate, today),
        teamId === undefined ? sql`true` : eq(teams.id, teamId),
      ),
    )
    .returning({ id: teams.id });
  return rows.map((r) => r.id);
}
