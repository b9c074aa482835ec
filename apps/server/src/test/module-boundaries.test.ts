import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The module boundaries are kept by Biome (biome.json: `noImportCycles` and the
 * `noRestrictedImports` overrides). This runs the repository's Biome with the repository's
 * biome.json over a small tree laid out like apps/server/src, so a loosened pattern or a rule
 * switched off fails here rather than letting a deep import or a cycle through unnoticed.
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const biome = path.join(root, "node_modules/@biomejs/biome/bin/biome");

const fixture: Record<string, string> = {
  // Alpha's entry still hands out a table (the tests and the demo data write rows with it).
  "modules/alpha/index.ts":
    'export { alphaValue } from "./service.ts";\nexport { users } from "./schema.ts";\n',
  "modules/alpha/service.ts": "export const alphaValue = 1;\n",
  "modules/alpha/schema.ts": "export const alphaTable = { id: 1 };\nexport const users = { id: 1 };\n",
  // Through the entry: allowed.
  "modules/beta/index.ts": 'export { betaValue } from "./service.ts";\n',
  "modules/beta/service.ts":
    'import { alphaValue } from "../alpha/index.ts";\nimport { shared } from "../../shared.ts";\n\nexport const betaValue = alphaValue + shared;\n',
  // A table file may name another module's table (a foreign key) ...
  "modules/beta/schema.ts":
    'import { alphaTable } from "../alpha/schema.ts";\n\nexport const betaTable = { alphaId: alphaTable.id };\n',
  // ... but other code may not reach past the entry, to a table or to a service.
  "modules/beta/reader.ts":
    'import { alphaTable } from "../alpha/schema.ts";\n\nexport const readsAlpha = alphaTable.id;\n',
  "modules/gamma/service.ts":
    'import { alphaValue } from "../alpha/service.ts";\n\nexport const gammaValue = alphaValue;\n',
  // Two modules that need each other, each through the other's entry: a cycle.
  "modules/delta/index.ts": 'export { deltaValue } from "./service.ts";\n',
  "modules/delta/service.ts":
    'import { epsilonValue } from "../epsilon/index.ts";\n\nexport const deltaValue = () => epsilonValue;\n',
  "modules/epsilon/index.ts": 'export { epsilonValue } from "./service.ts";\n',
  "modules/epsilon/service.ts":
    'import { deltaValue } from "../delta/index.ts";\n\nexport const epsilonValue = () => deltaValue;\n',
  // Another module's table through its entry: refused in a module's code, at any depth, and in
  // the server's other code; a test, a test helper or the demo data may still write rows with it.
  "modules/beta/table-reader.ts":
    'import { users } from "../alpha/index.ts";\n\nexport const readsUsers = users.id;\n',
  "modules/beta/nested/table-reader.ts":
    'import { users } from "../../alpha/index.ts";\n\nexport const readsUsers = users.id;\n',
  "modules/beta/beta.test.ts":
    'import { users } from "../alpha/index.ts";\n\nexport const writesUsers = users.id;\n',
  // A module's test helpers (testing.ts, imported by its tests only) write rows as tests do, but
  // reach another module only through its entry like any of its code.
  "modules/beta/testing.ts":
    'import { users } from "../alpha/index.ts";\n\nexport const writesUsers = users.id;\n',
  "modules/gamma/testing.ts":
    'import { alphaValue } from "../alpha/service.ts";\n\nexport const helperValue = alphaValue;\n',
  "plugins/table-reader.ts":
    'import { users } from "../modules/alpha/index.ts";\n\nexport const readsUsers = users.id;\n',
  "demo/people.ts": 'import { users } from "../modules/alpha/index.ts";\n\nexport const seeded = users;\n',
  "shared.ts": "export const shared = 2;\n",
  // A module's nested folder (signing/ceremony, asic/sandbox) is as private as its top level:
  // the two holes the rule had (issue 36 item 5), each a probe that passed lint before.
  "modules/alpha/nested/index.ts": 'export { nestedValue } from "./service.ts";\n',
  "modules/alpha/nested/service.ts": "export const nestedValue = 3;\n",
  "modules/alpha/nested/schema.ts": "export const nestedTable = { id: 3 };\n",
  "modules/beta/nested-reader.ts":
    'import { nestedValue } from "../alpha/nested/service.ts";\n\nexport const readsNested = nestedValue;\n',
  "modules/beta/nested-entry-reader.ts":
    'import { nestedValue } from "../alpha/nested/index.ts";\n\nexport const readsNested = nestedValue;\n',
  "modules/beta/nested/deep-reader.ts":
    'import { alphaValue } from "../../alpha/service.ts";\nimport { shared } from "../../../shared.ts";\n\nexport const readsAlpha = alphaValue + shared;\n',
  "modules/beta/nested/entry-reader.ts":
    'import { alphaValue } from "../../alpha/index.ts";\nimport { betaValue } from "../service.ts";\n\nexport const readsAlpha = alphaValue + betaValue;\n',
  "modules/beta/nested/schema-reader.ts":
    'import { nestedTable } from "../../alpha/nested/schema.ts";\n\nexport const readsNested = nestedTable.id;\n',
  "plugins/nested-reader.ts":
    'import { nestedValue } from "../modules/alpha/nested/index.ts";\n\nexport const readsNested = nestedValue;\n',
  // A test outside the modules may use a module's test helpers, and nothing else past its entry.
  "modules/alpha/testing.ts": "export const alphaFixture = 4;\n",
  "test/uses-helpers.test.ts":
    'import { alphaFixture } from "../modules/alpha/testing.ts";\n\nexport const used = alphaFixture;\n',
  "test/reaches-nested.test.ts":
    'import { nestedValue } from "../modules/alpha/nested/service.ts";\n\nexport const used = nestedValue;\n',
  // Outside the modules (services.ts, app.ts, demo/ ...): the entry only, and never db/schema.ts.
  "services.ts":
    'import { alphaValue } from "./modules/alpha/index.ts";\nimport { gammaValue } from "./modules/gamma/service.ts";\n\nexport const wired = [alphaValue, gammaValue];\n',
  "demo/seed.ts": 'import { betaTable } from "../db/schema.ts";\n\nexport const seeded = betaTable;\n',
  "db/schema.ts": 'export * from "../modules/beta/schema.ts";\n',
};

