// The first file each pool thread runs. The server's code is TypeScript run through tsx (npm start,
// npm run dev) or Vitest's transform (tests); a worker thread inherits neither, and Node's own type
// stripping cannot read the engine (it uses parameter properties). So every thread, in dev, tests
// and production alike, registers tsx's loader here, in plain JavaScript, and then imports the
// task modules as TypeScript.
import { register } from "tsx/esm/api";

register();

/** Each task module, imported once per thread on its first task: the engine and fonts load once. */
const modules = new Map();

/**
 * Runs one task: `fn`, an exported function of the module at `module` (a file URL), with `input`.
 * Once the thread is up and the module loaded, it says so on `taken`: the pool starts the task's
 * time limit then, so a thread's start and its first load of the engine are not the task's time.
 * @param {{ module: string, fn: string, input: unknown, taken?: import("node:worker_threads").MessagePort }} task
 */
export default async function runTask({ module, fn, input, taken }) {
  let loading = modules.get(module);
  if (!loading) {
    loading = import(module);
    modules.set(module, loading);
  }
  const exports = await loading;
  taken?.postMessage("taken");
  if (typeof exports[fn] !== "function") throw new Error(`${module} has no task ${fn}`);
  return exports[fn](input);
}
