import { LOGGED_IN_COOKIE, LOGGED_IN_COOKIE_MAX_AGE_SECONDS } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../constants.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  email = (await t.buildTeam()).owner.email;
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const marker = (res: Reply) => res.cookies.find((c) => c.name === LOGGED_IN_COOKIE);

async function webSignIn() {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "";
  return { res, cookies: { [SESSION_COOKIE]: session, [LOGGED_IN_COOKIE]: "1" } };
}

describe("the logged-in marker cookie (lydLogged)", () => {
  it("POST /api/auth/login sets it for 20 minutes, readable by the page, beside the credential", async () => {
    const { res } = await webSignIn();
    const set = marker(res);
    expect(set).toMatchObject({ value: "1", path: "/", maxAge: LOGGED_IN_COOKIE_MAX_AGE_SECONDS });
    expect(LOGGED_IN_COOKIE_MAX_AGE_SECONDS).toBe(1200);
    expect(set?.httpOnly).toBeFalsy();
    // The marker is not the credential: alone, it signs no one in.
    const alone = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      cookies: { [LOGGED_IN_COOKIE]: "1" },
    });
    expect(alone.statusCode).toBe(401);
  });

  it("a failed sign-in sets no marker", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "not the password" },
    });
    expect(res.statusCode).toBe(401);
    expect(marker(res)).toBeUndefined();
  });

  it("GET /api/auth/check (the keep-alive) renews it; a visitor without a session has it cleared", async () => {
    const { cookies } = await webSignIn();
    const check = await t.app.inject({ method: "GET", url: "/api/auth/check", cookies });
    expect(check.statusCode).toBe(200);
    expect(marker(check)).toMatchObject({ value: "1", maxAge: LOGGED_IN_COOKIE_MAX_AGE_SECONDS });
    const visitor = await t.app.inject({
      method: "GET",
      url: "/api/auth/check",
      cookies: { [LOGGED_IN_COOKIE]: "1" },
    });
    expect(visitor.json().data.authenticated).toBe(false);
    expect(marker(visitor)?.value).toBe("");
  });

  it("GET /api/logout clears it", async () => {
    const { cookies } = await webSignIn();
    const res = await t.app.inject({ method: "GET", url: "/api/logout", cookies });
    expect(res.statusCode).toBe(200);
    expect(marker(res)?.value).toBe("");
  });
});
