import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness.ts";
import { DEMO_TWO_FACTOR, turnOnDemoTwoFactor } from "./two-factor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("the demo firm with two-factor sign-in on", () => {
  it("asks the published key's code after the password, and takes it", async () => {
    const { owner: person } = await t.buildTeam();
    const codes = await turnOnDemoTwoFactor(t.services, person.email);
    expect(codes).toHaveLength(10);

    const first = await login(person.email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const step = first.json().data.two_factor as { step: string; challenge: string };
    expect(step.step).toBe("code");

    const code = new TOTP({ secret: Secret.fromBase32(DEMO_TWO_FACTOR.secret) }).generate({
      timestamp: t.clock.now().getTime(),
    });
    const second = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/two-factor",
      payload: { challenge: step.challenge, code },
    });
    expect(second.statusCode).toBe(200);
  });

  it("leaves it as it is on a second start: no new recovery codes", async () => {
    const { owner: person } = await t.buildTeam();
    expect(await turnOnDemoTwoFactor(t.services, person.email)).toHaveLength(10);
    expect(await turnOnDemoTwoFactor(t.services, person.email)).toEqual([]);
  });
});
