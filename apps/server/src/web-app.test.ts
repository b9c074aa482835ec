import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openPglite } from "./db/client.ts";
import { createServices } from "./services.ts";

// The server hands every non-API address to the single-page app, and never an API path.
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "precedent-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Precedent</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  const database = await openPglite("memory://");
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST: dist });
  app = await buildApp({
    services: createServices({ db: database.db, clock: () => new Date(), config }),
    config,
  });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe("serving the web app", () => {
  it.each(["/", "/login", "/my-account/my-company", "/my-account/my-document?tab=my-document"])(
    "answers %s with the app's page and a content security policy",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Precedent</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it("serves hashed assets with a long cache lifetime", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("still answers unknown API paths with the JSON 404 envelope", async () => {
    const res = await app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No such API call: GET /api/does-not-exist", data: null });
  });
});
