import { eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../kernel/index.ts";
import { throttleCounts } from "./schema.ts";

/**
 * Throttling of guesses (passwords, codes, private links), shared by every server on the database.
 *
 * Rules:
 * - An attempt is counted before it is checked, and the count decides in the same statement
 *   (`INSERT … ON CONFLICT DO UPDATE … WHERE` on the key's row): the row lock orders attempts sent
 *   at once, so of 200 parallel guesses only the allowed number are ever checked, on one server or
 *   many. Reading the count first and writing it after the check let all 200 through.
 * - A refused attempt changes nothing (it neither counts nor moves a wait).
 * - A caller whose attempt turns out right gives it back (`forgive`, or `giveBack` for a shared
 *   key such as an address), so only wrong guesses keep counting.
 * - Two kinds of rule:
 *   - `backoff`: past `free` attempts, each further one waits from the latest, twice as long as the
 *     one before (`firstDelayMs` … `maxDelayMs`); the key is forgotten `memoryMs` after its latest.
 *   - `window`: past `free` attempts in a window, the key waits out the window, which starts over
 *     once it has passed.
 * - Rows untouched for a day are purged (`purge`), longer than any rule here remembers.
 */
export type ThrottleRule =
  | { kind: "backoff"; free: number; firstDelayMs: number; maxDelayMs: number; memoryMs: number }
  | { kind: "window"; free: number; windowMs: number };

export type ThrottleDecision =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/** Longer than any rule remembers a key. */
export const THROTTLE_MEMORY_MS = 24 * 60 * 60_000;

type Row = typeof throttleCounts.$inferSelect;

const latest = (row: Row) => row.lastFailureAt ?? row.windowStartedAt;

/** When a key's row stops holding attempts back (undefined: it does not). */
function waitEndsAt(rule: ThrottleRule, row: Row, now: number): number | undefined {
  if (row.failures < rule.free) return undefined;
  const endsAt =
    rule.kind === "window"
      ? row.windowStartedAt.getTime() + rule.windowMs
      : latest(row).getTime() +
        Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (row.failures - rule.free));
  return endsAt > now ? endsAt : undefined;
}

export type Throttle = ReturnType<typeof createThrottle>;

export function createThrottle(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const c = throttleCounts;

  /** Whether the row as it stands is past its rule's memory (its count starts over). */
  const staleSql = (rule: ThrottleRule, nowIso: string): SQL =>
    rule.kind === "window"
      ? sql`${c.windowStartedAt} <= ${nowIso}::timestamptz - ${rule.windowMs} * interval '1 millisecond'`
      : sql`coalesce(${c.lastFailureAt}, ${c.windowStartedAt}) < ${nowIso}::timestamptz - ${rule.memoryMs} * interval '1 millisecond'`;

  /** Whether the row as it stands holds the next attempt back: the same rule as `waitEndsAt`. */
  const heldSql = (rule: ThrottleRule, nowIso: string): SQL =>
    rule.kind === "window"
      ? sql`${c.failures} >= ${rule.free} and ${c.windowStartedAt} + ${rule.windowMs} * interval '1 millisecond' > ${nowIso}::timestamptz`
      : sql`${c.failures} >= ${rule.free} and coalesce(${c.lastFailureAt}, ${c.windowStartedAt})
          + least(${rule.maxDelayMs}::float8, ${rule.firstDelayMs}::float8 * power(2::float8, (${c.failures} - ${rule.free})::float8))
            * interval '1 millisecond' > ${nowIso}::timestamptz`;

  return {
    /**
     * Counts one attempt at `key` and decides in the same statement whether it may go ahead. With
     * `enforce: false` the attempt is counted however many came before (a person at an address
     * they are known at still adds to the address's count, but is not held by it).
     */
    async take(
      key: string,
      rule: ThrottleRule,
      options: { enforce?: boolean } = {},
    ): Promise<ThrottleDecision> {
      const now = clock();
      const nowIso = now.toISOString();
      const stale = staleSql(rule, nowIso);
      const [counted] = await db
        .insert(c)
        .values({ key, windowStartedAt: now, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: c.key,
          set: {
            failures: sql`case when ${stale} then 1 else ${c.failures} + 1 end`,
            windowStartedAt: sql`case when ${stale} then ${nowIso}::timestamptz else ${c.windowStartedAt} end`,
            lastFailureAt: now,
          },
          ...(options.enforce === false
            ? {}
            : { setWhere: sql`(${stale}) or not (${heldSql(rule, nowIso)})` }),
        })
        .returning({ failures: c.failures });
      if (counted) return { allowed: true, count: counted.failures };
      // Held back: the row did not change; read it only to say how long to wait.
      const [row] = await db.select().from(c).where(eq(c.key, key));
      const endsAt = row ? waitEndsAt(rule, row, now.getTime()) : undefined;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(((endsAt ?? now.getTime()) - now.getTime()) / 1000)),
      };
    },

    /** Forgets every attempt at `key` (the right password for this account from this address). */
    async forgive(key: string) {
      await db.delete(c).where(eq(c.key, key));
    },

    /** Takes back one attempt at a shared key (an address), counted for what turned out right. */
    async giveBack(key: string) {
      await db
        .update(c)
        .set({ failures: sql`greatest(${c.failures} - 1, 0)` })
        .where(eq(c.key, key));
    },

    /** Removes rows untouched for longer than any rule remembers. */
    async purge() {
      const before = new Date(clock().getTime() - THROTTLE_MEMORY_MS).toISOString();
      await db
        .delete(c)
        .where(lt(sql`coalesce(${c.lastFailureAt}, ${c.windowStartedAt})`, sql`${before}::timestamptz`));
    },
  };
}
