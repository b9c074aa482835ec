import { lt, or, sql } from "drizzle-orm";
import { LOGIN_KNOWN_ADDRESS_MS } from "../../constants.ts";
import { sessions, signInAddresses } from "./schema.ts";
import type { AuthServiceDeps } from "./service-deps.ts";
import { createSessionMemory } from "./session-memory.ts";
import { createSignIn } from "./sign-in.ts";
import { createSignInThrottle } from "./sign-in-throttle.ts";
import { createSignOut } from "./sign-out.ts";

// The auth service is composed here from its parts: the sign-in throttle, the session memory,
// sign-in and sign-out. The messages and the second step's type are re-exported so that the
// routes, the tests and index.ts import what they did.
export { INVALID_CREDENTIALS, SESSION_EXPIRED, type SignInSecondStep } from "./service-deps.ts";

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, maxAgeMs } = deps;
  const throttle = createSignInThrottle(deps);
  const { loginThrottle } = throttle;
  const memory = createSessionMemory(deps);
  const signOut = createSignOut(deps);
  const signIn = createSignIn(deps, throttle, signOut.signOutOtherSessions);

  return {
    signIn: signIn.signIn,
    openSession: signIn.openSession,
    recall: memory.recall,
    authenticate: memory.authenticate,
    signOutEverywhere: signOut.signOutEverywhere,
    signOutOtherSessions: signOut.signOutOtherSessions,
    endSessionsOf: signOut.endSessionsOf,
    credentials: signIn.credentials,
    signOutToken: memory.signOutToken,
    mayHaveWritten: memory.mayHaveWritten,

    /** Removes sessions idle past their own timeout; run periodically so the table does not grow. */
    async purgeExpiredSessions() {
      const now = clock().toISOString();
      await db
        .delete(sessions)
        .where(
          or(
            sql`${sessions.lastSeenAt} + ${sessions.idleTimeoutMs} * interval '1 millisecond' < ${now}::timestamptz`,
            lt(sessions.createdAt, new Date(clock().getTime() - maxAgeMs)),
          ),
        );
      await loginThrottle.purge();
      await db
        .delete(signInAddresses)
        .where(lt(signInAddresses.lastSignedInAt, new Date(clock().getTime() - LOGIN_KNOWN_ADDRESS_MS)));
    },
  };
}
