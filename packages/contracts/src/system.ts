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
