import { ASSISTANT_DAILY_TOKENS_USED } from "@precedent/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { sydneyDay, sydneyOffsetMinutes } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { assistantTokenUsage } from "./schema.ts";

/** Seconds until the next midnight in Sydney, when a person's daily allowance starts again. */
export function secondsToSydneyMidnight(now: Date) {
  const local = now.getTime() + sydneyOffsetMinutes(now) * 60_000;
  const intoDay = ((local % 86_400_000) + 86_400_000) % 86_400_000;
  return Math.max(1, Math.ceil((86_400_000 - intoDay) / 1000));
}

/**
 * The model tokens one person may use a day (Sydney), across the chat and the direct model calls.
 * Only a model spends tokens: the built-in provider and the sales answers use none.
 */
export function createTokenAllowance(deps: { db: Database; clock: Clock; tokensPerDay: number }) {
  const { db, clock, tokensPerDay } = deps;
  return {
    /**
     * A person who has used the day's allowance is refused before the model is called. Messages
     * already on their way when the allowance runs out still count (each exactly once): the
     * allowance can be passed by what those few messages use, never more.
     */
    async requireLeft(ctx: Pick<FirmContext, "userId">) {
      const now = clock();
      const [row] = await db
        .select({ tokens: assistantTokenUsage.tokens })
        .from(assistantTokenUsage)
        .where(and(eq(assistantTokenUsage.userId, ctx.userId), eq(assistantTokenUsage.day, sydneyDay(now))));
      if ((row?.tokens ?? 0) >= tokensPerDay)
        throw new AppError(429, ASSISTANT_DAILY_TOKENS_USED, {
          retry_after_seconds: secondsToSydneyMidnight(now),
        });
    },

    /** Adds an answer's tokens to the person's day in one statement, so answers at once each count once. */
    async count(tx: Database, ctx: Pick<FirmContext, "userId">, tokens: number) {
      if (tokens <= 0) return;
      await tx
        .insert(assistantTokenUsage)
        .values({ userId: ctx.userId, day: sydneyDay(clock()), tokens })
        .onConflictDoUpdate({
          target: [assistantTokenUsage.userId, assistantTokenUsage.day],
          set: { tokens: sql`${assistantTokenUsage.tokens} + ${tokens}` },
        });
    },
  };
}
