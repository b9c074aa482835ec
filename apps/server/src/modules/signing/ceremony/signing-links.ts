import { createHmac, timingSafeEqual } from "node:crypto";
import type { SigningPage } from "@precedent/contracts";
import { asc, eq } from "drizzle-orm";
import { SIGNING_SMS_MAX_ATTEMPTS } from "../../../constants.ts";
import type { Database } from "../../../db/client.ts";
import { AppError, notFound } from "../../../errors.ts";
import { documentNameById } from "../../documents/index.ts";
import { firmName } from "../../teams/index.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "../schema.ts";
import { hashSigningToken } from "../tokens.ts";
import { senderOf } from "./after-signing.ts";
import type { SigningCeremonyDeps } from "./ceremony-deps.ts";
import { type RequestMeta, SIGNING_LINK_MESSAGES } from "./link-messages.ts";
import { notYourTurnMessage, SIGNING_STATE_MESSAGES, signingPageState } from "./policy.ts";

// What every action on a link stands on: the recipient and request a link resolves to (a signing
// link or a derived signed-PDF link), the state the page is in, the page itself, and the request's
// history with who asked. Each action (page-actions, sms-codes, sign-and-decline) starts here.
//
// A recipient holds two kinds of link. The signing link (emailed by the sender) carries a random
// token stored only as its hash. The signed-PDF link (emailed at completion) is
// `<recipient id>.<HMAC of the token hash>`: derived, so nothing more is stored, and it can only
// read the page and download the sealed PDF, never sign.

export type Envelope = typeof signingEnvelopes.$inferSelect;
export type Recipient = typeof signingRecipients.$inferSelect;
export type Resolved = { envelope: Envelope; recipient: Recipient; canSign: boolean };
export type SigningLinks = ReturnType<typeof createSigningLinks>;

export function createSigningLinks(deps: Pick<SigningCeremonyDeps, "db" | "clock" | "secretKey" | "users">) {
  const { db, clock } = deps;
  /** The sender of the request a link belongs to, read before the transaction that may mail them. */
  const senderOfLink = async (token: string) =>
    senderOf(deps.users, (await resolve(db, token)).envelope.senderUserId);

  const downloadMac = (recipient: { id: number; tokenHash: string }) =>
    createHmac("sha256", deps.secretKey)
      .update(`signed-pdf:${recipient.id}:${recipient.tokenHash}`)
      .digest("base64url");
  const downloadToken = (recipient: { id: number; tokenHash: string }) =>
    `${recipient.id}.${downloadMac(recipient)}`;

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

  async function documentName(envelope: Envelope) {
    return (await documentNameById(db, envelope.teamId, envelope.documentId)) ?? "your document";
  }

  return {
    senderOfLink,
    downloadToken,
    resolve,
    recipientsOf,
    stateOf,
    page,
    record,
    actionable,
    documentName,
  };
}
