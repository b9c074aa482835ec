import { and, eq, isNull } from "drizzle-orm";
import { exponentialBackoff } from "../../../platform/jobs/queue.ts";
import { documentNameById, lockDocumentForSigning, setSigningStatus } from "../../documents/index.ts";
import { firmName } from "../../teams/index.ts";
import type { AuditCertificate } from "../audit-certificate.ts";
import { signingEnvelopes, signingEvents } from "../schema.ts";
import { afterSealed, senderOf } from "./after-signing.ts";
import type { AfterSigningMail, SigningCeremonyDeps } from "./ceremony-deps.ts";
import type { PdfSealer } from "./sealer.ts";
import type { Envelope, Recipient, SigningLinks } from "./signing-links.ts";

// Completion's second half: a job that seals a completed request exactly once, with its audit
// certificate, and emails every party the signed-PDF link. Apart from the signing itself because
// it runs later, off any request, and is the only part that needs the sealer.

export function createSealing(
  deps: Pick<
    SigningCeremonyDeps,
    "db" | "clock" | "jobs" | "files" | "mail" | "sealer" | "publicUrl" | "users"
  >,
  links: Pick<SigningLinks, "recipientsOf" | "downloadToken">,
  after: AfterSigningMail,
) {
  const { db, clock, jobs, files, mail } = deps;
  const { recipientsOf, downloadToken } = links;
  let sealer = deps.sealer;

  // Without a sealer the job fails and is retried: a completed request is never marked sealed unsealed.
  const sealerOrFail = () => {
    if (!sealer) throw new Error("no PDF sealer is wired");
    return sealer;
  };

  /** Seals a completed envelope once, stores the PDF, moves the document to Signed, emails everyone. */
  // Jobs queued before PUBLIC_URL carry an `origin`: it is ignored, the configured one is used.
  const seal = jobs.define<{ envelopeId: number }>(
    "signing.seal",
    async ({ envelopeId }) => {
      const [envelope] = await db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, envelopeId));
      if (envelope?.status !== "completed" || envelope.signedSha256 !== null) return;
      const original = await files.get(envelope.originalSha256);
      if (!original) throw new Error(`envelope ${envelopeId}: the original PDF is missing`);
      const everyone = await recipientsOf(db, envelopeId);
      const docName = await documentNameById(db, envelope.teamId, envelope.documentId);
      const firm = await firmName(db, envelope.teamId);
      const certificate = auditCertificate(envelope, everyone, docName ?? "", firm);
      const sealed = await sealerOrFail().seal({
        original: original.bytes,
        fields: envelope.fields,
        signatures: everyone.flatMap((r) =>
          r.signature && r.signedAt
            ? [
                {
                  metaKey: r.metaKey,
                  dateKey: r.dateKey,
                  signature: r.signature,
                  fullName: r.fullName,
                  signedAt: r.signedAt,
                  address: r.address,
                },
              ]
            : [],
        ),
        certificate,
      });
      const stored = await files.put(sealed, { mediaType: "application/pdf" });
      const from = await senderOf(deps.users, envelope.senderUserId);
      await db.transaction(async (tx) => {
        // The seal moves the document too, so its row is locked before the envelope's is written,
        // in the order a relaunch or a new request takes.
        await lockDocumentForSigning(tx, envelope);
        // The sealed file is written once: a second run finds it set and changes nothing.
        const [moved] = await tx
          .update(signingEnvelopes)
          .set({ signedSha256: stored.sha256, updatedAt: clock() })
          .where(and(eq(signingEnvelopes.id, envelopeId), isNull(signingEnvelopes.signedSha256)))
          .returning({ id: signingEnvelopes.id });
        if (!moved) return;
        await setSigningStatus(tx, {
          teamId: envelope.teamId,
          documentId: envelope.documentId,
          status: 3,
          from: [4, 5],
          at: clock(),
        });
        for (const recipient of everyone) {
          const link = new URL(`/sign/${downloadToken(recipient)}`, deps.publicUrl).toString();
          await mail.enqueue(tx, {
            to: recipient.email,
            key: `signing-signed:${envelopeId}:${recipient.id}`,
            subject: `Signed: ${docName ?? "your document"}`,
            text: `Everyone has signed ${docName ?? "the document"}. Download the signed PDF, with its audit certificate: ${link}\n\n${firm}`,
            html: `<p>Everyone has signed <strong>${escapeHtml(docName ?? "the document")}</strong>.</p><p><a href="${link}">Download the signed PDF</a>, with its audit certificate.</p><p>${escapeHtml(firm)}</p>`,
          });
        }
        await afterSealed(tx, after, {
          envelope,
          documentName: docName ?? "your document",
          firmName: firm,
          from,
        });
        await tx.insert(signingEvents).values({
          envelopeId,
          teamId: envelope.teamId,
          action: "sealed",
          description: "The signed PDF was sealed and sent to every party",
          at: clock(),
        });
      });
      mail.sendSoon();
    },
    { retries: 4, backoff: exponentialBackoff(30_000) },
  );

  return {
    seal,
    /** Hands over the sealer (signing-seal's, or a test double in tests). */
    useSealer(next: PdfSealer) {
      sealer = next;
    },
  };
}

/** The certificate from the envelope and its recipients (events are already on the recipients' rows). */
export function auditCertificate(
  envelope: Envelope,
  everyone: Recipient[],
  documentName: string,
  firmName: string,
): AuditCertificate {
  return {
    envelopeId: envelope.id,
    documentName,
    firmName,
    originalSha256: envelope.originalSha256,
    sentAt: envelope.sentAt,
    completedAt: envelope.completedAt ?? envelope.updatedAt,
    parties: everyone.map((r) => ({
      recipientId: r.id,
      role: r.role,
      fullName: r.fullName,
      email: r.email,
      phoneLastDigits: r.phone ? r.phone.slice(-4) : null,
      witnessOf: everyone.find((other) => other.id === r.witnessOfRecipientId)?.fullName ?? null,
      witnessedBy: r.witnessedBy,
      address: r.role === "witness" ? r.address : null,
      authMethod: r.authMethod ?? "email-link",
      groupName: r.groupName,
      groupIndex: r.groupIndex,
      ip: r.signedIp,
      userAgent: r.signedUserAgent,
      sentAt: envelope.sentAt,
      viewedAt: r.viewedAt,
      consentedAt: r.consentedAt,
      signedAt: r.signedAt ?? envelope.updatedAt,
    })),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
