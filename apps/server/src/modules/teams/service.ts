import type { CurrentUser, Team, TeamMember, TeamRole, UserTeam } from "@precedent/contracts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Actor, MemberContext, PlanStanding } from "../../platform/kernel/index.ts";
import { profileOf, type UsersService, users } from "../users/index.ts";
import { canViewTeam } from "./policy.ts";
import { firmVersions, plans, teamMembers, teams } from "./schema.ts";

export type TeamsService = ReturnType<typeof createTeamsService>;

/** Today's date in Sydney as ISO `YYYY-MM-DD`: a plan runs to the end of its last day there. */
const SYDNEY_ISO_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Australia/Sydney",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const sydneyDate = (now: Date) => SYDNEY_ISO_DATE.format(now);

/**
 * Whether the firm's plan gives its plan uses and full access now: only an active plan whose end
 * date, if it has one, is today or later. An expired, ended or otherwise inactive plan gives
 * neither; the firm buys per document until it renews. Read at each use, not when a session is
 * read, so a plan ends at midnight even for a session held in memory.
 */
export function planInForce(plan: PlanStanding, now: Date): boolean {
  if (plan.planStatus !== "active") return false;
  return plan.planEndDate === null || plan.planEndDate >= sydneyDate(now);
}

/**
 * The firm's document allowance, the one rule for how many plan uses are left (the membership
 * answer, the team's credit and the start check all read it). A plan without a document limit is
 * unlimited. On a limited plan `creditLimit` holds the uses left once the firm has started using
 * it; a firm that has just joined has no balance yet (null), which means the plan's whole
 * allowance less anything already used, never "none left".
 */
export function documentAllowance(firm: {
  planLimit: number | null;
  creditLimit: number | null;
  usedCredit: number;
}): { limited: false; left: null; reached: false } | { limited: true; left: number; reached: boolean } {
  if (firm.planLimit === null) return { limited: false, left: null, reached: false };
  const left = Math.max(0, firm.creditLimit ?? firm.planLimit - firm.usedCredit);
  return { limited: true, left, reached: left < 1 };
}

/** Another firm's id and a firm that does not exist get the same answer. */
export const teamNotFound = () => notFound("Team not found.");

/**
 * The columns of a member context, for a query that joins the membership, its firm's plan and the
 * firm's versions (this module's `memberContext`, and the session read in auth).
 */
export const memberContextColumns = {
  role: teamMembers.role,
  planSlug: plans.slug,
  planStatus: teams.planStatus,
  planEndDate: teams.planEndDate,
  version: firmVersions.version,
  foldersVersion: firmVersions.foldersVersion,
};

/** The member context of a row of `memberContextColumns`; null when the row has no membership. */
export function memberContextOf(row: {
  role: TeamRole | null;
  planSlug: string | null;
  planStatus: PlanStanding["planStatus"] | null;
  planEndDate: string | null;
  version: number | null;
  foldersVersion: number | null;
}): MemberContext | null {
  if (!row.role || !row.planSlug || !row.planStatus) return null;
  // A firm nothing has changed in yet has no versions row: it is at 0.
  return {
    role: row.role,
    planSlug: row.planSlug,
    planStatus: row.planStatus,
    planEndDate: row.planEndDate,
    version: row.version ?? 0,
    foldersVersion: row.foldersVersion ?? 0,
  };
}

