import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createJobQueue } from "../../platform/jobs/queue.ts";
import { jobs } from "../../platform/jobs/schema.ts";
import { openTestDatabase } from "../../test/database.ts";
import { TestClock } from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { mailOutbox } from "./schema.ts";
import { createMailService } from "./service.ts";

let database: DatabaseHandle;
let smtp: ReturnType<typeof smtpServer>;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  smtp?.server.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  await database.db.delete(jobs);
  smtp.messages.length = 0;
  smtp.refuse = 0;
});

/** The mail service on the test database with its own job queue and a hand-moved clock. */
function mailService(options: { smtp: boolean }) {
  const clock = new TestClock();
  const queue = createJobQueue({ db: database.db, clock: clock.now });
  const port = (smtp.server.address() as AddressInfo).port;
  const mail = createMailService({
    db: database.db,
    clock: clock.now,
    jobs: queue,
    ...(options.smtp ? { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` } : {}),
    from: "Precedent <no-reply@test.local>",
  });
  return { mail, queue, clock };
}

const invoice = (n: number) => ({
  to: "buyer@firm.test",
  subject: `Tax invoice INV-0000${n}`,
  html: "<p>Total $88.00</p>",
  text: "Total $88.00",
  key: `invoice:${n}`,
});

describe("mail", () => {
  it("keeps mail in the outbox without SMTP", async () => {
    const { mail, queue } = mailService({ smtp: false });
    await mail.enqueue(database.db, { ...invoice(1), key: "held" });
    await mail.enqueue(database.db, { ...invoice(1), key: "held" });
    await queue.runDue();
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.key, "held"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("pending");
    expect(smtp.messages).toHaveLength(0);
  });

  it("sends the outbox by SMTP when SMTP_URL is set, from the job queued with it", async () => {
    const { mail, queue } = mailService({ smtp: true });
    await database.db.transaction((tx) => mail.enqueue(tx, invoice(42)));
    expect(await queue.runDue()).toMatchObject([{ name: "mail.deliver", outcome: "done" }]);
    mail.close();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to[0]).toContain("buyer@firm.test");
    expect(smtp.messages[0]?.data).toContain("Subject: Tax invoice INV-000042");
    expect(smtp.messages[0]?.data).toContain("Total $88.00");
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.key, "invoice:42"));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("queues neither mail nor job when the transaction rolls back", async () => {
    const { mail, queue } = mailService({ smtp: true });
    await database.db
      .transaction(async (tx) => {
        await mail.enqueue(tx, invoice(7));
        tx.rollback();
      })
      .catch(() => {});
    expect(await queue.runDue()).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
  });

  it("retries a refused mail a minute later, then two, and gives up after five attempts", async () => {
    const { mail, queue, clock } = mailService({ smtp: true });
    smtp.refuse = 1;
    await mail.enqueue(database.db, invoice(5));
    expect(await queue.runDue()).toMatchObject([{ outcome: "retrying" }]);
    const [waiting] = await database.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toContain("451");
    clock.advance(60_000);
    expect(await queue.runDue()).toMatchObject([{ attempt: 2, outcome: "done" }]);
    expect(smtp.messages).toHaveLength(1);

    smtp.refuse = 99;
    await mail.enqueue(database.db, invoice(6));
    for (const wait of [0, 60_000, 120_000, 240_000, 480_000]) {
      clock.advance(wait);
      await queue.runDue();
    }
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.key, "invoice:6"));
    expect(failed).toMatchObject({ status: "failed", attempts: 5 });
    mail.close();
  });

  it("queues pending mail again at start once SMTP is configured", async () => {
    const before = mailService({ smtp: false });
    await before.mail.enqueue(database.db, invoice(9));
    await before.queue.runDue();
    const after = mailService({ smtp: true });
    expect(await after.mail.queuePending()).toBe(1);
    await after.queue.runDue();
    after.mail.close();
    expect(smtp.messages.map((m) => m.data)).toEqual([expect.stringContaining("INV-00009")]);
  });
});
