/**
 * Time comes from an injected clock, never from `new Date()` inside a module or the database's
 * `now()`, so a test moves one clock and every module, the job queue included, sees the same time.
 */
export type Clock = () => Date;

/** The real time, for the server and the command-line tools. */
export const systemClock: Clock = () => new Date();
