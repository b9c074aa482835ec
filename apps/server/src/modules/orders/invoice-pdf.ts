import { type Block, formatAbn, type Run, renderPdf } from "@precedent/docgen";
import { formatNumericDay } from "../../platform/kernel/calendar.ts";
import { gstOf } from "../coupons/index.ts";
import type { FirmBillingDetails } from "../teams/index.ts";
import { invoiceNumber, type Seller } from "./invoice.ts";
import type { OrderRefundRow, OrderRow } from "./schema.ts";

/**
 * The tax invoice as a PDF (issue 33 item 8), laid out for an accountant's file. What it holds
 * follows s 29-70(1) of the GST Act (see decisions.md): the words "Tax invoice", the supplier and
 * its ABN, the date of issue, what was supplied with its quantity and price, the GST payable and
 * that the supply is wholly taxable, and the recipient's identity and ABN where the firm gave
 * them (required from a total of $1,000). Each refund follows as an adjustment note.
 */

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export type InvoiceFacts = {
  order: OrderRow;
  product: { name: string; sku: string };
  seller: Seller;
  /** The firm the order was made in; undefined when it no longer exists (the order's billing stands). */
  firm: FirmBillingDetails | undefined;
  refunds: OrderRefundRow[];
};

/** The recipient's lines: the firm's name, ABN and billing address, then who ordered. */
function recipientLines(facts: InvoiceFacts): string[] {
  const { order, firm } = facts;
  const billing = order.billing;
  const address = firm?.address;
  const street = address
    ? [address.unit, address.address_1, address.address_2, address.street_type].filter(Boolean).join(" ")
    : [billing.address_1, billing.address_2].filter(Boolean).join(" ");
  const place = address
    ? [address.city, address.state, address.postcode].filter(Boolean).join(" ")
    : [billing.city, billing.state, billing.postcode].filter(Boolean).join(" ");
  return [
    firm?.name || billing.company,
    firm?.abn ? `ABN ${formatAbn(firm.abn)}` : "",
    street,
    place,
    `Attention: ${`${billing.first_name} ${billing.last_name}`.trim()} (${billing.email})`,
  ].filter((line) => line.trim() !== "");
}

const text = (value: string, bold = false): Run[] => [{ text: value, ...(bold ? { bold: true } : {}) }];
const paragraph = (...lines: string[]): Block => ({
  type: "paragraph",
  indent: 0,
  runs: lines.flatMap((line, index): Run[] =>
    index === 0 ? text(line) : [{ lineBreak: true }, ...text(line)],
  ),
});

/**
 * The tax invoice of a paid order as PDF bytes, laid out by the document engine (its PDF
 * renderer, the one every document uses) from a small model: title, parties, a table of lines.
 */
export async function taxInvoicePdf(facts: InvoiceFacts): Promise<Uint8Array> {
  const { order, product, seller, refunds } = facts;
  const number = invoiceNumber(order.id);
  const blocks: Block[] = [
    { type: "title", runs: text("Tax invoice") },
    paragraph(seller.name, `ABN ${formatAbn(seller.abn)}`),
    paragraph(
      `Invoice number: ${number}`,
      `Date of issue: ${formatNumericDay(order.paidAt ?? order.createdAt)}`,
    ),
    { type: "heading", level: 2, runs: text("Bill to") },
    paragraph(...recipientLines(facts)),
    {
      type: "table",
      header: [text("Description", true), text("Quantity", true), text("Amount (inc. GST)", true)],
      rows: [
        [text(`${product.name} (${product.sku})`), text("1"), text(dollars(order.subtotalCents))],
        ...order.couponLines.map((c) => [
          text(`Coupon ${c.code}`),
          text(""),
          text(`−${dollars(c.discount)}`),
        ]),
        [text("Total (inc. GST)", true), text(""), text(dollars(order.totalCents), true)],
        [text("GST included in the total"), text(""), text(dollars(order.taxCents))],
      ],
    },
    paragraph(
      "Total price includes GST. The supply is wholly a taxable supply.",
      "Amounts in Australian dollars. Paid in full.",
    ),
  ];
  for (const refund of refunds) {
    blocks.push(
      { type: "heading", level: 2, runs: text(`Adjustment note ${number}-A${refund.id}`) },
      paragraph(
        `Date of issue: ${formatNumericDay(refund.createdAt)}. A refund of part or all of the price above.`,
      ),
      {
        type: "table",
        header: [text("Adjustment", true), text("Amount (inc. GST)", true)],
        rows: [
          [text("Refund"), text(`−${dollars(refund.amountCents)}`)],
          [text("GST adjustment (included in the refund)"), text(`−${dollars(gstOf(refund.amountCents))}`)],
        ],
      },
    );
  }
  const rendered = await renderPdf({ title: `Tax invoice ${number}`, blocks });
  return rendered.pdf;
}
