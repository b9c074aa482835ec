import {
  ErrorEnvelope,
  envelope,
  MembershipChangeQuery,
  MembershipChangeRequest,
  MembershipChangeResponse,
  MembershipUserQuery,
  MembershipUserResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billingPage } from "./page.ts";
import type { MembershipService } from "./service.ts";
import { membershipReturnPath } from "./service.ts";

const tags = ["membership"];

/** GET /api/membership/user and POST /api/membership/change (signed in). */
export const membershipRoutes: FastifyPluginAsyncZod<{
  membership: MembershipService;
  publicUrl: string;
}> = async (app, { membership, publicUrl }) => {
  app.get(
    "/membership/user",
    {
      schema: {
        tags,
        summary: "The firm's plan as in force now (status, dates) and the cards of every plan",
        querystring: MembershipUserQuery,
        response: {
          200: MembershipUserResponse,
          403: ErrorEnvelope.describe("user_id is not the caller's own"),
          404: ErrorEnvelope.describe("The caller is not a member of this firm"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: "",
        data: { code: 200 as const, body: await membership.membershipOf(ctx, request.query.user_id) },
      };
    },
  );

  app.post(
    "/membership/change",
    {
      schema: {
        tags,
        summary:
          "Where to change or renew the firm's plan: the billing page (sandbox or Stripe Checkout) or Stripe's customer portal",
        querystring: MembershipChangeQuery,
        body: MembershipChangeRequest,
        response: {
          200: MembershipChangeResponse,
          403: ErrorEnvelope.describe("Only the company owner or a manager can change the plan"),
          404: ErrorEnvelope.describe("No such plan, or the caller is not a member of this firm"),
          409: ErrorEnvelope.describe("The plan asked for is already the firm's plan, and in force"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: "",
        data: await membership.changePlan(ctx, request.body.plan_id, publicUrl),
      };
    },
  );
};

/** POST /api/membership/stripe-webhook: no session; Stripe's signature over the raw body is the proof. */
export const membershipWebhookRoutes: FastifyPluginAsync<{ membership: MembershipService }> = async (
  app,
  { membership },
) => {
  // The signature is over the raw bytes: this scope takes them instead of the app's JSON parser.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    "/membership/stripe-webhook",
    {
      schema: {
        tags,
        summary: "Stripe subscription events (signed): the only way a Stripe subscription changes a plan",
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
      const result = await membership.stripeWebhook(
        request.body as Buffer,
        typeof signature === "string" ? signature : undefined,
      );
      return { message: "", data: result };
    },
  );
};

const ChangeParams = z.object({ id: z.string().regex(/^[\w-]{20,64}$/) });

/**
 * The sandbox billing portal's page at /billing/{change}: server-rendered, no scripts. It stands
 * in for Stripe's pages in development and tests, and applies the change on the server as
 * Stripe's events would.
 */
export const sandboxBillingRoutes: FastifyPluginAsyncZod<{ membership: MembershipService }> = async (
  app,
  { membership },
) => {
  // The page's forms post no fields; the body is read and ignored.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, _body, done) => done(null, {}),
  );
  const render = async (id: string, error?: string) => {
    const { change, plan, firm, period, status } = await membership.sandboxChange(id);
    return billingPage({
      id,
      status: change.status,
      firmName: firm.name,
      currentPlan: firm.plan,
      currentStatus: status,
      plan,
      period,
      returnUrl: membershipReturnPath(change.status === "cancelled" ? "cancelled" : "changed"),
      error,
    });
  };
  const html = (body: string) => ({ body, type: "text/html; charset=utf-8" });

  app.get("/billing/:id", { schema: { hide: true, params: ChangeParams } }, async (request, reply) => {
    const page = html(await render(request.params.id));
    return reply.type(page.type).header("cache-control", "no-store").send(page.body);
  });

  app.post("/billing/:id", { schema: { hide: true, params: ChangeParams } }, async (request, reply) => {
    const result = await membership.sandboxConfirm(request.params.id);
    if ("redirect" in result) return reply.redirect(result.redirect, 303);
    const page = html(await render(request.params.id, result.error));
    return reply.status(409).type(page.type).header("cache-control", "no-store").send(page.body);
  });

  app.post("/billing/:id/cancel", { schema: { hide: true, params: ChangeParams } }, async (request, reply) =>
    reply.redirect(await membership.sandboxCancel(request.params.id), 303),
  );
};
