import {
  TWO_FACTOR_CHALLENGE_ENDED,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_WRONG_CODE,
  TWO_FACTOR_WRONG_RECOVERY_CODE,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../constants.ts";
import { throttleCounts } from "../../platform/throttle/index.ts";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  firmClient,
  signedInFirm,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from "../../test/harness.ts";
import { users } from "../users/index.ts";
import { twoFactorFirmRequirements, twoFactorRecoveryCodes, twoFactorTotp } from "./schema.ts";
import {
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_OWNER_FIRST,
  TWO_FACTOR_OWNER_ONLY,
  TWO_FACTOR_REPLAYED,
  TWO_FACTOR_REQUIRED_BY_FIRM,
  TWO_FACTOR_TOO_MANY_TRIES,
  TWO_FACTOR_WRONG_PASSWORD,
} from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at the test clock's time (plus `offsetMs`). */
const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + offsetMs });

const login = (email: string, ip = "10.9.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });

/** Signs in with the password and returns the challenge of the two-factor step. */
async function challengeFor(email: string, step: "code" | "setup" = "code"): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  expect(res.json().data.two_factor.step).toBe(step);
  return res.json().data.two_factor.challenge;
}

const secondStep = (payload: object, ip = "10.9.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login/two-factor", payload, remoteAddress: ip });

/** Turns two-factor sign-in on for a client's user; returns the secret and recovery codes. */
async function turnOn(client: FirmClient) {
  const setup = await client.post("/api/tfa/totp/setup", {});
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const confirm = await client.post("/api/tfa/totp/confirm", { code: codeOf(secret) });
  expect(confirm.statusCode).toBe(200);
  // Each code is good once: later checks come from later steps (two on, so the step before
  // "now" is still a new one).
  t.clock.advance(2 * STEP_MS);
  return { secret, recoveryCodes: confirm.json().data.recovery_codes as string[] };
}

const totpRowOf = async (userId: number) =>
  (await t.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, userId)))[0];
const accountTriesOf = async (userId: number) =>
  (
    await t.db
      .select()
      .from(throttleCounts)
      .where(eq(throttleCounts.key, `two-factor:user:${userId}`))
  )[0];

/** A person of their own firm (owner), signed in. */
async function owner() {
  const { teamId, people, as } = await signedInFirm(t);
  return { user: people.owner, client: as.owner, teamId };
}

describe("GET /api/tfa", () => {
  let firm: FirmWithPeople;
  beforeAll(async () => {
    firm = await buildFirmWithPeople(t);
  });

  it("says two-factor sign-in is off, with the spec's fields", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/tfa",
      headers: bearer(await signIn(t, (await t.buildUser()).email)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "",
      data: {
        wp_2fa_2fa_status: "no_required_not_enabled",
        wp_2fa_enabled_methods: [],
        required_by_firm: false,
        recovery_codes_left: 0,
        firm: null,
        abilities: { can_disable: false },
      },
    });
  });

  it("with a firm, says whether it requires two-factor and lets only the owner change that", async () => {
    for (const [role, canChange] of [
      ["owner", true],
      ["manager", false],
      ["alice", false],
    ] as const) {
      const res = await firm.as[role].get("/api/tfa");
      expect(res.statusCode).toBe(200);
      expect(res.json().data.firm).toEqual({
        id: firm.teamId,
        required: false,
        can_change_requirement: canChange,
      });
    }
  });

  it("another firm's id is not found", async () => {
    expect((await firm.outsider.get("/api/tfa")).statusCode).toBe(404);
  });

  it("refuses a visitor without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/tfa" })).statusCode).toBe(401);
  });
});

