#!/usr/bin/env node
// `npm test`: every unit and API test (Vitest), then the browser tests (Playwright driving
// Debian's Chromium). Without Chromium the browser tests are skipped with a plain notice,
// except under CI, where a missing browser is a failure. `TEST_BROWSER=off` runs the unit and
// API tests only (CI's embedded-database pass: see .ci/run). `TEST_DATABASE_FREE=off` leaves out
// the test files that cannot touch a database (templates, the engine, the contracts, the web's
// unit tests): CI's second pass, on PostgreSQL, would only repeat them. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Debian's headless shell when installed (lighter on the CPU than the full browser: see
// apps/web/playwright.config.ts), else Debian's Chromium.
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");
const underCi = process.env.CI === "true";
const reports = mkdtempSync(path.join(tmpdir(), "precedent-test-"));
const database = process.env.DATABASE_URL ? "PostgreSQL server (DATABASE_URL)" : "embedded PGlite";

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/**
 * The page as it stood at each failed attempt (Playwright's error-context.md: the accessibility
 * snapshot), printed to the log: CI keeps the log but not test-results/, and a flaky failure is
 * otherwise seen only as its assertion, not as what the page showed instead.
 */
const PAGE_SNAPSHOT_MAX_LINES = 80;
/** Of those, the lines from the page's top; the rest come from its end. */
const PAGE_SNAPSHOT_HEAD_LINES = 20;
const PAGE_SNAPSHOT_MAX_FAILURES = 4;
/** The first lines of each failure's error: the assertion, expected and received. */
const ERROR_MAX_LINES = 12;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
const stripColours = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");
/** A failure's error as lines: where it stood, then the assertion, expected and received. */
function errorLines(error) {
  const where = error.location ? ` at ${path.basename(error.location.file)}:${error.location.line}` : "";
  const message = stripColours(error.message ?? "")
    .trimEnd()
    .split("\n")
    .slice(0, ERROR_MAX_LINES);
  return [`error${where}: ${message[0] ?? ""}`, ...message.slice(1)];
}
/** The error's first line, with the locator it waited on where it names one. */
const errorLine = (error) => {
  const [first, ...rest] = errorLines(error);
  const locator = rest.find((line) => line.startsWith("Locator:"));
  return locator ? `${first} (${locator})` : first;
};
function printPagesAtFailures(report) {
  const failures = [];
  const visit = (suite) => {
    for (const child of suite.suites ?? []) visit(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const context = (result.attachments ?? []).find((a) => a.name === "error-context" && a.path);
          if (
            result.status !== "passed" &&
            result.status !== "skipped" &&
            context &&
            existsSync(context.path)
          ) {
            failures.push({
              title: `${spec.file}:${spec.line} ${spec.title} (try ${result.retry + 1})`,
              file: context.path,
              error: result.error ?? result.errors?.[0],
            });
          }
        }
      }
    }
  };
  for (const suite of report?.suites ?? []) visit(suite);
  if (failures.length === 0) return;
  console.log("\n== The page at each failed attempt (accessibility snapshot)");
  for (const { title, file, error } of failures.slice(0, PAGE_SNAPSHOT_MAX_FAILURES)) {
    // The file also repeats the error and the test's source, which the list reporter printed.
    const snapshot = readFileSync(file, "utf8").match(/```yaml\n([\s\S]*?)```/)?.[1] ?? "(no page snapshot)";
    const lines = snapshot.trimEnd().split("\n");
    console.log(`\n-- ${title}`);
    // The assertion and where it stood: the list reporter printed it long before the log's end.
    if (error) console.log(errorLines(error).join("\n  "));
    if (lines.length <= PAGE_SNAPSHOT_MAX_LINES) {
      console.log(lines.join("\n"));
    } else {
      // The page's top (where it is), then its end: dialogs, menus and toasts are rendered last,
      // at the end of the page, and are most often what a failed step was waiting on.
      const head = PAGE_SNAPSHOT_HEAD_LINES;
      const tail = PAGE_SNAPSHOT_MAX_LINES - head;
      console.log(lines.slice(0, head).join("\n"));
      console.log(`… ${lines.length - head - tail} lines left out …`);
      console.log(lines.slice(-tail).join("\n"));
    }
  }
  // Repeated last, so the end of the log still names them after the snapshots.
  console.log("\nFailed attempts:");
  for (const { title, error } of failures) {
    console.log(`  ${title}`);
    if (error) console.log(`    ${errorLine(error)}`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

/**
 * Folders whose tests never open a database, so their results are the same on either one. Checked
 * before they are left out: a file in them that names the server or a database would make the
 * claim false, and then everything runs.
 */
const DATABASE_FREE_FOLDERS = ["templates", "packages", "apps/web/src"];
const DATABASE_WORDS = /@precedent\/server|apps\/server|DATABASE_URL|pglite|drizzle/i;
function databaseFreeFoldersTouchingADatabase() {
  const found = [];
  for (const folder of DATABASE_FREE_FOLDERS) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true })) {
      const file = String(entry);
      if (file.includes("node_modules") || !/\.(ts|tsx|mjs|js)$/.test(file)) continue;
      if (DATABASE_WORDS.test(readFileSync(path.join(root, folder, file), "utf8"))) {
        found.push(path.join(folder, file));
      }
    }
  }
  return found;
}
let databaseFreeOff = process.env.TEST_DATABASE_FREE === "off";
if (databaseFreeOff) {
  const touching = databaseFreeFoldersTouchingADatabase();
  if (touching.length > 0) {
    console.log(`These files name the server or a database, so every test runs: ${touching.join(", ")}`);
    databaseFreeOff = false;
  }
}
console.log(
  `\n== Unit and API tests on ${database}${databaseFreeOff ? " (database-free files left out: TEST_DATABASE_FREE=off)" : ""}\n`,
);
const vitestJson = path.join(reports, "vitest.json");
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
  ...(databaseFreeOff ? DATABASE_FREE_FOLDERS.map((folder) => `--exclude=${folder}/**`) : []),
]);
const vitest = readJson(vitestJson);
/**
 * The unit and API tests that failed, by file and name, repeated at the end of the log: CI keeps
 * only the log's end, where a failure above is otherwise seen only as a count.
 */
