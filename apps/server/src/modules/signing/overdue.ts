import { and, eq, isNull, lt } from "drizzle-orm";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import type { SigningRecords } from "./envelope-records.ts";
import { signingEnvelopes } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";

// The overdue flag (interview-signing spec §7): a job that needs only the envelopes and their
// history, run on a timer rather than by any request.

/** The overdue check runs hourly: a due date ends at midnight in Sydney, flagged within the hour. */
export const OVERDUE_CHECK_EVERY_MS = 60 * 60 * 1000;

/** Defines the overdue job and schedules it; returns the job (tests run it by hand). */
export function scheduleOverdueCheck(
  deps: Pick<SigningServiceDeps, "db" | "clock" | "jobs">,
  { recordEvent }: Pick<SigningRecords, "recordEvent">,
) {
  const { db, clock, jobs } = deps;
  const overdueCheck = jobs.define("signing.overdue", async () => {
    const today = sydneyDay(clock());
    await db.transaction(async (tx) => {
      const flagged = await tx
        .update(signingEnvelopes)
        .set({ overdueAt: clock(), updatedAt: clock() })
        .where(
          and(
            eq(signingEnvelopes.status, "pending"),
            isNull(signingEnvelopes.overdueAt),
            lt(signingEnvelopes.dueDate, today),
          ),
        )
        .returning({
          id: signingEnvelopes.id,
          teamId: signingEnvelopes.teamId,
          dueDate: signingEnvelopes.dueDate,
        });
      for (const envelope of flagged) {
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: envelope.teamId,
          action: "overdue",
          description: `The due date (${envelope.dueDate.split("-").reverse().join("/")}) has passed`,
        });
      }
    });
  });
  jobs.every(overdueCheck.name, OVERDUE_CHECK_EVERY_MS);
  return overdueCheck;
}
