import { API } from "@precedent/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pathOf } from "./call";
import { sendJsLog } from "./js-log";

afterEach(() => vi.unstubAllGlobals());

describe("the browser's error report", () => {
  it("is sent to the defined call, with a body the server's schema takes", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    const entry = { message: "Uncaught error: boom", url: "https://example.test/x" };
    sendJsLog(entry);
    expect(fetch).toHaveBeenCalledWith(
      pathOf(API.bootstrap.jsLog),
      expect.objectContaining({ method: API.bootstrap.jsLog.method, keepalive: true }),
    );
    const sent = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(API.bootstrap.jsLog.body.safeParse(JSON.parse(String(sent.body))).success).toBe(true);
  });
});
