import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { bearer, createTestApp, firmClient, signIn, type TestApp } from "./harness.ts";

// What every reply carries: framing only by our own pages, no caching of people's data, HSTS
// once cookies are secure, and the envelope even for requests refused before routing.

let t: TestApp;
let token: string;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { team, owner } = await t.buildTeam();
  teamId = team.id;
  await t.buildDocument({ teamId, createdBy: owner.id });
  token = await signIn(t, owner.email);
}, 180_000);
afterAll(() => t?.close());

const framed = (headers: Record<string, unknown>) => {
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(String(headers["content-security-policy"])).toContain("frame-ancestors 'self'");
};

describe("Cache-Control on API replies", () => {
  it("is no-store on signed-in replies, including those the reply cache answers from memory", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");

    const owner = firmClient(t, token, teamId);
    const hitsBefore = t.services.replyCache.stats.hits;
    const first = await owner.get("/api/doc", { type: 1 });
    const second = await owner.get("/api/doc", { type: 1 });
    expect(second.statusCode).toBe(200);
    // The second came from memory, sent from an onRequest hook before any route handler ran.
    expect(t.services.replyCache.stats.hits).toBeGreaterThan(hitsBefore);
    for (const res of [first, second]) {
      expect(res.headers["cache-control"]).toBe("no-store");
      framed(res.headers);
    }
  });

  it("is no-store on the sign-in reply, which carries the token", async () => {
    const user = await t.buildUser();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { email: user.email, password: "correct horse battery staple" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("framing", () => {
  it.each([
    ["a JSON reply", "/api/users/me"],
    ["a 401", "/api/doc?id_team=1"],
    ["a 404", "/api/no/such/call"],
    ["a health check", "/healthz"],
    ["robots.txt", "/robots.txt"],
  ])("%s may be framed only by our own pages", async (_what, url) => {
    const res = await t.app.inject({
      method: "GET",
      url,
      headers: url === "/api/users/me" ? bearer(token) : {},
    });
    framed(res.headers);
  });
});

describe("HSTS", () => {
  it("is sent when cookies are secure, and not over plain HTTP with COOKIE_SECURE=auto", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();

    const secureApp = await buildApp({
      services: t.services,
      config: { ...t.config, COOKIE_SECURE: "true" },
    });
    const secure = await secureApp.inject({ method: "GET", url: "/healthz" });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000");
    await secureApp.close();
  });
});

describe("the API documentation page", () => {
  it("has a content security policy that allows only its own scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Plain-HTTP installs (a local trial) must still load the page's own scripts.
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("robots.txt", () => {
  it("is a real robots file keeping crawlers out of the API and the signed-in pages", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("User-agent: *");
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain("Disallow: /my-account/");
  });
});

describe("GET /api/auth/check", () => {
  it("tells a visitor without a session so in a 200, and still refuses an ended session with 401", async () => {
    const visitor = await t.app.inject({ method: "GET", url: "/api/auth/check" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ message: "", data: { authenticated: false } });

    const signedIn = await t.app.inject({ method: "GET", url: "/api/auth/check", headers: bearer(token) });
    expect(signedIn.json()).toMatchObject({ data: { authenticated: true } });

    const ended = await t.app.inject({
      method: "GET",
      url: "/api/auth/check",
      headers: bearer("no-such-token"),
    });
    expect(ended.statusCode).toBe(401);
  });
});

describe("requests refused before routing", () => {
  it("answers an over-long address part with 414 in the envelope, without repeating the address", async () => {
    const long = `${"7".repeat(150)}secret`;
    const res = await t.app.inject({
      method: "GET",
      url: `/api/doc/${long}?id_team=1`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "The address is too long.", data: null });
    expect(res.body).not.toContain("secret");
    framed(res.headers);
  });

  it("answers headers past the size limit with 431 in the envelope", async () => {
    const server = await buildApp({ services: t.services, config: t.config });
    await server.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.server.address() as { port: number };
    const reply = await new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path: "/healthz", headers: { "x-filler": "x".repeat(20_000) } },
          (res) => {
            let body = "";
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    await server.close();
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ message: "The request's headers are too large.", data: null });
    expect(reply.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

describe("the log", () => {
  it("does not carry a failed query's SQL or parameters at info level", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({
      services: t.services,
      config: { ...t.config, LOG_LEVEL: "info" },
      fastify: { logger: { level: "info", stream: sink } },
    });
    logged.get("/api/test-only/failing-query", async () =>
      t.db.execute(sql`select secret_column from precedent_missing_table where note = ${"private note"}`),
    );
    const res = await logged.inject({ method: "GET", url: "/api/test-only/failing-query" });
    await logged.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join("");
    expect(log).toContain("request failed");
    expect(log).toContain("42P01");
    expect(log).not.toContain("select secret_column");
    expect(log).not.toContain("private note");
  });
});
