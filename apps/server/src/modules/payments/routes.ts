import {
  CheckoutQuery,
  CheckoutRequest,
  CheckoutResponse,
  ErrorEnvelope,
  envelope,
} from "@precedent/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutPage } from "./page.ts";
import type { PaymentsService } from "./service.ts";

/** POST /api/stripe/checkout (signed in). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; publicUrl: string }> = async (
  app,
  { payments, publicUrl },
) => {
  app.post(
    "/stripe/checkout",
    {
      schema: {
        tags: ["payments"],
        summary:
          "A payment session for the caller's unpaid order (sandbox page or Stripe Checkout): its url; an order of $0.00 completes at once, its url the success page",
        querystring: CheckoutQuery,
        body: CheckoutRequest,
        response: {
          200: CheckoutResponse,
          400: ErrorEnvelope.describe("A malformed request"),
          404: ErrorEnvelope.describe("No such order of the caller's in this firm"),
          409: ErrorEnvelope.describe(
            "The order cannot be paid now: already paid, its request was cancelled, or a coupon on it is used up",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: "",
        data: await payments.createCheckout(ctx, request.body, publicUrl),
      };
    },
  );
};

/** POST /api/stripe/webhook: no session; Stripe's signature over the raw body is the proof. */
export const stripeWebhookRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  // The signature is over the raw bytes: this scope takes them instead of the app's JSON parser.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    "/stripe/webhook",
    {
      schema: {
        tags: ["payments"],
        summary: "Stripe events (signed)",
        response: {
          200: envelope(z.object({ applied: z.boolean() })).describe(
            "Received; `applied` is false for an event already applied or of no interest",
          ),
          400: ErrorEnvelope.describe("The Stripe-Signature header does not match the body"),
          503: ErrorEnvelope.describe("Stripe webhooks are not configured on this server"),
        },
      },
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      const result = await payments.stripeWebhook(
        request.body as Buffer,
        typeof signature === "string" ? signature : undefined,
      );
      return { message: "", data: result };
    },
  );
};

const SessionParams = z.object({ id: z.string().regex(/^[\w-]{20,64}$/) });
const CardForm = z.object({
  card_number: z.string().max(40).default(""),
  expiry: z.string().max(10).default(""),
  cvc: z.string().max(10).default(""),
});

/**
 * The sandbox provider's hosted checkout page at /checkout/{sessionId}: plain server-rendered
 * HTML, no scripts and no third-party assets. It stands in for Stripe's page in development and
 * tests, and confirms payments on the server as a provider would.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const render = async (id: string, error?: string) => {
    const { session, order, productName } = await payments.sandboxSession(id);
    return checkoutPage({ session, productName, totalCents: order.totalCents, error });
  };

  app.get("/checkout/:id", { schema: { hide: true, params: SessionParams } }, async (request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(await render(request.params.id)),
  );

  app.post(
    "/checkout/:id",
    { schema: { hide: true, params: SessionParams, body: CardForm } },
    async (request, reply) => {
      const result = await payments.sandboxPay(request.params.id, request.body);
      if ("redirect" in result) return reply.redirect(result.redirect, 303);
      return reply
        .status(400)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await render(request.params.id, result.error));
    },
  );

  app.post(
    "/checkout/:id/cancel",
    { schema: { hide: true, params: SessionParams } },
    async (request, reply) => reply.redirect(await payments.sandboxCancel(request.params.id), 303),
  );
};
