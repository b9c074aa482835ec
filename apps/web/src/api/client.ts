import type { Envelope, FieldError } from "@precedent/contracts";
import { HTTP_TIMEOUT_MS } from "../constants";

/** A refused or failed call, with what to tell the user. `status` is 0 when no reply arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds: number | undefined;
  /** The server's workers were full (503 SERVER_BUSY): nothing was done, and asking again later is safe. */
  busy = false;

  constructor(status: number, message: string, fieldErrors: FieldError[] = [], retryAfterSeconds?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What the client needs of a contract's response schema. */
export type ResponseSchema<T> = { parse(data: unknown): Envelope<T> };

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A 401 normally means the session has ended and signs the browser out. The sign-in call
   * (wrong password) and the sign-in page's own check must not.
   */
  unauthorizedEndsSession?: boolean;
};

export const NETWORK_ERROR_MESSAGE = "Cannot reach Precedent. Check your internet connection and try again.";
export const TIMEOUT_ERROR_MESSAGE = "The server took too long to answer. Please try again.";
const UNREADABLE_REPLY_MESSAGE = "The server sent a reply this page cannot read. Please reload the page.";

let sessionEndedHandler: ((error: ApiError) => void) | undefined;

/** A call the server refused as busy (503 SERVER_BUSY), retried after `seconds`; `done` when it has an answer. */
export type BusyRetry = { seconds: number; attempt: number } | { done: true };
let busyHandler: ((retry: BusyRetry) => void) | undefined;

/**
 * How often a call refused as busy is asked again before the refusal is shown, and the longest it
 * waits for one retry (the server's Retry-After, capped): a busy server is waited for, visibly,
 * but not for ever.
 */
export const BUSY_RETRIES = 5;
const BUSY_MAX_WAIT_SECONDS = 30;

/** Registers what shows that a call is waiting for a busy server (one place, for every call). */
export function onServerBusy(handler: (retry: BusyRetry) => void): () => void {
  busyHandler = handler;
  return () => {
    if (busyHandler === handler) busyHandler = undefined;
  };
}

/** Registers what to do when the server says the session has ended (any 401). */
export function onSessionEnded(handler: (error: ApiError) => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = undefined;
  };
}

/** Tells the registered handler that the server has no session for this browser. */
export function reportSessionEnded(error: ApiError) {
  sessionEndedHandler?.(error);
}

function urlOf(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `${path}?${params}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Resolves in a task of its own. Sending a request costs the main thread about 2 ms (7 on a phone's
 * CPU), and a page's first render starts all its queries together, from one task: seven for the
 * document list, which made them a long task of their own. Each request is sent from its own task,
 * so the browser can respond between them; it waits only for the task in progress to end.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Waits `ms`, or less when the caller gives up (then throws what the signal says). */
const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Calls the API on the same origin with the session cookie and returns the envelope's `data`.
 * A call the server refuses as busy (503 with Retry-After: its document workers are full, and
 * nothing was done) is asked again after the delay it gives, up to BUSY_RETRIES times, and the
 * busy handler is told so the page can say it is waiting.
 */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await requestOnce(path, schema, options);
      if (attempt > 1) busyHandler?.({ done: true });
      return result;
    } catch (error) {
      const seconds = error instanceof ApiError && error.busy ? error.retryAfterSeconds : undefined;
      if (seconds === undefined || attempt > BUSY_RETRIES || options.signal?.aborted) {
        if (attempt > 1) busyHandler?.({ done: true });
        throw error;
      }
      busyHandler?.({ seconds, attempt });
      await wait(Math.min(seconds, BUSY_MAX_WAIT_SECONDS) * 1000, options.signal);
    }
  }
}

async function requestOnce<T>(path: string, schema: ResponseSchema<T>, options: RequestOptions): Promise<T> {
  const { method = "GET", query, body, signal, unauthorizedEndsSession = true } = options;
  await nextTask();
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // The caller's own cancellation (a query no longer needed) passes through untouched.
    if (signal?.aborted) throw error;
    throw new ApiError(0, timeout.aborted ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE);
  }

  const json = parseJson(await response.text());
  if (!response.ok) {
    // Loaded here rather than imported at the top: this file is part of the first load, and the
    // error reply's schema would bring zod into it. Every page that calls the API has loaded zod
    // for its own replies by then, so this costs no extra request in practice.
    const { ErrorEnvelope, SERVER_BUSY } = await import("@precedent/contracts");
    const envelope = ErrorEnvelope.safeParse(json);
    const error = envelope.success
      ? new ApiError(
          response.status,
          envelope.data.message || `The request failed (HTTP ${response.status}).`,
          envelope.data.data?.errors ?? [],
          envelope.data.data?.retry_after_seconds,
        )
      : new ApiError(response.status, `The request failed (HTTP ${response.status}). Please try again.`);
    error.busy = response.status === 503 && envelope.success && envelope.data.message === SERVER_BUSY;
    if (response.status === 401 && unauthorizedEndsSession) sessionEndedHandler?.(error);
    throw error;
  }
  try {
    return schema.parse(json).data;
  } catch {
    throw new ApiError(response.status, UNREADABLE_REPLY_MESSAGE);
  }
}
