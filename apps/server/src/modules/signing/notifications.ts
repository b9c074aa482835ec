import type { Database } from "../../db/client.ts";
import type { MailService } from "../mail/index.ts";
import { signingPageState } from "./ceremony/policy.ts";
import type { signingEnvelopes, signingRecipients } from "./schema.ts";
import type { SigningLinkBox } from "./tokens.ts";

type Envelope = typeof signingEnvelopes.$inferSelect;
type Recipient = typeof signingRecipients.$inferSelect;

/**
 * The signing emails (issue 29 item 4): the request and its reminders, "your turn" when a group
 * finishes or a witness's signer has signed, and the sender's news of completion and decline.
 * Every link is built on the configured public origin (PUBLIC_URL), never on a request's Host.
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** One paragraph of the HTML body: escaped first, then the sender's own line breaks kept. */
const paragraph = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;

/** A plain mail and its HTML twin, headed and signed with the firm's name (the branding people know). */
export function brandedMail(input: { subject: string; firmName: string; lines: string[]; link?: string }) {
  const firm = input.firmName.trim();
  const text = [...input.lines, ...(firm ? [firm] : [])].join("\n\n");
  const html = [
    ...(firm
      ? [
          `<div style="font:600 18px sans-serif;color:#1f3a5f;border-bottom:2px solid #1f3a5f;padding-bottom:6px;margin-bottom:16px">${escapeHtml(firm)}</div>`,
        ]
      : []),
    ...input.lines.map((line) =>
      line === input.link ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : paragraph(line),
    ),
    ...(firm ? [`<p style="color:#555">${escapeHtml(firm)}</p>`] : []),
  ].join("\n");
  return { subject: input.subject, text, html };
}

export type SigningMailKind = "request" | "reminder" | "turn";

/** The mail carrying a recipient's private link: the request, a reminder, or "your turn". */
export function signingMail(input: {
  kind: SigningMailKind;
  recipientName: string;
  senderName: string;
  firmName: string;
  documentName: string;
  subject: string;
  body: string;
  link: string;
  dueDate: string;
  notes?: string;
}) {
  const due = input.dueDate.split("-").reverse().join("/");
  const intro = {
    request: `${input.senderName} asks you to sign "${input.documentName}".`,
    reminder: `This is a reminder from ${input.senderName}: "${input.documentName}" is waiting for your signature.`,
    turn: `It is now your turn to sign "${input.documentName}": everyone before you has signed.`,
  }[input.kind];
  const lines = [
    `Dear ${input.recipientName},`,
    intro,
    ...(input.body.trim() ? [input.body.trim()] : []),
    ...(input.notes?.trim() ? [`Note: ${input.notes.trim()}`] : []),
    `Open your private signing link (it works until the end of ${due}, Sydney time):`,
    input.link,
    ...(input.kind === "request" ? [] : ["This is the same link you were sent before."]),
  ];
  const subject = {
    request: input.subject,
    reminder: `Reminder: ${input.subject}`,
    turn: `Your turn to sign: ${input.documentName}`,
  }[input.kind];
  return brandedMail({ subject, firmName: input.firmName, lines, link: input.link });
}

export const signingLink = (publicUrl: string, token: string) =>
  new URL(`/sign/${token}`, publicUrl).toString();

/** Where the sender sees the document: the document list opened on it. */
export const documentPageLink = (publicUrl: string, documentId: number) =>
  new URL(`/my-account/my-document?docId=${documentId}`, publicUrl).toString();

/**
 * The recipients whose turn has just come because `signed` signed: not ready before, ready after
 * (the next group once a group finishes, the last signer, a witness once their signer has signed).
 */
export function recipientsWhoseTurnCame(everyone: Recipient[], signed: Recipient): Recipient[] {
  const standing = (r: Recipient, signedNow: boolean) => ({
    id: r.id,
    role: r.role,
    groupIndex: r.groupIndex,
    witnessOfRecipientId: r.witnessOfRecipientId,
    status: r.id === signed.id ? (signedNow ? ("signed" as const) : ("pending" as const)) : r.status,
  });
  const stateOf = (r: Recipient, signedNow: boolean) =>
    signingPageState({
      envelopeStatus: "pending",
      recipient: standing(r, signedNow),
      others: everyone.filter((o) => o.id !== r.id).map((o) => standing(o, signedNow)),
      expired: false,
    });
  return everyone.filter(
    (r) =>
      r.id !== signed.id &&
      r.status === "pending" &&
      stateOf(r, false) !== "ready" &&
      stateOf(r, true) === "ready",
  );
}

/** Queues "your turn" mails, each with the recipient's own (unchanged) link. */
export async function queueTurnMails(
  tx: Database,
  deps: { mail: MailService; links: SigningLinkBox; publicUrl: string },
  input: {
    envelope: Envelope;
    due: Recipient[];
    documentName: string;
    firmName: string;
    senderName: string;
  },
) {
  let queued = 0;
  for (const recipient of input.due) {
    const token = deps.links.open(recipient);
    // A link made before links were kept cannot be re-sent; the sender's reminder issues one.
    if (!token) continue;
    await deps.mail.enqueue(tx, {
      to: recipient.email,
      key: `signing:${input.envelope.id}:${recipient.id}:turn`,
      ...signingMail({
        kind: "turn",
        recipientName: recipient.fullName,
        senderName: input.senderName,
        firmName: input.firmName,
        documentName: input.documentName,
        subject: input.envelope.emailSubject,
        body: "",
        link: signingLink(deps.publicUrl, token),
        dueDate: input.envelope.dueDate,
      }),
    });
    queued += 1;
  }
  return queued;
}

/** The sender's news: everyone signed (the sealed PDF is ready), or someone declined and why. */
export function senderMail(
  input: {
    senderName: string;
    firmName: string;
    documentName: string;
    link: string;
  } & ({ kind: "completed" } | { kind: "declined"; declinedBy: string; reason: string }),
) {
  const lines =
    input.kind === "completed"
      ? [
          `Dear ${input.senderName},`,
          `Everyone has signed "${input.documentName}". The signed PDF, sealed with its audit certificate, is ready to download from your documents:`,
          input.link,
        ]
      : [
          `Dear ${input.senderName},`,
          `${input.declinedBy} declined to sign "${input.documentName}", so the signing request has ended.`,
          `Their reason: ${input.reason.trim() || "none given"}`,
          "You can resend the signing request, or relaunch the document to change it, from your documents:",
          input.link,
        ];
  return brandedMail({
    subject: input.kind === "completed" ? `Signed: ${input.documentName}` : `Declined: ${input.documentName}`,
    firmName: input.firmName,
    lines,
    link: input.link,
  });
}

/**
 * The notice to a recipient who had not signed when the sender cancelled the request: they need do
 * nothing, their link no longer works, and why it was cancelled.
 */
export function cancelledMail(input: {
  recipientName: string;
  senderName: string;
  firmName: string;
  documentName: string;
  reason: string;
}) {
  return brandedMail({
    subject: `Cancelled: ${input.documentName}`,
    firmName: input.firmName,
    lines: [
      `Dear ${input.recipientName},`,
      `${input.senderName} has cancelled the request to sign "${input.documentName}". You need not sign it, and the link you were sent no longer works.`,
      `Their reason: ${input.reason.trim()}`,
      "If the document is to be signed after all, you will be sent a new link.",
    ],
  });
}
