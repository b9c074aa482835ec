import { eq, ilike, inArray, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "./firm-lookup.ts";
import { teams } from "./schema.ts";

/**
 * The firm's name as other modules print it (a signing page's heading, an audit certificate), or
 * "" for a firm that no longer exists. `tx` lets the caller read it inside its own transaction.
 */
export async function firmName(tx: Database, teamId: number): Promise<string> {
  const [firm] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return firm?.name ?? "";
}

/** The names of several firms in one read (a page of orders or queue items across firms). */
export async function firmNames(tx: Database, teamIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(teamIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A condition on another table's firm column: the firm's name holds `text` (any case). A subquery,
 * so a console queue filters and pages by firm in one read, however many firms match.
 */
export const firmNamedLike =
  (db: Database, text: string) =>
  (teamId: SQLWrapper): SQL =>
    inArray(
      teamId,
      db
        .select({ id: teams.id })
        .from(teams)
        .where(ilike(teams.name, likePattern(text))),
    );
