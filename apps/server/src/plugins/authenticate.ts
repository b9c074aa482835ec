import type { FastifyRequest, onRequestHookHandler, onSendHookHandler } from "fastify";
import { SESSION_COOKIE } from "../constants.ts";
import { unauthorized } from "../errors.ts";
import type { Actor, SessionReader } from "../platform/kernel/index.ts";
import { signInHook } from "./api-description.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireActor` on every authenticated route. */
    actor: Actor | null;
  }
}

/** The session token from `Authorization: Bearer` (API clients) or the session cookie (web app). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * The firm a request names (`?id_team=`), read before validation so the session query can bring
 * the caller's membership along; anything but a plain id is left to the route's validation.
 */
function namedTeamId(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.id_team;
  if (typeof raw !== "string" || !/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * An onRequest hook: resolves the caller's session before the body is even read, or answers 401.
 * Written with a callback rather than async: most requests are answered from memory
 * (`SessionReader.recall`) and then need no promise at all.
 */
export function requireActor(auth: SessionReader): onRequestHookHandler {
  return signInHook<onRequestHookHandler>((request, reply, done) => {
    const token = sessionTokenOf(request);
    if (!token) return done(unauthorized("Please sign in."));
    const teamId = namedTeamId(request);
    const known = auth.recall(token, teamId);
    if (known) {
      request.actor = known;
      return done();
    }
    auth.authenticate(token, teamId).then(
      (actor) => {
        request.actor = actor;
        done();
      },
      (error: Error) => {
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        done(error);
      },
    );
  });
}

/** The actor of a route registered behind `requireActor`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized("Please sign in.");
  return request.actor;
}

/**
 * An onSend hook beside `requireActor`: a request that may have written (anything but GET and
 * HEAD) tells the auth service before its reply goes out (see `SessionReader.mayHaveWritten`).
 */
export function noteWrites(auth: SessionReader): onSendHookHandler {
  return (request, _reply, payload, done) => {
    if (request.actor && request.method !== "GET" && request.method !== "HEAD") {
      auth.mayHaveWritten(request.actor, namedTeamId(request));
    }
    done(null, payload);
  };
}
