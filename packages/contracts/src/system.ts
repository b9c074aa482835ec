import { z } from "zod";
import { envelope } from "./envelope.ts";

/** A browser-side error reported to the server's log (the spec's client error log). */
export const JsLogRequest = z.object({
  message: z.string().trim().min(1, "message is required").max(2000),
  stack: z.string().max(10000).optional(),
  url: z.string().max(2000).optional(),
  user_agent: z.string().max(500).optional(),
});
export type JsLogRequest = z.infer<typeof JsLogRequest>;

export const JsLogResponse = envelope(z.null());

export const HealthResponse = z.object({ status: z.enum(["ok", "unavailable"]) });

/**
 * The reply to a request for heavy work (assembling, previewing, sealing) while the server's
 * workers and their waiting line are full: answered 503, with the Retry-After header and
 * `data.retry_after_seconds` saying when to ask again. Nothing was started or changed.
 */
export const SERVER_BUSY =
  "The server is busy making other documents right now. Nothing was changed; please try again in a few seconds.";

/** GET /readyz: ready when the database answers, with how free the request thread is. */
export const ReadinessResponse = HealthResponse.extend({
  event_loop: z
    .object({
      delay_p99_ms: z.number().describe("The 99th percentile of the event loop's delay, in ms"),
      delay_max_ms: z.number(),
      window_seconds: z.number().describe("The span the figures cover"),
    })
    .describe(
      "How long work waited for the request thread lately: near the sampling interval (10 ms) when it is free",
    ),
  workers: z
    .object({
      threads: z.number().int(),
      running: z.number().int(),
      queued: z.number().int(),
      queue_limit: z.number().int(),
    })
    .describe("The document workers: tasks running and waiting (a full line answers 503)"),
  read_replica: z
    .object({
      status: z
        .enum(["in", "out", "none"])
        .describe(
          "`in`: list reads go to it when it has the firm's latest data; `out`: all to the primary; `none`: no replica set",
        ),
      reason: z.string().nullable().describe("Why it is out: starting, unreachable, lagging or error"),
      lag_bytes: z.number().nullable().describe("WAL it had still to replay at the last check"),
      reads_replica: z.number().int().describe("List and tree reads served by the replica since the start"),
      reads_primary: z.number().int().describe("List and tree reads served by the primary since the start"),
      fallbacks: z
        .number()
        .int()
        .describe("Reads that failed on the replica and were made again on the primary"),
    })
    .describe("The read replica (DATABASE_REPLICA_URL); it never makes the server unready"),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
