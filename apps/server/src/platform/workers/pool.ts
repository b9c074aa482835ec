/**
 * The worker pool: CPU-heavy work (assembling a document, rendering a preview, sealing a signed
 * PDF) runs on worker threads, so the request thread stays free to answer every list and sign-in
 * while a deed is made. Rules:
 *
 * - As many threads as cores (WORKER_THREADS to change it). A thread starts on the first task
 *   that needs it, loads what its tasks use once, and stays for the next.
 * - A bounded waiting line in front of them, one line per firm served in turn (fair-queue.ts):
 *   one firm's batch of fifty cannot hold back another firm's one. When the line is full, the
 *   request is refused at once with 503 and a Retry-After estimated from the line's length and
 *   recent task times, rather than left to hang.
 * - Each task has a time limit and each thread a heap limit. A task that passes either fails
 *   alone (WorkerTaskError, saying which limit), its thread is ended and replaced, and the next
 *   task runs on a fresh one. The time limit counts from the moment a thread takes the task
 *   (started, its task module loaded), so starting a replacement thread is not charged to the
 *   task after a stopped one; a separate, longer limit covers a thread that never takes its task.
 *
 * Piscina runs the threads (spawning, replacing dead ones, ending a thread whose task is aborted,
 * resource limits); the line in front of it is ours, because Piscina's own queue is one FIFO for
 * everyone and cannot be fair between firms.
 */
import { performance } from "node:perf_hooks";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { SERVER_BUSY } from "@precedent/contracts";
import { Piscina } from "piscina";
import { AppError } from "../../errors.ts";
import { FairQueue } from "./fair-queue.ts";

const ENTRY = new URL("./worker-entry.mjs", import.meta.url).href;
/** An idle thread is kept this long: starting one loads the engine again, about a second. */
const IDLE_THREAD_MS = 10 * 60_000;
/** The first Retry-After estimate, before any task has been timed. */
const FIRST_GUESS_MS = 500;
const MAX_RETRY_AFTER_SECONDS = 60;
/**
 * The young generation each thread's heap may use, in MB. V8 otherwise lets it grow to tens of MB
 * per thread, and an assembly allocates about 40 MB of short-lived objects (words, glyph runs,
 * buffers) of which under 50 MB stays live: 60 SMSF deeds through one thread peaked at 476 MB of
 * process memory by default, at 289–314 MB with 16 MB (288 MB with 8, 314 MB with 32), at the same CPU.
 */
const YOUNG_GENERATION_MB = 16;
/**
 * How long a dispatched task may wait for its thread to take it (the thread starting: tsx, then
 * the task's module, the engine and its fonts; about 2 s on a loaded machine) before it fails.
 * Only a thread that cannot start at all comes near it.
 */
const THREAD_START_LIMIT_MS = 60_000;
/** How much lower the workers' scheduling priority is than the request thread's (Unix `nice`). */
const WORKER_NICENESS = 10;

const seconds = (ms: number) => {
  const whole = Math.round(ms / 1000);
  return `${whole} second${whole === 1 ? "" : "s"}`;
};

export type WorkerPoolOptions = {
  threads: number;
  /** Tasks that may wait for a thread (across firms) before new ones are refused with 503. */
  queueLimit: number;
  taskTimeoutMs: number;
  /** The heap one thread may hold (V8's old generation), in MB. */
  memoryLimitMb: number;
  /** How long a thread may take to take a dispatched task (THREAD_START_LIMIT_MS unless told). */
  threadStartLimitMs?: number;
};

/** A task of a task module: its file URL, the exported function's name, and its input. */
export type WorkerTask = { module: string; fn: string; input: unknown };
/** What a thread is sent: the task, and the port on which it says it has taken it. */
export type DispatchedTask = WorkerTask & { taken: MessagePort };

/** Why a task was stopped: it ran past its time, its thread ran out of memory, or its thread died. */
export class WorkerTaskError extends Error {
  override readonly name = "WorkerTaskError";
  readonly reason: "time" | "memory" | "crash";
  constructor(reason: "time" | "memory" | "crash", message: string) {
    super(message);
    this.reason = reason;
  }
}

export type WorkerPoolStats = {
  threads: number;
  running: number;
  queued: number;
  queueLimit: number;
  /** Recent task time (a moving average), in ms. */
  averageTaskMs: number;
};

type Logger = { warn(details: object, message: string): void };

export type WorkerPool = {
  /**
   * Runs a task for a firm (the fairness key: a firm's id, or a name for work of no firm).
   * Throws AppError 503 (SERVER_BUSY, with retry_after_seconds) when the line is full.
   */
  run<R>(firm: string | number, task: WorkerTask): Promise<R>;
  stats(): WorkerPoolStats;
  /** Where stopped tasks are logged (the app's log, once it exists). */
  useLog(log: Logger): void;
  /** Refuses what waits, ends the threads; idempotent. */
  close(): Promise<void>;
};

