import type { Database } from "../../db/client.ts";
import type { JobOptions, JobQueue, JsonValue } from "../jobs/queue.ts";

/**
 * Domain events: a module says what happened, and the modules that react to it register for it,
 * so the module that raises an event never imports (or is wired to) the ones that react.
 *
 * The rules:
 * - Every event is named here, in `DomainEvents`, by the module that raises it (declaration
 *   merging: `declare module "…/platform/events/index.ts" { interface DomainEvents { … } }` in that
 *   module), so a handler and a raise agree on its payload at compile time.
 * - `raise(tx, name, event)` is called inside the transaction that made the change. Handlers
 *   registered with `on` run there and then, in the order registered, in that transaction: what
 *   they write commits with the change or not at all, and a handler that throws rolls it back.
 * - Handlers registered with `onCommitted` run later, as a job of the job queue (platform/jobs)
 *   enqueued in the same transaction: the job exists exactly when the change commits, runs at
 *   least once, and is retried on failure. Its payload must be JSON.
 * - The module that reacts registers its own handlers (in its factory, or a `reactions.ts`);
 *   services.ts only hands every module the one bus.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each raising module adds its events by merging.
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
export type EventHandler<N extends EventName> = (tx: Database, event: DomainEvents[N]) => Promise<unknown>;

export function createEventBus(deps: { jobs: Pick<JobQueue, "define"> }) {
  const handlers = new Map<EventName, EventHandler<never>[]>();

  function on<N extends EventName>(name: N, handler: EventHandler<N>) {
    const list = handlers.get(name) ?? [];
    list.push(handler as EventHandler<never>);
    handlers.set(name, list);
  }

  return {
    on,

    /**
     * A handler run after the change commits, as the job `event:{name}:{handlerName}` (a name
     * unique per handler, so two reactions to one event are retried apart).
     */
    onCommitted<N extends EventName>(
      name: N,
      handlerName: string,
      handler: (event: DomainEvents[N] & JsonValue) => Promise<void>,
      options?: JobOptions,
    ) {
      const job = deps.jobs.define(`event:${name}:${handlerName}`, handler, options);
      on(name, (tx, event) => job.enqueue(event as DomainEvents[N] & JsonValue, { tx }));
    },

    /** Tells every handler of `name`, in `tx`, the transaction that made the change. */
    async raise<N extends EventName>(tx: Database, name: N, event: DomainEvents[N]) {
      for (const handler of handlers.get(name) ?? []) await (handler as EventHandler<N>)(tx, event);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
/** What a module that only raises events is given. */
export type EventRaiser = Pick<EventBus, "raise">;
/** What a module that only reacts is given. */
export type EventListeners = Pick<EventBus, "on" | "onCommitted">;
