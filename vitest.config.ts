import { defineConfig } from "vitest/config";

// Unit and API tests of every package. Browser tests are Playwright's (apps/web/e2e).
export default defineConfig({
  test: {
    include: ["{apps,packages,bench,templates}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "apps/web/e2e/**"],
    // Each API test file opens its own database; a fresh PGlite takes a moment to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves one core free by default: one worker on a two-core machine (CI's), so the
    // files ran one after another. The API tests mostly wait on the database; two workers overlap
    // that wait with the other file's work.
    maxWorkers: 2,
    // Each worker loads the server's modules once for all its files instead of once per file: the
    // import was 340 s of the PGlite pass's 1,200 worker-seconds, 75 s without isolation (same
    // 3,256 tests passing). Every API file builds its own app and database, and the files that
    // stub globals or timers put them back after each test, so no file leans on a fresh module.
    isolate: false,
  },
});
