import type { Actor } from "./actor.ts";

/**
 * What the sign-in hooks (plugins/authenticate.ts) need of the sessions: the auth module provides
 * it, and the hooks name only this so that they, and every routes file using `actorOf`, do not
 * import the auth module.
 */
export type SessionReader = {
  /** The actor of a session known in memory and still fresh, without a query; else undefined. */
  recall(token: string, teamId?: number): Actor | undefined;
  /** The actor of a live session (renewing its idle time), or a 401. */
  authenticate(token: string, teamId?: number): Promise<Actor>;
  /** A request that may have written: what is remembered of this actor is no longer trusted. */
  mayHaveWritten(actor: Actor, teamId?: number): void;
};
