import type { Database } from "../../../db/client.ts";
import { setSigningStatus } from "../../documents/index.ts";
import type { MailService } from "../../mail/index.ts";
import type { UsersService } from "../../users/index.ts";
import { documentPageLink, queueTurnMails, recipientsWhoseTurnCame, senderMail } from "../notifications.ts";
import type { signingEnvelopes, signingRecipients } from "../schema.ts";
import type { SigningLinkBox } from "../tokens.ts";

type Envelope = typeof signingEnvelopes.$inferSelect;
type Recipient = typeof signingRecipients.$inferSelect;

export type AfterSigningDeps = {
  mail: MailService;
  links: SigningLinkBox;
  publicUrl: string;
};

export type Sender = { name: string; email: string | null };

/**
 * The request's sender, read before the transaction that mails them: the users module reads on
 * its own connection, which an open transaction on an embedded database would wait for forever.
 */
export async function senderOf(
  users: Pick<UsersService, "summaries">,
  senderUserId: number,
): Promise<Sender> {
  const found = (await users.summaries([senderUserId])).get(senderUserId);
  return { name: found?.name ?? "Your adviser", email: found?.email ?? null };
}

/**
 * What follows a signature that did not complete the request, in its transaction: each recipient
 * whose turn has just come (the next group, the last signer, a witness) is emailed their link.
 */
export async function afterSigned(
  tx: Database,
  deps: AfterSigningDeps,
  input: {
    envelope: Envelope;
    everyone: Recipient[];
    signed: Recipient;
    documentName: string;
    firmName: string;
    from: Sender;
  },
) {
  const due = recipientsWhoseTurnCame(input.everyone, input.signed);
  if (due.length === 0) return 0;
  const { from } = input;
  return queueTurnMails(tx, deps, {
    envelope: input.envelope,
    due,
    documentName: input.documentName,
    firmName: input.firmName,
    senderName: from.name,
  });
}

/**
 * What follows a decline, in its transaction: the document leaves Pending (Completed again, so the
 * sender can resend or relaunch it), and the sender is told who declined and why.
 */
export async function afterDeclined(
  tx: Database,
  deps: AfterSigningDeps,
  input: {
    envelope: Envelope;
    declined: Recipient;
    reason: string;
    documentName: string;
    firmName: string;
    at: Date;
    from: Sender;
  },
) {
  await setSigningStatus(tx, {
    teamId: input.envelope.teamId,
    documentId: input.envelope.documentId,
    status: 5,
    from: [4],
    at: input.at,
  });
  const { from } = input;
  if (!from.email) return;
  await deps.mail.enqueue(tx, {
    to: from.email,
    key: `signing-declined:${input.envelope.id}`,
    ...senderMail({
      kind: "declined",
      senderName: from.name,
      firmName: input.firmName,
      documentName: input.documentName,
      declinedBy: input.declined.fullName,
      reason: input.reason,
      link: documentPageLink(deps.publicUrl, input.envelope.documentId),
    }),
  });
}

/** The sender's mail once the sealed PDF is stored (in the seal's transaction, so exactly once). */
export async function afterSealed(
  tx: Database,
  deps: AfterSigningDeps,
  input: { envelope: Envelope; documentName: string; firmName: string; from: Sender },
) {
  const { from } = input;
  if (!from.email) return;
  await deps.mail.enqueue(tx, {
    to: from.email,
    key: `signing-completed:${input.envelope.id}`,
    ...senderMail({
      kind: "completed",
      senderName: from.name,
      firmName: input.firmName,
      documentName: input.documentName,
      link: documentPageLink(deps.publicUrl, input.envelope.documentId),
    }),
  });
}
