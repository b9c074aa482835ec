import { createHash, randomBytes } from "node:crypto";
import {
  CONSOLE_MESSAGES,
  type ConsoleSession,
  type TotpSetup,
  TWO_FACTOR_WRONG_CODE,
} from "@precedent/contracts";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import {
  IDLE_TIMEOUT_MS,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_PAIR_MEMORY_MS,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_FREE_FAILURES_PER_ACCOUNT,
} from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden, unauthorized } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { createSecretBox } from "../../platform/secrets/secret-box.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle/index.ts";
import { hashPassword, verifyPassword } from "../auth/index.ts";
import { newTotpSecret, normalisedTotpSecret, totpSetupOf, totpStepOf } from "../two-factor/index.ts";
import { recordAction } from "./audit.ts";
import { consoleAbilities } from "./policy.ts";
import { type StaffAccountRow, staffAccounts, staffSessions } from "./schema.ts";

/**
 * Staff sign-in: a password, then always a code from an authenticator (set up at the first
 * sign-in before anything else). A session is opened at the password and reaches only the code
 * step until the code is entered (`twoFactorAt`); it ends after the firm sessions' idle time.
 */
export type SignedInStaff = { staff: StaffAccountRow; sessionId: number; twoFactorDone: boolean };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const TOO_MANY = (seconds: number) =>
  new AppError(429, `Too many tries. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`, {
    retry_after_seconds: seconds,
  });
const backoff = (free: number): ThrottleRule => ({
  kind: "backoff",
  free,
  firstDelayMs: LOGIN_FIRST_DELAY_MS,
  maxDelayMs: LOGIN_MAX_DELAY_MS,
  memoryMs: LOGIN_PAIR_MEMORY_MS,
});
// A password dummy-checked for unknown emails, so the time taken does not tell which exist.
let dummyHash: Promise<string> | undefined;

