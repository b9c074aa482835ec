import { ErrorEnvelope } from "@precedent/contracts";
import { HTTP_TIMEOUT_MS } from "../constants";
import { ApiError, NETWORK_ERROR_MESSAGE } from "./client";

/**
 * Sends one file as the multipart part `file` (not through `call`, which sends JSON) and answers
 * the reply's JSON for the caller's schema to read. A refusal becomes an ApiError with the
 * server's message and field errors, passed to `onRefused` first (the firm's calls end the
 * session on a 401 there; the console's have their own sign-in).
 */
export async function sendFile(
  address: string,
  method: "POST" | "PUT",
  file: File,
  onRefused?: (error: ApiError, status: number) => void,
): Promise<unknown> {
  const form = new FormData();
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(address, {
      method,
      credentials: "same-origin",
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const envelope = ErrorEnvelope.safeParse(json);
    const error = new ApiError(
      response.status,
      envelope.success && envelope.data.message
        ? envelope.data.message
        : `The upload failed (HTTP ${response.status}).`,
      envelope.success ? (envelope.data.data?.errors ?? []) : [],
    );
    onRefused?.(error, response.status);
    throw error;
  }
  return json;
}
