import { CANCEL_NOT_ALLOWED, RESEND_NOT_ALLOWED } from "@precedent/contracts";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { endOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { MailService } from "../mail/index.ts";
import { firmName } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import { cancelledMail, signingLink, signingMail } from "./notifications.ts";
import { cancelRefusal, resendRefusal, type SigningDocumentFacts } from "./policy.ts";
import { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
import { createSigningLinkBox, newSigningToken } from "./tokens.ts";

/**
 * The sender's hold on a request once it is out (issue 29 item 4): cancel a pending request with a
 * reason (every link stops: the page says it was cancelled, and why), and resend a declined or
 * cancelled one (a new request to the same people with new links; the old links stay dead).
 * A declined or cancelled request puts the document back to Completed, so it never stays Pending.
 * Every rule is in `policy.ts`; each change holds the document's row lock.
 */
export function createSigningLifecycle(deps: {
  db: Database;
  clock: Clock;
  documents: DocumentsService;
  mail: MailService;
  users: UsersService;
  publicUrl: string;
  secretKey: string;
  /** The provider's side of a cancelled request (FuseSign's bundle is retracted there). */
  retract: (tx: Database, envelope: { id: number; bundleId: string | null }, reason: string) => Promise<void>;
}) {
  const { db, clock, documents, mail, users, publicUrl } = deps;
  const links = createSigningLinkBox(deps.secretKey);

  async function visible(tx: Database, ctx: FirmContext, docId: number) {
    const loaded = await documents.loadForChange(tx, ctx, docId, true);
    if (!loaded) throw notFound(`Doc ID ${docId} was not found.`);
    const facts: SigningDocumentFacts = {
      createdBy: loaded.doc.createdBy,
      status: loaded.doc.status,
      allowSign: loaded.doc.allowSign,
      isShared: loaded.facts.isShared,
    };
    const [envelope] = await tx
      .select()
      .from(signingEnvelopes)
      .where(and(eq(signingEnvelopes.documentId, docId), ne(signingEnvelopes.status, "void")))
      .orderBy(desc(signingEnvelopes.sentAt), desc(signingEnvelopes.id))
      .limit(1)
      .for("update");
    return { doc: loaded.doc, facts, envelope };
  }

  const senderNameOf = async (ctx: FirmContext) =>
    (await users.summaries([ctx.userId])).get(ctx.userId)?.name ?? "Your adviser";

  return {
    /** POST /signing/cancel: the pending request is cancelled with its reason; the document is Completed again. */
    async cancel(ctx: FirmContext, docId: number, reason: string) {
      const senderName = await senderNameOf(ctx);
      const result = await db.transaction(async (tx) => {
        const { doc, facts, envelope } = await visible(tx, ctx, docId);
        const refusal = cancelRefusal(ctx, facts, envelope?.status ?? null);
        if (refusal) throw new AppError(refusal.status, refusal.message);
        if (!envelope) throw new AppError(409, CANCEL_NOT_ALLOWED);
        const now = clock();
        const [cancelled] = await tx
          .update(signingEnvelopes)
          .set({ status: "cancelled", cancelReason: reason.trim(), updatedAt: now })
          .where(and(eq(signingEnvelopes.id, envelope.id), eq(signingEnvelopes.status, "pending")))
          .returning();
        if (!cancelled) throw new AppError(409, CANCEL_NOT_ALLOWED);
        await tx.insert(signingEvents).values({
          envelopeId: envelope.id,
          teamId: ctx.teamId,
          action: "cancelled",
          description: `${senderName} cancelled the signing request`,
          note: reason.trim(),
          at: now,
        });
        await documents.setSigningStatus(tx, ctx, doc, 5);
        await deps.retract(tx, { id: envelope.id, bundleId: envelope.providerBundleId }, reason.trim());
        const recipients = await tx
          .select()
          .from(signingRecipients)
          .where(eq(signingRecipients.envelopeId, envelope.id))
          .orderBy(asc(signingRecipients.id));
        // Everyone still to sign is told, with the reason; those who signed learn nothing new.
        const firm = await firmName(tx, ctx.teamId);
        for (const r of recipients.filter((r) => r.status !== "signed")) {
          await mail.enqueue(tx, {
            to: r.email,
            key: `signing:${envelope.id}:${r.id}:cancelled`,
            ...cancelledMail({
              recipientName: r.fullName,
              senderName,
              firmName: firm,
              documentName: doc.name,
              reason,
            }),
          });
        }
        return { doc_status: 5, bundle_status: "cancelled" as const, recipients: recipients.length };
      });
      mail.sendSoon();
      return result;
    },

    /**
     * POST /signing/resend: the same people, groups, order and message, with new links, as a new
     * request; the due date stays unless it has passed (then it is today). The old links stay dead.
     */
    async resend(ctx: FirmContext, docId: number, ownerConfirmed: boolean) {
      const senderName = await senderNameOf(ctx);
      const result = await db.transaction(async (tx) => {
        const { doc, facts, envelope } = await visible(tx, ctx, docId);
        const refusal = resendRefusal(ctx, facts, envelope?.status ?? null, ownerConfirmed);
        if (refusal) throw new AppError(refusal.status, refusal.message);
        if (envelope?.provider !== "builtin") throw new AppError(409, RESEND_NOT_ALLOWED);
        const now = clock();
        const today = sydneyDay(now);
        // Dates as YYYY-MM-DD compare as text: the later of the old due date and today.
        const dueDate = [envelope.dueDate, today].sort()[1] ?? today;
        const [fresh] = await tx
          .insert(signingEnvelopes)
          .values({
            teamId: envelope.teamId,
            documentId: envelope.documentId,
            senderUserId: ctx.userId,
            provider: "builtin",
            status: "pending",
            smsNotify: envelope.smsNotify,
            isGroup: envelope.isGroup,
            dueDate,
            emailSubject: envelope.emailSubject,
            emailBody: envelope.emailBody,
            originalSha256: envelope.originalSha256,
            fields: envelope.fields,
            sentAt: now,
            updatedAt: now,
          })
          .returning();
        if (!fresh) throw new Error("signing envelope not created");
        const before = await tx
          .select()
          .from(signingRecipients)
          .where(eq(signingRecipients.envelopeId, envelope.id))
          .orderBy(asc(signingRecipients.id));
        // Links last to the end of the due day in Sydney, as when first sent.
        const expiresAt = endOfSydneyDay(dueDate);
        const newIdOf = new Map<number, number>();
        const firm = await firmName(tx, ctx.teamId);
        // Signers before their witnesses, so each witness names the new row of the one they witness.
        const ordered = [...before].sort(
          (a, b) => Number(a.role === "witness") - Number(b.role === "witness"),
        );
        for (const r of ordered) {
          const { token, tokenHash } = newSigningToken();
          const [row] = await tx
            .insert(signingRecipients)
            .values({
              envelopeId: fresh.id,
              teamId: r.teamId,
              role: r.role,
              witnessOfRecipientId:
                r.witnessOfRecipientId === null ? null : (newIdOf.get(r.witnessOfRecipientId) ?? null),
              fullName: r.fullName,
              email: r.email,
              phone: r.phone,
              metaKey: r.metaKey,
              dateKey: r.dateKey,
              groupIndex: r.groupIndex,
              groupName: r.groupName,
              isLastSigner: r.isLastSigner,
              tokenHash,
              tokenSealed: links.seal(token, tokenHash),
              tokenExpiresAt: expiresAt,
              status: "pending",
              createdAt: now,
            })
            .returning({ id: signingRecipients.id });
          if (!row) throw new Error("signing recipient not created");
          newIdOf.set(r.id, row.id);
          await mail.enqueue(tx, {
            to: r.email,
            key: `signing:${fresh.id}:${row.id}:sent`,
            ...signingMail({
              kind: "request",
              recipientName: r.fullName,
              senderName,
              firmName: firm,
              documentName: doc.name,
              subject: fresh.emailSubject,
              body: fresh.emailBody,
              link: signingLink(publicUrl, token),
              dueDate,
            }),
          });
        }
        await tx.insert(signingEvents).values({
          envelopeId: fresh.id,
          teamId: ctx.teamId,
          action: "resent",
          description: `${senderName} resent the signing request to ${before.length} ${before.length === 1 ? "recipient" : "recipients"}`,
          at: now,
        });
        await documents.setSigningStatus(tx, ctx, doc, 4);
        return { doc_status: 4, bundle_status: "pending" as const, recipients: before.length };
      });
      mail.sendSoon();
      return result;
    },

    /** A relaunch resets signing: a declined or cancelled request can no longer be resent. */
    async voidEnded(tx: Database, teamId: number, docId: number, reason: string) {
      const voided = await tx
        .update(signingEnvelopes)
        .set({ status: "void", updatedAt: clock() })
        .where(
          and(
            eq(signingEnvelopes.teamId, teamId),
            eq(signingEnvelopes.documentId, docId),
            inArray(signingEnvelopes.status, ["rejected", "cancelled"]),
          ),
        )
        .returning({ id: signingEnvelopes.id });
      for (const { id } of voided) {
        await tx
          .insert(signingEvents)
          .values({ envelopeId: id, teamId, action: "voided", description: reason, at: clock() });
      }
      return voided.length;
    },
  };
}
export type SigningLifecycle = ReturnType<typeof createSigningLifecycle>;
