import { and, eq, ne } from "drizzle-orm";
import type { Actor } from "../../platform/kernel/index.ts";
import { sessions } from "./schema.ts";
import type { AuthServiceDeps } from "./service-deps.ts";

/** Ending a person's sessions in bulk: everywhere, everywhere but here, or all of one person. */
export function createSignOut(deps: AuthServiceDeps) {
  const { db, changes } = deps;
  async function signOutOtherSessionsOf(actor: Actor): Promise<number> {
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)))
      .returning({ id: sessions.id });
    changes?.sessionsEnded();
    return ended.length;
  }

  return {
    /**
     * Ends every session of the actor's user, on every device, this one included. Other
     * servers learn of it from the database's notification, as with a single sign-out.
     */
    async signOutEverywhere(actor: Actor): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.userId, actor.userId))
        .returning({ id: sessions.id });
      changes?.sessionsEnded();
      return ended.length;
    },

    /**
     * Ends every other session of the actor's person, keeping the one making the request: after
     * a password change, whoever knew the old password is signed out everywhere else.
     */
    signOutOtherSessions: signOutOtherSessionsOf,

    /** Ends every session of a person (two-factor sign-in turned on as they sign in). */
    async endSessionsOf(userId: number): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      changes?.sessionsEnded();
      return ended.length;
    },
  };
}
