/**
 * Automatic signing reminders on the job queue (issue 33 item 6): on a cadence after sending and
 * once the day before the due date, to the signers whose turn has come, exactly once per due time
 * even when two servers run the job at once, and never once the request has ended. Mail goes out
 * by SMTP to a local server, as in production.
 */

import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDay } from "../../platform/kernel/calendar.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  firmClient,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { users } from "../users/index.ts";
import { owedReminderAt } from "./auto-reminders.ts";
import { buildSigningEnvelope, type FixtureRecipient } from "./ceremony/testing.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";

const PUBLIC_URL = "https://app.precedent.test";
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let firm: FirmWithPeople;
let smtp: ReturnType<typeof smtpServer>;

beforeAll(async () => {
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      SIGNING_REMINDER_EVERY_DAYS: "3",
    },
  });
  firm = await buildFirmWithPeople(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  smtp.server.close();
});

/** A request sent now, due `dueInDays` days from today in Sydney. */
async function waitingRequest(recipients: FixtureRecipient[], dueInDays = 14) {
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 4,
    name: `Loan Agreement ${Math.random().toString(36).slice(2, 7)}`,
  });
  return buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: firm.teamId,
    documentId: doc.id,
    senderUserId: firm.ids.alice,
    recipients,
    dueDate: addDays(sydneyDay(t.clock.now()), dueInDays),
    now: t.clock.now(),
  });
}

const decoded = (data: string) =>
  data
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const remindedEvents = async (envelopeId: number) =>
  (
    await t.db
      .select()
      .from(signingEvents)
      .where(and(eq(signingEvents.envelopeId, envelopeId), eq(signingEvents.action, "reminded")))
  ).map((e) => e.description);
const runReminderJob = async () => {
  await t.services.signing.automaticReminders.job.enqueue({});
  await t.services.jobs.runDue();
};
/** Who the SMTP server has been sent a reminder for, with the link in it. */
const sentTo = (tokens: Record<string, string>) =>
  smtp.messages
    .map((m) => decoded(m.data))
    .flatMap((text) => Object.entries(tokens).filter(([, token]) => text.includes(`/sign/${token}`)))
    .map(([name]) => name);

describe("when a reminder is owed", () => {
  // November in Sydney is daylight saving time: +11:00.
  const sentAt = new Date("2026-11-02T09:00:00+11:00");
  const request = { sentAt, dueDate: "2026-11-16", lastReminderAt: null };
  const at = (iso: string) => new Date(iso);

  it("falls due every N days after sending, and at 9 am Sydney the day before the due date", () => {
    expect(owedReminderAt(request, at("2026-11-05T08:59:00+11:00"), 3)).toBeNull();
    expect(owedReminderAt(request, at("2026-11-05T09:00:00+11:00"), 3)?.toISOString()).toBe(
      at("2026-11-05T09:00:00+11:00").toISOString(),
    );
    expect(owedReminderAt(request, at("2026-11-11T10:00:00+11:00"), 3)?.toISOString()).toBe(
      at("2026-11-11T09:00:00+11:00").toISOString(),
    );
    // 14 Nov 9 am would be within a day of the final one (15 Nov 9 am): left out.
    expect(owedReminderAt(request, at("2026-11-14T12:00:00+11:00"), 3)?.toISOString()).toBe(
      at("2026-11-11T09:00:00+11:00").toISOString(),
    );
    expect(owedReminderAt(request, at("2026-11-15T09:30:00+11:00"), 3)?.toISOString()).toBe(
      at("2026-11-15T09:00:00+11:00").toISOString(),
    );
  });

  it("is not owed when a reminder was sent since it fell due, past the due date, or with the setting at 0", () => {
    const now = at("2026-11-08T12:00:00+11:00");
    expect(
      owedReminderAt({ ...request, lastReminderAt: at("2026-11-08T10:00:00+11:00") }, now, 3),
    ).toBeNull();
    expect(
      owedReminderAt({ ...request, lastReminderAt: at("2026-11-07T10:00:00+11:00") }, now, 3),
    ).not.toBeNull();
    expect(owedReminderAt(request, at("2026-11-17T00:30:00+11:00"), 3)).toBeNull();
    expect(owedReminderAt(request, at("2026-11-16T23:30:00+11:00"), 3)).not.toBeNull();
    expect(owedReminderAt(request, now, 0)).toBeNull();
  });

  it("sends none to a request sent after the final reminder's time", () => {
    const late = { sentAt: at("2026-11-15T10:00:00+11:00"), dueDate: "2026-11-16", lastReminderAt: null };
    expect(owedReminderAt(late, at("2026-11-16T20:00:00+11:00"), 3)).toBeNull();
  });
});

