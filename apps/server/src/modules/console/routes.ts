import {
  AddStaffRequest,
  AssignRequestBody,
  AuditQuery,
  AuditResponse,
  ChangeStaffRequest,
  CONSOLE_MESSAGES,
  ConsoleCodeRequest,
  ConsoleDoneResponse,
  ConsoleRequestParams,
  ConsoleSessionResponse,
  ConsoleSetupResponse,
  ConsoleSignInRequest,
  ErrorEnvelope,
  FulfilmentQueueQuery,
  FulfilmentQueueResponse,
  FulfilmentQueueRowResponse,
  MoveRequestBody,
  StaffAccountResponse,
  StaffListResponse,
  StaffParams,
} from "@precedent/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { forbidden } from "../../errors.ts";
import { signInHook } from "../../plugins/api-description.ts";
import { catalogueImageRoutes } from "./catalogue-image-routes.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { firmRoutes } from "./firm-routes.ts";
import { integrationQueueRoutes } from "./integration-queue-routes.ts";
import { moneyRoutes } from "./money-routes.ts";
import { type ConsoleArea, mayUse } from "./policy.ts";
import { queueRoutes } from "./queue-routes.ts";
import type { StaffAccountRow } from "./schema.ts";
import type { ConsoleService } from "./service.ts";
import type { SignedInStaff } from "./sessions.ts";
import { settingsRoutes } from "./settings-routes.ts";
import { templateRoutes } from "./template-routes.ts";

/**
 * The console's own cookie, sent only to the console's calls (its path): a firm session's
 * cookie or bearer token is never read here, and this one is never read by a firm call.
 */
export const CONSOLE_COOKIE = "precedent_console";
const COOKIE_PATH = "/api/console";
const security = [{ console: [] }];

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the console's hook on every console route past sign-in. */
    staff: StaffAccountRow | null;
    /** Set on the console session's own routes, which are reached before the code step too. */
    signedInStaff: SignedInStaff | null;
  }
}

const refused = ErrorEnvelope.describe(
  "Two-factor sign-in not finished, or the staff member's role does not allow this",
);
const notSignedIn = ErrorEnvelope.describe(
  "No console session (a firm's session is not one), or it has ended",
);
const badInput = ErrorEnvelope.describe("A field failed its check; data.errors names each field");

