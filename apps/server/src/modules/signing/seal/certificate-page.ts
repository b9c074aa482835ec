import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { formatCertificateTime } from "../../../platform/kernel/calendar.ts";
import type { AuditCertificate, AuditCertificateParty } from "../audit-certificate.ts";
import { type SealFonts, wrapText } from "./fonts.ts";

/** A4 in points, whatever size the document's own pages are. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const LABEL_WIDTH = 130;
const TEXT_SIZE = 9;
const LEADING = 12.5;
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);
const RULE = rgb(0.75, 0.75, 0.75);

export const CERTIFICATE_HEADING = "Certificate of signing";

type Row = readonly [label: string, value: string];

const AUTH_METHODS: Record<AuditCertificateParty["authMethod"], string> = {
  "email-link": "Private single-use link sent to their email address",
  "email-link+sms": "Private single-use link sent to their email address, and a one-time code sent by SMS",
};

const WITNESSED_BY: Record<NonNullable<AuditCertificateParty["witnessedBy"]>, string> = {
  "in-person": "Stated they saw the signing in person",
  "audio-visual": "Stated they saw the signing by audio-visual link",
};

/** The rows printed for one party, in the certificate's order. */
export function partyRows(party: AuditCertificateParty): Row[] {
  const not = (at: Date | null, missing: string) => (at ? formatCertificateTime(at) : missing);
  const rows: Row[] = [
    [
      "Role",
      party.role === "signer" ? "Signer" : `Witness${party.witnessOf ? ` of ${party.witnessOf}` : ""}`,
    ],
    ["Email", party.email],
    ["Phone", party.phoneLastDigits ? `ending ${party.phoneLastDigits}` : "No SMS"],
    ["Authenticated by", AUTH_METHODS[party.authMethod]],
    ["Signing group", `${party.groupName} (${party.groupIndex + 1})`],
  ];
  if (party.role === "witness") {
    rows.push(["Witnessing", party.witnessedBy ? WITNESSED_BY[party.witnessedBy] : "No statement recorded"]);
    rows.push(["Address", party.address?.trim() || "Not given"]);
  }
  rows.push(
    ["Sent", formatCertificateTime(party.sentAt)],
    ["Viewed", not(party.viewedAt, "Not recorded")],
    ["Consented to sign electronically", not(party.consentedAt, "Not recorded")],
    ["Signed", formatCertificateTime(party.signedAt)],
    ["IP address", party.ip ?? "Not recorded"],
    ["User agent", party.userAgent ?? "Not recorded"],
  );
  return rows;
}

/**
 * Appends the audit certificate as A4 pages at the end of the document: the envelope, the SHA-256
 * of the original, then every party with how they were identified and when each step happened.
 */
export function appendCertificatePages(
  document: PDFDocument,
  certificate: AuditCertificate,
  fonts: SealFonts,
) {
  const writer = new PageWriter(document, fonts);
  writer.heading(CERTIFICATE_HEADING);
  writer.paragraph(
    "This certificate records how the document was signed electronically. The document and this " +
      "certificate are sealed with a digital signature: any change to the file after sealing makes " +
      "the seal invalid in a PDF reader.",
  );
  writer.gap(6);
  writer.table([
    ["Envelope", String(certificate.envelopeId)],
    ["Document", certificate.documentName],
    ["Sent by", certificate.firmName],
    ["Sent", formatCertificateTime(certificate.sentAt)],
    ["Completed", formatCertificateTime(certificate.completedAt)],
    ["SHA-256 of the original", certificate.originalSha256],
  ]);
  writer.paragraph(
    "Consent to sign electronically was given under s10 of the Electronic Transactions Act 1999 (Cth). " +
      "Times are in Sydney, with UTC.",
    { colour: GREY },
  );
  certificate.parties.forEach((party, index) => {
    writer.gap(10);
    writer.keepTogether(LEADING * 5);
    writer.rule();
    writer.subheading(`${index + 1}. ${party.fullName}`);
    writer.table(partyRows(party));
  });
  writer.finish(certificate.envelopeId);
}

/** Writes lines down A4 pages, starting a new page when the next line would pass the bottom margin. */
class PageWriter {
  private page: PDFPage;
  private y = A4.height - MARGIN;
  private readonly pages: PDFPage[] = [];
  private readonly width = A4.width - 2 * MARGIN;

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: SealFonts,
  ) {
    this.page = this.newPage();
  }

  private newPage() {
    const page = this.document.addPage([A4.width, A4.height]);
    this.pages.push(page);
    this.y = A4.height - MARGIN;
    return page;
  }

  keepTogether(height: number) {
    if (this.y - height < MARGIN + LEADING) this.page = this.newPage();
  }

  private line(text: string, x: number, font: PDFFont, size: number, colour = BLACK) {
    this.page.drawText(text, { x, y: this.y - size, size, font, color: colour });
  }

  heading(text: string) {
    this.line(text, MARGIN, this.fonts.bold, 18);
    this.y -= 30;
  }

  subheading(text: string) {
    this.keepTogether(LEADING * 2);
    this.line(text, MARGIN, this.fonts.bold, 11);
    this.y -= 17;
  }

  paragraph(text: string, options: { colour?: ReturnType<typeof rgb> } = {}) {
    for (const line of wrapText(text, this.fonts.regular, TEXT_SIZE, this.width)) {
      this.keepTogether(LEADING);
      this.line(line, MARGIN, this.fonts.regular, TEXT_SIZE, options.colour);
      this.y -= LEADING;
    }
  }

  table(rows: readonly Row[]) {
    const valueWidth = this.width - LABEL_WIDTH;
    for (const [label, value] of rows) {
      const labels = wrapText(label, this.fonts.regular, TEXT_SIZE, LABEL_WIDTH - 8);
      const values = wrapText(value, this.fonts.regular, TEXT_SIZE, valueWidth);
      const height = Math.max(labels.length, values.length) * LEADING;
      this.keepTogether(height);
      const top = this.y;
      labels.forEach((text, index) => {
        this.y = top - index * LEADING;
        this.line(text, MARGIN, this.fonts.regular, TEXT_SIZE, GREY);
      });
      values.forEach((text, index) => {
        this.y = top - index * LEADING;
        this.line(text, MARGIN + LABEL_WIDTH, this.fonts.regular, TEXT_SIZE);
      });
      this.y = top - height;
    }
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 8;
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Numbers the certificate's pages, now that their count is known. */
  finish(envelopeId: number) {
    this.pages.forEach((page, index) => {
      const text = `${CERTIFICATE_HEADING} · envelope ${envelopeId} · page ${index + 1} of ${this.pages.length}`;
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 7.5, font: this.fonts.regular, color: GREY });
    });
  }
}
