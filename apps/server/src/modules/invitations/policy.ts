import type { InvitationRole, TeamRole } from "@precedent/contracts";

/**
 * Who may invite whom (beyond the spec's §6 table, which it follows): the owner and managers
 * bring people in, members do not. Only the owner sets who is a manager (§6 "Set
 * managers/members"), so a manager invites members only: inviting someone as a manager would be
 * making a manager by another door. Each function answers for an actor's role in the firm.
 */
export const canViewInvitations = (role: TeamRole) => role === "owner" || role === "manager";

export function invitableRoles(role: TeamRole): InvitationRole[] {
  if (role === "owner") return ["manager", "member"];
  if (role === "manager") return ["member"];
  return [];
}

export const canInvite = (role: TeamRole, as: InvitationRole) => invitableRoles(role).includes(as);

/** Revoking or resending an invitation is for whoever could have sent it. */
export const canManageInvitation = (role: TeamRole, invitation: { role: InvitationRole }) =>
  canInvite(role, invitation.role);
