import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FirmContext, FirmContexts } from "../platform/kernel/index.ts";
import { actorOf } from "./authenticate.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The signed-in caller's standing in the firm named by the query's `id_team`: 401 without a
     * session, 404 "Team not found." to a non-member (as `firmContext` decides). Only on routes
     * behind `requireActor` whose querystring declares `id_team`; the first call looks the firm
     * up, later calls in the same request reuse it.
     */
    firm(): Promise<FirmContext>;
  }
}

/** One lookup per request, however many times the route (or its helpers) ask. */
const firmOfRequest = new WeakMap<FastifyRequest, Promise<FirmContext>>();

/**
 * Decorates the signed-in routes' requests with `firm()`. Lazy rather than a preHandler hook: only
 * the routes that ask pay for the lookup (a user's own settings, the catalogue and a reply answered
 * from memory by the reply cache need no firm), and which routes need a firm is said by the route
 * itself, not by a list kept elsewhere. Who may see a firm (the 404 to a non-member) stays in
 * `firmContext` (teams/firm-context.ts), and what a role may do (the 403s) in each module's policy;
 * this only wires the lookup to the request.
 */
export function registerFirmContext(app: FastifyInstance, firmContext: FirmContexts) {
  app.decorateRequest("firm", function firm(this: FastifyRequest) {
    let pending = firmOfRequest.get(this);
    if (!pending) {
      pending = resolveFirm(this, firmContext);
      firmOfRequest.set(this, pending);
    }
    return pending;
  });
}

async function resolveFirm(request: FastifyRequest, firmContext: FirmContexts) {
  const actor = actorOf(request);
  // The route's zod querystring has already turned `id_team` into a number.
  const teamId = (request.query as { id_team?: unknown } | undefined)?.id_team;
  if (typeof teamId !== "number") {
    throw new Error(`${request.routeOptions.url} asks for a firm but its querystring has no id_team`);
  }
  return firmContext(actor, teamId);
}
