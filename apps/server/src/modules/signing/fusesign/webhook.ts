import { FUSESIGN_BAD_SIGNATURE, FUSESIGN_NOT_CONNECTED } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { AppError, notFound } from "../../../errors.ts";
import type { Clock } from "../../../platform/kernel/index.ts";
import { lockDocumentForSigning, setSigningStatus } from "../../documents/index.ts";
import type { FileStore } from "../../files/index.ts";
import { signingEnvelopes, signingRecipients } from "../schema.ts";
import {
  type FuseSignAdapter,
  fuseSignMoves,
  parseFuseSignWebhook,
  verifyFuseSignWebhook,
} from "./adapter.ts";

/** Records one event in a signing request's history (the service's own, handed over). */
type RecordEvent = (
  tx: Database,
  event: { envelopeId: number; teamId: number; recipientId?: number; action: string; description: string },
) => Promise<void>;

/** FuseSign's webhook, apart from the built-in signing's service: it moves envelopes as FuseSign reports. */
export function createFuseSignWebhook(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  fusesign?: { adapter: FuseSignAdapter; webhookSecret: string };
  recordEvent: RecordEvent;
}) {
  const { db, clock, files, fusesign, recordEvent } = deps;
  /**
   * POST /fusesign/webhook: a signed FuseSign event moves our envelope as the built-in signing
   * would, read against the bundle as FuseSign reports it. The envelope's row is locked and only a
   * pending one moves, so a repeated or concurrent delivery changes nothing twice; a finalised
   * bundle stores FuseSign's signed PDF and makes the document Signed in the same transaction.
   */
  return async function fuseSignWebhook(rawBody: Buffer, signature: string | undefined) {
    // Not set up here: there is no such endpoint on this server.
    if (!fusesign) throw notFound(FUSESIGN_NOT_CONNECTED);
    const text = rawBody.toString("utf8");
    if (!verifyFuseSignWebhook(fusesign.webhookSecret, text, signature)) {
      throw new AppError(400, FUSESIGN_BAD_SIGNATURE);
    }
    let parsed: ReturnType<typeof parseFuseSignWebhook> = null;
    try {
      parsed = parseFuseSignWebhook(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed) return { applied: false };
    const [known] = await db
      .select({
        id: signingEnvelopes.id,
        status: signingEnvelopes.status,
        teamId: signingEnvelopes.teamId,
        documentId: signingEnvelopes.documentId,
      })
      .from(signingEnvelopes)
      .where(
        and(
          eq(signingEnvelopes.provider, "fusesign"),
          eq(signingEnvelopes.providerBundleId, parsed.bundleId),
        ),
      );
    if (known?.status !== "pending") return { applied: false };
    const bundle = await fusesign.adapter.getBundle(parsed.bundleId);
    const signedUrl = bundle.documents[0]?.signedPdfUrl ?? null;
    const signedPdf =
      parsed.event === "BundleFinalised" && signedUrl
        ? await files.put(await fusesign.adapter.downloadSignedPdf(signedUrl), {
            mediaType: "application/pdf",
          })
        : null;
    const event = parsed.event;
    return db.transaction(async (tx) => {
      // A completion moves the document too, so its row is locked before the envelope's, in the
      // order cancel and resend take.
      await lockDocumentForSigning(tx, known);
      const [envelope] = await tx
        .select()
        .from(signingEnvelopes)
        .where(eq(signingEnvelopes.id, known.id))
        .for("update");
      if (!envelope) return { applied: false };
      const recipients = await tx
        .select()
        .from(signingRecipients)
        .where(eq(signingRecipients.envelopeId, envelope.id));
      const moves = fuseSignMoves({ envelopeStatus: envelope.status, recipients, event, bundle });
      // Completion needs the signed PDF: without it the envelope waits for the next delivery.
      const next = moves.envelope === "completed" && !signedPdf ? null : moves.envelope;
      const now = clock();
      for (const recipient of recipients) {
        const signed = moves.signed.includes(recipient.metaKey);
        const declined = moves.declined.includes(recipient.metaKey);
        if (!signed && !declined) continue;
        await tx
          .update(signingRecipients)
          .set(
            signed
              ? {
                  status: "signed",
                  signedAt: now,
                  authMethod: envelope.smsNotify && recipient.phone ? "email-link+sms" : "email-link",
                }
              : { status: "declined", declinedAt: now, declineReason: "Declined in FuseSign" },
          )
          .where(and(eq(signingRecipients.id, recipient.id), eq(signingRecipients.status, "pending")));
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: envelope.teamId,
          recipientId: recipient.id,
          action: signed ? "signed" : "declined",
          description: `${recipient.fullName} ${signed ? "signed" : "declined to sign"} in FuseSign`,
        });
      }
      if (next) {
        const [moved] = await tx
          .update(signingEnvelopes)
          .set({
            status: next,
            updatedAt: now,
            ...(next === "completed" ? { completedAt: now, signedSha256: signedPdf?.sha256 ?? null } : {}),
          })
          .where(and(eq(signingEnvelopes.id, envelope.id), eq(signingEnvelopes.status, "pending")))
          .returning({ id: signingEnvelopes.id });
        if (moved && next === "completed") {
          await setSigningStatus(tx, {
            teamId: envelope.teamId,
            documentId: envelope.documentId,
            status: 3,
            from: [4, 5],
            at: now,
          });
        } else if (moved && next === "rejected") {
          // Back to Completed, as a decline on our own signing page leaves it: the request can then
          // be resent (left Pending, the document could be neither resent nor signed again).
          await setSigningStatus(tx, {
            teamId: envelope.teamId,
            documentId: envelope.documentId,
            status: 5,
            from: [4],
            at: now,
          });
        }
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: envelope.teamId,
          action: next,
          description:
            next === "completed"
              ? "Everyone signed in FuseSign; its signed PDF is stored"
              : event === "BundleError"
                ? "FuseSign reported an error with this signing request"
                : "The signing request was declined in FuseSign",
        });
      }
      return { applied: moves.signed.length > 0 || moves.declined.length > 0 || next !== null };
    });
  };
}
