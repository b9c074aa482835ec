import type { FirmContexts } from "../../platform/kernel/index.ts";
import { canViewTeam } from "./policy.ts";
import { type TeamsService, teamNotFound } from "./service.ts";

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
