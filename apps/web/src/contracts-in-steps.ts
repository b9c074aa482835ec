/**
 * The API contracts' schemas, built a module at a time before the account area's code runs.
 *
 * zod builds every schema when its module is evaluated, and a module's imports are evaluated in
 * the same task as the module: loaded with the account area and the document list, the contracts
 * they use were one task of some 170 ms on a phone-speed CPU, which the page could not answer
 * input during. Imported one by one with a task between them, each is a short task of its own.
 * Each step is an API module of the web app, which brings in the contract modules it uses; one
 * left off this list is built with the page that imports it, which only makes that task longer.
 */
const STEPS = [
  () => import("./api/auth"),
  () => import("./api/users"),
  () => import("./api/teams"),
  () => import("./api/catalogue"),
  () => import("./api/credits"),
  () => import("./features/integrations/api"),
  () => import("./api/membership"),
  () => import("./api/bootstrap"),
  () => import("./api/documents"),
  () => import("./api/asic"),
];

/** Resolves after the browser has had the chance to run other tasks (input, painting). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `steps` in order, one per task, at most once while they succeed: the function it returns
 * gives every caller the same run. A step that fails (a module the network did not deliver)
 * rejects that run, and the next call starts again from the first step.
 */
export function inSteps(steps: readonly (() => Promise<unknown>)[]): () => Promise<void> {
  let run: Promise<void> | undefined;
  return () => {
    run ??= (async () => {
      for (const step of steps) {
        await step();
        await nextTask();
      }
    })().catch((error: unknown) => {
      run = undefined;
      throw error;
    });
    return run;
  };
}

/** Builds the contracts' schemas, one API module per task. */
export const contractsInSteps = inSteps(STEPS);
