import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every module reachable from a file through relative imports, with the packages it imports. */
function reachable(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/^(?:import|export)[^;]*?from "([^"]+)";/gms)].map(
    (match) => match[1] ?? "",
  );
  seen.set(
    file,
    specifiers.filter((specifier) => !specifier.startsWith(".")),
  );
  for (const specifier of specifiers.filter((candidate) => candidate.startsWith("."))) {
    reachable(join(dirname(file), specifier), seen);
  }
  return seen;
}

describe("@precedent/docgen/forms", () => {
  it("reaches no Node.js module and no renderer, so a browser can bundle it", () => {
    const modules = reachable(join(import.meta.dirname, "forms.ts"));
    const packages = new Set([...modules.values()].flat());
    expect([...packages].sort()).toEqual(["yaml", "zod"]);
    expect([...modules.keys()].some((file) => file.includes("renderers"))).toBe(false);
  });
});
