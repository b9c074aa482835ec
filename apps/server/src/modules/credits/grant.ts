import type { Database } from "../../db/client.ts";
import { addPurchasedCredit } from "../teams/index.ts";

/**
 * Credits given by staff (the operator console, issue 37 item 5), in the caller's transaction:
 * the same one-statement addition a bought package makes, so a grant racing a purchase or a
 * document start neither loses nor doubles anything. Returns the firm's balance after it. The
 * record of who gave them and why is the console's audit entry, written in that transaction.
 */
export async function grantCredit(tx: Database, teamId: number, credits: number): Promise<number> {
  return addPurchasedCredit(tx, teamId, credits);
}
