import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { LOGGED_IN_COOKIE } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openPglite } from "./db/client.ts";
import { createServices } from "./services.ts";

// The server hands every non-API address to the single-page app, and never an API path.
const INDEX_HTML = "<!doctype html><title>Precedent</title><div id=root></div>";
// The sign-in page as the web build renders it ahead (apps/web/build/prerender-pages.ts).
const LOGIN_HTML = "<!doctype html><title>Sign in · Precedent</title><div id=root><main>Sign in</main></div>";
// The document list's frame, built for a browser with the logged-in marker.
const DOCUMENTS_HTML =
  "<!doctype html><title>My Documents · Precedent</title><div id=root><main>My Documents</main></div>";
const APP_JS = `console.log(${JSON.stringify("app ".repeat(200))})`;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "precedent-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), APP_JS);
  // What the web build writes beside each text asset (apps/web/vite.config.ts).
  writeFileSync(path.join(dist, "assets", "index-abc123.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(path.join(dist, "assets", "index-abc123.js.gz"), gzipSync(APP_JS));
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(dist, "index.html.gz"), gzipSync(INDEX_HTML));
  mkdirSync(path.join(dist, "prerendered"));
  writeFileSync(path.join(dist, "prerendered", "login.html"), LOGIN_HTML);
  writeFileSync(path.join(dist, "prerendered", "login.html.br"), brotliCompressSync(LOGIN_HTML));
  writeFileSync(path.join(dist, "prerendered", "my-document.html"), DOCUMENTS_HTML);
  writeFileSync(
    path.join(dist, "prerendered", "pages.json"),
    JSON.stringify([
      { address: "/login", file: "login.html", forSignedIn: false },
      { address: "/my-account/my-document", file: "my-document.html", forSignedIn: true },
    ]),
  );
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
  it.each(["/", "/my-account/my-company", "/my-account/my-document?tab=my-document", "/login/more"])(
    "answers %s with the app's page and a content security policy",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Precedent</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it.each(["/login", "/login?redirect=%2Fmy-account%2Fmy-document"])(
    "answers %s with the sign-in page the build rendered ahead",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(LOGIN_HTML);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it.each(["/my-account/my-document", "/my-account/my-document?tab=2&folderId=7"])(
    "answers %s with the frame built ahead only to a browser with the logged-in marker",
    async (url) => {
      const marked = await app.inject({ method: "GET", url, cookies: { [LOGGED_IN_COOKIE]: "1" } });
      expect(marked.statusCode).toBe(200);
      expect(marked.body).toBe(DOCUMENTS_HTML);
      expect(marked.headers.vary).toContain("Cookie");
      expect(marked.headers["cache-control"]).toBe("no-cache");

      // Without the marker the session check comes first (index.html), not a glimpse of the frame.
      const unmarked = await app.inject({ method: "GET", url, cookies: { other: "1" } });
      expect(unmarked.body).toContain("<title>Precedent</title>");
      expect(unmarked.headers.vary).toContain("Cookie");
    },
  );

  it("sends the sign-in page built ahead brotli-compressed to a browser that accepts it", async () => {
    const res = await app.inject({ method: "GET", url: "/login", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LOGIN_HTML);
  });

  it("answers HEAD for a page with the page's headers and no body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/login" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe("");
  });

  it("still answers HEAD for an unknown API call with 404", async () => {
    const res = await app.inject({ method: "HEAD", url: "/api/no/such/call" });
    expect(res.statusCode).toBe(404);
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("sends a hashed asset brotli-compressed to a browser that accepts it", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it("sends gzip to a browser that accepts gzip but not brotli", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it("sends the plain asset to a client that accepts no compression", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    // A shared cache must not hand this plain copy to a browser that asked for brotli.
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.body).toBe(APP_JS);
  });

  it.each(["/", "/my-account/my-company"])(
    "sends the page at %s compressed but never cached long",
    async (url) => {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    },
  );

  it("still answers unknown API paths with the JSON 404 envelope", async () => {
    const res = await app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No such API call: GET /api/does-not-exist", data: null });
  });
});
