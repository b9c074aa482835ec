/**
 * A task module for the pool's own tests only that never finishes loading: its thread never takes
 * the task, which the pool's start limit (not the task's time limit) must end.
 */
for (;;) {
  // A thread that cannot start.
}

export function never(): string {
  return "unreachable";
}
