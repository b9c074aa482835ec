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

let built: Promise<void> | undefined;

/** Builds the contracts' schemas, one API module per task; at most once while it succeeds. */
export function contractsInSteps(): Promise<void> {
  built ??= (async () => {
    for (const step of STEPS) {
      await step();
      await nextTask();
    }
  })().catch((error: unknown) => {
    // A module that failed to load (the network) is tried again with the next page's code.
    built = undefined;
    throw error;
  });
  return built;
}