type Waiting = {
  task: WorkerTask;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const threads = Math.max(1, Math.floor(options.threads));
  const line = new FairQueue<Waiting>();
  let piscina: Piscina | undefined;
  let running = 0;
  let averageTaskMs = FIRST_GUESS_MS;
  let closed = false;
  let log: Logger | undefined;

  // Made at the first task: a server (or a test) that never assembles starts no thread.
  const threadsPool = () => {
    piscina ??= new Piscina({
      filename: ENTRY,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryLimitMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
      // The entry registers its own TypeScript loader; the parent's flags (tsx's, Vitest's) are
      // not the worker's business.
      execArgv: [],
      // Tasks are async (PDF rendering awaits streams): a thread must not block between them.
      atomics: "disabled",
      // Workers run at a lower priority than the request thread: when both want a core, the
      // thread that answers requests gets it, and the assemblies take what is left.
      niceIncrement: WORKER_NICENESS,
    });
    return piscina;
  };

  const retryAfterSeconds = () => {
    const ahead = line.size + running;
    const seconds = Math.ceil(((ahead / threads) * averageTaskMs) / 1000);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  };

  const threadStartLimitMs = options.threadStartLimitMs ?? THREAD_START_LIMIT_MS;
  const failureOf = (error: unknown, stopped: "start" | "time" | undefined, fn: string): unknown => {
    if (stopped === "start") {
      return new WorkerTaskError(
        "time",
        `it was stopped when no worker had taken it after ${seconds(threadStartLimitMs)}`,
      );
    }
    if (stopped === "time") {
      return new WorkerTaskError(
        "time",
        `it was stopped after ${seconds(options.taskTimeoutMs)} (the limit for one task)`,
      );
    }
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_WORKER_OUT_OF_MEMORY") {
      return new WorkerTaskError(
        "memory",
        `it was stopped when it needed more than ${options.memoryLimitMb} MB of memory (the limit for one task)`,
      );
    }
    // A thread that exits or dies mid-task (Piscina names it in the message).
    if (error instanceof Error && /worker (exited|terminated)|terminated worker/i.test(error.message)) {
      return new WorkerTaskError("crash", `its worker stopped unexpectedly (${fn})`);
    }
    return error;
  };

  const dispatch = () => {
    while (!closed && running < threads && line.size > 0) {
      const next = line.shift() as Waiting;
      running++;
      let started = performance.now();
      const deadline = new AbortController();
      let stopped: "start" | "time" | undefined;
      const stop = (why: "start" | "time") => () => {
        stopped = why;
        deadline.abort();
      };
      // Until a thread takes the task, only the start limit runs: a replacement thread starting
      // (over a second on a busy machine) is not the task's time. The thread says when it has
      // taken the task on a port of the task's own, and the task's limit starts then.
      let timer = setTimeout(stop("start"), threadStartLimitMs);
      const { port1: taken, port2: takenInThread } = new MessageChannel();
      taken.once("message", () => {
        clearTimeout(timer);
        started = performance.now();
        timer = setTimeout(stop("time"), options.taskTimeoutMs);
      });
      const dispatched: DispatchedTask = { ...next.task, taken: takenInThread };
      threadsPool()
        .run(dispatched, { signal: deadline.signal, transferList: [takenInThread] })
        .then(
          (value) => {
            // A moving average of recent tasks, for Retry-After.
            averageTaskMs = 0.8 * averageTaskMs + 0.2 * (performance.now() - started);
            next.resolve(value);
          },
          (error: unknown) => {
            const failure = failureOf(error, stopped, next.task.fn);
            if (failure instanceof WorkerTaskError) {
              log?.warn(
                { task: next.task.fn, reason: failure.reason },
                `worker task stopped: ${failure.message}`,
              );
            }
            next.reject(failure);
          },
        )
        .finally(() => {
          clearTimeout(timer);
          taken.close();
          running--;
          dispatch();
        });
    }
  };

  return {
    run<R>(firm: string | number, task: WorkerTask) {
      if (closed) return Promise.reject(new Error("The worker pool is closed."));
      // Free threads take a task at once; the limit is on what must wait.
      if (line.size >= options.queueLimit && running >= threads) {
        return Promise.reject(new AppError(503, SERVER_BUSY, { retry_after_seconds: retryAfterSeconds() }));
      }
      return new Promise<R>((resolve, reject) => {
        line.push(String(firm), { task, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    stats: () => ({ threads, running, queued: line.size, queueLimit: options.queueLimit, averageTaskMs }),
    useLog(logger) {
      log = logger;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (let waiting = line.shift(); waiting; waiting = line.shift()) {
        waiting.reject(new Error("The server is shutting down."));
      }
      await piscina?.destroy();
    },
  };
}
