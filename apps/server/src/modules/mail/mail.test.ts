import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { openTestDatabase } from "../../test/database.ts";
import { mailOutbox } from "./schema.ts";
import { createMailService } from "./service.ts";

/**
 * A real SMTP conversation with a minimal local server (node `net`): enough of RFC 5321 to take
 * one message — greeting, EHLO, MAIL FROM, RCPT TO, DATA, QUIT.
 */
function smtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 OK queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test.local");
        else if (verb === "MAIL") {
          current.from = line;
          reply("250 OK");
        } else if (verb === "RCPT") {
          current.to.push(line);
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else reply("502 Command not implemented");
      }
    });
  });
  return { server, messages };
}

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

describe("mail", () => {
  it("keeps mail in the outbox without SMTP", async () => {
    const mail = createMailService({
      db: database.db,
      clock: () => new Date(),
      from: "Precedent <no-reply@test.local>",
    });
    await mail.enqueue(database.db, {
      to: "a@firm.test",
      subject: "Held",
      html: "<p>Held</p>",
      text: "Held",
      key: "held",
    });
    await mail.enqueue(database.db, {
      to: "a@firm.test",
      subject: "Held",
      html: "<p>Held</p>",
      text: "Held",
      key: "held",
    });
    expect(await mail.deliver()).toBe(0);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.key, "held"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("pending");
    await database.db.delete(mailOutbox);
  });

  it("sends the outbox by SMTP when SMTP_URL is set", async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const mail = createMailService({
      db: database.db,
      clock: () => new Date(),
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: "Precedent <no-reply@test.local>",
    });
    await mail.enqueue(database.db, {
      to: "buyer@firm.test",
      subject: "Tax invoice INV-000042",
      html: "<p>Total $88.00</p>",
      text: "Total $88.00",
      key: "invoice:42",
    });
    expect(await mail.deliver()).toBe(1);
    mail.close();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to[0]).toContain("buyer@firm.test");
    expect(smtp.messages[0]?.data).toContain("Subject: Tax invoice INV-000042");
    expect(smtp.messages[0]?.data).toContain("Total $88.00");
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.key, "invoice:42"));
    expect(row?.status).toBe("sent");
  });
});
