import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { teams } from "./schema.ts";

/**
 * The firm's name as other modules print it (a signing page's heading, an audit certificate), or
 * "" for a firm that no longer exists. `tx` lets the caller read it inside its own transaction.
 */
export async function firmName(tx: Database, teamId: number): Promise<string> {
  const [firm] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return firm?.name ?? "";
}
