import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_PAYS } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SandboxRegulator } from "./sandbox/sandbox-regulator.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const TransactionParams = z.object({ tx: z.string().regex(/^ASIC[0-9A-F]{12}$/) });
const CardForm = z.object({ card_number: z.string().max(40).default("") });

/**
 * The sandbox regulator's payment page (what ASIC's gateway hosts): the user pays ASIC's fee with a
 * test card and is sent back to the product. No session: the gateway is another site.
 */
export const asicGatewayRoutes: FastifyPluginAsyncZod<{ gateway: SandboxRegulator["gateway"] }> = async (
  app,
  { gateway },
) => {
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
  }

  const page = async (tx: string, error?: string) => {
    const payment = await gateway.payment(tx);
    if (!payment)
      return `<!doctype html><html lang="en-AU"><title>ASIC payment</title><main><p>This payment does not exist.</p></main></html>`;
    const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
    const body =
      payment.state === "pending"
        ? `<form method="post" action="/asic-gateway/${tx}">
<label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="${SANDBOX_CARD_PAYS}" required></label>
<button type="submit">Pay ${amount}</button></form>
<p class="hint">Sandbox: ${SANDBOX_CARD_PAYS} is approved; ${SANDBOX_CARD_DECLINED} is declined. No money moves.</p>
<p><a href="${escapeHtml(payment.returnUrl)}">Return without paying</a> (the gateway then stays locked for up to 3 hours)</p>`
        : `<p>This payment is ${escapeHtml(payment.state)}.</p><p><a href="${escapeHtml(payment.returnUrl)}">Return to Precedent</a></p>`;
    return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ASIC fee payment — ${tx}</title>
<style>body{font-family:system-ui,Arial,sans-serif;background:#f5f5f5;margin:0;padding:32px 16px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px}
label{display:block;margin-bottom:12px}input{display:block;width:100%;box-sizing:border-box;padding:8px;font-size:16px;margin-top:4px}
button{width:100%;padding:10px;font-size:16px;background:#1f4e79;color:#fff;border:0;border-radius:4px}
.error{background:#fdecea;color:#8a1c12;padding:8px 12px}.hint{font-size:12px;color:#555}</style></head>
<body><main><h1>ASIC fee payment</h1><p>Transaction ${tx}</p><p class="amount">${amount} AUD</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ""}${body}</main></body></html>`;
  };

  app.get(
    "/asic-gateway/:tx",
    { schema: { hide: true, params: TransactionParams } },
    async (request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await page(request.params.tx)),
  );

  app.post(
    "/asic-gateway/:tx",
    { schema: { hide: true, params: TransactionParams, body: CardForm } },
    async (request, reply) => {
      const result = await gateway.pay(request.params.tx, request.body.card_number);
      if ("redirect" in result) return reply.redirect(result.redirect, 303);
      return reply
        .status(400)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await page(request.params.tx, result.error));
    },
  );
};
