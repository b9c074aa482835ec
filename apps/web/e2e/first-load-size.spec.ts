import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

// Issue 12's budget for what every page must download and run before it can show anything: the
// entry script and the modules it imports (statically, directly or not), compressed as gzip at level 9
// (as the build writes the .gz copies the server sends). It reads the build these specs run
// against and takes a moment; the pages themselves load their own code on top, on demand.
const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

const webDist = process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, "../dist");

/** The modules `file` imports statically (not its `import()`s), as the build writes them. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(webDist, file), "utf8");
  const directory = path.posix.dirname(file);
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => path.posix.join(directory, match[1] as string),
  );
}

test("the first load's JavaScript is within 200 KB gzip", () => {
  const html = readFileSync(path.join(webDist, "index.html"), "utf8");
  const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]);
  expect(entries, "the built page names one entry script").toHaveLength(1);
  // The entry and every module it imports, directly or through another: what runs before any page.
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  visit(entries[0] as string);
  expect(files.size, "the entry imports the app's shared modules").toBeGreaterThan(5);
  const sizes = [...files].map(
    (file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length,
  );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  console.log(
    `First-load JavaScript: ${files.size} files, ${(total / 1024).toFixed(1)} KB gzip (budget 200 KB)`,
  );
  expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
