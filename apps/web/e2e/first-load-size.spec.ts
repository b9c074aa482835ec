import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

// Issue 12's budget for what every page must download and run before it can show anything: the
// entry script and the modules the built page preloads with it, compressed as gzip at level 9
// (as the build writes the .gz copies the server sends). It reads the build these specs run
// against and takes a moment; the pages themselves load their own code on top, on demand.
const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

const webDist = process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, "../dist");

test("the first load's JavaScript is within 200 KB gzip", () => {
  const html = readFileSync(path.join(webDist, "index.html"), "utf8");
  const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(entries, "the built page names one entry script").toHaveLength(1);
  const files = [...entries, ...preloads].filter((file): file is string => file !== undefined);
  const sizes = files.map((file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  console.log(
    `First-load JavaScript: ${files.length} files, ${(total / 1024).toFixed(1)} KB gzip (budget 200 KB)`,
  );
  expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
