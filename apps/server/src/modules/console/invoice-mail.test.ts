import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { OrderResponse, ProductListResponse } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/**
 * The tax invoice mail carries the invoice PDF (issue 37 item 6): the order's own mail when it is
 * paid and the console's "invoice again", received over real SMTP, the attachment decoded from
 * the message and read with pdftotext.
 */
let t: TestApp;
let smtp: ReturnType<typeof smtpServer>;
let people: FirmWithPeople;
let support: ConsoleClient;
let ndaId: number;
let workDir: string;
const billing = {
  first_name: "Ivy",
  last_name: "Invoice",
  email: "ivy.invoice@firm.test",
  company: "Ivy Advice",
};

beforeAll(async () => {
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  const list = ProductListResponse.parse((await people.as.owner.get("/api/products")).json());
  ndaId = list.data.rows.find((p) => p.template_identifier === "mutual-nda")?.id ?? 0;
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
  workDir = mkdtempSync(path.join(tmpdir(), "invoice-mail-"));
}, 240_000);
afterAll(async () => {
  await t?.close();
  smtp?.server.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function paidOrder() {
  const created = await people.lite.post("/api/orders", {
    line_items: [{ product_id: ndaId, quantity: 1 }],
    billing,
  });
  expect(created.statusCode, created.body).toBe(200);
  const order = OrderResponse.parse(created.json()).data;
  const url = (await people.lite.post("/api/stripe/checkout", { order_id: order.id })).json().data
    .url as string;
  const paid = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card_number: "4242424242424242", expiry: "12/30", cvc: "123" }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  return order;
}

/** The MIME parts of a received message: each part's headers (lower case) and raw body. */
function mimeParts(data: string) {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(data)?.[1];
  if (!boundary) return [];
  return data
    .split(`--${boundary}`)
    .slice(1)
    .map((part) => {
      const split = part.indexOf("\r\n\r\n");
      return { headers: part.slice(0, split).toLowerCase(), body: part.slice(split + 4) };
    });
}

/** The attachment named `fileName` in a received message, decoded from base64. */
function attachmentOf(data: string, fileName: string) {
  const part = mimeParts(data).find((p) => p.headers.includes(`filename=${fileName.toLowerCase()}`));
  if (!part) return undefined;
  expect(part.headers).toContain("application/pdf");
  expect(part.headers).toContain("content-transfer-encoding: base64");
  return Buffer.from(part.body.replace(/--\s*$/, "").replace(/\s+/g, ""), "base64");
}

function pdfText(pdf: Buffer) {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, " ");
}

const receivedFor = (number: string) =>
  smtp.messages.filter((m) => m.to[0]?.includes(billing.email) && m.data.includes(number));

describe("the tax invoice PDF on the invoice mail", () => {
  it("is attached to the mail sent when the order is paid, and to the console's invoice again", async () => {
    const order = await paidOrder();
    const number = `INV-${String(order.id).padStart(6, "0")}`;
    await t.services.jobs.runDue();
    const [first] = receivedFor(number);
    // The subject has an em dash, so it travels encoded (RFC 2047); the number reads as is.
    expect(/^Subject: .*$/m.exec(first?.data ?? "")?.[0]).toContain(number);
    const pdf = attachmentOf(first?.data ?? "", `${number}.pdf`);
    expect(pdf?.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf as Buffer);
    expect(text).toContain("Tax invoice");
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain("$88.00");

    // The same bytes as the download (the same code makes both; the same clock, so the same date).
    const download = await people.lite.get(`/api/orders/${order.id}/invoice`);
    expect(pdfText(Buffer.from(download.rawPayload))).toBe(text);

    const again = await support.post(`/api/console/money/orders/${order.id}/invoice`, {});
    expect(again.statusCode, again.body).toBe(200);
    await t.services.jobs.runDue();
    const received = receivedFor(number);
    expect(received).toHaveLength(2);
    const resent = attachmentOf(received[1]?.data ?? "", `${number}.pdf`);
    expect(resent?.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfText(resent as Buffer)).toContain(`Invoice number: ${number}`);
  });

  it("sends a mail without attachments as it did (a plain message, no parts)", async () => {
    const before = smtp.messages.length;
    await t.db.transaction((tx) =>
      t.services.mail.enqueue(tx, {
        to: "plain@firm.test",
        subject: "No files",
        html: "<p>Hello</p>",
        text: "Hello",
        key: "plain-mail-test",
      }),
    );
    await t.services.jobs.runDue();
    const mail = smtp.messages.slice(before).find((m) => m.to[0]?.includes("plain@firm.test"));
    expect(mail?.data).toContain("Subject: No files");
    expect(mail?.data.toLowerCase()).not.toContain("content-disposition: attachment");
  });
});
