import type { Database } from "../db/client.ts";
import { mailOutbox } from "../modules/mail/index.ts";
import { jobs } from "../platform/jobs/schema.ts";

/**
 * Work that failed for the operator console's queues to show in the demo: mail a customer's mail
 * server kept refusing, each with its delivery job failed after every attempt. Sending one again
 * from the console's mail queue delivers it (to the demo's mail sink, or keeps it in the outbox);
 * retrying its job finds the mail not pending and ends at once.
 */
const UNDELIVERED = [
  {
    to: "accounts@harbour-advisory.test",
    subject: "Tax invoice INV-00041",
    error: "550 5.1.1 Mailbox unavailable",
  },
  {
    to: "olivia@demo-advisory.test",
    subject: "Your document is ready to sign",
    error: "421 4.7.0 Try again later",
  },
  {
    to: "reception@coastal-smsf.test",
    subject: "You are invited to Demo Advisory",
    error: "Connection timeout",
  },
  { to: "director@wombat-creek.test", subject: "Tax invoice INV-00042", error: "452 4.2.2 Mailbox full" },
];
const ATTEMPTS = 5;

/** Runs once, just after the demo data was loaded; rows already there are left as they are. */
export async function loadDemoFailedWork(services: { db: Database; clock: () => Date }) {
  const { db, clock } = services;
  for (const [index, mail] of UNDELIVERED.entries()) {
    const at = new Date(clock().getTime() - (index + 1) * 60 * 60_000);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        html: `<p>${mail.subject}</p>`,
        text: mail.subject,
        key: `demo-undelivered:${index + 1}`,
        status: "failed",
        attempts: ATTEMPTS,
        lastError: mail.error,
        createdAt: at,
      })
      .onConflictDoNothing({ target: mailOutbox.key })
      .returning({ id: mailOutbox.id });
    if (!row) continue;
    await db.insert(jobs).values({
      name: "mail.deliver",
      payload: { mailId: row.id },
      key: `mail:${row.id}`,
      state: "failed",
      attempt: ATTEMPTS,
      maxAttempts: ATTEMPTS,
      runAt: at,
      lastError: mail.error,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
    });
  }
}
