import { sendJsLog } from "./api/js-log";

/** At most this many reports per page load, and the same message at most once a minute. */
const MAX_REPORTS_PER_PAGE = 20;
const REPEAT_WINDOW_MS = 60_000;

let sent = 0;
const lastSentAt = new Map<string, number>();

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;

function describeReason(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  if (typeof reason === "string") return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/** Reports an error caught in the browser to the server (throttled, best effort). */
export function reportError(reason: unknown, context?: string): void {
  const { message, stack } = describeReason(reason);
  const text = (context ? `${context}: ${message}` : message).trim() || "Unknown error";
  const now = Date.now();
  const previous = lastSentAt.get(text);
  if (sent >= MAX_REPORTS_PER_PAGE || (previous !== undefined && now - previous < REPEAT_WINDOW_MS)) return;
  sent += 1;
  lastSentAt.set(text, now);
  sendJsLog({
    message: clip(text, 2000) ?? "",
    stack: clip(stack, 10_000),
    url: clip(window.location.href, 2000),
    user_agent: clip(navigator.userAgent, 500),
  });
}

/** Sends uncaught errors and unhandled promise rejections to the client error log. */
export function installErrorLog(): void {
  window.addEventListener("error", (event) => {
    // Errors from scripts of another origin arrive without an error object, only a message.
    reportError(event.error ?? event.message, "Uncaught error");
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportError(event.reason, "Unhandled rejection");
  });
}
