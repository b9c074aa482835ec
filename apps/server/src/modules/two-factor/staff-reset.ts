import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { twoFactorRecoveryCodes, twoFactorTotp } from "./schema.ts";

/**
 * What the operator console may read and do of a person's two-factor sign-in (issue 37 item 5):
 * whether it is on, and a reset for someone who lost their authenticator and recovery codes.
 */

/** The people among `userIds` with two-factor sign-in on (a confirmed authenticator). */
export async function twoFactorOnAmong(db: Database, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: twoFactorTotp.userId })
    .from(twoFactorTotp)
    .where(and(inArray(twoFactorTotp.userId, userIds), isNotNull(twoFactorTotp.confirmedAt)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Removes a person's authenticator and recovery codes in the caller's transaction, and says
 * whether two-factor sign-in was on. Their next sign-in sets up a new one if a firm of theirs
 * requires it. The caller ends their sessions.
 */
export async function resetTwoFactorOf(tx: Database, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(twoFactorTotp)
    .where(eq(twoFactorTotp.userId, userId))
    .returning({ confirmedAt: twoFactorTotp.confirmedAt });
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return removed.some((r) => r.confirmedAt !== null);
}
