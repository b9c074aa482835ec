import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  RECOVERY_CODE_COUNT,
  type TotpSetup,
  TWO_FACTOR_CHALLENGE_ENDED,
  TWO_FACTOR_WRONG_CODE,
  TWO_FACTOR_WRONG_RECOVERY_CODE,
  type TwoFactorStatus,
} from "@precedent/contracts";
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import {
  LOGIN_FIRST_DELAY_MS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_PAIR_MEMORY_MS,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_FREE_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_TRIES_PER_CHALLENGE,
} from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../errors.ts";
import type { Actor, Clock, FirmContexts } from "../../platform/kernel/index.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle/index.ts";
import { type AuthService, type SignInSecondStep, verifyPassword } from "../auth/index.ts";
import type { TeamsService } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import {
  canChangeFirmRequirement,
  canDisableTwoFactor,
  canManageTwoFactorOf,
  mayRequireForFirm,
} from "./policy.ts";
import {
  twoFactorChallenges,
  twoFactorFirmRequirements,
  twoFactorRecoveryCodes,
  twoFactorTotp,
} from "./schema.ts";
import { createSecretBox } from "./secret-box.ts";
import { newTotpSecret, normalisedTotpSecret, totpSetupOf, totpStepOf } from "./totp.ts";

export const TWO_FACTOR_ALREADY_ON = "Two-factor authentication is already on.";
export const TWO_FACTOR_NOT_ON = "Two-factor authentication is not on.";
export const TWO_FACTOR_NO_PENDING_SETUP =
  "Start the set-up again: no new authenticator is waiting for a code.";
export const TWO_FACTOR_REQUIRED_BY_FIRM =
  "Your firm requires two-factor authentication, so it cannot be turned off.";
export const TWO_FACTOR_OWNER_FIRST =
  "Turn on two-factor authentication for your own account before requiring it for your firm.";
export const TWO_FACTOR_OWNER_ONLY = "Only the firm's owner can change this.";
export const TWO_FACTOR_REPLAYED = "That code has just been used. Wait for the next code and try again.";
export const TWO_FACTOR_WRONG_PASSWORD = "The password is not right.";
export const TWO_FACTOR_TOO_MANY_TRIES = "Too many wrong codes. Please sign in again.";

