import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { SigningPage, SigningSignRequest } from "@precedent/contracts";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import {
  SIGNING_SMS_CODE_VALID_MS,
  SIGNING_SMS_MAX_ATTEMPTS,
  SIGNING_SMS_RESEND_AFTER_MS,
} from "../../../constants.ts";
import type { Database } from "../../../db/client.ts";
import { AppError, badRequest, notFound } from "../../../errors.ts";
import { exponentialBackoff, type JobQueue } from "../../../platform/jobs/queue.ts";
import type { Clock } from "../../../platform/kernel/index.ts";
import { documentNameById, setSigningStatus } from "../../documents/index.ts";
import type { FileStore } from "../../files/index.ts";
import type { MailService } from "../../mail/index.ts";
import { type SmsSender, smsNotSentRefusal } from "../../sms/index.ts";
import { firmName } from "../../teams/index.ts";
import type { UsersService } from "../../users/index.ts";
import type { AuditCertificate } from "../audit-certificate.ts";
import { type StoredSignature, signingEnvelopes, signingEvents, signingRecipients } from "../schema.ts";
import { createSigningLinkBox, hashSigningToken } from "../tokens.ts";
import { afterDeclined, afterSealed, afterSigned, senderOf } from "./after-signing.ts";
import { notYourTurnMessage, SIGNING_STATE_MESSAGES, signingPageState } from "./policy.ts";
import type { PdfSealer } from "./sealer.ts";

/** Who is asking: recorded with every event and on the signature (the certificate prints them). */
export type RequestMeta = { ip: string; userAgent: string };

type Envelope = typeof signingEnvelopes.$inferSelect;
type Recipient = typeof signingRecipients.$inferSelect;

export const SIGNING_LINK_MESSAGES = {
  unknown: "This signing link is not valid. Please use the latest link the sender emailed you.",
  downloadOnly: "This link is for downloading the signed document only.",
  notSigned: "The signed document is not ready yet.",
  consentFirst: "Please agree to sign electronically before you sign.",
  smsOff: "This signing request does not use SMS codes.",
  smsFirst: "Please enter the code we sent to your phone before you sign.",
  smsLocked: "Too many wrong codes. Please ask the sender to send the document again.",
  smsExpired: "The code has expired. Please ask for a new one.",
  smsWait: "A code was sent less than a minute ago. Please wait before asking again.",
  witnessStatement: "Please state whether you saw the signing in person or by audio-visual link.",
  notPng: "The drawn signature must be a PNG image.",
} as const;

const smsCodeHash = (recipientId: number, code: string) =>
  createHash("sha256").update(`${recipientId}:${code}`, "utf8").digest("hex");

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

/**
 * The signer's side of a signing request (issue 15 §3, §6): the private link's page, consent, SMS
 * codes, signing, declining, and completion exactly once, sealed by a job.
 *
 * A recipient holds two kinds of link. The signing link (emailed by the sender) carries a random
 * token stored only as its hash. The signed-PDF link (emailed at completion) is
 * `<recipient id>.<HMAC of the token hash>`: derived, so nothing more is stored, and it can only
 * read the page and download the sealed PDF, never sign.
 */
