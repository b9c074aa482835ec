import type { Plugin } from "vite";

/** The contracts package's source files (packages/contracts/src). */
const CONTRACT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]([^\\/]+)\.ts$/;
const PAUSE_PREFIX = "\0precedent-pause-before:";

/**
 * In the browser's bundle, each contract module's schemas are built in a task of its own.
 *
 * zod builds every schema as its module is evaluated, and a module graph is evaluated in one task:
 * loaded with the account area and the document list, the contracts they use were one task of
 * some 170 ms on a phone-speed CPU, during which the page could not answer input. Here each
 * contract module also imports a module of its own that only waits for the next task (a top-level
 * await), after its other imports. The browser still fetches every module at once; evaluation goes
 * on after each pause, so each contract is built in the task where its pause ends, and a page runs
 * once all of its contracts are built. A pause shared by several modules would end for all of them
 * in one task, so each has its own. (An earlier version imported the contracts one by one before
 * the account area's pages: the same short tasks, but each import waited for the one before over
 * the network, and the list's rows came 4.5 s later on a slow connection.) The server and the
 * pages built ahead import the contracts as written.
 */
export function contractsInTasks(): Plugin {
  return {
    name: "precedent-contracts-in-tasks",
    apply: "build",
    resolveId: {
      filter: { id: /^\0?precedent-pause-before:/ },
      handler: (id) => (id.startsWith("\0") ? id : `\0${id}`),
    },
    load: {
      filter: { id: /^\0precedent-pause-before:/ },
      handler: () => ({
        code: "await new Promise((resolve) => setTimeout(resolve, 0));\n",
        moduleSideEffects: true,
      }),
    },
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        const name = CONTRACT_MODULE.exec(id)?.[1];
        if (!name) return null;
        // The module's last import, so its pause comes right before its own code, after what it
        // imports (the bundler puts a chunk's modules in that order, one after another); on the
        // last line, so no line of the module moves.
        return { code: `${code}\n;import ${JSON.stringify(PAUSE_PREFIX.slice(1) + name)};`, map: null };
      },
    },
  };
}
