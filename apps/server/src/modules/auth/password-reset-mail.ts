import { formatLongTime } from "../../platform/kernel/calendar.ts";
import type { OutgoingMail } from "../mail/index.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page that takes a reset link; the mail links to it on the server's public origin. */
export const passwordResetPath = (token: string) => `/reset-password/${token}`;

/** The reset mail: the link, when it stops working, and what to do if the person did not ask. */
export function passwordResetMail(input: {
  to: string;
  key: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const { link } = input;
  const until = formatLongTime(input.expiresAt);
  const subject = "Choose a new password for Precedent";
  const text = [
    "Hello,",
    "",
    "Someone asked to reset the password of the Precedent account that uses this email address.",
    "",
    `Choose a new password: ${link}`,
    "",
    `The link works once, until ${until}. Choosing a new password signs the account out on every device.`,
    "",
    "If you did not ask, you can ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello,</p>
<p>Someone asked to reset the password of the Precedent account that uses this email address.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">Choose a new password</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once, until ${escapeHtml(until)}. Choosing a new password signs the account out on every device.</p>
<p>If you did not ask, you can ignore this email: your password stays as it is.</p>
</body></html>`;
  return { to: input.to, subject, text, html, key: input.key };
}