export const consoleRoutes: FastifyPluginAsyncZod<{
  operatorConsole: ConsoleService;
  cookieSecure: "auto" | "true" | "false";
}> = async (app, { operatorConsole: service, cookieSecure }) => {
  const { sessions } = service;
  const tokenOf = (request: FastifyRequest) => request.cookies[CONSOLE_COOKIE] || undefined;
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(CONSOLE_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "strict",
      secure: cookieSecure === "auto" ? request.protocol === "https" : cookieSecure === "true",
    });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(CONSOLE_COOKIE, { path: COOKIE_PATH });

  app.decorateRequest("staff", null);
  app.decorateRequest("signedInStaff", null);

  app.post(
    "/console/login",
    {
      schema: {
        tags: ["console"],
        summary:
          "Staff sign-in, first step: the password. Opens a console session that reaches only the two-factor step",
        security: [],
        body: ConsoleSignInRequest,
        response: {
          200: ConsoleSessionResponse,
          400: badInput,
          401: ErrorEnvelope.describe("The email or password is not right"),
          429: ErrorEnvelope.describe("Too many tries: data.retry_after_seconds says how long to wait"),
        },
      },
    },
    async (request, reply) => {
      const { token, session } = await sessions.signIn(request.body.email, request.body.password);
      setCookie(request, reply, token);
      return { message: "", data: session };
    },
  );

  // The session's own routes: reached before two-factor sign-in is finished.
  await app.register(async (scope) => {
    const pending = scope.withTypeProvider<ZodTypeProvider>();
    pending.addHook(
      "onRequest",
      signInHook(async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          request.signedInStaff = await sessions.resolve(tokenOf(request));
        } catch (error) {
          clearCookie(reply);
          throw error;
        }
      }),
    );
    const signedInStaff = (request: FastifyRequest) => {
      if (!request.signedInStaff) throw new Error("console session hook not run");
      return request.signedInStaff;
    };

    pending.post(
      "/console/logout",
      {
        schema: {
          tags: ["console"],
          summary: "Ends the caller's console session",
          security,
          response: { 200: ConsoleDoneResponse, 401: notSignedIn },
        },
      },
      async (request, reply) => {
        await sessions.signOut(tokenOf(request));
        clearCookie(reply);
        return { message: "", data: null };
      },
    );

    pending.get(
      "/console/session",
      {
        schema: {
          tags: ["console"],
          summary:
            "The caller's console session: who, the step to take first (if any), and what their role allows",
          security,
          response: { 200: ConsoleSessionResponse, 401: notSignedIn },
        },
      },
      async (request) => {
        const signedIn = signedInStaff(request);
        return { message: "", data: sessions.sessionOf(signedIn.staff, signedIn.twoFactorDone) };
      },
    );

    pending.post(
      "/console/two-factor/setup",
      {
        schema: {
          tags: ["console"],
          summary: "A new authenticator secret for a staff member who has none yet (their first sign-in)",
          security,
          response: {
            200: ConsoleSetupResponse,
            401: notSignedIn,
            409: ErrorEnvelope.describe("Two-factor sign-in is already set up"),
          },
        },
      },
      async (request) => ({ message: "", data: await sessions.beginSetup(signedInStaff(request)) }),
    );

    pending.post(
      "/console/two-factor/code",
      {
        schema: {
          tags: ["console"],
          summary:
            "The code step: a code of the authenticator in use, or of the one being set up (which confirms it)",
          security,
          body: ConsoleCodeRequest,
          response: {
            200: ConsoleSessionResponse,
            400: badInput,
            401: ErrorEnvelope.describe("Wrong code, a code used already, or no console session"),
            403: ErrorEnvelope.describe("No authenticator set up yet: set one up first"),
            429: ErrorEnvelope.describe(
              "Too many wrong codes: data.retry_after_seconds says how long to wait",
            ),
          },
        },
      },
      async (request) => ({
        message: "",
        data: await sessions.enterCode(signedInStaff(request), request.body.code),
      }),
    );
  });

  // The console's areas: a session past two-factor sign-in, then the area's role rule.
  await app.register(async (scope) => {
    const areas = scope.withTypeProvider<ZodTypeProvider>();
    areas.addHook(
      "onRequest",
      signInHook(async (request: FastifyRequest) => {
        request.staff = await sessions.resolveSignedIn(tokenOf(request));
      }),
    );
    const staffIn = (request: FastifyRequest, area: ConsoleArea) => {
      const staff = request.staff;
      if (!staff) throw new Error("console hook not run");
      if (!mayUse(staff.role, area)) throw forbidden(CONSOLE_MESSAGES.refused);
      return staff;
    };
    const refusals = { 401: notSignedIn, 403: refused };
    queueRoutes(areas, { service, staffIn, refusals, badInput });

    areas.get(
      "/console/fulfilment",
      {
        schema: {
          tags: ["console"],
          summary:
            "Legal-review and hard-copy requests across firms, with the customer's email: the work waiting first",
          security,
          querystring: FulfilmentQueueQuery,
          response: { 200: FulfilmentQueueResponse, 400: badInput, ...refusals },
        },
      },
      async (request) => ({
        message: "",
        data: await service.fulfilment.page(staffIn(request, "fulfilment"), request.query),
      }),
    );

    areas.post(
      "/console/fulfilment/:id/assign",
      {
        schema: {
          tags: ["console"],
          summary: "Gives a request to a staff member who works the queue, or to nobody (audited)",
          security,
          params: ConsoleRequestParams,
          body: AssignRequestBody,
          response: {
            200: FulfilmentQueueRowResponse,
            400: badInput,
            ...refusals,
            404: ErrorEnvelope.describe("No such request"),
            409: ErrorEnvelope.describe("The staff member named may not take it"),
          },
        },
      },
      async (request) => ({
        message: "",
        data: await service.fulfilment.assign(
          staffIn(request, "fulfilment"),
          request.params.id,
          request.body.staff_id,
        ),
      }),
    );

    areas.post(
      "/console/fulfilment/:id/status",
      {
        schema: {
          tags: ["console"],
          summary:
            "Moves a paid request on (in review or sent, completed, cancelled) as the fulfilment rules allow (audited)",
          security,
          params: ConsoleRequestParams,
          body: MoveRequestBody,
          response: {
            200: FulfilmentQueueRowResponse,
            400: badInput,
            ...refusals,
            404: ErrorEnvelope.describe("No such request"),
            409: ErrorEnvelope.describe("The request cannot move to that status from its status now"),
          },
        },
      },
      async (request) => ({
        message: "",
        data: await service.fulfilment.move(
          staffIn(request, "fulfilment"),
          request.params.id,
          request.body.status,
        ),
      }),
    );

    areas.get(
      "/console/staff",
      {
        schema: {
          tags: ["console"],
          summary: "Every staff account, with what the caller may change on each",
          security,
          response: { 200: StaffListResponse, ...refusals },
        },
      },
      async (request) => ({
        message: "",
        data: { rows: await service.staff.list(staffIn(request, "staff")) },
      }),
    );

    areas.post(
      "/console/staff",
      {
        schema: {
          tags: ["console"],
          summary:
            "Adds a staff account with a first password; two-factor set-up follows at its first sign-in (audited)",
          security,
          body: AddStaffRequest,
          response: {
            200: StaffAccountResponse,
            400: badInput,
            ...refusals,
            409: ErrorEnvelope.describe("A staff account with this email already exists"),
          },
        },
      },
      async (request) => ({
        message: "",
        data: await service.staff.add(staffIn(request, "staff"), request.body),
      }),
    );

    areas.put(
      "/console/staff/:id",
      {
        schema: {
          tags: ["console"],
          summary: "Changes a staff account's role, or deactivates or reactivates it (audited)",
          security,
          params: StaffParams,
          body: ChangeStaffRequest,
          response: {
            200: StaffAccountResponse,
            400: badInput,
            ...refusals,
            404: ErrorEnvelope.describe("No such staff account"),
            409: ErrorEnvelope.describe("It would leave no active administrator, or deactivate the caller"),
          },
        },
      },
      async (request) => ({
        message: "",
        data: await service.staff.change(staffIn(request, "staff"), request.params.id, request.body),
      }),
    );

    areas.get(
      "/console/audit",
      {
        schema: {
          tags: ["console"],
          summary: "The audit log of staff actions, newest first, with each change's before and after",
          security,
          querystring: AuditQuery,
          response: { 200: AuditResponse, 400: badInput, ...refusals },
        },
      },
      async (request) => {
        staffIn(request, "audit");
        return { message: "", data: await service.audit(request.query) };
      },
    );

    await areas.register(firmRoutes, { firms: service.firms, staffIn, refusals, badInput, security });
    await areas.register(templateRoutes, {
      templates: service.templates,
      staffIn,
      refusals,
      badInput,
      security,
    });
    await areas.register(catalogueRoutes, {
      catalogue: service.catalogue,
      offers: service.offers,
      plans: service.plans,
      staffIn,
      refusals,
      badInput,
      security,
    });
    await areas.register(catalogueImageRoutes, {
      images: service.catalogueImages,
      staffIn,
      refusals,
      badInput,
      security,
    });
    await areas.register(settingsRoutes, { ...service, staffIn, refusals, badInput, security });
    await areas.register(moneyRoutes, { money: service.money, staffIn, refusals, badInput, security });
    await areas.register(integrationQueueRoutes, {
      integrations: service.integrations,
      staffIn,
      refusals,
      badInput,
      security,
    });
  });
};
