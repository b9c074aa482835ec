/**
 * Tasks for the pool's own tests only (never wired into the server): work that behaves, and work
 * that breaks the limits the way a bad template could.
 */

/** Keeps its thread busy for `ms`, then says which task it was. */
export function spin(input: { ms: number; label: string }): string {
  const until = performance.now() + input.ms;
  while (performance.now() < until) {
    // Busy on purpose: a CPU-bound task, like an assembly.
  }
  return input.label;
}

/** Never returns. */
export function loopForever(): never {
  for (;;) {
    // A template that never ends.
  }
}

/** Holds ever more memory until its thread is stopped. */
export function allocateWithoutBound(): never {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(kept.length));
}

/** Throws an error of its own. */
export function fail(input: { message: string }): never {
  throw new Error(input.message);
}
