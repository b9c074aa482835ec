import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { ErrorEnvelope } from "@precedent/contracts";
import Fastify, { type FastifyServerOptions, type onRouteHookHandler } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { announcementRoutes } from "./modules/announcements/index.ts";
import { asicGatewayRoutes, asicRoutes } from "./modules/asic/index.ts";
import { assistantRoutes, voiceRoutes } from "./modules/assistant/index.ts";
import { authRoutes, passwordResetRoutes } from "./modules/auth/index.ts";
import { catalogueRoutes } from "./modules/catalogue/index.ts";
import { CONSOLE_COOKIE, consoleRoutes } from "./modules/console/index.ts";
import { creditRoutes } from "./modules/credits/index.ts";
import { documentFileRoutes, documentRoutes } from "./modules/documents/index.ts";
import { folderRoutes } from "./modules/folders/index.ts";
import { fulfilmentRoutes } from "./modules/fulfilment/index.ts";
import { integrationRoutes, sandboxConsentRoutes } from "./modules/integrations/index.ts";
import { interviewRoutes } from "./modules/interview/index.ts";
import { invitationLinkRoutes, invitationRoutes } from "./modules/invitations/index.ts";
import { liteVideoRoutes } from "./modules/lite-video/index.ts";
import { logRoutes } from "./modules/logs/index.ts";
import { mediaRoutes } from "./modules/media/index.ts";
import {
  membershipRoutes,
  membershipWebhookRoutes,
  sandboxBillingRoutes,
} from "./modules/membership/index.ts";
import { orderRoutes } from "./modules/orders/index.ts";
import { checkoutRoutes, sandboxCheckoutRoutes, stripeWebhookRoutes } from "./modules/payments/index.ts";
import { fuseSignWebhookRoutes, signingPageRoutes, signingRoutes } from "./modules/signing/index.ts";
import { smsDevRoutes } from "./modules/sms/index.ts";
import { clientLogRoutes, healthRoutes, publicSettingsRoutes } from "./modules/system/index.ts";
import { teamRoutes } from "./modules/teams/index.ts";
import { twoFactorRoutes, twoFactorSignInRoutes } from "./modules/two-factor/index.ts";
import { userRoutes } from "./modules/users/index.ts";
import { createLoopHealth } from "./platform/loop-health/index.ts";
import { describeApi, describeRoute, markSignedIn } from "./plugins/api-description.ts";
import { noteWrites, requireActor } from "./plugins/authenticate.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerFirmContext } from "./plugins/firm-context.ts";
import { refusingNul } from "./plugins/input-guard.ts";
import { registerJsonBodyParser } from "./plugins/json-body.ts";
import { rememberingQueries } from "./plugins/query-validation.ts";
import { errorSerializer, requestSerializer } from "./plugins/safe-logging.ts";
import { clientErrorHandler, docsCsp, frameworkErrors, securityHeaders } from "./plugins/security-headers.ts";
import { readPrerenderedPages } from "./prerendered-pages.ts";
import type { Services } from "./services.ts";

export type AppOptions = {
  services: Services;
  config: Pick<Config, "LOG_LEVEL" | "WEB_DIST" | "TRUST_PROXY" | "COOKIE_SECURE">;
  /** Overrides for tests and benchmarks (e.g. a silent logger). */
  fastify?: FastifyServerOptions;
  /** Where the log goes instead of standard output (tests read it). */
  logTo?: { write(line: string): void };
  /** Told of every route as it is added (tests compare them with the API description). */
  onRoute?: onRouteHookHandler;
};

