import { and, eq, gte } from "drizzle-orm";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_KNOWN_ADDRESS_MS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_PAIR_MEMORY_MS,
} from "../../constants.ts";
import { AppError } from "../../errors.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle/index.ts";
import { signInAddresses } from "./schema.ts";
import type { AuthServiceDeps } from "./service-deps.ts";

/**
 * Failed sign-ins counted per account and address and per address, in the database (so every
 * server sees them), and the addresses a person has signed in from lately.
 */
export function createSignInThrottle(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const throttle = deps.throttle ?? {
    perAccountAddress: LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS,
    perAddress: LOGIN_MAX_FAILURES_PER_ADDRESS,
  };
  const loginThrottle = createThrottle({ db, clock });

  const pairKey = (email: string, ip: string) => `account:${email.toLowerCase()}|ip:${ip}`;
  const addressKey = (ip: string) => `ip:${ip}`;
  const pairRule: ThrottleRule = {
    kind: "backoff",
    free: throttle.perAccountAddress,
    firstDelayMs: LOGIN_FIRST_DELAY_MS,
    maxDelayMs: LOGIN_MAX_DELAY_MS,
    memoryMs: LOGIN_PAIR_MEMORY_MS,
  };
  const addressRule: ThrottleRule = {
    kind: "window",
    free: throttle.perAddress,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  };

  /** Whether the person has signed in from this address lately (see `signInAddresses`). */
  async function knownAt(userId: number, ip: string): Promise<boolean> {
    const since = new Date(clock().getTime() - LOGIN_KNOWN_ADDRESS_MS);
    const [row] = await db
      .select({ userId: signInAddresses.userId })
      .from(signInAddresses)
      .where(
        and(
          eq(signInAddresses.userId, userId),
          eq(signInAddresses.ip, ip),
          gte(signInAddresses.lastSignedInAt, since),
        ),
      );
    return row !== undefined;
  }

  const tooManyFailures = (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return new AppError(
      429,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { retry_after_seconds: retryAfterSeconds },
    );
  };

  /**
   * Counts one password check of this account from this address before it is made, refusing with
   * 429 while the pair must wait, or the address must (unless the person is known there). The
   * address counts an account once while that account's attempts from it are remembered: what it
   * stops is one address trying many accounts. Returns what to give back if the password is right.
   */
  async function takeAttempt(email: string, ip: string, knownHere: boolean) {
    const pair = await loginThrottle.take(pairKey(email, ip), pairRule);
    if (!pair.allowed) throw tooManyFailures(pair.retryAfterSeconds);
    if (pair.count > 1) return { addressCounted: false };
    const address = await loginThrottle.take(addressKey(ip), addressRule, { enforce: !knownHere });
    if (!address.allowed) {
      await loginThrottle.giveBack(pairKey(email, ip));
      throw tooManyFailures(address.retryAfterSeconds);
    }
    return { addressCounted: true };
  }

  /** A right password: the pair's attempts are forgotten and the address's is taken back. */
  async function forgiveAttempt(email: string, ip: string, taken: { addressCounted: boolean }) {
    await loginThrottle.forgive(pairKey(email, ip));
    if (taken.addressCounted) await loginThrottle.giveBack(addressKey(ip));
  }

  return { knownAt, takeAttempt, forgiveAttempt, loginThrottle };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
