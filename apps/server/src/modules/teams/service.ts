import {
  ALREADY_OWNER,
  CANNOT_CHANGE_OWNER_ROLE,
  CANNOT_REMOVE_OWNER,
  type CurrentUser,
  formatCompanyNumber,
  MEMBER_NOT_FOUND,
  normaliseWebsite,
  OWNER_PASSWORD_INCORRECT,
  type SetMemberRoleRequest,
  type Team,
  type TeamMember,
  type TeamRole,
  type UpdateTeamRequest,
  type UserTeam,
} from "@precedent/contracts";
import { and, asc, eq, isNull, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import {
  type Actor,
  type Clock,
  type FirmVersions,
  firmAbilitiesOf,
  type MemberContext,
  type PlanStanding,
} from "../../platform/kernel/index.ts";
import { profileOf, type UsersService } from "../users/index.ts";
import type {} from "./events.ts";
import {
  canEditCompanyDetails,
  canMakeOwner,
  canRemoveMember,
  canRemoveMembers,
  canSetMemberRoles,
  canSetRoleOf,
  canTransferOwnership,
  canViewTeam,
  memberAbilities,
  teamAbilities,
} from "./policy.ts";
import { firmVersions, plans, teamMembers, teams } from "./schema.ts";

export type TeamsService = ReturnType<typeof createTeamsService>;

/**
 * Whether a person's password is right (the auth module's check, passed in late: auth reads firms
 * from here). Wrong guesses count as failed sign-ins of that account from that address, so a
 * stolen session guesses no faster than the sign-in page allows (429 while it must wait).
 */
export type PasswordCheck = (input: {
  email: string;
  passwordHash: string;
  password: string;
  ip: string;
}) => Promise<boolean>;

/**
 * The address of an uploaded image of this firm, for its logo; null when the id names no image
 * the firm may use. Wired to the media uploads when they exist.
 */
export type CompanyLogos = (teamId: number, fileId: number) => Promise<string | null>;

export const COMPANY_LOGO_NOT_FOUND = "The logo image was not found. Please upload it again.";
export const ROLE_REFUSED = "Only the company owner can set managers and members.";
export const EDIT_REFUSED = "Only the company owner can edit the company details.";
export const REMOVE_REFUSED = "Only the company owner can remove people from the firm.";
export const TRANSFER_REFUSED = "Only the company owner can transfer ownership.";

/**
 * Whether the firm's plan gives its plan uses and full access now: only an active plan whose end
 * date, if it has one, is today or later. An expired, ended or otherwise inactive plan gives
 * neither; the firm buys per document until it renews. Read at each use, not when a session is
 * read, so a plan ends at midnight even for a session held in memory.
 */
export function planInForce(plan: PlanStanding, now: Date): boolean {
  if (plan.planStatus !== "active") return false;
  return plan.planEndDate === null || plan.planEndDate >= sydneyDay(now);
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

type FirmOfUser = Omit<UserTeam, "abilities">;

/**
 * The firms a person belongs to, with their role in each, oldest firm first, as JSON: the users
 * module places it beside the person's row (GET /users/me), keeping the answer one statement.
 */
export function firmsOfUserSql(userIdColumn: SQLWrapper): SQL<FirmOfUser[]> {
  return sql<
    FirmOfUser[]
  >`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'role', m.role) order by t.id), '[]'::json) from ${teamMembers} m join ${teams} t on t.id = m.team_id where m.user_id = ${userIdColumn})`;
}

/**
 * The columns of a member context, for a query that joins the membership and its firm's plan
 * (this module's `memberContext`, and the session read in auth).
 */
export const memberContextColumns = {
  role: teamMembers.role,
  planSlug: plans.slug,
  planStatus: teams.planStatus,
  planEndDate: teams.planEndDate,
};

/**
 * The firm's data versions, read beside the member context with the session (`joinMemberContext`
 * joins their row): the keys of the kept list and tree replies, not part of any rule.
 */
export const firmVersionColumns = {
  version: firmVersions.version,
  foldersVersion: firmVersions.foldersVersion,
};

/**
 * Left-joins what `memberContextColumns` and `firmVersionColumns` read (the membership of
 * `userId` in `teamId`, its firm, the firm's plan and versions) onto another module's select, so that module (auth, reading a
 * session and the member context in one prepared statement) names none of these tables. The
 * select must be `$dynamic()`; the joined columns come back null when there is no membership,
 * which `memberContextOf` expects.
 */
export function joinMemberContext<T extends PgSelect>(
  query: T,
  userId: SQLWrapper,
  teamId: SQLWrapper | Placeholder,
) {
  return query
    .leftJoin(teamMembers, and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(plans, eq(plans.id, teams.planId))
    .leftJoin(firmVersions, eq(firmVersions.teamId, teamMembers.teamId));
}

/** The member context of a row of `memberContextColumns`; null when the row has no membership. */
export function memberContextOf(row: {
  role: TeamRole | null;
  planSlug: string | null;
  planStatus: PlanStanding["planStatus"] | null;
  planEndDate: string | null;
}): MemberContext | null {
  if (!row.role || !row.planSlug || !row.planStatus) return null;
  return { role: row.role, planSlug: row.planSlug, planStatus: row.planStatus, planEndDate: row.planEndDate };
}

/** The firm's versions of a row of `firmVersionColumns`. */
export function firmVersionsOf(row: { version: number | null; foldersVersion: number | null }): FirmVersions {
  // A firm nothing has changed in yet has no versions row: it is at 0.
  return { version: row.version ?? 0, foldersVersion: row.foldersVersion ?? 0 };
}

export function createTeamsService(deps: {
  db: Database;
  users: UsersService;
  checkPassword?: () => PasswordCheck;
  /**
   * Told "team.member-removed" in the removal's transaction (./events.ts): the folders and
   * documents modules hand the member's My Documents to the owner.
   */
  events: EventRaiser;
  companyLogos?: () => CompanyLogos | undefined;
  /** The plan's status is read as in force at this clock's now. */
  clock?: Clock;
}) {
  const { db } = deps;

  /**
   * Locks the firm's row for the rest of the transaction and reads the actor's role and the
   * owner under it: role changes, removals and transfers in one firm take their turn, so two of
   * them at once (or a removal racing a promotion) always leave one owner and whole memberships.
   */
  async function lockFirm(tx: Database, actor: Actor, teamId: number) {
    const [firm] = await tx
      .select({ ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, teamId))
      // NO KEY UPDATE: team changes still take turns, but rows that merely reference the firm
      // (a share, a log, a document) can be written meanwhile; FOR UPDATE would block their
      // foreign-key check and deadlock with a request holding those rows.
      .for("no key update");
    if (!firm) throw teamNotFound();
    const actorRole = await roleOf(tx, actor.userId, teamId);
    if (!canViewTeam(actorRole) || !actorRole) throw teamNotFound();
    return { ownerId: firm.ownerId, actorRole };
  }

  async function roleOf(tx: Database, userId: number, teamId: number): Promise<TeamRole | undefined> {
    const [row] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    return row?.role;
  }

  async function memberRow(actorRole: TeamRole, userId: number, role: TeamRole): Promise<TeamMember> {
    const person = (await deps.users.summaries([userId])).get(userId);
    return {
      id: userId,
      name: person?.name ?? "",
      email: person?.email ?? "",
      role,
      abilities: memberAbilities(actorRole, { role }),
    };
  }

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
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return (row && memberContextOf(row)) ?? undefined;
    },

    /** GET /users/me in one query: the user's profile and their firms. */
    async currentUser(userId: number): Promise<CurrentUser> {
      const row = await deps.users.withExtra(userId, firmsOfUserSql);
      if (!row) throw notFound("User not found.");
      // Each firm's abilities by the role there, from the rules their modules registered.
      const firms = row.extra.map((firm) => ({ ...firm, abilities: firmAbilitiesOf(firm.role) }));
      return { ...profileOf(row.user), teams: firms };
    },

    async getTeam(actor: Actor, teamId: number): Promise<Team> {
      const role = await requireMembership(actor, teamId);
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
          // As in force now: a plan past its end date reads as expired before the expiry job runs.
          status: planInForce(team, deps.clock?.() ?? new Date())
            ? "active"
            : team.planStatus === "active"
              ? "expired"
              : team.planStatus,
          start_date: team.planStartDate,
          end_date: team.planEndDate,
        },
        hasLimit: plan.documentLimit !== null ? 1 : 0,
        limit: documentAllowance({ planLimit: plan.documentLimit, ...team }).left,
        used: team.usedCredit,
        abilities: teamAbilities(role),
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
      const actorRole = await requireMembership(actor, teamId);
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
        abilities: memberAbilities(actorRole, m),
      }));
    },

    /** POST /team/update: the owner saves the Company form. */
    async updateTeam(actor: Actor, input: UpdateTeamRequest): Promise<Team> {
      const role = await requireMembership(actor, input.id_team);
      if (!canEditCompanyDetails(role)) throw forbidden(EDIT_REFUSED);
      let logoUrl: string | null | undefined;
      if (input.company_logo === null) logoUrl = null;
      else if (input.company_logo !== undefined) {
        const source = await deps.companyLogos?.()?.(input.id_team, input.company_logo);
        if (!source) {
          throw badRequest(COMPANY_LOGO_NOT_FOUND, [
            { field: "company_logo", message: COMPANY_LOGO_NOT_FOUND },
          ]);
        }
        logoUrl = source;
      }
      await db
        .update(teams)
        .set({
          name: input.name_team,
          companyRegistrationNo: formatCompanyNumber(input.company_registration_no),
          ...(input.billing_address ? { billingAddress: input.billing_address } : {}),
          ...(input.industry !== undefined ? { industry: input.industry } : {}),
          ...(input.website !== undefined ? { website: normaliseWebsite(input.website) ?? "" } : {}),
          ...(logoUrl !== undefined ? { logoUrl } : {}),
        })
        .where(eq(teams.id, input.id_team));
      return this.getTeam(actor, input.id_team);
    },

    /** POST /member/set-role: the owner makes a member a manager or a manager a member. */
    async setMemberRole(actor: Actor, input: SetMemberRoleRequest): Promise<TeamMember> {
      const { actorRole } = await db.transaction(async (tx) => {
        const { actorRole } = await lockFirm(tx, actor, input.id_team);
        if (!canSetMemberRoles(actorRole)) throw forbidden(ROLE_REFUSED);
        const target = await roleOf(tx, input.id_user, input.id_team);
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (!canSetRoleOf(actorRole, { role: target })) throw new AppError(409, CANNOT_CHANGE_OWNER_ROLE);
        if (target !== input.role) {
          await tx
            .update(teamMembers)
            .set({ role: input.role })
            .where(and(eq(teamMembers.teamId, input.id_team), eq(teamMembers.userId, input.id_user)));
        }
        return { actorRole };
      });
      return memberRow(actorRole, input.id_user, input.role);
    },

    /**
     * POST /member/remove: the owner takes someone out of the firm. Their documents stay in the
     * firm, and their My Documents (folders and documents) become the owner's, in the same
     * transaction. The membership's end moves the firm's versions, so every server stops
     * accepting their sessions for this firm at once (they keep any other firm they belong to).
     */
    async removeMember(actor: Actor, teamId: number, userId: number) {
      const formerMemberName = (await deps.users.summaries([userId])).get(userId)?.name ?? "former member";
      return db.transaction(async (tx) => {
        const { actorRole, ownerId } = await lockFirm(tx, actor, teamId);
        if (!canRemoveMembers(actorRole)) throw forbidden(REMOVE_REFUSED);
        const target = await roleOf(tx, userId, teamId);
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (!canRemoveMember(actorRole, { role: target })) throw new AppError(409, CANNOT_REMOVE_OWNER);
        await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
        const removal = {
          teamId,
          fromUserId: userId,
          toUserId: ownerId,
          formerMemberName,
          handedOver: { folders: 0, documents: 0 },
        };
        await deps.events.raise(tx, "team.member-removed", removal);
        return {
          code: 200 as const,
          id_user: userId,
          folders_reassigned: removal.handedOver.folders,
          documents_reassigned: removal.handedOver.documents,
        };
      });
    },

    /**
     * POST /team/transfer-ownership: the owner hands the firm to one of its members or managers,
     * confirming with their password; they stay on as a manager.
     */
    async transferOwnership(actor: Actor, teamId: number, userId: number, password: string, ip: string) {
      const role = await requireMembership(actor, teamId);
      if (!canTransferOwnership(role)) throw forbidden(TRANSFER_REFUSED);
      const me = await deps.users.findById(actor.userId);
      const check = deps.checkPassword?.();
      const matches =
        me && check ? await check({ email: me.email, passwordHash: me.passwordHash, password, ip }) : false;
      if (!matches) {
        throw badRequest(OWNER_PASSWORD_INCORRECT, [
          { field: "password", message: OWNER_PASSWORD_INCORRECT },
        ]);
      }
      return db.transaction(async (tx) => {
        // Read again under the lock: the firm may have changed hands since the check above.
        const { actorRole } = await lockFirm(tx, actor, teamId);
        if (!canTransferOwnership(actorRole)) throw forbidden(TRANSFER_REFUSED);
        const target = await roleOf(tx, userId, teamId);
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (!canMakeOwner(actorRole, { role: target })) throw new AppError(409, ALREADY_OWNER);
        const membership = (id: number) => and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, id));
        await tx.update(teamMembers).set({ role: "manager" }).where(membership(actor.userId));
        await tx.update(teamMembers).set({ role: "owner" }).where(membership(userId));
        await tx.update(teams).set({ ownerId: userId }).where(eq(teams.id, teamId));
        return { code: 200 as const, owner: userId, previous_owner_role: "manager" as const };
      });
    },
  };
}
