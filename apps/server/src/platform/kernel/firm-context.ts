import type { Actor, MemberContext } from "./actor.ts";

/**
 * Who is acting, in which firm, with which role and plan: everything the documents and folders
 * policies need about the actor. Resolving it is also the firm scope: another firm's id, or a
 * firm that does not exist, is a 404 before anything else is read.
 */
export type FirmContext = { teamId: number; userId: number } & MemberContext;

/** Resolves the firm context once per request; the teams module builds it (`createFirmContexts`). */
export type FirmContexts = (actor: Actor, teamId: number) => Promise<FirmContext>;

export const isOwnerOrManager = (ctx: Pick<FirmContext, "role">) =>
  ctx.role === "owner" || ctx.role === "manager";
