import type { TeamRole } from "@precedent/contracts";
import type { Actor } from "../auth/service.ts";
import type { TeamsService } from "../teams/service.ts";

/**
 * Who is acting, in which firm, with which role and plan: everything the documents and folders
 * policies need about the actor. Resolving it is also the firm scope: another firm's id, or a
 * firm that does not exist, is a 404 before anything else is read.
 */
export type FirmContext = {
  teamId: number;
  userId: number;
  role: TeamRole;
  planSlug: string;
};

export type FirmContexts = (actor: Actor, teamId: number) => Promise<FirmContext>;

/** Built on the teams service (the module that owns firms, roles and plans). */
export function createFirmContexts(teams: TeamsService): FirmContexts {
  return async (actor, teamId) => {
    const [role, team] = await Promise.all([
      teams.requireMembership(actor, teamId),
      teams.getTeam(actor, teamId),
    ]);
    return { teamId, userId: actor.userId, role, planSlug: team.plan.slug };
  };
}

export const isOwnerOrManager = (ctx: Pick<FirmContext, "role">) =>
  ctx.role === "owner" || ctx.role === "manager";
