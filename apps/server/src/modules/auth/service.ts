import { createHash, randomBytes } from "node:crypto";
import { and, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_KNOWN_ADDRESS_MS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_PAIR_MEMORY_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, unauthorized } from "../../errors.ts";
import type { ChangeFeed } from "../../platform/freshness/index.ts";
import type { Actor, Clock, PrefetchedFirm } from "../../platform/kernel/index.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle/index.ts";
import { joinMemberContext, memberContextColumns, memberContextOf } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.ts";
import { sessions, signInAddresses } from "./schema.ts";

export const INVALID_CREDENTIALS = "The email or password you entered is incorrect.";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type AuthService = ReturnType<typeof createAuthService>;

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

/** A session as last read from the database, and each firm membership read with it. */
type RememberedSession = {
  userId: number;
  sessionId: number;
  lastSeenMs: number;
  idleTimeoutMs: number;
  /** When the session was opened: it ends `maxAgeMs` later, however active. */
  createdMs: number;
  /** The change feed's mark taken before the session was read. */
  mark: number;
  firms: Map<number, { mark: number; actor: Actor }>;
  /** The actor without a firm, ready to hand out (frozen: requests share it). */
  actor: Actor;
};

/** Sessions kept in memory at most (least recently used go first). */
const REMEMBERED_SESSIONS = 10_000;

