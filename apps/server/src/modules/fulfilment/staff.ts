import type { FulfilmentStatus } from "@precedent/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { type FulfilmentRequestRow, fulfilmentRequests } from "./schema.ts";

/** The states the review or fulfilment team moves a paid request to. */
export type StaffStatus = "in_progress" | "completed" | "cancelled";

/**
 * From which states each step may be taken: only forward, and only once paid (an unpaid request
 * is the adviser's to cancel). Cancelling a paid request is for after its refund.
 */
const FROM: Record<StaffStatus, FulfilmentStatus[]> = {
  in_progress: ["paid"],
  completed: ["paid", "in_progress"],
  cancelled: ["paid", "in_progress"],
};

/** The steps staff may take from a status now (the console offers exactly these). */
export const staffStepsFrom = (status: FulfilmentStatus): StaffStatus[] =>
  (Object.keys(FROM) as StaffStatus[]).filter((step) => FROM[step].includes(status));

/**
 * The team's step on a request, by its id: the guarded update is the decision, so a step taken
 * twice or out of order changes nothing and returns undefined. Staff take it in the operator
 * console's fulfilment queue, or with ./fulfilment-cli.ts.
 */
export async function advanceRequest(
  db: Database,
  clock: Clock,
  requestId: number,
  status: StaffStatus,
): Promise<FulfilmentRequestRow | undefined> {
  const [row] = await db
    .update(fulfilmentRequests)
    .set({ status, updatedAt: clock() })
    .where(and(eq(fulfilmentRequests.id, requestId), inArray(fulfilmentRequests.status, FROM[status])))
    .returning();
  return row;
}
