import type { Actor } from "../auth/service.ts";
import { canViewTeam } from "../teams/policy.ts";
import { type MemberContext, type TeamsService, teamNotFound } from "../teams/service.ts";

/**
 * Who is acting, in which firm, with which role and plan: everything the documents and folders
 * policies need about the actor. Resolving it is also the firm scope: another firm's id, or a
 * firm that does not exist, is a 404 before anything else is read.
 */
export type FirmContext = { teamId: number; userId: number } & MemberContext;

export type FirmContexts = (actor: Actor, teamId: number) => Promise<FirmContext>;

/**
 * Built on the teams service (the module that owns firms, roles and plans). The membership read
 * with the session (the request's `?id_team=`) answers without a query; another firm id costs
 * one query.
 */
export function createFirmContexts(teams: TeamsService): FirmContexts {
  return async (actor, teamId) => {
    const member =
      actor.firm?.teamId === teamId ? actor.firm.member : await teams.memberContext(actor.userId, teamId);
    if (!member || !canViewTeam(member.role)) throw teamNotFound();
    return { teamId, userId: actor.userId, ...member };
  };
}

export const isOwnerOrManager = (ctx: Pick<FirmContext, "role">) =>
  ctx.role === "owner" || ctx.role === "manager";
