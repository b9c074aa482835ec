import { IntegrationAppParams, type IntegrationAppSlug } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import { consentPage } from "./consent-page.ts";
import type { SandboxProvider } from "./sandbox-provider.ts";

// The sandbox provider's own pages, apart from the product's integration routes (routes.ts).

/** A consent field given once, as text: a repeated parameter is refused by name, not a 500. */
const once = (max: number) =>
  z.string({ error: (issue) => (issue.input === undefined ? "Required" : "must be given once") }).max(max);
const ConsentForm = z.object({
  redirect_uri: once(2048),
  state: once(256),
  code_challenge: once(256),
  code_challenge_method: once(16),
});

/** The sandbox provider's consent page, as a provider serves it (no session of ours needed). */
export const sandboxConsentRoutes: FastifyPluginAsyncZod<{
  integrationSandbox: (app: IntegrationAppSlug) => SandboxProvider | undefined;
}> = async (app, { integrationSandbox }) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.get(
    "/sandbox/oauth/:app/authorize",
    { schema: { hide: true, params: IntegrationAppParams, querystring: ConsentForm } },
    async (request, reply) => {
      if (!integrationSandbox(request.params.app)) throw new AppError(404, "Not found.");
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(consentPage(request.params.app, request.query));
    },
  );

  app.post(
    "/sandbox/oauth/:app/authorize",
    {
      schema: {
        hide: true,
        params: IntegrationAppParams,
        querystring: z.object({}).passthrough(),
        body: ConsentForm.extend({ decision: z.enum(["allow", "deny"]) }),
      },
    },
    async (request, reply) => {
      const sandbox = integrationSandbox(request.params.app);
      if (!sandbox) throw new AppError(404, "Not found.");
      const to = await sandbox.decide({
        allow: request.body.decision === "allow",
        redirectUri: request.body.redirect_uri,
        state: request.body.state,
        codeChallenge: request.body.code_challenge,
        codeChallengeMethod: request.body.code_challenge_method,
      });
      if (!to) throw new AppError(400, "redirect_uri is not the one registered for this app.");
      return reply.redirect(to, 303);
    },
  );
};
