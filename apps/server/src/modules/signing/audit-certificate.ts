/**
 * The audit certificate appended to a sealed signed PDF (issue 15 §6): who took part, how each was
 * identified, and when each step happened, with the SHA-256 of the original so anyone can check that
 * the document signed is the document sent. The ceremony builds it from the envelope, its
 * recipients and its events; the sealer only lays it out.
 *
 * Times are `Date`s (the sealer formats them in Australia/Sydney); a step that never happened is
 * `null` (for example `viewedAt` when a witness signed straight from the link's first load).
 */
export type AuditCertificateParty = {
  /** The recipient's id in signing_recipients (stable across reprints of the certificate). */
  recipientId: number;
  role: "signer" | "witness";
  fullName: string;
  email: string;
  /** The last digits of the SMS phone ('5678'), or null when SMS was off: never the whole number. */
  phoneLastDigits: string | null;
  /** For a witness: the full name of the person whose signing they witnessed. */
  witnessOf: string | null;
  /** For a witness: how they saw the signing (Electronic Transactions Act / state law statement). */
  witnessedBy: "in-person" | "audio-visual" | null;
  /** For a witness: the address they gave on the signing page, if any. */
  address?: string | null;
  /** How the recipient was identified: the emailed private link, plus an SMS code when SMS was on. */
  authMethod: "email-link" | "email-link+sms";
  /** The signing group's name and 0-based order. */
  groupName: string;
  groupIndex: number;
  /** The IP address and user agent of the request that signed. */
  ip: string | null;
  userAgent: string | null;
  sentAt: Date;
  viewedAt: Date | null;
  /** Consent to sign electronically (Electronic Transactions Act 1999 (Cth) s10). */
  consentedAt: Date | null;
  signedAt: Date;
};

export type AuditCertificate = {
  envelopeId: number;
  /** The document's name as the recipients saw it. */
  documentName: string;
  /** The firm that sent the request. */
  firmName: string;
  /** SHA-256 (lower-case hex) of the original PDF that was sent. */
  originalSha256: string;
  sentAt: Date;
  completedAt: Date;
  parties: AuditCertificateParty[];
};
