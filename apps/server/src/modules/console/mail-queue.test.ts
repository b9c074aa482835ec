import type { AddressInfo } from "node:net";
import { QUEUE_MESSAGES } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { MAIL_BODY_PRUNED, mailOutbox } from "../mail/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/** Mail not delivered (issue 37 item 7): listed with recipient, subject and error; sent again. */
let t: TestApp;
let smtp: ReturnType<typeof smtpServer>;
let support: ConsoleClient;
let editor: ConsoleClient;
let made = 0;

beforeAll(async () => {
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
}, 240_000);
afterAll(async () => {
  await t?.close();
  smtp?.server.close();
});

/** An outbox mail whose every attempt failed. */
async function failedMail(body = "Your invoice is attached.") {
  made += 1;
  const [row] = await t.db
    .insert(mailOutbox)
    .values({
      to: `buyer-${made}@firm.test`,
      subject: `Tax invoice INV-${made}`,
      html: `<p>${body}</p>`,
      text: body,
      key: `test-failed:${made}`,
      status: "failed",
      attempts: 5,
      lastError: "451 Try again later",
      createdAt: t.clock.now(),
    })
    .returning();
  return row as typeof mailOutbox.$inferSelect;
}
const auditOf = (id: number) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `mail:${id}`))
    .orderBy(staffAuditLog.id);
const rowOf = async (id: number) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe("mail not delivered", () => {
  it("lists failed mail with its recipient, subject and last error", async () => {
    const mail = await failedMail();
    const res = await support.get("/api/console/mail/failed");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toContainEqual(
      expect.objectContaining({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        attempts: 5,
        last_error: "451 Try again later",
        abilities: { retry: true },
      }),
    );
  });

  it("sends a retried mail once, and records it before and after", async () => {
    const mail = await failedMail();
    smtp.messages.length = 0;
    const res = await support.post(`/api/console/mail/${mail.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    await t.services.jobs.runDue();
    expect(smtp.messages.filter((m) => m.to[0]?.includes(mail.to))).toHaveLength(1);
    expect(await rowOf(mail.id)).toMatchObject({ status: "sent" });
    expect((await auditOf(mail.id))[0]).toMatchObject({
      action: "mail.retried",
      before: { status: "failed", subject: mail.subject, last_error: "451 Try again later" },
      after: { status: "pending", subject: mail.subject },
    });
    // Sent now: refused, nothing sent or recorded again.
    const again = await support.post(`/api/console/mail/${mail.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUEUE_MESSAGES.mailNotFailed);
    await t.services.jobs.runDue();
    expect(smtp.messages.filter((m) => m.to[0]?.includes(mail.to))).toHaveLength(1);
    expect(await auditOf(mail.id)).toHaveLength(1);
  });

  it("refuses to send a mail whose body was removed after its retention", async () => {
    const mail = await failedMail(MAIL_BODY_PRUNED);
    const listed = (await support.get("/api/console/mail/failed")).json().data.rows;
    expect(listed).toContainEqual(expect.objectContaining({ id: mail.id, abilities: { retry: false } }));
    const res = await support.post(`/api/console/mail/${mail.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUE_MESSAGES.mailPruned);
    expect((await rowOf(mail.id))?.status).toBe("failed");
  });

  it("refuses the content role both calls, changing nothing", async () => {
    const mail = await failedMail();
    expect((await editor.get("/api/console/mail/failed")).statusCode).toBe(403);
    expect((await editor.post(`/api/console/mail/${mail.id}/retry`)).statusCode).toBe(403);
    expect((await rowOf(mail.id))?.status).toBe("failed");
    expect(await auditOf(mail.id)).toEqual([]);
  });
});
