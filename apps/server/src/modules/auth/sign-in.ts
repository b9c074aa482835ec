import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { Actor } from "../../platform/kernel/index.ts";
import { lockedFirmOf } from "../teams/index.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.ts";
import { sessions, signInAddresses } from "./schema.ts";
import { type AuthServiceDeps, FIRM_LOCKED, hashToken, INVALID_CREDENTIALS } from "./service-deps.ts";
import type { SignInThrottle } from "./sign-in-throttle.ts";

/**
 * The password checked (through the throttle), the step after it asked for, the session opened;
 * and the current password checked for a password change, counted the same way.
 */
export function createSignIn(
  deps: AuthServiceDeps,
  { knownAt, takeAttempt, forgiveAttempt }: SignInThrottle,
  signOutOtherSessionsOf: (actor: Actor) => Promise<number>,
) {
  const { db, clock, users, idleTimeoutMs } = deps;
  /** A locked firm's people cannot sign in (the operator console locks firms). */
  async function refuseIfFirmLocked(userId: number) {
    const locked = await lockedFirmOf(db, userId);
    if (locked !== null) throw new AppError(403, FIRM_LOCKED(locked));
  }

  /** Opens a session for a person whose sign-in is complete; returns its token. */
  async function openSession(input: { userId: number; ip: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = clock();
    await db
      .insert(signInAddresses)
      .values({ userId: input.userId, ip: input.ip, lastSignedInAt: now })
      .onConflictDoUpdate({
        target: [signInAddresses.userId, signInAddresses.ip],
        set: { lastSignedInAt: now },
      });
    const [opened] = await db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId: input.userId,
        createdAt: now,
        lastSeenAt: now,
        idleTimeoutMs,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
      })
      .returning({ id: sessions.id });
    // Checked after the session is written: a lock committed before this read refuses it here,
    // and one committed after it ends the session when the lock ends the firm's sessions.
    const locked = await lockedFirmOf(db, input.userId);
    if (opened && locked !== null) {
      await db.delete(sessions).where(eq(sessions.id, opened.id));
      throw new AppError(403, FIRM_LOCKED(locked));
    }
    return token;
  }

  return {
    /**
     * Checks the credentials and opens a session, returning the opaque token (shown once, stored
     * hashed); or, with two-factor sign-in, the step that must come first (no session yet).
     */
    async signIn(input: { email: string; password: string; totp?: string; ip: string; userAgent: string }) {
      const user = await users.findByEmail(input.email);
      const taken = await takeAttempt(input.email, input.ip, user ? await knownAt(user.id, input.ip) : false);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !valid) throw new AppError(401, INVALID_CREDENTIALS);
      await forgiveAttempt(input.email, input.ip, taken);
      await refuseIfFirmLocked(user.id);
      const next = await deps.secondStep?.()({
        userId: user.id,
        ip: input.ip,
        userAgent: input.userAgent,
        ...(input.totp === undefined ? {} : { totp: input.totp }),
      });
      if (next) return { kind: "two_factor" as const, userId: user.id, ...next };
      const token = await openSession({ userId: user.id, ip: input.ip, userAgent: input.userAgent });
      return { kind: "session" as const, token, userId: user.id };
    },

    openSession,

    /** What the profile needs to change a password (handed to the users module, which auth uses). */
    credentials: {
      hash: hashPassword,
      /**
       * Checks a signed-in person's current password (a password change). Wrong guesses count as
       * failed sign-ins of that account from that address, so a stolen session cannot be used to
       * guess the password any faster than the sign-in page allows.
       */
      async verifyCurrent(input: { email: string; passwordHash: string; password: string; ip: string }) {
        const taken = await takeAttempt(input.email, input.ip, true);
        if (!(await verifyPassword(input.passwordHash, input.password))) return false;
        await forgiveAttempt(input.email, input.ip, taken);
        return true;
      },
      endOtherSessions: (actor: Actor) => signOutOtherSessionsOf(actor),
    },
  };
}
