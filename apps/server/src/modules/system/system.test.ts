import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails unexpectedly, to see what a client is told.
  t.app.get("/api/test-only/explode", async () => {
    throw new Error("relation secret_table does not exist");
  });
});
afterAll(() => t.close());

describe("unknown API paths", () => {
  it.each(["GET", "POST", "DELETE"] as const)("answer %s with a 404 envelope", async (method) => {
    const res = await t.app.inject({ method, url: "/api/no/such/call?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ message: `No such API call: ${method} /api/no/such/call`, data: null });
  });
});

describe("errors", () => {
  it("answers an unexpected failure with a generic 500 and no internals", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test-only/explode" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: "Something went wrong on our side. Please try again.",
      data: null,
    });
    expect(res.body).not.toContain("secret_table");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("answers malformed JSON with 400 in the envelope", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toBeNull();
    expect(res.json().message).toMatch(/JSON/i);
  });

  it("echoes a well-formed incoming request id", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "trace-123" },
    });
    expect(res.headers["x-request-id"]).toBe("trace-123");
  });
});

describe("health", () => {
  it("GET /healthz and /readyz answer ok with a reachable database", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: "ok",
      event_loop: { window_seconds: expect.any(Number) },
      workers: { running: 0, queued: 0, queue_limit: 64 },
      // No DATABASE_REPLICA_URL: every list read is the primary's (test/read-replica.test.ts has one).
      read_replica: { status: "none", reason: null, reads_replica: 0, fallbacks: 0 },
    });
    expect(ready.json().event_loop.delay_p99_ms).toBeGreaterThanOrEqual(0);
    expect(ready.json().workers.threads).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /api/js-log", () => {
  it("accepts a browser error report", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/js-log",
      payload: { message: "TypeError: x is undefined", url: "/my-account/my-company" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "", data: null });
  });

  it("refuses an empty report, naming the field", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/js-log", payload: { message: "  " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].field).toBe("message");
  });

  it("refuses an oversized report", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/js-log",
      payload: { message: "x".repeat(20_000) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("GET /api/docs", () => {
  it("serves the OpenAPI description of the API", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/auth/login", "/api/users/me", "/api/team/get", "/api/logout"]),
    );
    expect(
      spec.paths["/api/auth/login"].post.requestBody.content["application/json"].schema.required,
    ).toEqual(["email", "password"]);
  });
});

describe("POST /api/js-log limits", () => {
  it("refuses a flood of reports from one address with 429 in the envelope", async () => {
    const report = (ip: string) =>
      t.app.inject({ method: "POST", url: "/api/js-log", payload: { message: "boom" }, remoteAddress: ip });
    const answers = [];
    for (let i = 0; i < 35; i++) answers.push((await report("10.9.9.9")).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(30);
    const refused = await report("10.9.9.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await report("10.9.9.10")).statusCode).toBe(200);
  });
});

describe("GET /api/settings/public", () => {
  it("gives anyone the sales phone and e-mail of 'Talk to Sales'", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings/public" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "",
      data: { sales_phone: "1800 160 401", sales_email: "sales@precedent.com.au" },
    });
  });

  it("takes them from the configuration", async () => {
    const configured = await createTestApp({
      env: { SALES_PHONE: "02 9000 0000", SALES_EMAIL: "hello@firm.example" },
    });
    try {
      const res = await configured.app.inject({ method: "GET", url: "/api/settings/public" });
      expect(res.json().data).toEqual({ sales_phone: "02 9000 0000", sales_email: "hello@firm.example" });
    } finally {
      await configured.close();
    }
  });
});