export function createTeamsService(deps: { db: Database; users: UsersService }) {
  const { db } = deps;

  /** The actor's role in a firm, or undefined when they are not one of its members. */
  async function roleIn(actor: Actor, teamId: number): Promise<TeamRole | undefined> {
    const [row] = await db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actor.userId)));
    return row?.role;
  }

  /** The scope every firm-level read goes through: a member's own firm, or 404. */
  async function requireMembership(actor: Actor, teamId: number): Promise<TeamRole> {
    const role = await roleIn(actor, teamId);
    if (!canViewTeam(role) || !role) throw teamNotFound();
    return role;
  }

  return {
    roleIn,
    requireMembership,

    /** The actor's role in a firm and the firm's plan, in one query; undefined for a non-member. */
    async memberContext(userId: number, teamId: number): Promise<MemberContext | undefined> {
      const [row] = await db
        .select(memberContextColumns)
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(plans, eq(plans.id, teams.planId))
        .leftJoin(firmVersions, eq(firmVersions.teamId, teamMembers.teamId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return (row && memberContextOf(row)) ?? undefined;
    },

    /** GET /users/me in one query: the user's profile and their firms. */
    async currentUser(userId: number): Promise<CurrentUser> {
      const rows = await db
        .select({ user: users, team: { id: teams.id, name: teams.name }, role: teamMembers.role })
        .from(users)
        .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
        .leftJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(users.id, userId))
        .orderBy(asc(teams.id));
      const [first] = rows;
      if (!first) throw notFound("User not found.");
      const firms: UserTeam[] = [];
      for (const { team, role } of rows) if (team && role) firms.push({ id: team.id, name: team.name, role });
      return { ...profileOf(first.user), teams: firms };
    },

    async getTeam(actor: Actor, teamId: number): Promise<Team> {
      await requireMembership(actor, teamId);
      const [row] = await db
        .select({ team: teams, plan: plans })
        .from(teams)
        .innerJoin(plans, eq(plans.id, teams.planId))
        .where(eq(teams.id, teamId));
      if (!row) throw teamNotFound();
      const { team, plan } = row;
      return {
        id: team.id,
        name: team.name,
        company_logo: team.logoUrl,
        company_registration_no: team.companyRegistrationNo,
        billing_address: team.billingAddress,
        industry: team.industry,
        website: team.website,
        owner: team.ownerId,
        plan: {
          id: plan.id,
          name: plan.name,
          slug: plan.slug,
          price: plan.priceCents,
          duration: plan.duration,
          payg: plan.payg,
          hasLimit: plan.documentLimit !== null,
          limit: plan.documentLimit,
          number_of_users: plan.maxUsers,
          status: team.planStatus,
          start_date: team.planStartDate,
          end_date: team.planEndDate,
        },
        hasLimit: plan.documentLimit !== null ? 1 : 0,
        limit: documentAllowance({ planLimit: plan.documentLimit, ...team }).left,
        used: team.usedCredit,
      };
    },

    /**
     * Uses one document of a limited plan, in the caller's transaction. Returns the uses left,
     * null when the plan is unlimited, or false when none is left. The update is guarded by the
     * balance it read (compare and set), so parallel starts never take the last use twice; a
     * start that lost the race reads again.
     */
    async consumeDocumentUse(tx: Database, teamId: number): Promise<number | null | false> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [firm] = await tx
          .select({
            planLimit: plans.documentLimit,
            creditLimit: teams.creditLimit,
            usedCredit: teams.usedCredit,
          })
          .from(teams)
          .innerJoin(plans, eq(plans.id, teams.planId))
          .where(eq(teams.id, teamId));
        if (!firm) throw teamNotFound();
        const allowance = documentAllowance(firm);
        if (!allowance.limited) return null;
        if (allowance.reached) return false;
        const [used] = await tx
          .update(teams)
          .set({ creditLimit: allowance.left - 1, usedCredit: sql`${teams.usedCredit} + 1` })
          .where(
            and(
              eq(teams.id, teamId),
              firm.creditLimit === null ? isNull(teams.creditLimit) : eq(teams.creditLimit, firm.creditLimit),
            ),
          )
          .returning({ left: teams.creditLimit });
        if (used) return used.left ?? 0;
      }
      return false;
    },

    async getMembers(actor: Actor, teamId: number): Promise<TeamMember[]> {
      await requireMembership(actor, teamId);
      const memberships = await db
        .select({ userId: teamMembers.userId, role: teamMembers.role })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.userId));
      const people = await deps.users.summaries(memberships.map((m) => m.userId));
      return memberships.map((m) => ({
        id: m.userId,
        name: people.get(m.userId)?.name ?? "",
        email: people.get(m.userId)?.email ?? "",
        role: m.role,
      }));
    },
  };
}
