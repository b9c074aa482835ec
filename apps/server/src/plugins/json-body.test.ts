import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../constants.ts";
import { buildStaff, consoleCookie, signInStaff } from "../modules/console/testing.ts";
import { bearer, createTestApp, signedInFirm, type TestApp } from "../test/harness.ts";
import { baseRequest, type Operation, operationsOf, urlOf } from "../test/openapi-requests.ts";
import { JSON_TOO_DEEP, nestsDeeperThan } from "./json-body.ts";

// Issue 31: a body nested 3,000 levels deep answered 500 (the stack overflowed where the body was
// walked). The depth is bounded at the parser, for every route that takes JSON.

let t: TestApp;
let operations: Operation[];
let token: string;
let teamId: number;
/** The console's calls need a staff session (its own cookie), the firm's a firm token. */
let consoleToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const firm = await signedInFirm(t);
  teamId = firm.teamId;
  token = (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { email: firm.people.owner.email, password: "correct horse battery staple" },
    })
  ).json().data.token;
  consoleToken = (await signInStaff(t, (await buildStaff(t, "administrator")).email)).token;
  await t.app.ready();
  operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
});
afterAll(() => t.close());

/** A body whose `field` holds arrays and objects to `depth` levels in all, as text. */
const nested = (depth: number, field = "name") => {
  const inner = depth - 1;
  const open = Array.from({ length: inner }, (_, i) => (i % 2 ? '{"a":' : "[")).join("");
  const close = Array.from({ length: inner }, (_, i) => (i % 2 ? "}" : "]"))
    .reverse()
    .join("");
  return `{"id_team":${teamId},"${field}":${open}"x"${close}}`;
};

describe("JSON bodies nested too deeply", () => {
  it("are refused with 400 and a clear message by every operation that takes a body", async () => {
    const withBody = operations.filter((op) => op.body && op.method !== "GET");
    expect(withBody.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const op of withBody) {
      const url = urlOf(
        op.route,
        baseRequest(op, (name) => (name === "id_team" ? teamId : undefined)),
      );
      const reply = await t.app.inject({
        method: op.method,
        url,
        headers: { ...bearer(token), ...consoleCookie(consoleToken), "content-type": "application/json" },
        payload: nested(3_000),
      });
      const body = reply.json();
      if (reply.statusCode !== 400 || body.message !== JSON_TOO_DEEP)
        wrong.push(`${op.method} ${op.route}: ${reply.statusCode} ${reply.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("takes a body at the limit to the route's own checks", async () => {
    const atLimit = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: nested(MAX_JSON_DEPTH, "email"),
      headers: { "content-type": "application/json" },
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(JSON_TOO_DEEP);
    const past = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: nested(MAX_JSON_DEPTH + 1, "email"),
      headers: { "content-type": "application/json" },
    });
    expect(past.json()).toEqual({ message: JSON_TOO_DEEP, data: null });
  });

  it("counts brackets only outside strings", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(500) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '\\"[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan("[[[]]]", 2)).toBe(true);
    expect(nestsDeeperThan("[[[]]]", 3)).toBe(false);
  });
});
