import type { Billing } from "@precedent/contracts";
import type { OutgoingMail } from "../mail/index.ts";
import type { FulfilmentRequestRow } from "./schema.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The paid request, for the review or fulfilment team: what is asked, on which document of which
 * firm, and whom to answer. The mail module sends text and HTML only (no attachments), so the
 * document is named by its id, which the team opens the assembled file by.
 */
export function fulfilmentMail(
  request: FulfilmentRequestRow,
  about: { to: string; docName: string; billing: Billing; orderId: number },
): OutgoingMail {
  const { billing } = about;
  const what = request.kind === "legal_review" ? "Legal review" : "Hard copy";
  const lines: [string, string][] = [
    ["Request", `${what} #${request.id}`],
    ["Document", `${about.docName} (Doc ID ${request.docId})`],
    ["Firm", `${billing.company || "—"} (firm ID ${request.teamId})`],
    [
      "Requested by",
      `${billing.first_name} ${billing.last_name} <${billing.email}>${billing.phone ? `, ${billing.phone}` : ""}`,
    ],
    ["Order", `#${about.orderId}, paid ${dollars(request.totalCents)} inc. GST`],
  ];
  if (request.kind === "hard_copy" && request.address) {
    const a = request.address;
    lines.push(
      ["Copies", `${request.copies} at ${dollars(request.unitCents ?? 0)} each`],
      ["Shipping", `${request.shippingLabel} (${dollars(request.shippingCents ?? 0)})`],
      [
        "Deliver to",
        [a.recipient, a.company, a.address_1, a.address_2, `${a.suburb} ${a.state} ${a.postcode}`, a.phone]
          .filter(Boolean)
          .join(", "),
      ],
    );
  }
  lines.push(["Note from the adviser", request.note || "(none)"]);
  const subject = `${what} #${request.id} paid: ${about.docName}`;
  const text = `${subject}\n\n${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`;
  const html = `<h1>${escapeHtml(subject)}</h1><table>${lines
    .map(
      ([k, v]) =>
        `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("")}</table>`;
  return { to: about.to, subject, html, text, key: `fulfilment:${request.id}` };
}