export function createAuthService(deps: {
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
}) {
  const { db, clock, users, idleTimeoutMs, maxAgeMs, changes } = deps;
  const throttle = deps.throttle ?? {
    perAccountAddress: LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS,
    perAddress: LOGIN_MAX_FAILURES_PER_ADDRESS,
  };
  const loginThrottle = createThrottle({ db, clock });
  // With a shortened idle timeout (browser tests) the last-seen time must be written more often.
  const touchIntervalOf = (timeoutMs: number) =>
    Math.min(SESSION_TOUCH_INTERVAL_MS, Math.floor(timeoutMs / 10));

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

  // Prepared once: the session read runs before every authenticated request, so its SQL is not
  // rebuilt each time (building a query costs Drizzle more than pg spends sending it).
  const sessionByHash = db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare("session_by_hash");
  const sessionWithFirm = joinMemberContext(
    db
      .select({ session: sessions, ...memberContextColumns })
      .from(sessions)
      .$dynamic(),
    sessions.userId,
    sql.placeholder("teamId"),
  )
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare("session_with_firm");

  // Keyed by the token itself, which the process holds anyway while it serves the request: a
  // hash per request would cost more than the rest of the lookup.
  const remembered = changes
    ? new LRUCache<string, RememberedSession>({ max: REMEMBERED_SESSIONS })
    : undefined;
  /** The firms each user's remembered sessions were read for: what their writes may change. */
  const firmsOfUser = new Map<number, Set<number>>();

  /** The actor from memory, when nothing heard since it was read could have changed it. */
  function recall(token: string, teamId: number | undefined, now: number): Actor | undefined {
    const known = remembered?.get(token);
    if (!known || !changes?.sessionsUnchangedSince(known.mark)) return undefined;
    if (now - known.createdMs > maxAgeMs) return undefined;
    // Past the touch interval the database must hear that the session is in use.
    if (now - known.lastSeenMs > touchIntervalOf(known.idleTimeoutMs)) return undefined;
    if (teamId === undefined) return known.actor;
    const firm = known.firms.get(teamId);
    if (!firm || !changes.firmUnchangedSince(firm.mark, teamId)) return undefined;
    return firm.actor;
  }

  function remember(
    token: string,
    session: { id: number; userId: number; idleTimeoutMs: number; createdAt: Date },
    lastSeenMs: number,
    firm: PrefetchedFirm | undefined,
    mark: number,
  ) {
    if (!remembered) return;
    const before = remembered.get(token);
    const firms = before?.sessionId === session.id ? before.firms : new Map();
    const actor = { userId: session.userId, sessionId: session.id };
    if (firm) {
      const member = firm.member && Object.freeze({ ...firm.member });
      const frozenFirm = Object.freeze({ teamId: firm.teamId, member });
      firms.set(firm.teamId, { mark, actor: Object.freeze({ ...actor, firm: frozenFirm }) });
      const ofUser = firmsOfUser.get(session.userId) ?? new Set();
      firmsOfUser.set(session.userId, ofUser.add(firm.teamId));
    }
    remembered.set(token, {
      userId: session.userId,
      sessionId: session.id,
      lastSeenMs,
      idleTimeoutMs: session.idleTimeoutMs,
      createdMs: session.createdAt.getTime(),
      mark,
      firms,
      actor: Object.freeze(actor),
    });
  }

  /** Whether nothing heard since `mark` concerns sessions or the firm `teamId`. */
  const unchangedSince = (mark: number, teamId: number | undefined) =>
    !!changes?.sessionsUnchangedSince(mark) &&
    (teamId === undefined || changes.firmUnchangedSince(mark, teamId));

  /** Session reads under way (only with the change feed), by firm and token. */
  const reading = new Map<string, { mark: number; actor: Promise<Actor> }>();

  /** Reads the session (and the firm membership) from the database, then remembers it. */
  async function readSession(token: string, teamId: number | undefined, mark: number): Promise<Actor> {
    const tokenHash = hashToken(token);
    let session: typeof sessions.$inferSelect | undefined;
    let firm: PrefetchedFirm | undefined;
    if (teamId === undefined) {
      [session] = await sessionByHash.execute({ tokenHash });
    } else {
      const [row] = await sessionWithFirm.execute({ tokenHash, teamId });
      session = row?.session;
      firm = { teamId, member: row ? memberContextOf(row) : null };
    }
    if (!session) throw unauthorized(SESSION_EXPIRED);
    const now = clock().getTime();
    const idleFor = now - session.lastSeenAt.getTime();
    if (idleFor > session.idleTimeoutMs || now - session.createdAt.getTime() > maxAgeMs) {
      await db.delete(sessions).where(eq(sessions.id, session.id));
      throw unauthorized(SESSION_EXPIRED);
    }
    let lastSeenMs = session.lastSeenAt.getTime();
    if (idleFor > touchIntervalOf(session.idleTimeoutMs)) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, session.id));
      lastSeenMs = now;
    }
    remember(token, session, lastSeenMs, firm, mark);
    return firm
      ? { userId: session.userId, sessionId: session.id, firm }
      : { userId: session.userId, sessionId: session.id };
  }

  async function signOutOtherSessionsOf(actor: Actor): Promise<number> {
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)))
      .returning({ id: sessions.id });
    changes?.sessionsEnded();
    return ended.length;
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
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      idleTimeoutMs,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 500),
    });
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

    /**
     * Resolves a token to its actor, ending the session if it has been idle too long. With a
     * firm id, the actor's membership of that firm comes in the same query (one round trip for
     * the session and the firm context of every documents, folders and logs call).
     */
    /**
     * The actor of a token from memory, without waiting: undefined when the database must be
     * read (see `authenticate`).
     */
    recall(token: string, teamId?: number): Actor | undefined {
      return recall(token, teamId, clock().getTime());
    },

    async authenticate(token: string, teamId?: number): Promise<Actor> {
      const known = recall(token, teamId, clock().getTime());
      if (known) return known;
      // After a change, every request in flight with this session misses memory at once: they
      // share one read, as long as nothing heard since it began could make it out of date.
      const key = `${teamId ?? ""}|${token}`;
      const pending = reading.get(key);
      if (pending && unchangedSince(pending.mark, teamId)) return pending.actor;
      const mark = changes?.mark() ?? 0;
      const actor = readSession(token, teamId, mark);
      if (changes) {
        reading.set(key, { mark, actor });
        const forget = () => {
          if (reading.get(key)?.actor === actor) reading.delete(key);
        };
        actor.then(forget, forget);
      }
      return actor;
    },

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

    async signOutToken(token: string) {
      remembered?.delete(token);
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      // Nothing read before the sign-out is trusted after it, here and now (other servers hear
      // of it from the database): neither a session read still under way nor one kept.
      changes?.sessionsEnded();
    },

    /**
     * After a request that may have written (anything but GET and HEAD), before its reply goes
     * out: the actor, the firm it named and every firm the actor was seen in count as changed on this server
     * at once, so the actor's next request cannot be answered from memory read before the write.
     * Other servers learn of it from the database's notification.
     */
    mayHaveWritten(actor: Actor, teamId?: number) {
      if (!changes) return;
      changes.personChanged(actor.userId);
      if (teamId !== undefined) changes.firmChanged(teamId);
      for (const firm of firmsOfUser.get(actor.userId) ?? []) changes.firmChanged(firm);
    },

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