export function createSigningCeremony(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  files: FileStore;
  mail: MailService;
  sms: SmsSender;
  /** How long a texted code lasts: SIGNING_SMS_CODE_VALID_MS unless configured (SMS_CODE_VALID_MS). */
  smsCodeValidMs?: number;
  /** signing-seal's sealer; the wiring may also hand it over later with `useSealer`. */
  sealer?: PdfSealer;
  secretKey: string;
  /** The configured public origin (PUBLIC_URL): the "Signed" emails' links are built on it. */
  publicUrl: string;
  /** Names and addresses of senders, for their completion and decline emails. */
  users: Pick<UsersService, "summaries">;
}) {
  const { db, clock, jobs, files, mail, sms } = deps;
  const smsCodeValidMs = deps.smsCodeValidMs ?? SIGNING_SMS_CODE_VALID_MS;
  const after = { mail, links: createSigningLinkBox(deps.secretKey), publicUrl: deps.publicUrl };
  /** The sender of the request a link belongs to, read before the transaction that may mail them. */
  const senderOfLink = async (token: string) =>
    senderOf(deps.users, (await resolve(db, token)).envelope.senderUserId);
  let sealer = deps.sealer;

  const downloadMac = (recipient: { id: number; tokenHash: string }) =>
    createHmac("sha256", deps.secretKey)
      .update(`signed-pdf:${recipient.id}:${recipient.tokenHash}`)
      .digest("base64url");
  const downloadToken = (recipient: { id: number; tokenHash: string }) =>
    `${recipient.id}.${downloadMac(recipient)}`;

  // Without a sealer the job fails and is retried: a completed request is never marked sealed unsealed.
  const sealerOrFail = () => {
    if (!sealer) throw new Error("no PDF sealer is wired");
    return sealer;
  };

  type Resolved = { envelope: Envelope; recipient: Recipient; canSign: boolean };

  /** The recipient a link belongs to, or a 404 that says nothing about any envelope. */
  async function resolve(tx: Database, token: string, lock = false): Promise<Resolved> {
    const download = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    const recipientQuery = tx
      .select()
      .from(signingRecipients)
      .where(
        download
          ? eq(signingRecipients.id, Number(download[1]))
          : eq(signingRecipients.tokenHash, hashSigningToken(token)),
      );
    const [recipient] = await recipientQuery;
    if (!recipient) throw notFound(SIGNING_LINK_MESSAGES.unknown);
    if (download) {
      const expected = Buffer.from(downloadMac(recipient));
      const given = Buffer.from(download[2] ?? "");
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw notFound(SIGNING_LINK_MESSAGES.unknown);
      }
    }
    // Signers of one envelope are serialised on its row: the order checks and the completion
    // below see every signature committed before them (two last signers cannot both miss each other).
    const envelopeQuery = tx
      .select()
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.id, recipient.envelopeId));
    const [envelope] = lock ? await envelopeQuery.for("update") : await envelopeQuery;
    if (!envelope) throw notFound(SIGNING_LINK_MESSAGES.unknown);
    return { envelope, recipient, canSign: !download };
  }

  async function recipientsOf(tx: Database, envelopeId: number) {
    return tx
      .select()
      .from(signingRecipients)
      .where(eq(signingRecipients.envelopeId, envelopeId))
      .orderBy(asc(signingRecipients.groupIndex), asc(signingRecipients.id));
  }

  async function stateOf(tx: Database, { envelope, recipient }: Resolved) {
    const everyone = await recipientsOf(tx, envelope.id);
    const state = signingPageState({
      envelopeStatus: envelope.status,
      recipient,
      others: everyone.filter((other) => other.id !== recipient.id),
      expired: clock().getTime() > recipient.tokenExpiresAt.getTime(),
    });
    return { state, everyone };
  }

  async function page(tx: Database, resolved: Resolved): Promise<SigningPage> {
    const { envelope, recipient, canSign } = resolved;
    const { state, everyone } = await stateOf(tx, resolved);
    const docName = await documentNameById(tx, envelope.teamId, envelope.documentId);
    const firm = await firmName(tx, envelope.teamId);
    const witnessOf = everyone.find((other) => other.id === recipient.witnessOfRecipientId);
    return {
      document_name: docName ?? "",
      firm_name: firm,
      recipient: { full_name: recipient.fullName, role: recipient.role, group_name: recipient.groupName },
      witness_of: witnessOf?.fullName ?? null,
      state,
      cancel_reason: state === "cancelled" ? envelope.cancelReason : null,
      turn_message: state === "not-your-turn" ? notYourTurnMessage(recipient, everyone) : null,
      due_date: envelope.dueDate,
      consented: recipient.consentedAt !== null,
      sms_required: envelope.smsNotify && recipient.phone !== null,
      sms_verified: recipient.smsVerifiedAt !== null,
      sms_phone_last_digits: recipient.phone ? recipient.phone.slice(-4) : null,
      sms_attempts_left: Math.max(0, SIGNING_SMS_MAX_ATTEMPTS - recipient.smsAttempts),
      signed_pdf_ready: envelope.status === "completed" && envelope.signedSha256 !== null,
      can_sign: canSign,
    };
  }

  async function record(
    tx: Database,
    envelope: Envelope,
    recipient: Recipient | null,
    action: string,
    description: string,
    meta: RequestMeta | null,
    note: string | null = null,
  ) {
    await tx.insert(signingEvents).values({
      envelopeId: envelope.id,
      teamId: envelope.teamId,
      recipientId: recipient?.id ?? null,
      action,
      description,
      note,
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
      at: clock(),
    });
  }

  /** Refuses anything but a signing link whose recipient may act now; returns what it resolved. */
  async function actionable(tx: Database, token: string) {
    const resolved = await resolve(tx, token, true);
    if (!resolved.canSign) throw new AppError(403, SIGNING_LINK_MESSAGES.downloadOnly);
    const { state, everyone } = await stateOf(tx, resolved);
    if (state === "not-your-turn") throw new AppError(409, notYourTurnMessage(resolved.recipient, everyone));
    if (state !== "ready") throw new AppError(409, SIGNING_STATE_MESSAGES[state]);
    return { ...resolved, everyone };
  }

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
    /** GET /api/sign/:token: the page; the first view of a live link is recorded once. */
    async view(token: string, meta: RequestMeta) {
      return db.transaction(async (tx) => {
        const resolved = await resolve(tx, token);
        const { state } = await stateOf(tx, resolved);
        if (
          resolved.canSign &&
          resolved.recipient.viewedAt === null &&
          // Viewed only when the document itself was shown: not for "not your turn" or "waiting".
          state === "ready"
        ) {
          const [first] = await tx
            .update(signingRecipients)
            .set({ viewedAt: clock() })
            .where(and(eq(signingRecipients.id, resolved.recipient.id), isNull(signingRecipients.viewedAt)))
            .returning();
          if (first) {
            resolved.recipient = first;
            await record(
              tx,
              resolved.envelope,
              first,
              "viewed",
              `${first.fullName} opened the document`,
              meta,
            );
          }
        }
        return page(tx, resolved);
      });
    },

    /** GET /api/sign/:token/pdf: the original, while the request is live or for a party afterwards. */
    async originalPdf(token: string) {
      const resolved = await resolve(db, token);
      const { state } = await stateOf(db, resolved);
      if (state === "void" || state === "expired") throw new AppError(409, SIGNING_STATE_MESSAGES[state]);
      const file = await files.get(resolved.envelope.originalSha256);
      if (!file) throw notFound("The document is not available.");
      return { bytes: file.bytes, name: `${fileBaseName(await documentName(resolved.envelope))}.pdf` };
    },

    /** GET /api/sign/:token/signed.pdf: the sealed PDF, once completed and sealed. */
    async signedPdf(token: string) {
      const { envelope } = await resolve(db, token);
      if (envelope.status !== "completed" || envelope.signedSha256 === null) {
        throw new AppError(409, SIGNING_LINK_MESSAGES.notSigned);
      }
      const file = await files.get(envelope.signedSha256);
      if (!file) throw notFound(SIGNING_LINK_MESSAGES.notSigned);
      return { bytes: file.bytes, name: `${fileBaseName(await documentName(envelope))} (signed).pdf` };
    },

    /** POST /api/sign/:token/consent: consent to sign electronically (ETA 1999 (Cth) s10). */
    async consent(token: string, meta: RequestMeta) {
      return db.transaction(async (tx) => {
        const resolved = await actionable(tx, token);
        const [updated] = await tx
          .update(signingRecipients)
          .set({ consentedAt: clock() })
          .where(and(eq(signingRecipients.id, resolved.recipient.id), isNull(signingRecipients.consentedAt)))
          .returning();
        if (updated) {
          resolved.recipient = updated;
          await record(
            tx,
            resolved.envelope,
            updated,
            "consented",
            `${updated.fullName} agreed to sign electronically`,
            meta,
          );
        }
        return page(tx, resolved);
      });
    },

    /** POST /api/sign/:token/sms-code: texts a new 6-digit code (wrong guesses are not reset). */
    async sendSmsCode(token: string, meta: RequestMeta) {
      const { resolved, code, phone, codeHash } = await db.transaction(async (tx) => {
        const resolved = await actionable(tx, token);
        const { envelope, recipient } = resolved;
        if (!envelope.smsNotify || !recipient.phone) throw badRequest(SIGNING_LINK_MESSAGES.smsOff);
        if (recipient.smsAttempts >= SIGNING_SMS_MAX_ATTEMPTS)
          throw new AppError(423, SIGNING_LINK_MESSAGES.smsLocked);
        const now = clock();
        // The wait between codes holds only while the last one still works: an expired code may
        // always be replaced (else a short-lived code would leave the signer waiting).
        const live = recipient.smsCodeHash !== null ? recipient.smsCodeExpiresAt : null;
        const sentAt = live && live > now ? live.getTime() - smsCodeValidMs : Number.NEGATIVE_INFINITY;
        const wait = sentAt + SIGNING_SMS_RESEND_AFTER_MS - now.getTime();
        if (wait > 0) {
          throw new AppError(429, SIGNING_LINK_MESSAGES.smsWait, {
            retry_after_seconds: Math.ceil(wait / 1000),
          });
        }
        const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
        const codeHash = smsCodeHash(recipient.id, code);
        const [updated] = await tx
          .update(signingRecipients)
          .set({ smsCodeHash: codeHash, smsCodeExpiresAt: new Date(now.getTime() + smsCodeValidMs) })
          .where(eq(signingRecipients.id, recipient.id))
          .returning();
        resolved.recipient = updated ?? recipient;
        await record(
          tx,
          envelope,
          recipient,
          "sms-sent",
          `A signing code was texted to ${recipient.fullName}`,
          meta,
        );
        return { resolved, code, phone: recipient.phone, codeHash };
      });
      const minutes = Math.max(1, Math.round(smsCodeValidMs / 60_000));
      // Sent after the commit: a code the database does not hold must never reach a phone.
      try {
        await sms.send({
          to: phone,
          body: `${code} is your code to sign "${await documentName(resolved.envelope)}". It expires in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
          teamId: resolved.envelope.teamId,
          documentId: resolved.envelope.documentId,
        });
      } catch (error) {
        // Not sent: the code is withdrawn (if it is still the latest), so asking again is not
        // held up by the wait between codes, and the signer is told why in words they can act on.
        await db
          .update(signingRecipients)
          .set({ smsCodeHash: null, smsCodeExpiresAt: null })
          .where(
            and(eq(signingRecipients.id, resolved.recipient.id), eq(signingRecipients.smsCodeHash, codeHash)),
          );
        throw smsNotSentRefusal(error, phone);
      }
      return page(db, resolved);
    },

    /** POST /api/sign/:token/sms-code/verify: checks a code; the fifth wrong one ends it. */
    async verifySmsCode(token: string, code: string, meta: RequestMeta) {
      const outcome = await db.transaction(async (tx) => {
        const resolved = await actionable(tx, token);
        const { recipient } = resolved;
        if (!resolved.envelope.smsNotify || !recipient.phone) throw badRequest(SIGNING_LINK_MESSAGES.smsOff);
        if (recipient.smsAttempts >= SIGNING_SMS_MAX_ATTEMPTS)
          throw new AppError(423, SIGNING_LINK_MESSAGES.smsLocked);
        if (recipient.smsVerifiedAt) return { resolved, wrong: false };
        if (!recipient.smsCodeHash || !recipient.smsCodeExpiresAt || recipient.smsCodeExpiresAt < clock()) {
          throw new AppError(410, SIGNING_LINK_MESSAGES.smsExpired);
        }
        const given = Buffer.from(smsCodeHash(recipient.id, code));
        if (timingSafeEqual(given, Buffer.from(recipient.smsCodeHash))) {
          const [verified] = await tx
            .update(signingRecipients)
            .set({ smsVerifiedAt: clock(), smsCodeHash: null })
            .where(
              and(
                eq(signingRecipients.id, recipient.id),
                lt(signingRecipients.smsAttempts, SIGNING_SMS_MAX_ATTEMPTS),
              ),
            )
            .returning();
          if (!verified) throw new AppError(423, SIGNING_LINK_MESSAGES.smsLocked);
          resolved.recipient = verified;
          await record(
            tx,
            resolved.envelope,
            verified,
            "sms-verified",
            `${verified.fullName} entered the texted code`,
            meta,
          );
          return { resolved, wrong: false };
        }
        // A wrong guess counts even if it fails the request: committed, then refused below.
        const [counted] = await tx
          .update(signingRecipients)
          .set({ smsAttempts: sql`${signingRecipients.smsAttempts} + 1` })
          .where(
            and(
              eq(signingRecipients.id, recipient.id),
              lt(signingRecipients.smsAttempts, SIGNING_SMS_MAX_ATTEMPTS),
            ),
          )
          .returning();
        if (counted && counted.smsAttempts >= SIGNING_SMS_MAX_ATTEMPTS) {
          await tx
            .update(signingRecipients)
            .set({ smsCodeHash: null })
            .where(eq(signingRecipients.id, recipient.id));
        }
        return {
          resolved,
          wrong: true,
          left: SIGNING_SMS_MAX_ATTEMPTS - (counted?.smsAttempts ?? SIGNING_SMS_MAX_ATTEMPTS),
        };
      });
      if (outcome.wrong) {
        const left = outcome.left ?? 0;
        if (left <= 0) throw new AppError(423, SIGNING_LINK_MESSAGES.smsLocked);
        throw badRequest(`The code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`);
      }
      return page(db, outcome.resolved);
    },

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

    /** The signed-PDF link of a recipient (emailed at completion; tests read it). */
    downloadToken,

    /** Hands over the sealer (signing-seal's, or a test double in tests). */
    useSealer(next: PdfSealer) {
      sealer = next;
    },
  };

  async function documentName(envelope: Envelope) {
    return (await documentNameById(db, envelope.teamId, envelope.documentId)) ?? "your document";
  }
}

export type SigningCeremony = ReturnType<typeof createSigningCeremony>;

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

/** A document's name as a file name: characters no file system takes become spaces. */
export const fileBaseName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "Document";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
