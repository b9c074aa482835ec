import { CONSOLE_MONEY_MESSAGES } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { takeBackPurchasedCredit } from "../teams/index.ts";
import { creditPurchases } from "./schema.ts";

/**
 * What a refund of a credit package does to what it gave: the package's credits leave the firm's
 * balance in the refund's transaction, all of them, or the refund is refused (409) because some
 * were used. Null when the order bought no credits.
 */
export async function takeBackPackageCredits(tx: Database, orderId: number): Promise<number | null> {
  const [purchase] = await tx.select().from(creditPurchases).where(eq(creditPurchases.orderId, orderId));
  if (!purchase) return null;
  const left = await takeBackPurchasedCredit(tx, purchase.teamId, purchase.capQty);
  if (left === null) throw new AppError(409, CONSOLE_MONEY_MESSAGES.creditsSpent);
  return purchase.capQty;
}

/** Whether an order bought a credit package (its refund would take the credits back). */
export async function boughtCredits(db: Database, orderId: number): Promise<boolean> {
  const [purchase] = await db
    .select({ id: creditPurchases.id })
    .from(creditPurchases)
    .where(eq(creditPurchases.orderId, orderId));
  return purchase !== undefined;
}
