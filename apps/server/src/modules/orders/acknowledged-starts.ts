import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { documentStarts } from "./schema.ts";

/**
 * Which of a firm's documents recorded an acknowledgement when they were started from the
 * catalogue: the registration wizard reopened on them does not ask for it again.
 */
export async function acknowledgedStarts(
  db: Database,
  teamId: number,
  docIds: number[],
): Promise<Set<number>> {
  if (docIds.length === 0) return new Set();
  const rows = await db
    .select({ id: documentStarts.documentId })
    .from(documentStarts)
    .where(
      and(
        eq(documentStarts.teamId, teamId),
        inArray(documentStarts.documentId, docIds),
        isNotNull(documentStarts.acknowledgement),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