const vitestFailures = [];
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
      vitestFailures.push(`  ${name} › ${test.fullName}\n      ${why}`);
    }
    // A file that failed before any test ran (an import or a hook) has no failed test to name.
    if (failed.length === 0 && file.status === "failed") {
      vitestFailures.push(`  ${name}\n      ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}
if (vitestStatus !== 0) failedSteps.push("unit and API tests");

if (process.env.TEST_BROWSER === "off") {
  console.log("\nBrowser tests not run here (TEST_BROWSER=off).");
} else if (!existsSync(chromium)) {
  const notice = `Browser tests need Debian's Chromium at ${chromium} (install it with: apt-get install -y chromium).`;
  if (underCi) {
    console.error(`\n${notice}\nUnder CI a missing browser is a failure.`);
    failedSteps.push("browser tests (no Chromium)");
    totals.failed += 1;
  } else {
    console.warn(`\n${notice}\nSkipping the browser tests; everything else ran.`);
  }
} else {
  console.log(`\n== Browser tests in Chromium (${chromium}) on ${database}\n`);
  if (run("npm", ["run", "build:web", "--silent"]) !== 0) {
    failedSteps.push("web app build");
  } else {
    const playwrightJson = path.join(reports, "playwright.json");
    const status = run(
      "npx",
      ["playwright", "test", "--config", "apps/web/playwright.config.ts", "--reporter=list,json"],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
        CHROMIUM_PATH: chromium,
      },
    );
    const report = readJson(playwrightJson);
    printPagesAtFailures(report);
    const stats = report?.stats;
    if (stats) {
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
    if (status !== 0) failedSteps.push("browser tests");
  }
}

rmSync(reports, { recursive: true, force: true });
if (vitestFailures.length > 0) console.log(`\nFailed unit and API tests:\n${vitestFailures.join("\n")}`);
if (failedSteps.length > 0) console.error(`\nFailed: ${failedSteps.join(", ")}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
