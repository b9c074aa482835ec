import { DEVELOPMENT_SECRET_KEY } from "../../../config.ts";
import type { Database } from "../../../db/client.ts";
import type { FileStore } from "../../files/index.ts";
import { type StoredSignatureField, signingEnvelopes, signingEvents, signingRecipients } from "../schema.ts";
import { createSigningLinkBox, newSigningToken } from "../tokens.ts";

/**
 * Test fixture: an envelope and its recipients straight into the tables, with known tokens, as
 * signing-send's wizard would leave them. For API tests and the browser spec's seeding only; the
 * product creates envelopes through the sender's rules.
 */
export type FixtureRecipient = {
  name: string;
  role?: "signer" | "witness";
  /** The `name` of the signer this witness witnesses. */
  witnessOf?: string;
  group?: number;
  phone?: string | null;
  email?: string;
};

/** A small valid one-page PDF (the original being signed), with a correct cross-reference table. */
export const FIXTURE_PDF = onePagePdf("Deed of Appointment of Trustee");

function onePagePdf(heading: string): Uint8Array {
  const content = `BT /F1 20 Tf 72 760 Td (${heading}) Tj ET\nBT /F1 12 Tf 72 730 Td (Signed by the parties below.) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export async function buildSigningEnvelope(
  db: Database,
  files: FileStore,
  input: {
    teamId: number;
    documentId: number;
    senderUserId: number;
    recipients: FixtureRecipient[];
    smsNotify?: boolean;
    dueDate?: string;
    now: Date;
    /** When the links stop working (default: 14 days after `now`). */
    expiresAt?: Date;
    pdf?: Uint8Array;
  },
) {
  const original = await files.put(input.pdf ?? FIXTURE_PDF, { mediaType: "application/pdf" });
  const box = { page: 1, x: 72, y: 600, width: 180, height: 40 };
  const fields: StoredSignatureField[] = input.recipients.map((r, i) => ({
    metaKey: `sig_${i}`,
    dateKey: `date_${i}`,
    role: r.role ?? "signer",
    fullName: r.name,
    email: r.email ?? null,
    partyId: `party-${i}`,
    partyPath: `parties[${i}]`,
    ...(r.witnessOf ? { witnessOf: r.witnessOf } : {}),
    signature: { ...box, y: box.y - i * 60 },
    date: { ...box, x: 300, y: box.y - i * 60 },
  }));
  const [envelope] = await db
    .insert(signingEnvelopes)
    .values({
      teamId: input.teamId,
      documentId: input.documentId,
      senderUserId: input.senderUserId,
      provider: "builtin",
      status: "pending",
      smsNotify: input.smsNotify ?? false,
      isGroup: input.recipients.some((r) => (r.group ?? 0) > 0),
      dueDate: input.dueDate ?? "2026-12-31",
      emailSubject: "Please sign",
      emailBody: "Please sign the document.",
      originalSha256: original.sha256,
      fields,
      sentAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!envelope) throw new Error("envelope not created");
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  // Signers first, so a witness can name the id of the signer they witness.
  const ordered = [...input.recipients.entries()].sort(
    ([, a], [, b]) => Number(a.role === "witness") - Number(b.role === "witness"),
  );
  for (const [i, r] of ordered) {
    const { token, tokenHash } = newSigningToken();
    const witnessOf = r.witnessOf ? ids[r.witnessOf] : undefined;
    if (r.witnessOf && witnessOf === undefined) throw new Error(`no signer named ${r.witnessOf}`);
    const [row] = await db
      .insert(signingRecipients)
      .values({
        envelopeId: envelope.id,
        teamId: input.teamId,
        role: r.role ?? "signer",
        witnessOfRecipientId: witnessOf ?? null,
        fullName: r.name,
        email: r.email ?? `${r.name.toLowerCase().replace(/\W+/g, ".")}@client.test`,
        phone: input.smsNotify ? (r.phone ?? "+61-412345678") : null,
        metaKey: `sig_${i}`,
        dateKey: `date_${i}`,
        groupIndex: r.group ?? 0,
        groupName: (r.group ?? 0) === 0 ? "First Signing Group" : `Group ${(r.group ?? 0) + 1}`,
        isLastSigner: false,
        tokenHash,
        // Kept sealed with the test server's key, as the wizard keeps it: turn mails re-send it.
        tokenSealed: createSigningLinkBox(DEVELOPMENT_SECRET_KEY).seal(token, tokenHash),
        tokenExpiresAt: input.expiresAt ?? new Date(input.now.getTime() + 14 * 24 * 60 * 60_000),
        status: "pending",
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error("recipient not created");
    tokens[r.name] = token;
    ids[r.name] = row.id;
  }
  await db.insert(signingEvents).values({
    envelopeId: envelope.id,
    teamId: input.teamId,
    action: "sent",
    description: "Sent for signing",
    at: input.now,
  });
  return { envelope, tokens, ids, originalSha256: original.sha256 };
}

/** A tiny real PNG (1×1, transparent) as a data URL: a drawn signature that passes the checks. */
export const TINY_PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
