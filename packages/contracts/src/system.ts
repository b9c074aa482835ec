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
