import type { SigningSignRequest } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { AppError, badRequest } from "../../../errors.ts";
import type { JobKind } from "../../../platform/jobs/queue.ts";
import { documentNameById, lockDocumentForSigning } from "../../documents/index.ts";
import { firmName } from "../../teams/index.ts";
import { type StoredSignature, signingEnvelopes, signingRecipients } from "../schema.ts";
import { afterDeclined, afterSigned } from "./after-signing.ts";
import type { AfterSigningMail, SigningCeremonyDeps } from "./ceremony-deps.ts";
import { type RequestMeta, SIGNING_LINK_MESSAGES } from "./link-messages.ts";
import { SIGNING_STATE_MESSAGES } from "./policy.ts";
import type { SigningLinks } from "./signing-links.ts";

// Signing and declining (issue 15 §3): the two acts that move a request. The last signature
// completes it exactly once and queues the seal; a decline ends it for everyone.

/** Is this a real PNG (signature, an IHDR with a size, an IEND at the end), not just a label? */
export function isPngDataUrl(dataUrl: string): boolean {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = Buffer.from(base64, "base64");
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 57 || !bytes.subarray(0, 8).equals(magic)) return false;
  if (bytes.toString("latin1", 12, 16) !== "IHDR") return false;
  if (bytes.readUInt32BE(16) === 0 || bytes.readUInt32BE(20) === 0) return false;
  return bytes.toString("latin1", bytes.length - 8, bytes.length - 4) === "IEND";
}