/** Recovery codes use letters and digits that cannot be mistaken for one another. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const recoveryHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const tooManyTries = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    429,
    `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { retry_after_seconds: retryAfterSeconds },
  );
};

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  teams: TeamsService;
  auth: AuthService;
  firmContext: FirmContexts;
  secretKey: string;
}) {
  const { db, clock, users, teams, auth, firmContext } = deps;
  const box = createSecretBox(deps.secretKey);
  const context = (userId: number) => `totp:${userId}`;

  async function labelOf(userId: number) {
    const user = await users.findById(userId);
    return user?.email ?? String(userId);
  }

  async function totpRow(userId: number) {
    const [row] = await db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, userId));
    return row;
  }
  const isOn = (row: typeof twoFactorTotp.$inferSelect | undefined) => !!row?.confirmedAt;

  /** Whether a firm the person belongs to requires two-factor sign-in. */
  async function requiredByFirm(userId: number): Promise<boolean> {
    const { teams: firms } = await teams.currentUser(userId);
    if (firms.length === 0) return false;
    const [row] = await db
      .select({ teamId: twoFactorFirmRequirements.teamId })
      .from(twoFactorFirmRequirements)
      .where(
        inArray(
          twoFactorFirmRequirements.teamId,
          firms.map((f) => f.id),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  const accountTries = createThrottle({ db, clock });
  const accountKey = (userId: number) => `two-factor:user:${userId}`;
  const accountRule: ThrottleRule = {
    kind: "backoff",
    free: TWO_FACTOR_FREE_FAILURES_PER_ACCOUNT,
    firstDelayMs: LOGIN_FIRST_DELAY_MS,
    maxDelayMs: LOGIN_MAX_DELAY_MS,
    memoryMs: LOGIN_PAIR_MEMORY_MS,
  };

  /**
   * Counts one code (or password) check against the account before it is made, refusing with 429
   * while the account must wait; counted and decided in one statement (see the throttle), so that
   * guesses sent at once, to any server, are all counted. A success forgets the count.
   */
  async function reserveAccountTry(userId: number) {
    if (!(await totpRow(userId))) return;
    const decision = await accountTries.take(accountKey(userId), accountRule);
    if (!decision.allowed) throw tooManyTries(decision.retryAfterSeconds);
  }

  const forgiveAccountTries = (userId: number) => accountTries.forgive(accountKey(userId));

  /**
   * Checks a code of the person's authenticator (one step either side of now, for clocks a little
   * out), and takes its step so that the same code is never accepted again: concurrent checks of
   * one code cannot both pass. `pending`: the secret being set up rather than the one in use.
   */
  async function takeCode(
    userId: number,
    code: string,
    which: "confirmed" | "pending",
  ): Promise<"ok" | "wrong" | "replayed"> {
    const row = await totpRow(userId);
    if (!row || isOn(row) !== (which === "confirmed")) return "wrong";
    const now = clock().getTime();
    const step = totpStepOf(box.open(row.secret, context(userId)), code, now);
    if (step === null) return "wrong";
    const [taken] = await db
      .update(twoFactorTotp)
      .set({
        lastUsedStep: step,
        ...(which === "pending" ? { confirmedAt: new Date(now) } : {}),
      })
      .where(
        and(
          eq(twoFactorTotp.userId, userId),
          eq(twoFactorTotp.secret, row.secret),
          which === "pending" ? isNull(twoFactorTotp.confirmedAt) : isNotNull(twoFactorTotp.confirmedAt),
          or(isNull(twoFactorTotp.lastUsedStep), lt(twoFactorTotp.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorTotp.userId });
    return taken ? "ok" : "replayed";
  }

  /** Uses a recovery code once: of concurrent uses of one code, one succeeds. */
  async function takeRecoveryCode(userId: number, code: string): Promise<boolean> {
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryHash(userId, code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used !== undefined;
  }

  /** New recovery codes in place of any earlier ones; the codes themselves are returned once. */
  async function replaceRecoveryCodes(tx: Database, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code.replace("-", "")) })));
    return codes;
  }

  /** A new secret, pending until confirmed (any earlier pending one is replaced). */
  async function beginSetupFor(userId: number): Promise<TotpSetup> {
    const row = await totpRow(userId);
    if (isOn(row)) throw new AppError(409, TWO_FACTOR_ALREADY_ON);
    const secret = newTotpSecret();
    const sealed = box.seal(secret, context(userId));
    const now = clock();
    await db
      .insert(twoFactorTotp)
      .values({ userId, secret: sealed, createdAt: now })
      .onConflictDoUpdate({
        target: twoFactorTotp.userId,
        set: { secret: sealed, createdAt: now, lastUsedStep: null },
        // Never over a secret in use (a set-up racing a confirmation).
        setWhere: isNull(twoFactorTotp.confirmedAt),
      });
    return totpSetupOf(secret, await labelOf(userId));
  }

  /** Confirms the pending secret with a code from it: two-factor sign-in is on. */
  async function confirmSetupFor(userId: number, code: string): Promise<string[]> {
    const row = await totpRow(userId);
    if (isOn(row)) throw new AppError(409, TWO_FACTOR_ALREADY_ON);
    if (!row) throw new AppError(409, TWO_FACTOR_NO_PENDING_SETUP);
    const taken = await takeCode(userId, code, "pending");
    if (taken !== "ok")
      throw badRequest(TWO_FACTOR_WRONG_CODE, [{ field: "code", message: TWO_FACTOR_WRONG_CODE }]);
    return db.transaction((tx) => replaceRecoveryCodes(tx, userId));
  }

  /**
   * Demo data only: two-factor sign-in turned on with a secret the README publishes, so a new user
   * can try the code step with any authenticator app. Returns new recovery codes (printed at start).
   * Does nothing when it is already on, so a restart keeps the codes a person has used.
   */
  async function turnOnWithPublishedSecret(
    userId: number,
    base32Secret: string,
  ): Promise<string[] | undefined> {
    if (isOn(await totpRow(userId))) return undefined;
    const now = clock();
    const sealed = box.seal(normalisedTotpSecret(base32Secret), context(userId));
    return db.transaction(async (tx) => {
      await tx
        .insert(twoFactorTotp)
        .values({ userId, secret: sealed, createdAt: now, confirmedAt: now })
        .onConflictDoUpdate({
          target: twoFactorTotp.userId,
          set: { secret: sealed, createdAt: now, confirmedAt: now, lastUsedStep: null },
        });
      return replaceRecoveryCodes(tx, userId);
    });
  }

  /** The challenge of a token, with one of its tries taken; refuses an ended or used-up one. */
  async function takeChallengeTry(token: string) {
    const now = clock();
    const tokenHash = sha256(token);
    const [challenge] = await db
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(
        and(
          eq(twoFactorChallenges.tokenHash, tokenHash),
          lt(twoFactorChallenges.attempts, TWO_FACTOR_TRIES_PER_CHALLENGE),
          gt(twoFactorChallenges.expiresAt, now),
        ),
      )
      .returning();
    if (challenge) return challenge;
    // Left for the purge, not deleted: a try still under way may be the right code.
    const [spent] = await db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, tokenHash));
    if (spent && spent.attempts >= TWO_FACTOR_TRIES_PER_CHALLENGE && spent.expiresAt > now) {
      throw new AppError(429, TWO_FACTOR_TOO_MANY_TRIES);
    }
    throw unauthorized(TWO_FACTOR_CHALLENGE_ENDED);
  }

  /** A challenge still open, without taking a try (to show the set-up step's QR code). */
  async function openChallenge(token: string) {
    const [challenge] = await db
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.tokenHash, sha256(token)),
          lt(twoFactorChallenges.attempts, TWO_FACTOR_TRIES_PER_CHALLENGE),
          gt(twoFactorChallenges.expiresAt, clock()),
        ),
      );
    if (!challenge) throw unauthorized(TWO_FACTOR_CHALLENGE_ENDED);
    return challenge;
  }

  const secondStep: SignInSecondStep = async ({ userId, totp }) => {
    const row = await totpRow(userId);
    let step: "code" | "setup" | undefined;
    if (isOn(row)) step = "code";
    else if (await requiredByFirm(userId)) step = "setup";
    if (!step) return null;
    // An API client may send the code with the password.
    if (step === "code" && totp !== undefined) {
      await reserveAccountTry(userId);
      const taken = await takeCode(userId, totp, "confirmed");
      if (taken === "replayed") throw unauthorized(TWO_FACTOR_REPLAYED);
      if (taken === "wrong") throw unauthorized(TWO_FACTOR_WRONG_CODE);
      await forgiveAccountTries(userId);
      return null;
    }
    const challenge = randomBytes(32).toString("base64url");
    const expiresAt = new Date(clock().getTime() + TWO_FACTOR_CHALLENGE_MS);
    await db.insert(twoFactorChallenges).values({ tokenHash: sha256(challenge), userId, step, expiresAt });
    return { step, challenge, expiresAt };
  };

  return {
    secondStep,
    turnOnWithPublishedSecret,

    async status(actor: Actor, teamId?: number): Promise<TwoFactorStatus> {
      const row = await totpRow(actor.userId);
      const enabled = isOn(row);
      const required = await requiredByFirm(actor.userId);
      let firm: TwoFactorStatus["firm"] = null;
      if (teamId !== undefined) {
        const ctx = await firmContext(actor, teamId);
        const [requirement] = await db
          .select({ teamId: twoFactorFirmRequirements.teamId })
          .from(twoFactorFirmRequirements)
          .where(eq(twoFactorFirmRequirements.teamId, teamId));
        firm = {
          id: teamId,
          required: requirement !== undefined,
          can_change_requirement: canChangeFirmRequirement(ctx.role),
        };
      }
      const [left] = enabled
        ? await db
            .select({ n: sql<number>`count(*)::int` })
            .from(twoFactorRecoveryCodes)
            .where(
              and(eq(twoFactorRecoveryCodes.userId, actor.userId), isNull(twoFactorRecoveryCodes.usedAt)),
            )
        : [{ n: 0 }];
      return {
        wp_2fa_2fa_status: enabled ? "has_enabled_methods" : "no_required_not_enabled",
        wp_2fa_enabled_methods: enabled ? ["totp"] : [],
        required_by_firm: required,
        recovery_codes_left: left?.n ?? 0,
        firm,
        abilities: { can_disable: canDisableTwoFactor({ enabled, requiredByFirm: required }) },
      };
    },

    beginSetup: (actor: Actor) => beginSetupFor(actor.userId),
    /**
     * Turns two-factor sign-in on. Sessions opened before it (on other devices, perhaps by whoever
     * prompted the change) end; the one turning it on stays signed in.
     */
    async confirmSetup(actor: Actor, code: string) {
      const recoveryCodes = await confirmSetupFor(actor.userId, code);
      await auth.signOutOtherSessions(actor);
      return recoveryCodes;
    },

    /** Turns two-factor sign-in off: the person's own, with their password or a current code. */
    async disable(actor: Actor, userId: number, proof: { password?: string; code?: string }) {
      if (!canManageTwoFactorOf(actor.userId, userId)) throw notFound("User not found.");
      const row = await totpRow(userId);
      const required = await requiredByFirm(userId);
      if (!isOn(row)) throw new AppError(409, TWO_FACTOR_NOT_ON);
      if (!canDisableTwoFactor({ enabled: true, requiredByFirm: required })) {
        throw new AppError(409, TWO_FACTOR_REQUIRED_BY_FIRM);
      }
      await reserveAccountTry(userId);
      if (proof.password) {
        const user = await users.findById(userId);
        if (!user || !(await verifyPassword(user.passwordHash, proof.password))) {
          throw badRequest(TWO_FACTOR_WRONG_PASSWORD, [
            { field: "password", message: TWO_FACTOR_WRONG_PASSWORD },
          ]);
        }
      } else if (proof.code) {
        const taken = await takeCode(userId, proof.code, "confirmed");
        const message = taken === "replayed" ? TWO_FACTOR_REPLAYED : TWO_FACTOR_WRONG_CODE;
        if (taken !== "ok") throw badRequest(message, [{ field: "code", message }]);
      }
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorTotp).where(eq(twoFactorTotp.userId, userId));
      });
    },

    /** The owner requires (or stops requiring) two-factor sign-in of everyone in the firm. */
    async setFirmRequirement(actor: Actor, teamId: number, required: boolean) {
      const ctx = await firmContext(actor, teamId);
      if (!canChangeFirmRequirement(ctx.role)) throw forbidden(TWO_FACTOR_OWNER_ONLY);
      if (!required) {
        await db.delete(twoFactorFirmRequirements).where(eq(twoFactorFirmRequirements.teamId, teamId));
        return { required };
      }
      if (!mayRequireForFirm(isOn(await totpRow(actor.userId)))) {
        throw new AppError(409, TWO_FACTOR_OWNER_FIRST);
      }
      await db
        .insert(twoFactorFirmRequirements)
        .values({ teamId, requiredBy: actor.userId, requiredAt: clock() })
        .onConflictDoNothing();
      return { required };
    },

    /** The set-up step of a sign-in a firm requires two-factor for: a new secret to scan. */
    async setupForChallenge(token: string): Promise<TotpSetup> {
      const challenge = await openChallenge(token);
      if (challenge.step !== "setup") throw new AppError(409, TWO_FACTOR_ALREADY_ON);
      return beginSetupFor(challenge.userId);
    },

    /**
     * Completes a sign-in with a code (or a recovery code); opens the session. At the set-up step
     * the code confirms the new secret and the recovery codes come back, once.
     */
    async completeSignIn(input: {
      challenge: string;
      code?: string;
      recoveryCode?: string;
      ip: string;
      userAgent: string;
    }): Promise<{ token: string; userId: number; recoveryCodes?: string[] }> {
      const challenge = await takeChallengeTry(input.challenge);
      const { userId } = challenge;
      await reserveAccountTry(userId);
      let recoveryCodes: string[] | undefined;
      if (challenge.step === "setup") {
        if (!input.code) {
          throw badRequest(TWO_FACTOR_WRONG_CODE, [{ field: "code", message: TWO_FACTOR_WRONG_CODE }]);
        }
        const taken = await takeCode(userId, input.code, "pending");
        if (taken !== "ok") throw unauthorized(TWO_FACTOR_WRONG_CODE);
        recoveryCodes = await db.transaction((tx) => replaceRecoveryCodes(tx, userId));
        // Two-factor sign-in is on from here: no session opened without it stays.
        await auth.endSessionsOf(userId);
      } else if (input.recoveryCode !== undefined) {
        if (!(await takeRecoveryCode(userId, input.recoveryCode))) {
          throw unauthorized(TWO_FACTOR_WRONG_RECOVERY_CODE);
        }
      } else {
        const taken = await takeCode(userId, input.code ?? "", "confirmed");
        if (taken === "replayed") throw unauthorized(TWO_FACTOR_REPLAYED);
        if (taken === "wrong") throw unauthorized(TWO_FACTOR_WRONG_CODE);
      }
      // The challenge is spent: of two completions at once, the second finds it gone.
      const [spent] = await db
        .delete(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, challenge.id))
        .returning({ id: twoFactorChallenges.id });
      if (!spent) throw unauthorized(TWO_FACTOR_CHALLENGE_ENDED);
      await forgiveAccountTries(userId);
      const token = await auth.openSession({ userId, ip: input.ip, userAgent: input.userAgent });
      return { token, userId, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    /** Removes ended sign-in challenges; run periodically. */
    async purgeChallenges() {
      await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, clock()));
    },
  };
}
