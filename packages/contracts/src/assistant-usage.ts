import { z } from "zod";
import { envelope } from "./envelope.ts";
import { ActivityLogQuery } from "./logs.ts";

/**
 * GET /api/ai/usage (issue 32 item 8, "per-firm usage ... in the activity log"): the assistant's
 * use summed from the activity log's rows, over the activity log's period filter. Owners and
 * managers read the firm's total, a member their own, as the activity log itself shows them.
 */
export const AssistantUsageQuery = ActivityLogQuery.pick({
  id_team: true,
  date_from: true,
  date_to: true,
});
export type AssistantUsageQuery = z.infer<typeof AssistantUsageQuery>;

/** The figures, also in the operator console's firm view. */
export const AssistantUsageTotals = z.object({
  /** Chat messages answered and direct model completions. */
  messages: z.number().int().min(0),
  /** Questions answered (or skipped) in voice interviews that ended. */
  voice_answers: z.number().int().min(0),
  /** The language model's tokens (0 with the built-in provider, which uses none). */
  tokens: z.number().int().min(0),
  /** Seconds of speech heard or spoken (the browser's or the server's), whole seconds. */
  audio_seconds: z.number().int().min(0),
  /** Realtime voice sessions opened with the configured provider. */
  realtime_sessions: z.number().int().min(0),
});
export type AssistantUsageTotals = z.infer<typeof AssistantUsageTotals>;

export const AssistantUsage = AssistantUsageTotals.extend({
  /** 'firm': everyone's use in the firm (owners and managers); 'own': the caller's (members). */
  scope: z.enum(["firm", "own"]),
});
export type AssistantUsage = z.infer<typeof AssistantUsage>;
export const AssistantUsageResponse = envelope(AssistantUsage);
