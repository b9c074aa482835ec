import { createHash } from "node:crypto";
import type { Database } from "../../db/client.ts";
import type { ChangeFeed } from "../../platform/freshness/index.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";

// What the auth service is built from, and what its parts (throttle, session memory, sign-in,
// sign-out) share. In its own file so that each part can name it without importing the facade
// in service.ts, which imports them (a type-level cycle the cycles test refuses).

export const INVALID_CREDENTIALS = "The email or password you entered is incorrect.";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";
export const FIRM_LOCKED = (firm: string) => `${firm}'s account is locked. Please contact Precedent support.`;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * What must come after a right password before a session opens (two-factor sign-in): nothing
 * (null), or a step the person completes with a challenge. Given by the two-factor module, which
 * opens the session itself (`openSession`) once the step is done. A code sent with the password
 * (`totp`, for API clients) is checked here and, when right, no step is needed.
 */
export type SignInSecondStep = (input: {
  userId: number;
  totp?: string;
  ip: string;
  userAgent: string;
}) => Promise<{ step: "code" | "setup"; challenge: string; expiresAt: Date } | null>;

export type AuthServiceDeps = {
  db: Database;
  clock: Clock;
  users: UsersService;
  idleTimeoutMs: number;
  /** However active, a session ends this long after sign-in. */
  maxAgeMs: number;
  /**
   * With a change feed, sessions and memberships read from the database are kept in memory and
   * reused until the feed hears of a change (or the session is due to be touched), so most
   * requests need no query at all. Without one, every request reads the database.
   */
  changes?: ChangeFeed;
  /** Free failed sign-ins per account and address, and failures allowed per address in a window. */
  throttle?: { perAccountAddress: number; perAddress: number };
  /** The step after the password, when there is one (late-bound: its module needs this one). */
  secondStep?: () => SignInSecondStep;
};
