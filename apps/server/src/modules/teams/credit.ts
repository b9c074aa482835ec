import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { teams } from "./schema.ts";
import { teamNotFound } from "./service.ts";

/**
 * Adds bought credits to a firm's balance in the caller's transaction and returns the new
 * balance. One statement, so it composes with the compare-and-set of `consumeDocumentUse` (a
 * start racing a purchase reads again). A firm with no balance yet has its plan's allowance less
 * what it used (as `documentAllowance` reads it), and the package comes on top of that.
 */
export async function addPurchasedCredit(tx: Database, teamId: number, credits: number): Promise<number> {
  const [row] = await tx
    .update(teams)
    .set({
      creditLimit: sql`coalesce("teams"."credit_limit", greatest(0, (select "plans"."document_limit" from "plans" where "plans"."id" = "teams"."plan_id") - "teams"."used_credit")) + ${credits}`,
    })
    .where(eq(teams.id, teamId))
    .returning({ left: teams.creditLimit });
  if (!row) throw teamNotFound();
  return row.left ?? 0;
}

/**
 * Takes bought credits back from a firm's balance (a refunded package), in the caller's
 * transaction: one guarded statement, so it happens only while the balance still holds them all
 * and cannot race a document start into a negative balance. The balance after, or null when the
 * firm no longer has that many.
 */
export async function takeBackPurchasedCredit(tx: Database, teamId: number, credits: number) {
  const [row] = await tx
    .update(teams)
    .set({ creditLimit: sql`"teams"."credit_limit" - ${credits}` })
    .where(and(eq(teams.id, teamId), gte(teams.creditLimit, credits)))
    .returning({ left: teams.creditLimit });
  return row ? (row.left ?? 0) : null;
}
