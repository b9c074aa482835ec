import type { TeamRole } from "@precedent/contracts";
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans, teamMembers, teams } from "./schema.ts";
import { teamNotFound } from "./service.ts";

/**
 * A firm's seats, in the caller's transaction: its name, its plan's user limit and how many
 * people it has. With `lock`, the firm's row is locked until the transaction ends, so that
 * everything that adds people to one firm (invitations, acceptances) takes its turn and the
 * limit holds under concurrency.
 */
export async function firmSeats(tx: Database, teamId: number, options: { lock: boolean }) {
  const query = tx
    .select({ name: teams.name, maxUsers: plans.maxUsers, planName: plans.name })
    .from(teams)
    .innerJoin(plans, eq(plans.id, teams.planId))
    .where(eq(teams.id, teamId));
  const [firm] = options.lock ? await query.for("no key update", { of: teams }) : await query;
  if (!firm) throw teamNotFound();
  const [people] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return { ...firm, members: people?.n ?? 0 };
}

/** A person's role in a firm, in the caller's transaction; undefined when they are not a member. */
export async function memberRole(
  tx: Database,
  teamId: number,
  userId: number,
): Promise<TeamRole | undefined> {
  const [row] = await tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

/**
 * Adds a person to a firm in the caller's transaction: true when added, false when they were
 * already a member (the membership's primary key keeps it once). The caller checks the limit
 * first, under `firmSeats(…, { lock: true })`.
 */
export async function addMember(
  tx: Database,
  input: { teamId: number; userId: number; role: Exclude<TeamRole, "owner"> },
): Promise<boolean> {
  const added = await tx
    .insert(teamMembers)
    .values(input)
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return added.length > 0;
}