/** Each fixture file and the lint rules Biome reports in it. */
let rulesByFile: Map<string, Set<string>>;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "precedent-boundaries-"));
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  // The copy is not a git checkout, and its schema path would point nowhere.
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  for (const [file, text] of Object.entries(fixture)) {
    const full = path.join(dir, "apps/server/src", file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  const run = spawnSync(
    process.execPath,
    [biome, "lint", "--colors=off", "--max-diagnostics=500", "apps/server/src"],
    { cwd: dir, encoding: "utf8" },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  rulesByFile = new Map();
  for (const [, file = "", rule = ""] of output.matchAll(/apps\/server\/src\/(\S+?):\d+:\d+ (lint\/\S+)/g)) {
    const rules = rulesByFile.get(file) ?? new Set<string>();
    rules.add(rule);
    rulesByFile.set(file, rules);
  }
  // Biome must have run and read the configuration; an unreadable one reports no lint rule at all.
  expect(output).toMatch(/Checked \d+ files/);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesIn = (file: string) => [...(rulesByFile.get(file) ?? [])];

describe("module boundaries (biome.json)", () => {
  it("lets a module import another through its index.ts, and the kernel-level files", () => {
    expect(rulesIn("modules/beta/service.ts")).toEqual([]);
    expect(rulesIn("modules/alpha/index.ts")).toEqual([]);
  });

  it("refuses a deep import into another module's files", () => {
    expect(rulesIn("modules/gamma/service.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/gamma/testing.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("services.ts")).toEqual(["lint/style/noRestrictedImports"]);
  });

  it("refuses an import into another module's nested folder, from any depth and from outside the modules", () => {
    expect(rulesIn("modules/beta/nested-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/beta/nested-entry-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/beta/nested/deep-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/beta/nested/schema-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("plugins/nested-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("test/reaches-nested.test.ts")).toEqual(["lint/style/noRestrictedImports"]);
    // A nested file still reaches its own module, another module's entry and the shared files.
    expect(rulesIn("modules/beta/nested/entry-reader.ts")).toEqual([]);
    expect(rulesIn("modules/alpha/nested/index.ts")).toEqual([]);
    expect(rulesIn("test/uses-helpers.test.ts")).toEqual([]);
  });

  it("lets only table files and db/ name another module's schema.ts", () => {
    expect(rulesIn("modules/beta/schema.ts")).toEqual([]);
    expect(rulesIn("db/schema.ts")).toEqual([]);
    expect(rulesIn("modules/beta/reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("demo/seed.ts")).toEqual(["lint/style/noRestrictedImports"]);
  });

  it("refuses another module's table through its entry, except in tests, their helpers and demo data", () => {
    expect(rulesIn("modules/beta/table-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/beta/nested/table-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("plugins/table-reader.ts")).toEqual(["lint/style/noRestrictedImports"]);
    expect(rulesIn("modules/beta/beta.test.ts")).toEqual([]);
    expect(rulesIn("modules/beta/testing.ts")).toEqual([]);
    expect(rulesIn("demo/people.ts")).toEqual([]);
  });

  it("names every table a module's entry exports", () => {
    const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
    type Override = {
      includes: string[];
      linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
    };
    const tablePattern = (includes: string) => {
      const override = (config.overrides as Override[]).find((o) => o.includes.join() === includes);
      const options = override?.linter?.rules?.style?.noRestrictedImports as
        | { options: { patterns: { importNamePattern?: string }[] } }
        | undefined;
      return options?.options.patterns.find((p) => p.importNamePattern)?.importNamePattern ?? "";
    };
    const pattern = tablePattern("apps/server/src/modules/**,!**/*.test.ts,!**/testing.ts");
    // The server's code outside the modules (plugins, services.ts, the platform) is held to the same list.
    expect(
      tablePattern(
        "apps/server/src/**,!apps/server/src/modules/**,!apps/server/src/db/**,!apps/server/src/demo/**,!apps/server/src/test/**,!**/*.test.ts",
      ),
    ).toBe(pattern);
    // So is the code in a module's nested folder (its own override, for the deeper relative paths).
    expect(tablePattern("apps/server/src/modules/*/*/*.ts,!**/*.test.ts,!**/testing.ts")).toBe(pattern);
    const refused = new Set(pattern.replace(/^\(|\)$/g, "").split("|"));
    const modulesDir = path.join(root, "apps/server/src/modules");
    const exported = readdirSync(modulesDir).flatMap((name) => {
      const entry = path.join(modulesDir, name, "index.ts");
      if (!existsSync(entry)) return [];
      return [...readFileSync(entry, "utf8").matchAll(/export\s+\{([^}]*)\}\s+from\s+"\.\/schema\.ts"/g)]
        .flatMap(([, names = ""]) => names.split(","))
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith("type "));
    });
    expect(exported.length).toBeGreaterThan(10);
    expect(exported.filter((n) => !refused.has(n))).toEqual([]);
  });

  it("refuses an import cycle, even one made of public entries", () => {
    expect(rulesIn("modules/delta/service.ts")).toContain("lint/suspicious/noImportCycles");
    expect(rulesIn("modules/epsilon/service.ts")).toContain("lint/suspicious/noImportCycles");
  });
});
