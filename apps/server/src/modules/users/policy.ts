import type { Actor } from "../../platform/kernel/index.ts";

/**
 * A profile is edited by its person only: nobody, not even a firm's owner, changes another
 * person's name, phone, address or password (account-area §2 My Account is "your own").
 */
export const canEditProfile = (actor: Pick<Actor, "userId">, userId: number) => actor.userId === userId;
