import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_PAYS } from "@precedent/contracts";
import type { checkoutSessions } from "./schema.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The sandbox checkout page (server-rendered; the web app's CSP allows its inline styles). */
export function checkoutPage(input: {
  session: typeof checkoutSessions.$inferSelect;
  productName: string;
  totalCents: number;
  error?: string;
}) {
  const { session } = input;
  const amount = `$${(input.totalCents / 100).toFixed(2)} AUD`;
  const open = session.status === "open";
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const body = open
    ? `<form method="post" action="${action}">
  <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="${SANDBOX_CARD_PAYS}" required></label>
  <div class="row">
    <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="12/30" required></label>
    <label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label>
  </div>
  <button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="link">Cancel and return</button></form>
<p class="hint">Sandbox: ${SANDBOX_CARD_PAYS} pays; ${SANDBOX_CARD_DECLINED} is declined. No money moves.</p>`
    : `<p>This checkout session is ${escapeHtml(session.status)}.</p>
<p><a href="${escapeHtml(session.status === "paid" ? session.successUrl : session.cancelUrl)}">Return to Precedent</a></p>`;
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout — ${escapeHtml(input.productName)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;background:#f5f5f5;color:#222;margin:0;padding:32px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 4px} .amount{font-size:28px;margin:8px 0 20px}
label{display:block;font-size:14px;margin-bottom:12px} input{display:block;width:100%;box-sizing:border-box;padding:8px;font-size:16px;margin-top:4px;border:1px solid #bbb;border-radius:4px}
.row{display:flex;gap:12px} .row label{flex:1}
button{width:100%;padding:10px;font-size:16px;background:#1f4e79;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.link{background:none;color:#1f4e79;text-decoration:underline;margin-top:8px}
.error{background:#fdecea;color:#8a1c12;padding:8px 12px;border-radius:4px;margin-bottom:12px}
.hint{font-size:12px;color:#666}
</style></head>
<body><main>
<h1>${escapeHtml(input.productName)}</h1>
<div class="amount">${escapeHtml(amount)} <small>inc. GST</small></div>
${input.error ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>` : ""}
${body}
</main></body></html>`;
}
