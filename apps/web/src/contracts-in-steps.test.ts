import { describe, expect, it } from "vitest";
import { inSteps } from "./contracts-in-steps";

describe("inSteps", () => {
  it("runs each step in a task of its own, in order", async () => {
    const events: string[] = [];
    // A task queued by a step runs before the next step starts only if the runner yields a task.
    const step = (name: string) => async () => {
      events.push(name);
      setTimeout(() => events.push(`task after ${name}`), 0);
    };
    await inSteps([step("a"), step("b"), step("c")])();
    expect(events).toEqual(["a", "task after a", "b", "task after b", "c", "task after c"]);
  });

  it("runs once for every caller while it succeeds", async () => {
    let runs = 0;
    const run = inSteps([
      async () => {
        runs++;
      },
    ]);
    await Promise.all([run(), run()]);
    await run();
    expect(runs).toBe(1);
  });

  it("starts again after a failed step, from the first", async () => {
    const calls: string[] = [];
    let deliver = false;
    const run = inSteps([
      async () => {
        calls.push("first");
      },
      async () => {
        calls.push("second");
        if (!deliver) throw new Error("the module did not arrive");
      },
    ]);
    await expect(run()).rejects.toThrow("the module did not arrive");
    deliver = true;
    await run();
    expect(calls).toEqual(["first", "second", "first", "second"]);
  });
});
