import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import {
  SIGNING_SMS_CODE_VALID_MS,
  SIGNING_SMS_MAX_ATTEMPTS,
  SIGNING_SMS_RESEND_AFTER_MS,
} from "../../../constants.ts";
import { AppError, badRequest } from "../../../errors.ts";
import { smsNotSentRefusal } from "../../sms/index.ts";
import { signingRecipients } from "../schema.ts";
import type { SigningCeremonyDeps } from "./ceremony-deps.ts";
import { type RequestMeta, SIGNING_LINK_MESSAGES } from "./link-messages.ts";
import type { SigningLinks } from "./signing-links.ts";

// SMS codes (issue 15 §6): texting a code (sent after the commit, withdrawn if it fails) and
// checking it, with the wait between codes and the limit on wrong guesses.

const smsCodeHash = (recipientId: number, code: string) =>
  createHash("sha256").update(`${recipientId}:${code}`, "utf8").digest("hex");

export function createSmsCodes(
  deps: Pick<SigningCeremonyDeps, "db" | "clock" | "sms" | "smsCodeValidMs">,
  links: Pick<SigningLinks, "page" | "record" | "actionable" | "documentName">,
) {
  const { db, clock, sms } = deps;
  const smsCodeValidMs = deps.smsCodeValidMs ?? SIGNING_SMS_CODE_VALID_MS;
  const { page, record, actionable, documentName } = links;

  return {
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
  };
}
