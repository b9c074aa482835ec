import type { TeamAbilities, TeamMemberAbilities, TeamRole } from "@precedent/contracts";

/**
 * Who may do what in a firm (account-area §6). Each function answers one row of the roles
 * table for an actor's role in the firm; services call them and the web app receives the
 * answers as `abilities`.
 */
export const canViewTeam = (role: TeamRole | undefined) => role !== undefined;
export const canEditCompanyDetails = (role: TeamRole) => role === "owner";
export const canSetMemberRoles = (role: TeamRole) => role === "owner";
export const canViewCreditLogs = (role: TeamRole) => role === "owner" || role === "manager";
export const canBuyCredits = (role: TeamRole) => role === "owner" || role === "manager";
export const canRenewMembership = (role: TeamRole) => role === "owner" || role === "manager";
/**
 * Removing someone is a stronger change than setting their role, which only the owner may do:
 * a manager removing another manager (or a member the owner relies on) would be a role change
 * by other means. So only the owner removes people.
 */
export const canRemoveMembers = (role: TeamRole) => role === "owner";
export const canTransferOwnership = (role: TeamRole) => role === "owner";

/** A member's role is set only between manager and member: the owner's changes by a transfer. */
export const canSetRoleOf = (actorRole: TeamRole, target: { role: TeamRole }) =>
  canSetMemberRoles(actorRole) && target.role !== "owner";
/** Anyone but the owner may be removed (the firm always has its owner). */
export const canRemoveMember = (actorRole: TeamRole, target: { role: TeamRole }) =>
  canRemoveMembers(actorRole) && target.role !== "owner";
export const canMakeOwner = (actorRole: TeamRole, target: { role: TeamRole }) =>
  canTransferOwnership(actorRole) && target.role !== "owner";

export const teamAbilities = (role: TeamRole): TeamAbilities => ({
  edit: canEditCompanyDetails(role),
  set_roles: canSetMemberRoles(role),
  remove_members: canRemoveMembers(role),
  transfer_ownership: canTransferOwnership(role),
  view_credit_logs: canViewCreditLogs(role),
  buy_credits: canBuyCredits(role),
  renew_membership: canRenewMembership(role),
});

export const memberAbilities = (actorRole: TeamRole, target: { role: TeamRole }): TeamMemberAbilities => ({
  set_role: canSetRoleOf(actorRole, target),
  remove: canRemoveMember(actorRole, target),
  make_owner: canMakeOwner(actorRole, target),
});
