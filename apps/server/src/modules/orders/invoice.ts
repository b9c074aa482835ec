import { formatAbn } from "@precedent/docgen";
import { formatNumericDay } from "../../platform/kernel/calendar.ts";
import type { OutgoingMail } from "../mail/index.ts";
import type { OrderRow } from "./schema.ts";

export type Seller = { name: string; abn: string };

export const invoiceNumber = (orderId: number) => `INV-${String(orderId).padStart(6, "0")}`;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The tax invoice emailed when an order is paid: seller and ABN, invoice number and date, the
 * line, each coupon's discount, the GST-inclusive total and its GST (1/11), as HTML and text.
 */
export function taxInvoiceMail(
  order: OrderRow,
  product: { name: string; sku: string },
  seller: Seller,
): OutgoingMail {
  const number = invoiceNumber(order.id);
  const issued = formatNumericDay(order.paidAt ?? order.createdAt);
  const buyer = [
    `${order.billing.first_name} ${order.billing.last_name}`.trim(),
    order.billing.company,
    order.billing.email,
  ].filter(Boolean);
  const rows: [string, string][] = [
    [`${product.name} (${product.sku}) × 1`, dollars(order.subtotalCents)],
    ...order.couponLines.map((c): [string, string] => [`Coupon ${c.code}`, `−${dollars(c.discount)}`]),
    ["Total (inc. GST)", dollars(order.totalCents)],
    ["GST included", dollars(order.taxCents)],
  ];
  const abn = formatAbn(seller.abn);
  const text = [
    "TAX INVOICE",
    `${seller.name} — ABN ${abn}`,
    `Invoice ${number}, ${issued}`,
    `Bill to: ${buyer.join(", ")}`,
    "",
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    "",
    "Amounts in Australian dollars.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<h1 style="font-size:20px">Tax Invoice</h1>
<p><strong>${escapeHtml(seller.name)}</strong><br>ABN ${escapeHtml(abn)}</p>
<p>Invoice number: <strong>${number}</strong><br>Date: ${issued}</p>
<p>Bill to: ${buyer.map(escapeHtml).join("<br>")}</p>
<table cellpadding="6" style="border-collapse:collapse">
${rows.map(([label, amount]) => `<tr><td style="border-bottom:1px solid #ddd">${escapeHtml(label)}</td><td style="border-bottom:1px solid #ddd;text-align:right">${escapeHtml(amount)}</td></tr>`).join("\n")}
</table>
<p style="font-size:12px;color:#666">Amounts in Australian dollars.</p>
</body></html>`;
  return {
    to: order.billing.email,
    subject: `Tax invoice ${number} — ${product.name}`,
    html,
    text,
    key: `invoice:${order.id}`,
  };
}