export function createStaffSessions(deps: { db: Database; clock: Clock; secretKey: string }) {
  const { db, clock } = deps;
  const box = createSecretBox(deps.secretKey, "staff two-factor secrets");
  const secretContext = (staffId: number) => `staff-totp:${staffId}`;
  const throttle = createThrottle({ db, clock });

  const sessionOf = (staff: StaffAccountRow, twoFactorDone: boolean): ConsoleSession => ({
    staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role },
    step: twoFactorDone ? null : staff.totpConfirmedAt ? "code" : "setup",
    abilities: consoleAbilities(staff.role),
  });

  /** The session of a token, or 401: ended by idle time, by a code step not taken in time, or the account deactivated. */
  async function resolve(token: string | undefined): Promise<SignedInStaff> {
    if (!token) throw unauthorized(CONSOLE_MESSAGES.signIn);
    const [row] = await db
      .select({ session: staffSessions, staff: staffAccounts })
      .from(staffSessions)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, sha256(token)));
    const now = clock().getTime();
    if (
      !row?.staff.active ||
      now - row.session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS ||
      (!row.session.twoFactorAt && now - row.session.createdAt.getTime() > TWO_FACTOR_CHALLENGE_MS)
    ) {
      if (row) await db.delete(staffSessions).where(eq(staffSessions.id, row.session.id));
      throw unauthorized(row ? CONSOLE_MESSAGES.signInEnded : CONSOLE_MESSAGES.signIn);
    }
    await db.update(staffSessions).set({ lastSeenAt: clock() }).where(eq(staffSessions.id, row.session.id));
    return { staff: row.staff, sessionId: row.session.id, twoFactorDone: row.session.twoFactorAt !== null };
  }

  /** Counts a code (or password) check against the key, refusing while it must wait. */
  async function reserveTry(key: string, rule: ThrottleRule) {
    const decision = await throttle.take(key, rule);
    if (!decision.allowed) throw TOO_MANY(decision.retryAfterSeconds);
  }

  return {
    resolve,
    sessionOf,

    /** A session that has passed two-factor sign-in, or 401 / 403 (the step to take first). */
    async resolveSignedIn(token: string | undefined): Promise<StaffAccountRow> {
      const signedIn = await resolve(token);
      if (!signedIn.twoFactorDone)
        throw forbidden(
          signedIn.staff.totpConfirmedAt
            ? CONSOLE_MESSAGES.twoFactorFirst
            : CONSOLE_MESSAGES.setUpTwoFactorFirst,
        );
      return signedIn.staff;
    },

    async signIn(email: string, password: string): Promise<{ token: string; session: ConsoleSession }> {
      await reserveTry(`console:sign-in:${email}`, backoff(LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS));
      const [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
      if (!staff?.active) {
        dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
        await verifyPassword(await dummyHash, password);
        throw unauthorized(CONSOLE_MESSAGES.wrongPassword);
      }
      if (!(await verifyPassword(staff.passwordHash, password)))
        throw unauthorized(CONSOLE_MESSAGES.wrongPassword);
      await throttle.forgive(`console:sign-in:${email}`);
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await db
        .insert(staffSessions)
        .values({ tokenHash: sha256(token), staffId: staff.id, createdAt: now, lastSeenAt: now });
      return { token, session: sessionOf(staff, false) };
    },

    async signOut(token: string | undefined) {
      if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(token)));
    },

    /** A new secret for a staff member who has none in use (any earlier unconfirmed one is replaced). */
    async beginSetup(signedIn: SignedInStaff): Promise<TotpSetup> {
      if (signedIn.staff.totpConfirmedAt) throw new AppError(409, "Two-factor sign-in is already set up.");
      const secret = newTotpSecret();
      await db
        .update(staffAccounts)
        .set({ totpSecret: box.seal(secret, secretContext(signedIn.staff.id)), totpLastUsedStep: null })
        .where(and(eq(staffAccounts.id, signedIn.staff.id), isNull(staffAccounts.totpConfirmedAt)));
      return totpSetupOf(secret, `Console: ${signedIn.staff.email}`);
    },

    /**
     * The code step: a code of the secret in use, or of the one being set up (which confirms it).
     * Its 30-second step is taken in the same statement that checks none later was used, so a code
     * is accepted once, however many requests carry it. The session then reaches the console.
     */
    async enterCode(signedIn: SignedInStaff, code: string): Promise<ConsoleSession> {
      const { staff } = signedIn;
      if (!staff.totpSecret) throw forbidden(CONSOLE_MESSAGES.setUpTwoFactorFirst);
      const key = `console:code:${staff.id}`;
      await reserveTry(key, backoff(TWO_FACTOR_FREE_FAILURES_PER_ACCOUNT));
      const step = totpStepOf(box.open(staff.totpSecret, secretContext(staff.id)), code, clock().getTime());
      if (step === null) throw unauthorized(TWO_FACTOR_WRONG_CODE);
      const confirming = !staff.totpConfirmedAt;
      const [taken] = await db.transaction(async (tx) => {
        const taken = await tx
          .update(staffAccounts)
          .set({ totpLastUsedStep: step, ...(confirming ? { totpConfirmedAt: clock() } : {}) })
          .where(
            and(
              eq(staffAccounts.id, staff.id),
              eq(staffAccounts.totpSecret, staff.totpSecret as string),
              or(isNull(staffAccounts.totpLastUsedStep), lt(staffAccounts.totpLastUsedStep, step)),
            ),
          )
          .returning();
        if (taken.length === 0) return taken;
        await tx
          .update(staffSessions)
          .set({ twoFactorAt: clock() })
          .where(eq(staffSessions.id, signedIn.sessionId));
        if (confirming)
          await recordAction(tx, clock, {
            staffId: staff.id,
            action: "two_factor.set_up",
            target: `staff:${staff.id}`,
            before: { two_factor_on: false },
            after: { two_factor_on: true },
          });
        await recordAction(tx, clock, {
          staffId: staff.id,
          action: "signed_in",
          target: `staff:${staff.id}`,
        });
        return taken;
      });
      if (!taken) throw unauthorized("That code has just been used. Wait for the next code and try again.");
      await throttle.forgive(key);
      return sessionOf(taken, true);
    },

    /** Demo data and the command-line tool: an authenticator already set up with a known secret. */
    sealSecret: (staffId: number, secretBase32: string) =>
      box.seal(normalisedTotpSecret(secretBase32), secretContext(staffId)),
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
