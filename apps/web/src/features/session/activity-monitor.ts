import { LAST_ACTIVITY_STORAGE_KEY } from "../../constants";

/** What counts as the user being active (spec: keep-alive and idle timeout). */
export const ACTIVITY_EVENTS = [
  "mousemove",
  "keydown",
  "mousedown",
  "scroll",
  "touchstart",
  "wheel",
] as const;

/** How often the monitor looks at the clock. Timers in background tabs are throttled, so every
 * decision compares timestamps instead of trusting one long timer. */
const CHECK_INTERVAL_MS = 1000;
/** Activity is shared with other tabs at most this often; mousemove fires far more. */
const SHARE_INTERVAL_MS = 1000;

export type ActivityMonitorOptions = {
  idleTimeoutMs: number;
  keepAliveMs: number;
  /** Refreshes the server session (the auth check). */
  keepAlive: () => Promise<unknown>;
  /** Called once, when nobody has used any tab of the app for idleTimeoutMs. */
  onIdle: () => void;
  now?: () => number;
};

function readSharedActivity(): number {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeSharedActivity(at: number): void {
  try {
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Without storage each tab simply keeps its own activity.
  }
}

/**
 * Watches for user activity. The server ends a session that has had no request for its idle
 * timeout, so the keep-alive is sent only when the user has done something since the last one:
 * an open but unused tab must not keep a session alive. Returns a function that stops watching.
 */
export function startActivityMonitor(options: ActivityMonitorOptions): () => void {
  const { idleTimeoutMs, keepAliveMs, keepAlive, onIdle, now = Date.now } = options;
  let lastActivity = now();
  let lastKeepAlive = lastActivity;
  let lastShared = 0;
  let keepAliveInFlight = false;
  let stopped = false;

  const share = (at: number) => {
    if (at - lastShared < SHARE_INTERVAL_MS) return;
    lastShared = at;
    writeSharedActivity(at);
  };

  const onActivity = () => {
    lastActivity = now();
    share(lastActivity);
  };

  const check = () => {
    if (stopped) return;
    const at = now();
    lastActivity = Math.max(lastActivity, readSharedActivity());
    if (at - lastActivity >= idleTimeoutMs) {
      stop();
      onIdle();
      return;
    }
    if (!keepAliveInFlight && at - lastKeepAlive >= keepAliveMs && lastActivity > lastKeepAlive) {
      keepAliveInFlight = true;
      lastKeepAlive = at;
      keepAlive()
        .catch(() => {
          // A failed keep-alive is retried at the next period; a 401 has already signed out.
        })
        .finally(() => {
          keepAliveInFlight = false;
        });
    }
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === "visible") check();
  };

  for (const type of ACTIVITY_EVENTS) {
    // Capture, because scroll events of inner panes do not bubble to the window.
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  document.addEventListener("visibilitychange", onVisibilityChange);
  const timer = window.setInterval(check, CHECK_INTERVAL_MS);
  share(lastActivity);

  function stop() {
    if (stopped) return;
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibilityChange);
    for (const type of ACTIVITY_EVENTS) {
      window.removeEventListener(type, onActivity, { capture: true });
    }
  }

  return stop;
}
