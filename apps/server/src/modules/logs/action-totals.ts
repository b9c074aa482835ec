import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { endOfSydneyDay, startOfSydneyDay } from "../../platform/kernel/calendar.ts";
import { integrationLogs } from "./schema.ts";

/** Which successful activity-log rows to total: a firm's, of these actions, optionally one person's and a period's. */
export type ActionTotalsQuery = {
  readonly teamId: number;
  readonly actions: readonly string[];
  /** Only this person's rows (a member reads their own activity). */
  readonly userId?: number | undefined;
  /** Sydney days, as the activity log's period filter. */
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
  /** Numbers the rows' responses hold, summed per action (a part counts as a whole one). */
  readonly sums: readonly string[];
};

export type ActionTotals = Map<string, { rows: number; sums: Record<string, number> }>;

/**
 * Totals of the activity log's rows per action, summed in the database: how often each action
 * succeeded and the sums of numbers its rows' responses hold (a module's usage, say the
 * assistant's tokens and seconds of speech). A response without a number under a key adds 0.
 */
export async function actionTotals(db: Database, query: ActionTotalsQuery): Promise<ActionTotals> {
  const conditions: SQL[] = [
    eq(integrationLogs.teamId, query.teamId),
    inArray(integrationLogs.action, [...query.actions]),
    eq(integrationLogs.isSuccess, true),
  ];
  if (query.userId !== undefined) conditions.push(eq(integrationLogs.createdBy, query.userId));
  if (query.dateFrom) conditions.push(gte(integrationLogs.createdAt, startOfSydneyDay(query.dateFrom)));
  if (query.dateTo) conditions.push(lt(integrationLogs.createdAt, endOfSydneyDay(query.dateTo)));
  const sumOf = (key: string) =>
    sql<string>`coalesce(sum(case when jsonb_typeof(${integrationLogs.response} -> ${key}) = 'number'
      then ceil((${integrationLogs.response} ->> ${key})::numeric) else 0 end), 0)`;
  const rows = await db
    .select({
      action: integrationLogs.action,
      rows: sql<string>`count(*)`,
      ...Object.fromEntries(query.sums.map((key, index) => [`sum${index}`, sumOf(key)])),
    })
    .from(integrationLogs)
    .where(and(...conditions))
    .groupBy(integrationLogs.action);
  const totals: ActionTotals = new Map();
  for (const row of rows as Record<string, unknown>[]) {
    totals.set(String(row.action), {
      rows: Number(row.rows),
      sums: Object.fromEntries(query.sums.map((key, index) => [key, Number(row[`sum${index}`])])),
    });
  }
  return totals;
}
