/**
 * How free the request thread is: the event loop's delay (perf_hooks' monitorEventLoopDelay),
 * measured in windows of WINDOW_MS. `/readyz` reports it, so a load balancer can see a saturated
 * server, and it is logged every LOG_EVERY_MS (a warning when the p99 passes SLOW_P99_MS), so an
 * operator can. A window's figures are kept once it ends; what is reported is the worse of the
 * last complete window and the current one, so a loop blocked right now shows at once.
 */
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

const WINDOW_MS = 10_000;
const LOG_EVERY_MS = 60_000;
const SLOW_P99_MS = 100;
/** The histogram's sampling interval: the finest delay it can see. */
const RESOLUTION_MS = 10;

export type LoopDelay = {
  /** The 99th percentile of the loop's delay, in ms. */
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** The span it covers, in seconds. */
  windowSeconds: number;
};

type Logger = { info(details: object, message: string): void; warn(details: object, message: string): void };

const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 10) / 10;

function figuresOf(histogram: IntervalHistogram, windowMs: number): LoopDelay {
  // An empty window (just reset) has no samples; its figures are zero, not NaN.
  if (histogram.count === 0) return { p99Ms: 0, maxMs: 0, meanMs: 0, windowSeconds: windowMs / 1000 };
  return {
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    meanMs: ms(histogram.mean),
    windowSeconds: windowMs / 1000,
  };
}

export type LoopHealth = { delay(): LoopDelay; stop(): void };

export function createLoopHealth(options: { log?: Logger; details?: () => object } = {}): LoopHealth {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let windowStarted = performance.now();
  let lastWindow: LoopDelay = figuresOf(histogram, 0);
  let sinceLog = 0;
  const window = setInterval(() => {
    const now = performance.now();
    lastWindow = figuresOf(histogram, now - windowStarted);
    histogram.reset();
    windowStarted = now;
    sinceLog += WINDOW_MS;
    const slow = lastWindow.p99Ms > SLOW_P99_MS;
    if (options.log && (slow || sinceLog >= LOG_EVERY_MS)) {
      sinceLog = 0;
      const details = { event_loop_delay: lastWindow, ...options.details?.() };
      if (slow) options.log.warn(details, "event loop delayed: the request thread is saturated");
      else options.log.info(details, "event loop");
    }
  }, WINDOW_MS);
  window.unref();
  return {
    delay() {
      const current = figuresOf(histogram, performance.now() - windowStarted);
      const worse = current.p99Ms > lastWindow.p99Ms ? current : lastWindow;
      return { ...worse, maxMs: Math.max(current.maxMs, lastWindow.maxMs) };
    },
    stop() {
      clearInterval(window);
      histogram.disable();
    },
  };
}
