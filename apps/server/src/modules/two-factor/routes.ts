import type { SessionInfo } from "@precedent/contracts";
import {
  ChallengeRequest,
  ErrorEnvelope,
  FirmRequirementQuery,
  FirmRequirementRequest,
  FirmRequirementResponse,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
  TWO_FACTOR_DISABLED,
  TwoFactorDisableRequest,
  TwoFactorDisableResponse,
  TwoFactorIdParams,
  TwoFactorLoginRequest,
  TwoFactorLoginResponse,
  TwoFactorStatusQuery,
  TwoFactorStatusResponse,
  TwoFactorTokenResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/authenticate.ts";
import { setSessionCookie } from "../auth/index.ts";
import type { TwoFactorService } from "./service.ts";

/** How a two-factor step of a sign-in can be refused, beside bad input. */
const STEP_REFUSALS = {
  401: ErrorEnvelope.describe("The code is not right, or the sign-in has ended (sign in again)"),
  403: ErrorEnvelope.describe("A firm the person belongs to was locked (by Precedent's staff)"),
  429: ErrorEnvelope.describe(
    "Too many wrong codes: this sign-in has ended, or the account waits `data.retry_after_seconds`",
  ),
};

/** Two-factor settings of the signed-in person (behind the sign-in hook). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.get(
    "/tfa",
    {
      schema: {
        tags: ["two-factor"],
        summary: "The caller's two-factor status",
        description:
          "With `id_team`, also whether that firm requires two-factor sign-in and whether the caller may change it.",
        querystring: TwoFactorStatusQuery,
        response: { 200: TwoFactorStatusResponse },
      },
    },
    async (request) => ({
      message: "",
      data: await twoFactor.status(actorOf(request), request.query.id_team),
    }),
  );

  app.post(
    "/tfa/totp/setup",
    {
      schema: {
        tags: ["two-factor"],
        summary: "Starts turning two-factor sign-in on: a new authenticator secret and its QR code",
        description: "The secret stays pending until a code from it is confirmed; a new call replaces it.",
        response: { 200: TotpSetupResponse, 409: ErrorEnvelope.describe("Two-factor sign-in is already on") },
      },
    },
    async (request) => ({ message: "", data: await twoFactor.beginSetup(actorOf(request)) }),
  );

  app.post(
    "/tfa/totp/confirm",
    {
      schema: {
        tags: ["two-factor"],
        summary:
          "Turns two-factor sign-in on with a code from the new secret; returns the recovery codes once",
        body: TotpConfirmRequest,
        response: {
          200: TotpConfirmResponse,
          409: ErrorEnvelope.describe("Already on, or no set-up is waiting"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: { recovery_codes: await twoFactor.confirmSetup(actorOf(request), request.body.code) },
    }),
  );

  app.put(
    "/tfa/firm-requirement",
    {
      schema: {
        tags: ["two-factor"],
        summary: "Requires two-factor sign-in of everyone in the firm (owner only)",
        description:
          "Members without it set it up at their next sign-in. The owner must have it on to require it.",
        querystring: FirmRequirementQuery,
        body: FirmRequirementRequest,
        response: {
          200: FirmRequirementResponse,
          409: ErrorEnvelope.describe("The owner's own two-factor sign-in is not on"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await twoFactor.setFirmRequirement(
        actorOf(request),
        request.query.id_team,
        request.body.required,
      ),
    }),
  );

  app.put(
    "/tfa/:id",
    {
      schema: {
        tags: ["two-factor"],
        summary: "Turns the caller's two-factor sign-in off (needs the password or a current code)",
        params: TwoFactorIdParams,
        body: TwoFactorDisableRequest,
        response: {
          200: TwoFactorDisableResponse,
          409: ErrorEnvelope.describe("Not on, or a firm of the caller's requires it"),
          429: ErrorEnvelope.describe("Too many wrong passwords or codes: wait `data.retry_after_seconds`"),
        },
      },
    },
    async (request) => {
      await twoFactor.disable(actorOf(request), request.params.id, request.body);
      return { message: TWO_FACTOR_DISABLED, data: null };
    },
  );
};

/** The two-factor steps of a sign-in (no session yet). */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  sessionInfo: SessionInfo;
  cookieSecure: "auto" | "true" | "false";
}> = async (app, { twoFactor, sessionInfo, cookieSecure }) => {
  const complete = (request: {
    body: { challenge: string; code?: string | undefined; recovery_code?: string | undefined };
    ip: string;
    headers: { "user-agent"?: string | undefined };
  }) =>
    twoFactor.completeSignIn({
      challenge: request.body.challenge,
      ...(request.body.code === undefined ? {} : { code: request.body.code }),
      ...(request.body.recovery_code === undefined ? {} : { recoveryCode: request.body.recovery_code }),
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
    });

  app.post(
    "/auth/login/two-factor",
    {
      schema: {
        tags: ["auth"],
        summary: "Completes a two-factor sign-in (web app): sets the session cookie",
        description:
          "The challenge from `POST /api/auth/login` with a code, or a recovery code (each works once). At the set-up step the code confirms the new secret, and the recovery codes come back once.",
        body: TwoFactorLoginRequest,
        response: { 200: TwoFactorLoginResponse, ...STEP_REFUSALS },
      },
    },
    async (request, reply) => {
      const done = await complete(request);
      setSessionCookie(request, reply, done.token, cookieSecure);
      return {
        message: "",
        data: {
          user_id: done.userId,
          session: sessionInfo,
          ...(done.recoveryCodes ? { recovery_codes: done.recoveryCodes } : {}),
        },
      };
    },
  );

  app.post(
    "/auth/token/two-factor",
    {
      schema: {
        tags: ["auth"],
        summary: "Completes a two-factor sign-in (API client): returns a bearer token",
        body: TwoFactorLoginRequest,
        response: { 200: TwoFactorTokenResponse, ...STEP_REFUSALS },
      },
    },
    async (request) => {
      const done = await complete(request);
      return {
        message: "",
        data: {
          token: done.token,
          token_type: "Bearer" as const,
          session: sessionInfo,
          ...(done.recoveryCodes ? { recovery_codes: done.recoveryCodes } : {}),
        },
      };
    },
  );

  app.post(
    "/auth/login/two-factor/setup",
    {
      schema: {
        tags: ["auth"],
        summary: "The set-up step of a sign-in: a new authenticator secret and its QR code",
        description: "For a sign-in answered `two_factor.step: setup` (a firm requires two-factor sign-in).",
        body: ChallengeRequest,
        response: {
          200: TotpSetupResponse,
          401: ErrorEnvelope.describe("The sign-in has ended (sign in again)"),
          409: ErrorEnvelope.describe("Two-factor sign-in is already on: enter a code instead"),
        },
      },
    },
    async (request) => ({ message: "", data: await twoFactor.setupForChallenge(request.body.challenge) }),
  );
};