describe("POST /api/tfa/totp/setup and /api/tfa/totp/confirm", () => {
  it("gives a new secret with its QR code, kept encrypted and pending until a code confirms it", async () => {
    const { user, client } = await owner();
    const setup = await client.post("/api/tfa/totp/setup", {});
    expect(setup.statusCode).toBe(200);
    const data = setup.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Precedent:.+\?.*secret=/);
    expect(data.otpauth_uri).toContain(encodeURIComponent(user.email));
    expect(data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qr_code.split(",")[1], "base64").toString()).toContain("<svg");

    const row = await totpRowOf(user.id);
    expect(row?.confirmedAt).toBeNull();
    expect(row?.secret).not.toContain(data.secret);
    expect(row?.secret).toMatch(/^v1:/);
    expect((await client.get("/api/tfa")).json().data.wp_2fa_2fa_status).toBe("no_required_not_enabled");
  });

  it("refuses a wrong code and changes nothing; a right one turns it on with 10 recovery codes, once", async () => {
    const { user, client } = await owner();
    const { secret } = (await client.post("/api/tfa/totp/setup", {})).json().data;

    const wrong = await client.post("/api/tfa/totp/confirm", { code: codeOf(secret, 10 * STEP_MS) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: TWO_FACTOR_WRONG_CODE,
      data: { errors: [{ field: "code", message: TWO_FACTOR_WRONG_CODE }] },
    });
    const malformed = await client.post("/api/tfa/totp/confirm", { code: "12ab56" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.errors[0].field).toBe("code");
    expect((await totpRowOf(user.id))?.confirmedAt).toBeNull();
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);

    // Spaces, as authenticator apps show the code, are forgiven.
    const code = codeOf(secret);
    const right = await client.post("/api/tfa/totp/confirm", {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Only hashes are kept.
    const stored = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const c of codes) expect(row.codeHash).not.toContain(c.replace("-", ""));

    const status = (await client.get("/api/tfa")).json().data;
    expect(status).toMatchObject({
      wp_2fa_2fa_status: "has_enabled_methods",
      wp_2fa_enabled_methods: ["totp"],
      recovery_codes_left: 10,
      abilities: { can_disable: true },
    });
    expect((await client.post("/api/tfa/totp/confirm", { code: codeOf(secret) })).json().message).toBe(
      TWO_FACTOR_ALREADY_ON,
    );
    const again = await client.post("/api/tfa/totp/setup", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_ALREADY_ON);
  });
});

describe("POST /api/tfa/totp/confirm and the person's other sessions", () => {
  // Issue 31: turning two-factor sign-in on left the person's other sessions signed in.
  it("ends every other session of the person, keeping the one that turned it on", async () => {
    const { user, client, teamId } = await owner();
    const otherDevice = firmClient(t, await signIn(t, user.email), teamId);
    const colleague = await signedInFirm(t);
    expect((await otherDevice.get("/api/tfa")).statusCode).toBe(200);
    await turnOn(client);
    expect((await otherDevice.get("/api/tfa")).statusCode).toBe(401);
    expect((await client.get("/api/tfa")).statusCode).toBe(200);
    expect((await colleague.as.owner.get("/api/tfa")).statusCode).toBe(200);
  });
});

