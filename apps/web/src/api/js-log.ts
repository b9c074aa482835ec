import type { JsLogRequest } from "@precedent/contracts";

/**
 * Sends one browser error to the server's log. Best effort: it never throws and never goes
 * through the API client, so a failure here cannot report itself or sign anyone out.
 *
 * The path is written here rather than taken from `API.bootstrap.jsLog`: this file is part of the
 * first load (the error log is installed before any page), and importing `API` would bring every
 * contract, and zod, into it. `js-log.test.ts` holds the path to the definition.
 */
export function sendJsLog(entry: JsLogRequest): void {
  try {
    void fetch("/api/js-log", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(entry),
      // Lets the report finish even when the error is followed by leaving the page.
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Nothing sensible to do when even reporting fails.
  }
}
