import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { contractsInTasks } from "./contracts-in-tasks";

// A page importing two contract modules (one importing the other) and a module of its own,
// bundled with the plugin as the browser's bundle is, then run: each module records what it
// runs after, and queues a task that records itself.
const root = mkdtempSync(path.join(tmpdir(), "contracts-in-tasks-"));
const contracts = path.join(root, "packages/contracts/src");
mkdirSync(contracts, { recursive: true });
const module = (name: string, imports = "") =>
  `${imports}\nglobalThis.log.push("${name}");\nsetTimeout(() => globalThis.log.push("task after ${name}"), 0);\nexport const ${name} = 1;\n`;
writeFileSync(path.join(contracts, "envelope.ts"), module("envelope"));
writeFileSync(
  path.join(contracts, "users.ts"),
  module("users", 'import { envelope } from "./envelope.ts"; void envelope;'),
);
writeFileSync(path.join(root, "helper.ts"), module("helper"));
writeFileSync(
  path.join(root, "page.ts"),
  module(
    "page",
    'import { users } from "./packages/contracts/src/users.ts"; import { helper } from "./helper.ts"; void users; void helper;',
  ),
);

async function bundle(withPlugin: boolean) {
  const outDir = path.join(root, withPlugin ? "with" : "without");
  await build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: withPlugin ? [contractsInTasks()] : [],
    build: {
      outDir,
      minify: false,
      lib: { entry: path.join(root, "page.ts"), formats: ["es"], fileName: () => "page.js" },
    },
  });
  return path.join(outDir, "page.js");
}

async function run(file: string) {
  const log: string[] = [];
  (globalThis as { log?: string[] }).log = log;
  await import(pathToFileURL(file).href);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return log;
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("contract modules in the browser's bundle", () => {
  it("are each evaluated in a task of their own, before the modules that import them", async () => {
    const log = await run(await bundle(true));
    // A task queued by one contract runs before the next contract: they are not in one task.
    expect(log.indexOf("task after envelope")).toBeLessThan(log.indexOf("users"));
    expect(log.indexOf("users")).toBeLessThan(log.indexOf("page"));
    expect(log.indexOf("envelope")).toBeLessThan(log.indexOf("users"));
  });

  it("were one task without it (what the test would see if the plugin did nothing)", async () => {
    const log = await run(await bundle(false));
    expect(log.slice(0, 4)).toEqual(["envelope", "users", "helper", "page"]);
  });
});
