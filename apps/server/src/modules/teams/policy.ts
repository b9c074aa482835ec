import type { TeamRole } from "@precedent/contracts";

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
