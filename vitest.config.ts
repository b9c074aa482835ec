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
  },
});
