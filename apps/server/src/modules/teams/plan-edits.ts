import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans, teams } from "./schema.ts";

/** A plan as the operator console shows and edits it, with how many firms are on it. */
export type StaffPlan = {
  id: number;
  slug: string;
  name: string;
  price_cents: number;
  duration: string;
  payg: boolean;
  document_limit: number | null;
  max_users: number;
  short_description: string;
  video_url: string | null;
  firms: number;
  version: number;
};

/** What an edit may change; absent fields stay as they are. */
export type PlanChange = Partial<{
  name: string;
  priceCents: number;
  duration: string;
  documentLimit: number | null;
  maxUsers: number;
  shortDescription: string;
  videoUrl: string | null;
}>;

/** Every plan in its sort order (or the one plan `id`), each with its count of firms. */
export async function staffPlans(db: Database, id?: number): Promise<StaffPlan[]> {
  const firms = db
    .select({ planId: teams.planId, firms: count().as("firms") })
    .from(teams)
    .groupBy(teams.planId)
    .as("firms");
  const rows = await db
    .select({ plan: plans, firms: firms.firms })
    .from(plans)
    .leftJoin(firms, eq(firms.planId, plans.id))
    .where(id === undefined ? undefined : eq(plans.id, id))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  return rows.map(({ plan, firms }) => ({
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    price_cents: plan.priceCents,
    duration: plan.duration,
    payg: plan.payg,
    document_limit: plan.documentLimit,
    max_users: plan.maxUsers,
    short_description: plan.shortDescription,
    video_url: plan.videoUrl,
    firms: Number(firms ?? 0),
    version: plan.version,
  }));
}

/**
 * Changes a plan read at `version`; false when it moved on since. The plan's trigger (migration
 * 0067) moves the lists of every firm on it at commit.
 */
export async function changePlan(tx: Database, id: number, version: number, change: PlanChange) {
  const [updated] = await tx
    .update(plans)
    .set({ ...change, version: sql`${plans.version} + 1` })
    .where(and(eq(plans.id, id), eq(plans.version, version)))
    .returning({ id: plans.id });
  return Boolean(updated);
}
