import { API_CALLS, API_LINKS } from "@precedent/contracts";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.ts";

/**
 * Issue 36 item 6: each API call the web makes through its typed client is defined once in
 * `@precedent/contracts` (`API`). Every definition must name a route the server registers, by
 * method and path, with the same schemas for its path parameters, query and body and the same 200
 * reply, so the client cannot drift from the server. A link (a download, a form's action) is held
 * to its route the same way, but for the reply, which is a file rather than JSON.
 */
let t: TestApp;
const routes = new Map<string, RouteOptions>();

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.set(`${method} ${route.url}`, route);
    },
  });
});
afterAll(() => t.close());

describe("API call definitions", () => {
  it("each names a registered route with the route's own schemas", () => {
    expect(API_CALLS.length).toBeGreaterThan(0);
    for (const call of API_CALLS) {
      const key = `${call.method} ${call.path}`;
      const route = routes.get(key);
      expect(route, `${key} is defined in contracts but not registered`).toBeDefined();
      const schema = (route?.schema ?? {}) as {
        params?: unknown;
        querystring?: unknown;
        body?: unknown;
        response?: Record<number, unknown>;
      };
      expect(schema.params, `${key}: params`).toBe(call.params);
      expect(schema.querystring, `${key}: query`).toBe(call.query);
      expect(schema.body, `${key}: body`).toBe(call.body);
      expect(schema.response?.[200], `${key}: reply`).toBe(call.reply);
    }
  });

  it("each link names a registered route with the route's own parameter and query schemas", () => {
    for (const link of API_LINKS) {
      const key = `${link.method} ${link.path}`;
      const route = routes.get(key);
      expect(route, `${key} is defined in contracts but not registered`).toBeDefined();
      const schema = (route?.schema ?? {}) as { params?: unknown; querystring?: unknown };
      expect(schema.params, `${key}: params`).toBe(link.params);
      expect(schema.querystring, `${key}: query`).toBe(link.query);
    }
  });

  it("has one definition per route", () => {
    const keys = [...API_CALLS, ...API_LINKS].map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