export function createSignAndDecline(
  deps: Pick<SigningCeremonyDeps, "db" | "clock" | "jobs" | "mail">,
  links: Pick<SigningLinks, "senderOfLink" | "resolve" | "stateOf" | "page" | "record" | "actionable">,
  after: AfterSigningMail,
  seal: Pick<JobKind<{ envelopeId: number }>, "enqueue">,
) {
  const { db, clock, jobs, mail } = deps;
  const { senderOfLink, resolve, stateOf, page, record, actionable } = links;

  return {
    /** POST /api/sign/:token/sign: signs or witnesses; the last signature completes the envelope once. */
    async sign(token: string, body: SigningSignRequest, meta: RequestMeta) {
      if (body.signature.kind === "drawn" && !isPngDataUrl(body.signature.png_data_url)) {
        throw badRequest(SIGNING_LINK_MESSAGES.notPng, [
          { field: "signature.png_data_url", message: SIGNING_LINK_MESSAGES.notPng },
        ]);
      }
      const from = await senderOfLink(token);
      const result = await db.transaction(async (tx) => {
        const resolved = await actionable(tx, token);
        const { envelope, recipient, everyone } = resolved;
        if (recipient.consentedAt === null) throw new AppError(409, SIGNING_LINK_MESSAGES.consentFirst);
        const smsNeeded = envelope.smsNotify && recipient.phone !== null;
        if (smsNeeded && recipient.smsVerifiedAt === null)
          throw new AppError(409, SIGNING_LINK_MESSAGES.smsFirst);
        if (recipient.role === "witness" && !body.witnessed_by) {
          throw badRequest(SIGNING_LINK_MESSAGES.witnessStatement, [
            { field: "witnessed_by", message: SIGNING_LINK_MESSAGES.witnessStatement },
          ]);
        }
        const signature: StoredSignature =
          body.signature.kind === "drawn"
            ? { kind: "drawn", pngDataUrl: body.signature.png_data_url }
            : { kind: "typed", text: body.signature.text, font: body.signature.font };
        const [signed] = await tx
          .update(signingRecipients)
          .set({
            status: "signed",
            signedAt: clock(),
            signature,
            witnessedBy: recipient.role === "witness" ? (body.witnessed_by ?? null) : null,
            // Only a witness's address is kept: a signer's is the document's own business.
            address: recipient.role === "witness" && body.address ? body.address : null,
            authMethod: smsNeeded ? "email-link+sms" : "email-link",
            signedIp: meta.ip,
            signedUserAgent: meta.userAgent,
          })
          .where(and(eq(signingRecipients.id, recipient.id), eq(signingRecipients.status, "pending")))
          .returning();
        if (!signed) throw new AppError(409, SIGNING_STATE_MESSAGES.signed);
        const witnessed = everyone.find((other) => other.id === recipient.witnessOfRecipientId);
        await record(
          tx,
          envelope,
          signed,
          recipient.role === "witness" ? "witnessed" : "signed",
          recipient.role === "witness"
            ? `${signed.fullName} witnessed ${witnessed?.fullName ?? "the signing"} (${body.witnessed_by === "in-person" ? "in person" : "by audio-visual link"})`
            : `${signed.fullName} signed`,
          meta,
        );
        const stillPending = everyone.some((other) => other.id !== recipient.id && other.status !== "signed");
        let completed = false;
        if (!stillPending) {
          const [done] = await tx
            .update(signingEnvelopes)
            .set({ status: "completed", completedAt: clock(), updatedAt: clock() })
            .where(and(eq(signingEnvelopes.id, envelope.id), eq(signingEnvelopes.status, "pending")))
            .returning();
          if (done) {
            completed = true;
            resolved.envelope = done;
            await record(tx, done, null, "completed", "Everyone signed", meta);
            await seal.enqueue({ envelopeId: done.id }, { tx, key: `signing-seal:${done.id}` });
          }
        }
        if (!completed) {
          await afterSigned(tx, after, {
            envelope,
            everyone: everyone.map((other) => (other.id === signed.id ? signed : other)),
            signed,
            documentName:
              (await documentNameById(tx, envelope.teamId, envelope.documentId)) ?? "your document",
            firmName: await firmName(tx, envelope.teamId),
            from,
          });
        }
        resolved.recipient = signed;
        return { resolved, completed };
      });
      if (result.completed) jobs.wake();
      else mail.sendSoon();
      return page(db, result.resolved);
    },

    /** POST /api/sign/:token/decline: ends the request for everyone, with the reason. */
    async decline(token: string, reason: string, meta: RequestMeta) {
      const from = await senderOfLink(token);
      const answer = await db.transaction(async (tx) => {
        // A decline moves the document too, so its row is locked before the envelope's, in the
        // order cancel and resend take: the link is read once unlocked for the document's id.
        await lockDocumentForSigning(tx, (await resolve(tx, token)).envelope);
        const resolved = await resolve(tx, token, true);
        if (!resolved.canSign) throw new AppError(403, SIGNING_LINK_MESSAGES.downloadOnly);
        const { state } = await stateOf(tx, resolved);
        // Anyone may decline while the request is live, before or after their turn comes.
        if (state !== "ready" && state !== "not-your-turn" && state !== "waiting-for-signer") {
          throw new AppError(409, SIGNING_STATE_MESSAGES[state]);
        }
        const [declined] = await tx
          .update(signingRecipients)
          .set({ status: "declined", declinedAt: clock(), declineReason: reason })
          .where(
            and(eq(signingRecipients.id, resolved.recipient.id), eq(signingRecipients.status, "pending")),
          )
          .returning();
        const [rejected] = await tx
          .update(signingEnvelopes)
          .set({ status: "rejected", updatedAt: clock() })
          .where(and(eq(signingEnvelopes.id, resolved.envelope.id), eq(signingEnvelopes.status, "pending")))
          .returning();
        if (!declined || !rejected) throw new AppError(409, SIGNING_STATE_MESSAGES.rejected);
        await record(
          tx,
          rejected,
          declined,
          "declined",
          `${declined.fullName} declined to sign`,
          meta,
          reason,
        );
        await afterDeclined(tx, after, {
          envelope: rejected,
          declined,
          reason,
          documentName: (await documentNameById(tx, rejected.teamId, rejected.documentId)) ?? "your document",
          firmName: await firmName(tx, rejected.teamId),
          at: clock(),
          from,
        });
        return page(tx, { ...resolved, envelope: rejected, recipient: declined });
      });
      mail.sendSoon();
      return answer;
    },
  };
}
