import type { FulfilmentKind, FulfilmentStatus } from "@precedent/contracts";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { documentNameById } from "../documents/index.ts";
import { type FulfilmentRequestRow, fulfilmentRequests } from "./schema.ts";

/**
 * The requests as the review and fulfilment teams work through them, across every firm (the
 * operator console's queue): the console's staff are not a firm's people, so no firm scope
 * applies; who may read this is the console's rule.
 */
export type StaffQueueItem = FulfilmentRequestRow & { docName: string };

const withDocName = async (db: Database, row: FulfilmentRequestRow): Promise<StaffQueueItem> => ({
  ...row,
  docName: (await documentNameById(db, row.teamId, row.docId)) ?? `Doc ID ${row.docId}`,
});

/** A page of requests in these statuses (all when none are named): the longest waiting since payment first. */
export async function staffQueuePage(
  db: Database,
  filter: {
    statuses?: FulfilmentStatus[];
    kind?: FulfilmentKind;
    /** The caller's own narrowing (firm by name, who took it), on the firm and request columns. */
    where?: ((cols: { teamId: AnyPgColumn; id: AnyPgColumn }) => SQL | undefined) | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: StaffQueueItem[]; total: number }> {
  const conditions: SQL[] = [];
  const own = filter.where?.({ teamId: fulfilmentRequests.teamId, id: fulfilmentRequests.id });
  if (own) conditions.push(own);
  if (filter.statuses) conditions.push(inArray(fulfilmentRequests.status, filter.statuses));
  if (filter.kind) conditions.push(eq(fulfilmentRequests.kind, filter.kind));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await db.select({ n: count() }).from(fulfilmentRequests).where(where);
  const rows = await db
    .select()
    .from(fulfilmentRequests)
    .where(where)
    .orderBy(sql`${fulfilmentRequests.paidAt} asc nulls last`, asc(fulfilmentRequests.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { rows: await Promise.all(rows.map((row) => withDocName(db, row))), total: counted?.n ?? 0 };
}

/** One request by its id, in any firm; locked for the caller's transaction when asked. */
export async function staffQueueItem(
  db: Database,
  requestId: number,
  lock = false,
): Promise<StaffQueueItem | undefined> {
  const query = db.select().from(fulfilmentRequests).where(eq(fulfilmentRequests.id, requestId));
  const [row] = lock ? await query.for("update") : await query;
  return row ? withDocName(db, row) : undefined;
}
