import type { SessionInfo } from "@precedent/contracts";
import {
  AuthCheckResponse,
  ErrorEnvelope,
  LOGGED_IN_COOKIE,
  LOGGED_IN_COOKIE_MAX_AGE_SECONDS,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  SIGNED_OUT_EVERYWHERE,
  SignOutEverywhereResponse,
  TokenResponse,
} from "@precedent/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "../../constants.ts";
import { actorOf, requireActor, sessionTokenOf } from "../../plugins/authenticate.ts";
import type { AuthService } from "./service.ts";

/** How a sign-in can be refused, beside bad input. */
const SIGN_IN_REFUSALS = {
  401: ErrorEnvelope.describe("The email or password is not right"),
  403: ErrorEnvelope.describe("A firm the person belongs to is locked (by Precedent's staff)"),
  429: ErrorEnvelope.describe("Too many failed sign-ins from this address: wait `data.retry_after_seconds`"),
};

/** Sets the session cookie of a completed sign-in (here, and after a two-factor step). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  cookieSecure: "auto" | "true" | "false",
) {
  const secure = cookieSecure === "auto" ? request.protocol === "https" : cookieSecure === "true";
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "strict", secure });
  // Every completed sign-in (password, two-factor step, accepted invitation) sets the marker too.
  reply.setCookie(LOGGED_IN_COOKIE, "1", {
    path: "/",
    maxAge: LOGGED_IN_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
    secure,
  });
}

/** The reply of a sign-in that needs a two-factor step first. */
const stepOf = (next: { step: "code" | "setup"; challenge: string; expiresAt: Date }) => ({
  two_factor: { step: next.step, challenge: next.challenge, expires_at: next.expiresAt.toISOString() },
});

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessionInfo: SessionInfo;
  cookieSecure: "auto" | "true" | "false";
}> = async (app, { auth, sessionInfo, cookieSecure }) => {
  const secure = (request: FastifyRequest) =>
    cookieSecure === "auto" ? request.protocol === "https" : cookieSecure === "true";

  /**
   * The logged-in marker (account-area §4, §9: lydLogged, 20 minutes). It is not the credential
   * (the session cookie or bearer token is) and says only that a session was on lately, so that
   * a page can render at once and check the session behind it. The server sets it with the
   * session (`setSessionCookie`), renews it at each auth check (the keep-alive) and clears it at sign-out; scripts may
   * read it, and the web app removes it when a call answers 401.
   */
  const markSignedIn = (request: FastifyRequest, reply: FastifyReply) =>
    reply.setCookie(LOGGED_IN_COOKIE, "1", {
      path: "/",
      maxAge: LOGGED_IN_COOKIE_MAX_AGE_SECONDS,
      sameSite: "lax",
      secure: secure(request),
    });
  const unmarkSignedIn = (reply: FastifyReply) => reply.clearCookie(LOGGED_IN_COOKIE, { path: "/" });

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in (web app): sets the session cookie",
        description:
          "With two-factor sign-in on (or required by a firm and not yet set up), answers the step to take instead (`two_factor`), and no session opens until `POST /api/auth/login/two-factor`.",
        body: LoginRequest,
        response: { 200: LoginResponse, ...SIGN_IN_REFUSALS },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      if (signedIn.kind === "two_factor") return { message: "", data: stepOf(signedIn) };
      setSessionCookie(request, reply, signedIn.token, cookieSecure);
      return { message: "", data: { user_id: signedIn.userId, session: sessionInfo } };
    },
  );

  app.post(
    "/auth/token",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in (API client): returns a bearer token",
        description:
          "With two-factor sign-in on, send the current code as `totp`, or take the step answered (`two_factor`) with `POST /api/auth/token/two-factor`.",
        body: LoginRequest,
        response: { 200: TokenResponse, ...SIGN_IN_REFUSALS },
      },
    },
    async (request) => {
      const signedIn = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      if (signedIn.kind === "two_factor") return { message: "", data: stepOf(signedIn) };
      return {
        message: "",
        data: { token: signedIn.token, token_type: "Bearer" as const, session: sessionInfo },
      };
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
      unmarkSignedIn(reply);
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
      unmarkSignedIn(reply);
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
    async (request, reply) => {
      const authenticated = request.actor !== null;
      if (authenticated) markSignedIn(request, reply);
      else if (request.cookies[LOGGED_IN_COOKIE] !== undefined) unmarkSignedIn(reply);
      return { message: "", data: { authenticated, session: sessionInfo } };
    },
  );
};
