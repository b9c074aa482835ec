import { and, eq, gte } from "drizzle-orm";
import { addDays, startOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import { documentNameById } from "../documents/index.ts";
import { firmName } from "../teams/index.ts";
import type { SigningRecords } from "./envelope-records.ts";
import { emailWaitingRecipients } from "./reminders.ts";
import { signingEnvelopes } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";
import type { SigningLinkBox } from "./tokens.ts";

// Automatic reminders (issue 33 item 6): the same email as the status modal's 'Send reminder',
// sent by a job on a cadence while a request waits for signatures (document status 4, envelope
// pending), so that the adviser need not remember to chase.

/** The reminder job looks for owed reminders hourly: each goes out within the hour it falls due. */
export const REMINDER_CHECK_EVERY_MS = 60 * 60 * 1000;
/** Automatic reminders every this many days after sending, unless the server's setting says otherwise. */
export const DEFAULT_REMINDER_EVERY_DAYS = 3;
/** The final reminder goes out at 9 am in Sydney on the day before the due date. */
const FINAL_REMINDER_HOUR = 9;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type EnvelopeTimes = { sentAt: Date; dueDate: string; lastReminderAt: Date | null };

/**
 * The due time of the reminder owed now, or null when none is. Reminders fall due every
 * `everyDays` days after sending, and a final one at 9 am (Sydney) the day before the due date;
 * a cadence reminder within a day of the final one is left out (two in a day would nag). Only the
 * latest due time counts (a server down for a week sends one reminder, not several), and a
 * reminder sent since it (by hand or by this job) stands for it. Past the due date none is owed:
 * the request is overdue and its links have expired. `everyDays` 0 turns automatic reminders off.
 */
export function owedReminderAt(envelope: EnvelopeTimes, now: Date, everyDays: number): Date | null {
  if (everyDays <= 0 || sydneyDay(now) > envelope.dueDate) return null;
  const finalAt = startOfSydneyDay(addDays(envelope.dueDate, -1)).getTime() + FINAL_REMINDER_HOUR * HOUR_MS;
  const sentAt = envelope.sentAt.getTime();
  let latest: number | null = null;
  for (
    let at = sentAt + everyDays * DAY_MS;
    at < finalAt - DAY_MS && at <= now.getTime();
    at += everyDays * DAY_MS
  ) {
    latest = at;
  }
  if (finalAt > sentAt && finalAt <= now.getTime()) latest = finalAt;
  if (latest === null) return null;
  if (envelope.lastReminderAt && envelope.lastReminderAt.getTime() >= latest) return null;
  return new Date(latest);
}

/**
 * Defines the automatic reminder job and schedules it (when the setting is above 0); returns the
 * job and its run, which tests call by hand and at once from two "servers".
 */
export function scheduleAutomaticReminders(
  deps: Pick<
    SigningServiceDeps,
    "db" | "clock" | "jobs" | "mail" | "users" | "publicUrl" | "reminderEveryDays"
  >,
  { recordEvent }: Pick<SigningRecords, "recordEvent">,
  links: SigningLinkBox,
) {
  const { db, clock, jobs, mail, users, publicUrl } = deps;
  const everyDays = deps.reminderEveryDays ?? DEFAULT_REMINDER_EVERY_DAYS;

  /**
   * One envelope's owed reminder, exactly once: its row is locked (a server holding it already is
   * skipped, not waited for) and the owed time read again under the lock, so a reminder another
   * server or the adviser sent since the list was read stands. The mail key names the due time
   * as well, so even a repeated attempt queues each recipient's mail once.
   */
  async function remindOne(envelope: { id: number; senderUserId: number }): Promise<boolean> {
    const now = clock();
    // Read before the transaction: the users service reads outside it.
    const senderName =
      (await users.summaries([envelope.senderUserId])).get(envelope.senderUserId)?.name ?? "Your adviser";
    const reminded = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(signingEnvelopes)
        .where(and(eq(signingEnvelopes.id, envelope.id), eq(signingEnvelopes.status, "pending")))
        .for("update", { skipLocked: true });
      if (!locked) return false;
      const owedAt = owedReminderAt(locked, now, everyDays);
      if (!owedAt) return false;
      const due = await emailWaitingRecipients(
        tx,
        { links, mail, publicUrl },
        {
          envelope: locked,
          documentName: (await documentNameById(tx, locked.teamId, locked.documentId)) ?? "your document",
          senderName,
          firmName: await firmName(tx, locked.teamId),
          notes: "",
          keySuffix: `auto-reminder:${owedAt.getTime()}`,
        },
      );
      // Nobody is waiting (the last signature is being completed): nothing sent, nothing to record.
      if (due.length === 0) return false;
      await tx
        .update(signingEnvelopes)
        .set({ lastReminderAt: now, updatedAt: now })
        .where(eq(signingEnvelopes.id, locked.id));
      await recordEvent(tx, {
        envelopeId: locked.id,
        teamId: locked.teamId,
        action: "reminded",
        description: `Automatic reminder sent to ${due.length} ${due.length === 1 ? "recipient" : "recipients"}`,
      });
      return true;
    });
    return reminded;
  }

  /** Every pending request owed a reminder now gets it; returns how many were reminded. */
  async function remindDue(): Promise<number> {
    const now = clock();
    const waiting = await db
      .select({
        id: signingEnvelopes.id,
        senderUserId: signingEnvelopes.senderUserId,
        sentAt: signingEnvelopes.sentAt,
        dueDate: signingEnvelopes.dueDate,
        lastReminderAt: signingEnvelopes.lastReminderAt,
      })
      .from(signingEnvelopes)
      .where(and(eq(signingEnvelopes.status, "pending"), gte(signingEnvelopes.dueDate, sydneyDay(now))));
    let reminded = 0;
    for (const envelope of waiting) {
      if (owedReminderAt(envelope, now, everyDays) && (await remindOne(envelope))) reminded += 1;
    }
    if (reminded > 0) mail.sendSoon();
    return reminded;
  }

  const job = jobs.define("signing.auto-reminders", async () => {
    await remindDue();
  });
  if (everyDays > 0) jobs.every(job.name, REMINDER_CHECK_EVERY_MS);
  return { job, remindDue };
}