/** Builds the HTTP server: the API under /api, health checks, OpenAPI docs and the web app. */
export async function buildApp({ services, config, fastify, onRoute, logTo }: AppOptions) {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie"],
      // A failed query's statement and parameters never reach the log (see safe-logging.ts).
      // Nor does a private link's token or an OAuth code in the address (see safe-logging.ts).
      serializers: { err: errorSerializer, req: requestSerializer },
      ...(logTo ? { stream: logTo } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler,
    ...fastify,
  }).withTypeProvider<ZodTypeProvider>();

  /**
   * The services a routes plugin names, under their own names: each plugin's options type says
   * which it uses (item 1 of the third architecture step), and the compiler checks this hands over
   * exactly those.
   */
  const servicesNamed = <Name extends keyof Services>(...names: Name[]) =>
    Object.fromEntries(names.map((name) => [name, services[name]])) as Pick<Services, Name>;

  if (onRoute) app.addHook("onRoute", onRoute);
  // The worker pool's threads end with the server (a test's too, or they would keep it running).
  app.addHook("onClose", () => services.workers.close());
  services.workers.useLog(app.log.child({ component: "workers" }));
  app.addHook("onClose", () => services.reads.close());
  services.reads.useLog(app.log.child({ component: "read-replica" }));
  // The request thread's health, for /readyz and the log (platform/loop-health).
  const loopHealth = createLoopHealth({
    log: app.log.child({ component: "event-loop" }),
    details: () => ({ workers: services.workers.stats() }),
  });
  app.addHook("onClose", async () => loopHealth.stop());
  app.setValidatorCompiler(rememberingQueries(refusingNul(validatorCompiler)));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.decorateRequest("actor", null);
  app.addHook("onSend", securityHeaders(config));

  await app.register(fastifyCookie);
  // Only routes that ask for a limit get one (sign-in throttling is per email too, in auth).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: JSON Schema as zod writes it (a nullable union is `anyOf` with `null`, which 3.0 cannot say).
      openapi: "3.1.0",
      info: {
        title: "Precedent API",
        version: "1.0.0",
        description:
          "Every reply is `{ message, data }`: `message` is empty on success; a refusal says why, and a 400 names each bad field in `data.errors`.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "precedent_session" },
          // The operator console's staff session: never a firm's (modules/console/routes.ts).
          console: { type: "apiKey", in: "cookie", name: CONSOLE_COOKIE },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: describeRoute,
    transformObject: describeApi,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });

  await app.register(healthRoutes, { ...servicesNamed("db", "workers", "reads"), loopHealth });
  if (services.payments.config.provider === "sandbox")
    await app.register(sandboxCheckoutRoutes, servicesNamed("payments"));
  if (services.membership.portal.provider === "sandbox")
    await app.register(sandboxBillingRoutes, servicesNamed("membership"));
  // The sandbox regulator's payment gateway page (ASIC's fee).
  await app.register(asicGatewayRoutes, { gateway: services.asicSandbox.gateway });
  // The sandbox provider's consent page serves only apps whose real adapter is not configured.
  await app.register(sandboxConsentRoutes, servicesNamed("integrationSandbox"));
  // The routes that open a session set its cookie and tell the web app its timeouts.
  const sessionIssuing = { sessionInfo: services.sessionInfo, cookieSecure: config.COOKIE_SECURE };
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ...sessionIssuing, auth: services.auth });
      await api.register(passwordResetRoutes, servicesNamed("passwordReset"));
      await api.register(clientLogRoutes);
      await api.register(publicSettingsRoutes, servicesNamed("publicSettings"));
      await api.register(stripeWebhookRoutes, servicesNamed("payments"));
      await api.register(fuseSignWebhookRoutes, servicesNamed("signing"));
      await api.register(invitationLinkRoutes, { ...sessionIssuing, invitations: services.invitations });
      await api.register(membershipWebhookRoutes, servicesNamed("membership"));
      await api.register(twoFactorSignInRoutes, { ...sessionIssuing, twoFactor: services.twoFactor });
      await api.register(signingPageRoutes, {
        ceremony: services.signingCeremony,
        guesses: services.guesses,
      });
      // The operator console: staff sessions of its own, never a firm's (its own hooks).
      await api.register(consoleRoutes, {
        operatorConsole: services.operatorConsole,
        cookieSecure: config.COOKIE_SECURE,
      });
      // Everything below needs a signed-in session.
      await api.register(async (signedIn) => {
        signedIn.addHook("onRoute", markSignedIn);
        signedIn.addHook("onRequest", requireActor(services.auth));
        signedIn.addHook("onSend", noteWrites(services.auth));
        registerFirmContext(signedIn, services.firmContext);
        await signedIn.register(userRoutes, {
          users: services.users,
          keptReplies: services.keptReplies,
          currentUser: (userId) => services.teams.currentUser(userId),
        });
        await signedIn.register(teamRoutes, servicesNamed("teams"));
        await signedIn.register(folderRoutes, servicesNamed("folders", "replyCache"));
        await signedIn.register(documentRoutes, servicesNamed("documents", "documentZip", "replyCache"));
        await signedIn.register(logRoutes, servicesNamed("logs"));
        await signedIn.register(catalogueRoutes, servicesNamed("catalogue", "keptReplies"));
        await signedIn.register(
          orderRoutes,
          servicesNamed("orders", "coupons", "catalogue", "startDocument"),
        );
        await signedIn.register(checkoutRoutes, servicesNamed("payments", "publicUrl"));
        await signedIn.register(interviewRoutes, servicesNamed("interview"));
        await signedIn.register(documentFileRoutes, servicesNamed("documents"));
        await signedIn.register(mediaRoutes, servicesNamed("media", "teams"));
        await signedIn.register(invitationRoutes, servicesNamed("invitations", "publicUrl"));
        await signedIn.register(membershipRoutes, servicesNamed("membership", "publicUrl"));
        await signedIn.register(asicRoutes, servicesNamed("asic", "asicRegistration"));
        await signedIn.register(creditRoutes, servicesNamed("credits"));
        await signedIn.register(announcementRoutes, servicesNamed("announcements"));
        await signedIn.register(liteVideoRoutes, servicesNamed("liteVideo"));
        await signedIn.register(twoFactorRoutes, servicesNamed("twoFactor"));
        await signedIn.register(integrationRoutes, servicesNamed("integrations", "logs"));
        await signedIn.register(signingRoutes, servicesNamed("signing", "signingLifecycle"));
        await signedIn.register(fulfilmentRoutes, servicesNamed("fulfilment"));
        await signedIn.register(assistantRoutes, servicesNamed("assistant"));
        await signedIn.register(voiceRoutes, servicesNamed("assistant"));
        if (services.smsDevPage) await signedIn.register(smsDevRoutes, { sandbox: services.smsDevPage });
      });
    },
    { prefix: "/api" },
  );

  const webIndex = path.join(config.WEB_DIST, "index.html");
  const hasWeb = existsSync(webIndex);
  const prerendered = hasWeb ? readPrerenderedPages(config.WEB_DIST) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      // The build writes .br and .gz beside each text asset; the one the browser accepts is sent
      // as it is (with Vary: Accept-Encoding), the plain file to a browser that accepts neither.
      preCompressed: true,
      // Built assets have content hashes in their names; the page itself must always be fresh.
      setHeaders: (reply, filePath) => {
        reply.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    // HEAD too: uptime checks and link previews ask for a page's headers with HEAD, and a page
    // that answers GET must not answer HEAD with 404 (send omits the body for HEAD).
    const readsPage = request.method === "GET" || request.method === "HEAD";
    if (url === "/api" || url.startsWith("/api/") || !hasWeb || !readsPage) {
      return reply
        .status(404)
        .send({ message: `No such API call: ${request.method} ${url}`, data: null } satisfies ErrorEnvelope);
    }
    // Every other address is a page of the single-page app, which routes it in the browser; a
    // page the build rendered ahead (the sign-in page, the document list's frame for a signed-in
    // browser) is sent with its markup already in it.
    reply.header("cache-control", "no-cache");
    if (prerendered?.variesByCookie(url)) reply.header("vary", "Cookie");
    return reply.sendFile(prerendered?.fileFor(url, request.cookies) ?? "index.html");
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
