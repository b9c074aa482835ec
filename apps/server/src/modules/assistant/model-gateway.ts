import {
  ASSISTANT_MODEL_BUSY,
  ASSISTANT_MODEL_UNREACHABLE,
  type ChatCompletionMessage,
} from "@precedent/contracts";
import { AppError } from "../../errors.ts";
import type { OpenAiSettings } from "./openai-provider.ts";

/**
 * The two direct calls to the configured OpenAI-compatible server behind `POST /api/ai/chat-completions`
 * and `POST /api/ai/get-temp-token`: `POST {base}/chat/completions` and `POST {base}/realtime/sessions`.
 * Plain `fetch`, as the chat's provider (openai-provider.ts): two endpoints, one JSON shape each.
 *
 * The server's key goes only to the model's server; the browser gets the realtime session's own
 * short-lived key. The model's failures become the API's: its rate limit a 429 with the delay it
 * asked for, a request it refused (`invalid_request_error`) a 400 with its reason, anything else
 * (no connection, a dropped answer, a 5xx, an answer we cannot read) a 502.
 */

/** Spec §7, realtime voice: temperature 0.8, max response tokens 4096, voice ash. */
export const REALTIME_SESSION_SETTINGS = {
  voice: "ash",
  temperature: 0.8,
  max_response_output_tokens: 4096,
} as const;

export type GatewaySettings = OpenAiSettings & { realtimeModel: string };

export type ModelGateway = ReturnType<typeof createModelGateway>;

/** Seconds to wait from a rate-limit answer: `retry-after-ms`, `retry-after`, or "try again in 1.5s". */
function retryAfterSeconds(response: Response, message: string): number {
  const ms = Number(response.headers.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return Math.max(1, Math.ceil(ms / 1000));
  const header = response.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - Date.now()) / 1000));
  }
  const said = /try again in (\d+(?:\.\d+)?)\s*(ms|s)/i.exec(message);
  if (said) return Math.max(1, Math.ceil(Number(said[1]) / (said[2]?.toLowerCase() === "ms" ? 1000 : 1)));
  return 1;
}

/** The model server's own message from an error answer ({error: {message, type}}), if it gave one. */
function errorOf(body: unknown): { message: string; type: string } {
  const error = (body as { error?: { message?: unknown; type?: unknown } } | null)?.error;
  return {
    message: typeof error?.message === "string" ? error.message.slice(0, 500) : "",
    type: typeof error?.type === "string" ? error.type : "",
  };
}

export function createModelGateway(deps: { settings: GatewaySettings; fetch?: typeof fetch }) {
  const { settings } = deps;
  const doFetch = deps.fetch ?? fetch;
  const base = settings.baseUrl.replace(/\/+$/, "");

  async function post(path: string, payload: unknown): Promise<unknown> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      // Read whole here: a connection dropped part-way through the answer fails here too.
      text = await response.text();
    } catch {
      throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (response.status === 429) {
      const { message } = errorOf(body);
      throw new AppError(429, ASSISTANT_MODEL_BUSY, {
        retry_after_seconds: retryAfterSeconds(response, message),
      });
    }
    if (!response.ok) {
      const { message, type } = errorOf(body);
      if (response.status === 400 || type === "invalid_request_error")
        throw new AppError(400, `The AI model refused the request${message ? `: ${message}` : "."}`);
      throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
    }
    if (body === null) throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
    return body;
  }

  return {
    chatModel: settings.model,
    realtimeModel: settings.realtimeModel,
    /** Where the browser opens the realtime session: the same server, over ws(s), at /realtime. */
    realtimeWebSocketUrl: `${base.replace(/^http/, "ws")}/realtime`,

    /** One chat completion, no tools: the reply's text and the tokens it took. */
    async chatCompletion(model: string, messages: readonly ChatCompletionMessage[]) {
      const body = (await post("/chat/completions", { model, messages })) as {
        choices?: { message?: { content?: unknown } }[];
        usage?: { total_tokens?: unknown };
      };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
      const tokens = body.usage?.total_tokens;
      return { content, tokens: typeof tokens === "number" && tokens > 0 ? Math.round(tokens) : 0 };
    },

    /** A realtime voice session: its ephemeral key and when that expires (Unix seconds). */
    async realtimeSession(input: { model: string; modalities?: readonly string[]; instructions?: string }) {
      const body = (await post("/realtime/sessions", {
        model: input.model,
        ...(input.modalities ? { modalities: input.modalities } : {}),
        ...(input.instructions ? { instructions: input.instructions } : {}),
        ...REALTIME_SESSION_SETTINGS,
      })) as { client_secret?: { value?: unknown; expires_at?: unknown } };
      const secret = body.client_secret;
      if (typeof secret?.value !== "string" || secret.value === "" || typeof secret.expires_at !== "number")
        throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
      // Never the server's own key, even if a misbehaving server echoed it back.
      if (settings.apiKey && secret.value === settings.apiKey)
        throw new AppError(502, ASSISTANT_MODEL_UNREACHABLE);
      return { value: secret.value, expires_at: Math.trunc(secret.expires_at) };
    },
  };
}
