import { asc, ilike } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "./schema.ts";

/**
 * The ids of people whose email holds `pattern` (a LIKE pattern, wildcards escaped by the
 * caller): the operator console finds a firm by its owner's email with it.
 */
export async function userIdsWithEmailLike(db: Database, pattern: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.email, pattern))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
