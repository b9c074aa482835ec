import { REMINDER_JUST_SENT } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { SIGNING_REMINDER_GUARD_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { firmName } from "../teams/index.ts";
import { noSigningRequest, type SigningRecords } from "./envelope-records.ts";
import { signingLink, signingMail } from "./notifications.ts";
import { reminderRefusal } from "./policy.ts";
import { signingEnvelopes, signingRecipients } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";
import { newSigningToken, type SigningLinkBox } from "./tokens.ts";

// Reminders (interview-signing spec §5): each waiting recipient's own link emailed again. The
// links are re-sent unchanged, which is why the link box (sealed tokens) is handed in.

/**
 * Emails each pending recipient whose group's turn has come (a witness with the signer they
 * witness, as they sign together) their own link again, unchanged; in the caller's transaction,
 * which holds the envelope's row. The mail key ends with `keySuffix`: the same key is queued once.
 * Returns who was emailed.
 */
export async function emailWaitingRecipients(
  tx: Database,
  deps: { links: SigningLinkBox; mail: SigningServiceDeps["mail"]; publicUrl: string },
  reminder: {
    envelope: typeof signingEnvelopes.$inferSelect;
    documentName: string;
    senderName: string;
    firmName: string;
    notes: string;
    keySuffix: string;
  },
) {
  const { links, mail, publicUrl } = deps;
  const { envelope } = reminder;
  const recipients = await tx
    .select()
    .from(signingRecipients)
    .where(eq(signingRecipients.envelopeId, envelope.id))
    .for("update");
  const due = recipients.filter(
    (r) =>
      r.status === "pending" && !recipients.some((o) => o.groupIndex < r.groupIndex && o.status !== "signed"),
  );
  for (const recipient of due) {
    let token = links.open(recipient);
    if (!token) {
      // A link made before links were kept sealed: it cannot be re-sent, so it is replaced.
      const fresh = newSigningToken();
      token = fresh.token;
      await tx
        .update(signingRecipients)
        .set({ tokenHash: fresh.tokenHash, tokenSealed: links.seal(fresh.token, fresh.tokenHash) })
        .where(eq(signingRecipients.id, recipient.id));
    }
    const message = signingMail({
      kind: "reminder",
      recipientName: recipient.fullName,
      senderName: reminder.senderName,
      firmName: reminder.firmName,
      documentName: reminder.documentName,
      subject: envelope.emailSubject,
      body: "",
      notes: reminder.notes,
      link: signingLink(publicUrl, token),
      dueDate: envelope.dueDate,
    });
    await mail.enqueue(tx, {
      to: recipient.email,
      ...message,
      key: `signing:${envelope.id}:${recipient.id}:${reminder.keySuffix}`,
    });
  }
  return due;
}

export function createSigningReminders(
  deps: Pick<SigningServiceDeps, "db" | "clock" | "mail" | "users" | "publicUrl">,
  records: Pick<SigningRecords, "visible" | "latestEnvelope" | "recordEvent">,
  links: SigningLinkBox,
) {
  const { db, clock, mail, users, publicUrl } = deps;
  const { visible, latestEnvelope, recordEvent } = records;

  return {
    /**
     * POST /signing/reminder: emails each pending recipient whose group's turn has come (a witness
     * with the signer they witness, as they sign together) their own link again, unchanged. A second
     * reminder within SIGNING_REMINDER_GUARD_MS (a double click, two tabs) is refused: the
     * document's row lock orders them, so the second sees the first's time.
     */
    async remind(ctx: FirmContext, docId: number, notes: string) {
      const senderName = (await users.summaries([ctx.userId])).get(ctx.userId)?.name ?? "Your adviser";
      const reminded = await db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        const refusal = reminderRefusal(ctx, facts);
        if (refusal) throw new AppError(refusal.status, refusal.message);
        // The envelope's row before its recipients' (below), as a signer's actions and the automatic
        // reminders take them.
        const envelope = await latestEnvelope(tx, docId, true);
        if (envelope?.status !== "pending") throw noSigningRequest();
        const now = clock();
        if (
          envelope.lastReminderAt &&
          now.getTime() - envelope.lastReminderAt.getTime() < SIGNING_REMINDER_GUARD_MS
        ) {
          throw new AppError(409, REMINDER_JUST_SENT);
        }
        const due = await emailWaitingRecipients(
          tx,
          { links, mail, publicUrl },
          {
            envelope,
            documentName: doc.name,
            senderName,
            firmName: await firmName(tx, ctx.teamId),
            notes,
            keySuffix: `reminder:${now.getTime()}`,
          },
        );
        await tx
          .update(signingEnvelopes)
          .set({ lastReminderAt: now, updatedAt: now })
          .where(eq(signingEnvelopes.id, envelope.id));
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: ctx.teamId,
          action: "reminded",
          description: `${senderName} sent a reminder to ${due.length} ${due.length === 1 ? "recipient" : "recipients"}`,
          ...(notes.trim() ? { note: notes.trim() } : {}),
        });
        return due.length;
      });
      mail.sendSoon();
      return reminded;
    },
  };
}
