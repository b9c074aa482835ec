/**
 * A task module for the pool's own tests only, slow to load on purpose: loading it keeps its
 * thread busy for 1.5 s, as the engine's first load (tsx, docgen, fonts) does on a busy machine.
 * A task limit counted from dispatch, not from the moment the thread takes the task, would spend
 * a 1 s limit before the task began.
 */
const LOAD_MS = 1_500;
const until = performance.now() + LOAD_MS;
while (performance.now() < until) {
  // Busy on purpose: a module whose loading is CPU work.
}

/** Says which task it was, at once. */
export function quick(input: { label: string }): string {
  return input.label;
}
