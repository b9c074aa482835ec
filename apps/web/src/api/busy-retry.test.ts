import { AssembleResponse, SERVER_BUSY } from "@precedent/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, BUSY_RETRIES, type BusyRetry, onServerBusy } from "./client";

const busy = (seconds: number) =>
  new Response(JSON.stringify({ message: SERVER_BUSY, data: { retry_after_seconds: seconds } }), {
    status: 503,
    headers: { "content-type": "application/json", "retry-after": String(seconds) },
  });
const assembled = () =>
  new Response(JSON.stringify({ message: "", data: { doc_id: 7, status: 5, files: [] } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a call the server refuses as busy", () => {
  it("is asked again after the server's delay, telling the page it waits, and gives the answer", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(busy(2)).mockResolvedValueOnce(assembled());
    vi.stubGlobal("fetch", fetch);
    const told: BusyRetry[] = [];
    const stop = onServerBusy((retry) => told.push(retry));
    const answer = apiRequest("/api/xpressdox/assemble/7", AssembleResponse, { method: "POST", body: {} });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(told).toEqual([{ seconds: 2, attempt: 1 }]);
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toEqual({ doc_id: 7, status: 5, files: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(told.at(-1)).toEqual({ done: true });
    stop();
  });

  it("shows the refusal after the last retry, and never retries another 503", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => busy(1));
    vi.stubGlobal("fetch", fetch);
    const answer = apiRequest("/api/xpressdox/assemble/7", AssembleResponse, {
      method: "POST",
      body: {},
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync((BUSY_RETRIES + 1) * 1_100);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: SERVER_BUSY, busy: true });
    expect(fetch).toHaveBeenCalledTimes(BUSY_RETRIES + 1);

    const other = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ message: "The SMS provider is busy.", data: { retry_after_seconds: 1 } }),
          {
            status: 503,
          },
        ),
    );
    vi.stubGlobal("fetch", other);
    const refused = apiRequest("/api/x", AssembleResponse).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(await refused).toMatchObject({ status: 503, busy: false });
    expect(other).toHaveBeenCalledTimes(1);
  });
});
