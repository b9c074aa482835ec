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
  },
});