describe("the reminder job", () => {
  it("emails the signers whose turn has come their own link, once per due time, and the status modal shows when", async () => {
    const e = await waitingRequest([
      { name: "Ann First", group: 0 },
      { name: "Cat Later", group: 1 },
    ]);
    smtp.messages.length = 0;
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual([]);

    t.clock.advance(3 * DAY_MS + 60_000);
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual(["Ann First"]);
    expect(await remindedEvents(e.envelope.id)).toEqual(["Automatic reminder sent to 1 recipient"]);
    const [envelope] = await t.db
      .select()
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.id, e.envelope.id));
    expect(envelope?.lastReminderAt?.getTime()).toBe(t.clock.now().getTime());

    // The job runs again within the hour: that due time is done.
    await runReminderJob();
    t.clock.advance(60 * 60 * 1000);
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual(["Ann First"]);

    // Three days on, the next one.
    t.clock.advance(3 * DAY_MS);
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual(["Ann First", "Ann First"]);

    const [alice] = await t.db.select().from(users).where(eq(users.id, firm.ids.alice));
    const client = firmClient(t, await signIn(t, alice?.email ?? ""), firm.teamId);
    const status = await client.get("/api/signing/bundle/get", { doc_id: e.envelope.documentId });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.LastReminderSent).toBe(t.clock.now().toISOString());
  });

  it("sends the final reminder the day before the due date", async () => {
    const e = await waitingRequest([{ name: "Fay Final" }], 2);
    smtp.messages.length = 0;
    const finalAt = new Date(`${addDays(e.envelope.dueDate, -1)}T09:00:00+11:00`);
    t.clock.advance(finalAt.getTime() - t.clock.now().getTime() - 60_000);
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual([]);
    t.clock.advance(2 * 60_000);
    await runReminderJob();
    expect(sentTo(e.tokens)).toEqual(["Fay Final"]);
  });

  it("reminds once when two servers run the job at the same moment", async () => {
    const e = await waitingRequest([{ name: "Gus Twice" }, { name: "Hal Twice" }]);
    smtp.messages.length = 0;
    t.clock.advance(3 * DAY_MS + 60_000);
    const { remindDue } = t.services.signing.automaticReminders;
    await Promise.all([remindDue(), remindDue(), remindDue()]);
    await t.services.jobs.runDue();
    expect(await remindedEvents(e.envelope.id)).toEqual(["Automatic reminder sent to 2 recipients"]);
    expect(sentTo(e.tokens).sort()).toEqual(["Gus Twice", "Hal Twice"]);
  });

  it("never reminds once the request has ended: signed, declined, cancelled, voided or past its due date", async () => {
    const ended = [];
    for (const status of ["completed", "rejected", "cancelled", "void"] as const) {
      const e = await waitingRequest([{ name: `Ivy ${status}` }]);
      await t.db.update(signingEnvelopes).set({ status }).where(eq(signingEnvelopes.id, e.envelope.id));
      ended.push(e);
    }
    const expiring = await waitingRequest([{ name: "Jo Expired" }], 1);
    const allSigned = await waitingRequest([{ name: "Kim Signed" }]);
    await t.db
      .update(signingRecipients)
      .set({ status: "signed" })
      .where(eq(signingRecipients.envelopeId, allSigned.envelope.id));
    smtp.messages.length = 0;
    t.clock.advance(3 * DAY_MS + 60_000);
    await runReminderJob();
    for (const e of [...ended, expiring]) {
      expect(sentTo(e.tokens)).toEqual([]);
      expect(await remindedEvents(e.envelope.id)).toEqual([]);
    }
    expect(sentTo(allSigned.tokens)).toEqual([]);
  });
});
