import type { InvitationRole } from "@precedent/contracts";
import { formatLongTime } from "../../platform/kernel/calendar.ts";
import type { OutgoingMail } from "../mail/index.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The path of the page that accepts an invitation; the mail links to it on the server's origin. */
export const invitationPath = (token: string) => `/invitation/${token}`;

/** The invitation mail: who invites, to which firm, the link and when it expires. */
export function invitationMail(input: {
  to: string;
  key: string;
  firmName: string;
  inviterName: string;
  role: InvitationRole;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const { firmName, inviterName, link } = input;
  const as = input.role === "manager" ? "a manager" : "a member";
  const until = formatLongTime(input.expiresAt);
  const subject = `${inviterName} invited you to join ${firmName} on Precedent`;
  const text = [
    "Hello,",
    "",
    `${inviterName} has invited you to join ${firmName} on Precedent as ${as}.`,
    "",
    `Accept the invitation: ${link}`,
    "",
    `The link works until ${until}. If you were not expecting this invitation, you can ignore this email.`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello,</p>
<p>${escapeHtml(inviterName)} has invited you to join <strong>${escapeHtml(firmName)}</strong> on Precedent as ${as}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">Accept the invitation</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works until ${escapeHtml(until)}. If you were not expecting this invitation, you can ignore this email.</p>
</body></html>`;
  return { to: input.to, subject, text, html, key: input.key };
}
