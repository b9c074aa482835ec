import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { SESSION_TOUCH_INTERVAL_MS } from "../../constants.ts";
import { unauthorized } from "../../errors.ts";
import type { Actor, PrefetchedFirm } from "../../platform/kernel/index.ts";
import {
  firmVersionColumns,
  firmVersionsOf,
  joinMemberContext,
  memberContextColumns,
  memberContextOf,
} from "../teams/index.ts";
import { sessions } from "./schema.ts";
import { type AuthServiceDeps, hashToken, SESSION_EXPIRED } from "./service-deps.ts";

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

/**
 * A token to its actor: the session read from the database (with the firm membership asked
 * for), kept in memory while the change feed hears nothing that could change it, and forgotten
 * at sign-out.
 */
export function createSessionMemory(deps: AuthServiceDeps) {
  const { db, clock, maxAgeMs, changes } = deps;
  // With a shortened idle timeout (browser tests) the last-seen time must be written more often.
  const touchIntervalOf = (timeoutMs: number) =>
    Math.min(SESSION_TOUCH_INTERVAL_MS, Math.floor(timeoutMs / 10));

  // Prepared once: the session read runs before every authenticated request, so its SQL is not
  // rebuilt each time (building a query costs Drizzle more than pg spends sending it).
  const sessionByHash = db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare("session_by_hash");
  const sessionWithFirm = joinMemberContext(
    db
      .select({ session: sessions, ...memberContextColumns, ...firmVersionColumns })
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
      const versions = Object.freeze({ ...firm.versions });
      const frozenFirm = Object.freeze({ teamId: firm.teamId, member, versions });
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
      // No row: no session either, refused just below.
      firm = row && { teamId, member: memberContextOf(row), versions: firmVersionsOf(row) };
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

  return {
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
  };
}
