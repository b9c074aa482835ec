import type { TeamRole } from "@precedent/contracts";

/**
 * Who may do what about the membership plan (account-area §6). Pure; the service calls them and
 * the web app receives their answers as `abilities`.
 */

/** Change or renew the firm's plan, and be shown the expired banner's Renew now: owner and manager. */
export const canChangePlan = (role: TeamRole) => role === "owner" || role === "manager";

/** The plans and upgrade modals are open to every member of the firm. */
export const canSeePlans = (_role: TeamRole) => true;

/** A person reads only their own membership (`GET /membership/user?user_id=`). */
export const canReadMembershipOf = (actorUserId: number, userId: number) => actorUserId === userId;
