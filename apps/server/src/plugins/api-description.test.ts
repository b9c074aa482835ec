import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { operationIdOf } from "./api-description.ts";

type Response = { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, Response>;
};
type Description = {
  openapi: string;
  servers?: { url: string }[];
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const ERROR_REF = "#/components/schemas/ErrorEnvelope";
/** Answered without a session: signing in, and what Stripe and a browser's error report send. */
const PUBLIC = [
  "POST /api/auth/login",
  "POST /api/auth/token",
  // The second step of a sign-in with two-factor: no session exists until it is done.
  "POST /api/auth/login/two-factor",
  "POST /api/auth/login/two-factor/setup",
  "POST /api/auth/token/two-factor",
  // "Forgot password?": asked for and used by someone who cannot sign in.
  "POST /api/auth/password-reset",
  "GET /api/auth/password-reset/{token}",
  "POST /api/auth/password-reset/{token}",
  // The operator console's sign-in (its other calls need its own staff session, not a firm's).
  "POST /api/console/login",
  // An invitation link is opened and accepted by someone who has no session here yet.
  "GET /api/invitations/{token}",
  "POST /api/invitations/{token}/accept",
  // A signer's or witness's private link is their only credential: they need no account.
  "GET /api/sign/{token}",
  "GET /api/sign/{token}/pdf",
  "GET /api/sign/{token}/signed.pdf",
  "POST /api/sign/{token}/consent",
  "POST /api/sign/{token}/decline",
  "POST /api/sign/{token}/sign",
  "POST /api/sign/{token}/sms-code",
  "POST /api/sign/{token}/sms-code/verify",
  // The sales phone and email shown before sign-in too.
  "GET /api/settings/public",
  "POST /api/js-log",
  // Payment providers' webhooks, checked by their signatures.
  "POST /api/stripe/webhook",
  "POST /api/membership/stripe-webhook",
  // FuseSign's events, checked by their signature.
  "POST /api/fusesign/webhook",
  // Load balancers ask it.
  "GET /readyz",
];
/**
 * Health probes at the root, outside the API: each answers its own `{ status, … }` (a load
 * balancer reads it) rather than the envelope, takes no input and so has no 4xx.
 */
const PROBES = new Set(["GET /readyz"]);
/** Answered with or without a session. */
const OPTIONAL = ["GET /api/logout", "GET /api/auth/check"];

let t: TestApp;
let api: Description;
const routes: RouteOptions[] = [];
const operations: { key: string; method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void routes.push(route) });
  await t.app.ready();
  const reply = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(reply.statusCode).toBe(200);
  api = reply.json();
  for (const [path, methods] of Object.entries(api.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
    }
  }
}, 180_000);
afterAll(() => t?.close());

/** `/api/doc/:id/versions` as OpenAPI writes it. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("the API description", () => {
  it("is OpenAPI 3.1 with a server, and names every schema it refers to", () => {
    expect(api.openapi).toBe("3.1.0");
    expect(api.servers?.length).toBeGreaterThan(0);
    const text = JSON.stringify(api);
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]));
    for (const ref of refs) expect(api.components.schemas, `component ${ref}`).toHaveProperty(ref as string);
    // The recursive folder trees are named components, not dangling `schema0` references.
    expect([...refs]).toEqual(expect.arrayContaining(["FolderNode", "MoveTarget", "ErrorEnvelope"]));
  });

  it("describes every API route", () => {
    const apiRoutes = routes
      .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url })))
      .filter(
        ({ method, url }) => method !== "HEAD" && url.startsWith("/api/") && !url.startsWith("/api/docs"),
      );
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes
      .map(({ method, url }) => `${method} ${openApiPath(url)}`)
      .filter((key) => !operations.some((o) => o.key === key));
    expect(missing).toEqual([]);
  });

  it("gives every operation its own operationId", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf("GET", "/api/doc/{id}/versions/{version}/download")).toBe(
      "getDocByIdVersionsByVersionDownload",
    );
  });

  it("says what a success is, with its media type", () => {
    const without = operations
      .filter(({ op }) => {
        const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"))?.[1];
        return !success?.description || success.description === "Default Response" || !success.content;
      })
      .map((o) => o.key);
    expect(without).toEqual([]);
  });

  it("gives files their media types", () => {
    const mediaTypes = (key: string) =>
      Object.keys(operations.find((o) => o.key === key)?.op.responses["200"]?.content ?? {});
    const word = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect(mediaTypes("GET /api/products/{id}/preview")).toEqual(["application/pdf"]);
    expect(mediaTypes("POST /api/xpressdox/preview/{docId}")).toEqual(["application/pdf"]);
    expect(mediaTypes("GET /api/doc/download/{docId}")).toEqual(["application/pdf", word]);
    expect(mediaTypes("GET /api/doc/{id}/versions/{version}/download")).toEqual(["application/pdf", word]);
    expect(mediaTypes("POST /api/doc/download-zip")).toEqual(["application/zip"]);
    expect(mediaTypes("GET /api/orders/{id}/invoice")).toEqual(["application/pdf"]);
  });

  it("answers every error with the envelope, described; 400 wherever input is taken; 401 wherever a session is needed", () => {
    const problems: string[] = [];
    for (const { key, op } of operations) {
      if (PROBES.has(key)) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const media = Object.entries(response.content ?? {});
        if (
          media.length !== 1 ||
          media[0]?.[0] !== "application/json" ||
          media[0]?.[1].schema?.$ref !== ERROR_REF
        )
          problems.push(`${key} ${status}: not the JSON error envelope`);
        if (!response.description || response.description === "Default Response")
          problems.push(`${key} ${status}: no description`);
      }
      const takesInput = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined;
      if (takesInput && !op.responses["400"]) problems.push(`${key}: takes input but has no 400`);
      const needsSession = op.security === undefined;
      if (needsSession && !op.responses["401"]) problems.push(`${key}: needs a session but has no 401`);
      if (!Object.keys(op.responses).some((s) => s.startsWith("4"))) problems.push(`${key}: no 4xx`);
    }
    expect(problems).toEqual([]);
  });

  it("marks exactly the public routes as needing no session, and that is true of each", async () => {
    const noSession = operations.filter((o) => o.op.security?.length === 0).map((o) => o.key);
    const either = operations
      .filter((o) => o.op.security?.some((requirement) => Object.keys(requirement).length === 0))
      .map((o) => o.key);
    expect(noSession.sort()).toEqual([...PUBLIC].sort());
    expect(either.sort()).toEqual([...OPTIONAL].sort());
    expect(api.security).toEqual([{ bearer: [] }, { cookie: [] }]);

    // Called without a session, every other route answers 401 and these do not.
    const wrong: string[] = [];
    for (const { key, method, path, op } of operations) {
      const url = path.replace(/\{\w+\}/g, "1");
      const reply = await t.app.inject({
        method: method as "GET",
        url,
        ...(op.requestBody ? { payload: {} } : {}),
      });
      // A route that names its own session (the console's staff cookie) needs one as much as a firm's.
      const ownSession = op.security?.some((requirement) => "console" in requirement) ?? false;
      const described = op.security === undefined || ownSession ? "signed-in" : "public";
      if ((reply.statusCode === 401) !== (described === "signed-in"))
        wrong.push(`${key}: described ${described}, answered ${reply.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
