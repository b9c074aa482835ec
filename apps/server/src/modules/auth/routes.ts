import {
  AuthCheckResponse,
  ErrorEnvelope,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  SIGNED_OUT_EVERYWHERE,
  SignOutEverywhereResponse,
  TokenResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "../../constants.ts";
import { actorOf, requireActor, sessionTokenOf } from "../../plugins/authenticate.ts";
import type { Services } from "../../services.ts";

/** How a sign-in can be refused, beside bad input. */
const SIGN_IN_REFUSALS = {
  401: ErrorEnvelope.describe("The email or password is not right"),
  429: ErrorEnvelope.describe("Too many failed sign-ins from this address: wait `data.retry_after_seconds`"),
};

export const authRoutes: FastifyPluginAsyncZod<{
  services: Services;
  cookieSecure: "auto" | "true" | "false";
}> = async (app, { services, cookieSecure }) => {
  const { auth, sessionInfo } = services;

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in (web app): sets the session cookie",
        body: LoginRequest,
        response: { 200: LoginResponse, ...SIGN_IN_REFUSALS },
      },
    },
    async (request, reply) => {
      const { token, userId } = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "strict",
        secure: cookieSecure === "auto" ? request.protocol === "https" : cookieSecure === "true",
      });
      return { message: "", data: { user_id: userId, session: sessionInfo } };
    },
  );

  app.post(
    "/auth/token",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in (API client): returns a bearer token",
        body: LoginRequest,
        response: { 200: TokenResponse, ...SIGN_IN_REFUSALS },
      },
    },
    async (request) => {
      const { token } = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      return { message: "", data: { token, token_type: "Bearer" as const, session: sessionInfo } };
    },
  );

  // Signing out of a session that has already ended is still a success.
  app.get(
    "/logout",
    {
      config: { session: "optional" },
      schema: { tags: ["auth"], summary: "Sign out", response: { 200: LogoutResponse } },
    },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await auth.signOutToken(token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "", data: null };
    },
  );

  // For a lost or shared device: every session of the person ends, and each device is asked to
  // sign in again at its next request.
  app.post(
    "/auth/sign-out-everywhere",
    {
      onRequest: requireActor(auth),
      schema: {
        tags: ["auth"],
        summary: "Sign out on every device",
        description: "Ends every session of the signed-in person, this one included.",
        response: {
          200: SignOutEverywhereResponse,
          401: ErrorEnvelope.describe("Not signed in, or the session has ended"),
        },
      },
    },
    async (request, reply) => {
      const ended = await auth.signOutEverywhere(actorOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: SIGNED_OUT_EVERYWHERE, data: { ended_sessions: ended } };
    },
  );

  // A visitor with no session at all is told so in a 200, not a 401: the sign-in page asks on
  // every visit, and a refusal there would be logged as an error in every visitor's browser. A
  // session that has ended is still a 401, which signs the browser out.
  const checkActor = requireActor(auth);
  app.get(
    "/auth/check",
    {
      config: { session: "optional" },
      onRequest: (request, reply, done) =>
        sessionTokenOf(request) ? checkActor.call(app, request, reply, done) : done(),
      schema: {
        tags: ["auth"],
        summary: "Auth check and keep-alive",
        description:
          "`authenticated` is false for a visitor without a session; an ended session answers 401.",
        response: { 200: AuthCheckResponse },
      },
    },
    async (request) => ({
      message: "",
      data: { authenticated: request.actor !== null, session: sessionInfo },
    }),
  );
};