describe("POST /api/auth/login with two-factor sign-in on", () => {
  it("answers the code step with no session; the code opens it", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const challenge = await challengeFor(user.email);

    const res = await secondStep({ challenge, code: codeOf(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_id).toBe(user.id);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      cookies: { [SESSION_COOKIE]: cookie?.value ?? "" },
    });
    expect(me.statusCode).toBe(200);
    // The challenge is spent.
    t.clock.advance(STEP_MS);
    const reused = await secondStep({ challenge, code: codeOf(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_CHALLENGE_ENDED);
  });

  it("accepts a code one step either side of now, not two", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const tooOld = await secondStep({
      challenge: await challengeFor(user.email),
      code: codeOf(secret, -2 * STEP_MS),
    });
    expect(tooOld.statusCode).toBe(401);
    expect(tooOld.json().message).toBe(TWO_FACTOR_WRONG_CODE);
    const tooNew = await secondStep({
      challenge: await challengeFor(user.email),
      code: codeOf(secret, 2 * STEP_MS),
    });
    expect(tooNew.statusCode).toBe(401);

    const previous = await secondStep({
      challenge: await challengeFor(user.email),
      code: codeOf(secret, -STEP_MS),
    });
    expect(previous.statusCode).toBe(200);
    const next = await secondStep({
      challenge: await challengeFor(user.email),
      code: codeOf(secret, STEP_MS),
    });
    expect(next.statusCode).toBe(200);
  });

  it("refuses a code used already in the same step", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const code = codeOf(secret);
    expect((await secondStep({ challenge: await challengeFor(user.email), code })).statusCode).toBe(200);
    const replay = await secondStep({ challenge: await challengeFor(user.email), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(TWO_FACTOR_REPLAYED);
    // Nor an earlier step's code once a later one has been used.
    const earlier = await secondStep({
      challenge: await challengeFor(user.email),
      code: codeOf(secret, -STEP_MS),
    });
    expect(earlier.statusCode).toBe(401);
  });

  it("takes a recovery code once", async () => {
    const { user, client } = await owner();
    const { recoveryCodes } = await turnOn(client);
    const [first = ""] = recoveryCodes;
    // Case and the dash are forgiven.
    const used = await secondStep({
      challenge: await challengeFor(user.email),
      recovery_code: first.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const again = await secondStep({ challenge: await challengeFor(user.email), recovery_code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TWO_FACTOR_WRONG_RECOVERY_CODE);
    expect((await client.get("/api/tfa")).json().data.recovery_codes_left).toBe(9);
  });

  it("of two sign-ins with the same recovery code at once, exactly one succeeds", async () => {
    const { user, client } = await owner();
    const { recoveryCodes } = await turnOn(client);
    const challenges = [
      await challengeFor(user.email),
      await challengeFor(user.email),
      await challengeFor(user.email),
    ];
    const results = await Promise.all(
      challenges.map((challenge) => secondStep({ challenge, recovery_code: recoveryCodes[3] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    const usedRows = (
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))
    ).filter((r) => r.usedAt !== null);
    expect(usedRows).toHaveLength(1);
  });

  it("ends a sign-in after 5 wrong codes, then makes the account wait", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const wrong = codeOf(secret, 10 * STEP_MS);
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < 5; i++) expect((await secondStep({ challenge, code: wrong })).statusCode).toBe(401);
    const sixth = await secondStep({ challenge, code: codeOf(secret) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(TWO_FACTOR_TOO_MANY_TRIES);
    expect((await secondStep({ challenge, code: codeOf(secret) })).statusCode).toBe(429);

    // Guesses sent at once are all counted: the next sign-in's five, fired together.
    const next = await challengeFor(user.email);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => secondStep({ challenge: next, code: wrong })),
    );
    expect(
      burst.filter((r) => r.statusCode === 401 && r.json().message === TWO_FACTOR_WRONG_CODE).length,
    ).toBe(5);
    expect(burst.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect((await accountTriesOf(user.id))?.failures).toBe(10);

    // Ten failures on the account: even the right code waits.
    const waiting = await secondStep({ challenge: await challengeFor(user.email), code: codeOf(secret) });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      message: "Too many wrong codes. Please wait 1 minute and try again.",
      data: { retry_after_seconds: 30 },
    });
    t.clock.advance(STEP_MS);
    const after = await secondStep({ challenge: await challengeFor(user.email), code: codeOf(secret) });
    expect(after.statusCode).toBe(200);
    expect(await accountTriesOf(user.id)).toBeUndefined();
  });

  it("ends a sign-in not completed within 5 minutes", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const challenge = await challengeFor(user.email);
    t.clock.advance(5 * 60_000 + 1);
    const late = await secondStep({ challenge, code: codeOf(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(TWO_FACTOR_CHALLENGE_ENDED);
  });

  it("names bad input and refuses an unknown challenge", async () => {
    const both = await secondStep({ challenge: "x", code: "123456", recovery_code: "abcde-fghjk" });
    expect(both.statusCode).toBe(400);
    const neither = await secondStep({ challenge: "x" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().data.errors[0].field).toBe("code");
    const unknown = await secondStep({ challenge: "not-a-challenge", code: "123456" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(TWO_FACTOR_CHALLENGE_ENDED);
  });

  it("lets an API client send the code with the password, or take the step for a bearer token", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const token = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/token", payload });
    const step = await token({ email: user.email, password: TEST_PASSWORD });
    expect(step.json().data.two_factor.step).toBe("code");
    const stepped = await t.app.inject({
      method: "POST",
      url: "/api/auth/token/two-factor",
      payload: { challenge: step.json().data.two_factor.challenge, code: codeOf(secret) },
    });
    expect(stepped.statusCode).toBe(200);
    expect(stepped.json().data.token_type).toBe("Bearer");

    t.clock.advance(STEP_MS);
    const wrong = await token({
      email: user.email,
      password: TEST_PASSWORD,
      totp: codeOf(secret, 10 * STEP_MS),
    });
    expect(wrong.statusCode).toBe(401);
    const oneCall = await token({ email: user.email, password: TEST_PASSWORD, totp: codeOf(secret) });
    expect(oneCall.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: bearer(oneCall.json().data.token),
    });
    expect(me.statusCode).toBe(200);
  });
});

describe("PUT /api/tfa/{id}", () => {
  it("needs the password or a current code; a wrong one changes nothing", async () => {
    const { user, client } = await owner();
    const { secret } = await turnOn(client);
    const empty = await client.put(`/api/tfa/${user.id}`, {});
    expect(empty.statusCode).toBe(400);
    const wrongPassword = await client.put(`/api/tfa/${user.id}`, { password: "not the password" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().data.errors).toEqual([
      { field: "password", message: TWO_FACTOR_WRONG_PASSWORD },
    ]);
    const wrongCode = await client.put(`/api/tfa/${user.id}`, { code: codeOf(secret, 10 * STEP_MS) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().data.errors[0].field).toBe("code");
    expect((await totpRowOf(user.id))?.confirmedAt).not.toBeNull();

    const off = await client.put(`/api/tfa/${user.id}`, { code: codeOf(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TWO_FACTOR_DISABLED, data: null });
    expect(await totpRowOf(user.id)).toBeUndefined();
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    // Signing in needs the password alone again.
    expect((await login(user.email)).cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
    const already = await client.put(`/api/tfa/${user.id}`, { password: TEST_PASSWORD });
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe(TWO_FACTOR_NOT_ON);
  });

  it("turns it off with the password", async () => {
    const { user, client } = await owner();
    await turnOn(client);
    expect((await client.put(`/api/tfa/${user.id}`, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await client.get("/api/tfa")).json().data.wp_2fa_2fa_status).toBe("no_required_not_enabled");
  });

  it("another person's id is not found, even a colleague's, and theirs stays on", async () => {
    const firm = await buildFirmWithPeople(t);
    await turnOn(firm.as.alice);
    for (const caller of [firm.as.owner, firm.as.bob, firm.outsider]) {
      const res = await caller.put(`/api/tfa/${firm.ids.alice}`, { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(404);
    }
    expect((await totpRowOf(firm.ids.alice))?.confirmedAt).not.toBeNull();
  });
});

describe("PUT /api/tfa/firm-requirement", () => {
  it("is the owner's alone: manager and members are refused, another firm's owner is not found", async () => {
    const firm = await buildFirmWithPeople(t);
    for (const role of ["manager", "alice"] as const) {
      const res = await firm.as[role].put("/api/tfa/firm-requirement", { required: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TWO_FACTOR_OWNER_ONLY);
    }
    expect((await firm.outsider.put("/api/tfa/firm-requirement", { required: true })).statusCode).toBe(404);
    expect((await firm.as.owner.put("/api/tfa/firm-requirement", { required: "yes" })).statusCode).toBe(400);

    // The owner's own two-factor sign-in comes first.
    const first = await firm.as.owner.put("/api/tfa/firm-requirement", { required: true });
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(TWO_FACTOR_OWNER_FIRST);
    expect(
      await t.db
        .select()
        .from(twoFactorFirmRequirements)
        .where(eq(twoFactorFirmRequirements.teamId, firm.teamId)),
    ).toEqual([]);

    await turnOn(firm.as.owner);
    const on = await firm.as.owner.put("/api/tfa/firm-requirement", { required: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ required: true });
    expect((await firm.as.alice.get("/api/tfa")).json().data).toMatchObject({
      required_by_firm: true,
      firm: { required: true, can_change_requirement: false },
    });
    // The owner cannot turn their own off while the firm requires it.
    const ownerOff = await firm.as.owner.put(`/api/tfa/${firm.ids.owner}`, { password: TEST_PASSWORD });
    expect(ownerOff.statusCode).toBe(409);
    expect(ownerOff.json().message).toBe(TWO_FACTOR_REQUIRED_BY_FIRM);

    const off = await firm.as.owner.put("/api/tfa/firm-requirement", { required: false });
    expect(off.json().data).toEqual({ required: false });
    expect((await firm.as.alice.get("/api/tfa")).json().data.required_by_firm).toBe(false);
  });

  it("sends members without it to set it up at sign-in, before any session", async () => {
    const firm = await buildFirmWithPeople(t);
    await turnOn(firm.as.owner);
    await firm.as.owner.put("/api/tfa/firm-requirement", { required: true });
    const [alice] = await t.db.select().from(users).where(eq(users.id, firm.ids.alice));
    const email = alice?.email ?? "";

    const challenge = await challengeFor(email, "setup");
    // A code step cannot be skipped with a recovery code or without a secret set up.
    expect((await secondStep({ challenge, code: "123456" })).statusCode).toBe(401);
    const setup = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/two-factor/setup",
      payload: { challenge },
    });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const done = await secondStep({ challenge, code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.recovery_codes).toHaveLength(10);
    expect(done.cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
    expect((await totpRowOf(firm.ids.alice))?.confirmedAt).not.toBeNull();

    // The session opened before two-factor sign-in was on has ended; the new one stands.
    expect((await firm.as.alice.get("/api/tfa")).statusCode).toBe(401);
    const cookie = done.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "";
    const aliceNow = firmClient(t, cookie, firm.teamId);
    expect((await aliceNow.get("/api/tfa")).statusCode).toBe(200);

    // From now on, the code step; and it cannot be turned off while required.
    t.clock.advance(STEP_MS);
    await challengeFor(email, "code");
    const off = await aliceNow.put(`/api/tfa/${firm.ids.alice}`, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TWO_FACTOR_REQUIRED_BY_FIRM);
  });

  it("the set-up step refuses an unknown challenge", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/two-factor/setup",
      payload: { challenge: "nothing" },
    });
    expect(res.statusCode).toBe(401);
  });
});
