import type { PlanRow } from "../teams/index.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const DATE = new Intl.DateTimeFormat("en-AU", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const showDate = (iso: string | null) => (iso ? DATE.format(new Date(`${iso}T00:00:00Z`)) : "Permanent");

/**
 * The sandbox billing page at /billing/{change}: plain server-rendered HTML, no scripts, like the
 * sandbox checkout. It shows the change and its period; Confirm applies it as Stripe's events would.
 */
export function billingPage(input: {
  id: string;
  status: "open" | "applied" | "cancelled";
  firmName: string;
  currentPlan: PlanRow;
  currentStatus: string;
  plan: PlanRow;
  period: { startDate: string; endDate: string | null };
  returnUrl: string;
  error?: string;
}) {
  const { plan } = input;
  const renewing = input.currentPlan.id === plan.id;
  const price = plan.payg
    ? "Pay as you go"
    : `$${(plan.priceCents / 100).toFixed(2)} AUD per ${escapeHtml(plan.duration || "month")}`;
  const action = `/billing/${encodeURIComponent(input.id)}`;
  const heading = renewing ? `Renew ${plan.name}` : `Change to ${plan.name}`;
  const body =
    input.status === "open"
      ? `<dl>
  <dt>Company</dt><dd>${escapeHtml(input.firmName)}</dd>
  <dt>Current plan</dt><dd>${escapeHtml(input.currentPlan.name)} (${escapeHtml(input.currentStatus)})</dd>
  <dt>New plan</dt><dd>${escapeHtml(plan.name)}</dd>
  <dt>Starts</dt><dd>${escapeHtml(showDate(input.period.startDate))}</dd>
  <dt>Ends</dt><dd>${escapeHtml(showDate(input.period.endDate))}</dd>
</dl>
<form method="post" action="${action}"><button type="submit">Confirm</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="link">Cancel and return</button></form>
<p class="hint">Sandbox billing portal: confirming changes the plan at once. No money moves.</p>`
      : `<p>This plan change is ${escapeHtml(input.status)}.</p>
<p><a href="${escapeHtml(input.returnUrl)}">Return to Precedent</a></p>`;
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing — ${escapeHtml(heading)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;background:#f5f5f5;color:#222;margin:0;padding:32px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 4px} .amount{font-size:24px;margin:8px 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px} dt{color:#555} dd{margin:0}
button{width:100%;padding:10px;font-size:16px;background:#1f4e79;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.link{background:none;color:#1f4e79;text-decoration:underline;margin-top:8px}
.error{background:#fdecea;color:#8a1c12;padding:8px 12px;border-radius:4px;margin-bottom:12px}
.hint{font-size:12px;color:#555}
</style></head>
<body><main>
<h1>${escapeHtml(heading)}</h1>
<div class="amount">${price}</div>
${input.error ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>` : ""}
${body}
</main></body></html>`;
}
