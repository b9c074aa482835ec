import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAST_ACTIVITY_STORAGE_KEY } from "../../constants";
import { startActivityMonitor } from "./activity-monitor";

const IDLE_TIMEOUT_MS = 6000;
const KEEP_ALIVE_MS = 2000;

// Just enough of a browser for the monitor: event targets, timers and storage.
function fakeBrowser() {
  const windowTarget = Object.assign(new EventTarget(), {
    setInterval: (handler: () => void, ms: number) => globalThis.setInterval(handler, ms),
    clearInterval: (id: number) => globalThis.clearInterval(id),
  });
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal("window", windowTarget);
  vi.stubGlobal("document", documentTarget);
  vi.stubGlobal("localStorage", storage);
  return { windowTarget, storage };
}

describe("startActivityMonitor", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  let keepAlive: ReturnType<typeof vi.fn<() => Promise<unknown>>>;
  let onIdle: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    browser = fakeBrowser();
    keepAlive = vi.fn(() => Promise.resolve());
    onIdle = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = () =>
    startActivityMonitor({ idleTimeoutMs: IDLE_TIMEOUT_MS, keepAliveMs: KEEP_ALIVE_MS, keepAlive, onIdle });

  it("ends an unused session after the idle timeout without any keep-alive", async () => {
    start();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(keepAlive).not.toHaveBeenCalled();
    // Once idle it stops: no second call, no keep-alive.
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("keeps an active user's session alive, once per period", async () => {
    start();
    for (let second = 0; second < 20; second++) {
      browser.windowTarget.dispatchEvent(new Event(second % 2 ? "keydown" : "mousemove"));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(onIdle).not.toHaveBeenCalled();
    // 20 s of activity with a 2 s period: about ten keep-alives, never more than one per period.
    expect(keepAlive.mock.calls.length).toBeGreaterThanOrEqual(8);
    expect(keepAlive.mock.calls.length).toBeLessThanOrEqual(10);
  });

  it("sends no keep-alive for a period without activity", async () => {
    start();
    await vi.advanceTimersByTimeAsync(500);
    browser.windowTarget.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(keepAlive).toHaveBeenCalledTimes(1);
  });

  it("counts activity in another tab, shared through storage", async () => {
    start();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 2000);
    browser.storage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("stops watching when stopped", async () => {
    const stop = start();
    stop();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
    expect(keepAlive).not.toHaveBeenCalled();
  });
});
