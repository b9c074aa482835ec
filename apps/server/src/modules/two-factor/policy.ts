import type { TeamRole } from "@precedent/contracts";

/**
 * Who may do what with two-factor sign-in. Each function answers one rule; the service calls them
 * and the web app receives the answers as `abilities`.
 */

/** A person manages only their own two-factor sign-in (another person's id is not found). */
export const canManageTwoFactorOf = (actorUserId: number, userId: number) => actorUserId === userId;

/** Turning it off: only while it is on, and not while a firm of theirs requires it. */
export const canDisableTwoFactor = (state: { enabled: boolean; requiredByFirm: boolean }) =>
  state.enabled && !state.requiredByFirm;

/** Requiring two-factor sign-in of everyone in the firm is the owner's decision. */
export const canChangeFirmRequirement = (role: TeamRole) => role === "owner";

/**
 * An owner turns the requirement on only with their own two-factor sign-in on: a firm cannot be
 * held to a rule its owner does not meet.
 */
export const mayRequireForFirm = (ownerHasTwoFactor: boolean) => ownerHasTwoFactor;
