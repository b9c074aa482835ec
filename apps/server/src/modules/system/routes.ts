import type { PublicSettings } from "@precedent/contracts";
import {
  ErrorEnvelope,
  HealthResponse,
  JsLogRequest,
  JsLogResponse,
  PublicSettingsResponse,
  ReadinessResponse,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { JS_LOG_MAX_PER_MINUTE } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { isDatabaseReachable } from "../../db/client.ts";
import type { ReadRouter } from "../../db/read-replica.ts";
import type { LoopHealth } from "../../platform/loop-health/index.ts";
import type { WorkerPool } from "../../platform/workers/index.ts";

/** Liveness and readiness for orchestrators; registered at the root, outside `/api`. */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  workers: Pick<WorkerPool, "stats">;
  loopHealth: LoopHealth;
  reads: Pick<ReadRouter, "state">;
}> = async (app, { db, workers, loopHealth, reads }) => {
  app.get(
    "/healthz",
    { schema: { hide: true, response: { 200: HealthResponse } }, logLevel: "warn" },
    async () => ({
      status: "ok" as const,
    }),
  );
  app.get("/robots.txt", { schema: { hide: true }, logLevel: "warn" }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(ROBOTS_TXT),
  );
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["system"],
        summary:
          "Readiness, for load balancers: the database answers; with the event loop's delay and the workers' load",
        description:
          "503 (status `unavailable`) when the database does not answer. `event_loop.delay_p99_ms` shows a saturated server before it fails: near 10 ms when the request thread is free, growing when work holds it. `read_replica` says whether list reads may go to the replica; a replica out only sends them to the primary.",
        response: {
          200: ReadinessResponse,
          503: ReadinessResponse.describe("The database does not answer"),
        },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      const ready = await isDatabaseReachable(db);
      const delay = loopHealth.delay();
      const pool = workers.stats();
      const replica = reads.state();
      return reply.status(ready ? 200 : 503).send({
        status: ready ? "ok" : "unavailable",
        event_loop: {
          delay_p99_ms: delay.p99Ms,
          delay_max_ms: delay.maxMs,
          window_seconds: delay.windowSeconds,
        },
        workers: {
          threads: pool.threads,
          running: pool.running,
          queued: pool.queued,
          queue_limit: pool.queueLimit,
        },
        read_replica: {
          status: replica.status,
          reason: replica.reason,
          lag_bytes: replica.lagBytes,
          reads_replica: replica.reads.replica,
          reads_primary: replica.reads.primary,
          fallbacks: replica.reads.fallbacks,
        },
      });
    },
  );
};

/**
 * Everything behind the sign-in page is private to each firm, and the API is for programs:
 * neither is for search engines. (Without this, the web app's index page answered for it.)
 */
export const ROBOTS_TXT = ["User-agent: *", "Disallow: /api/", "Disallow: /my-account/", ""].join("\n");

/** Errors caught in the browser, written to the server log with the reporting request's id. */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/js-log",
    {
      bodyLimit: 16 * 1024,
      // Public, so that errors before sign-in are reported too; limited so it cannot flood the log.
      config: { rateLimit: { max: JS_LOG_MAX_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ["system"],
        summary: "Report a browser-side error",
        body: JsLogRequest,
        response: { 200: JsLogResponse },
      },
    },
    async (request) => {
      request.log.warn({ client_error: request.body }, "browser error");
      return { message: "", data: null };
    },
  );
};

/** Settings anyone may read (the sales contact of 'Talk to Sales'); public, as on any firm's website. */
export const publicSettingsRoutes: FastifyPluginAsyncZod<{
  /** Read on each call: the operator console may change them while the server runs. */
  publicSettings: () => Promise<PublicSettings>;
}> = async (app, { publicSettings }) => {
  app.get(
    "/settings/public",
    {
      // Public: limited, like every call answered before sign-in.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["system"],
        summary: "Public settings: the sales phone and e-mail",
        response: {
          200: PublicSettingsResponse,
          429: ErrorEnvelope.describe("Too many requests from this address: wait and try again"),
        },
      },
    },
    async () => ({ message: "", data: await publicSettings() }),
  );
};
