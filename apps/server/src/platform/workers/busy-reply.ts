import { ErrorEnvelope } from "@precedent/contracts";

/**
 * The 503 of a route whose work runs on the worker pool, for its OpenAPI description: spread into
 * the route's `response` (`response: { 200: …, ...BUSY_RESPONSE }`).
 */
export const BUSY_RESPONSE = {
  503: ErrorEnvelope.describe(
    "The server's document workers and their waiting line are full: nothing was done; ask again after the Retry-After header's seconds (also `data.retry_after_seconds`)",
  ),
} as const;
