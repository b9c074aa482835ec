import { OWNER_PASSWORD_INCORRECT } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS } from "../../constants.ts";
import { buildFirmWithPeople, createTestApp, TEST_PASSWORD, type TestApp } from "../../test/harness.ts";
import { INVALID_CREDENTIALS } from "./service.ts";

// Issue 31: 200 wrong passwords for one account sent at once were all checked (200 × 401), because
// the count was read before it was written. Each attempt is now counted and decided in one
// statement, so at most the free number are checked, on one server or several on one database.

const PER_ADDRESS = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    loginThrottle: { perAccountAddress: LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS, perAddress: PER_ADDRESS },
  });
});
afterAll(() => t.close());

type Injector = Pick<TestApp["app"], "inject">;
const login = (app: Injector, email: string, password: string, ip: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

const tally = (replies: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.statusCode] = (counts[reply.statusCode] ?? 0) + 1;
  return counts;
};

describe("POST /api/auth/login under parallel guesses", () => {
  it("checks at most the free number of 200 parallel wrong passwords for one account; the rest 429", async () => {
    const user = await t.buildUser();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(t.app, user.email, `wrong ${i}`, "10.31.0.1")),
    );
    const counts = tally(replies);
    console.log("200 parallel wrong passwords, one server:", counts);
    expect(counts[401]).toBe(LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
    expect(counts[429]).toBe(200 - LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
    const refused = replies.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(
      "Too many failed sign-in attempts. Please wait 1 minute and try again.",
    );
    expect(replies.find((r) => r.statusCode === 401)?.json().message).toBe(INVALID_CREDENTIALS);
    // The right password from that address waits too; from another address it signs in.
    expect((await login(t.app, user.email, TEST_PASSWORD, "10.31.0.1")).statusCode).toBe(429);
    expect((await login(t.app, user.email, TEST_PASSWORD, "10.31.0.2")).statusCode).toBe(200);
  });

  it("holds one address to its limit over many accounts tried at once", async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(t.app, `nobody${i}@parallel.test`, "wrong", "10.31.1.1")),
    );
    const counts = tally(replies);
    expect(counts[401]).toBe(PER_ADDRESS);
    expect(counts[429]).toBe(60 - PER_ADDRESS);
  });

  it("counts a right password back: the free number of wrong ones stays free after it", async () => {
    const user = await t.buildUser();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS - 1; i++)
        expect((await login(t.app, user.email, "wrong", "10.31.2.1")).statusCode).toBe(401);
      expect((await login(t.app, user.email, TEST_PASSWORD, "10.31.2.1")).statusCode).toBe(200);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "shares the count between two servers on one PostgreSQL database",
    async () => {
      const other = await t.secondServer();
      if (!other) throw new Error("no second server on PostgreSQL");
      try {
        const user = await t.buildUser();
        const replies = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            login(i % 2 ? other.app : t.app, user.email, `wrong ${i}`, "10.31.3.1"),
          ),
        );
        const counts = tally(replies);
        console.log("200 parallel wrong passwords, two servers:", counts);
        expect(counts[401]).toBe(LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
        expect(counts[429]).toBe(200 - LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
      } finally {
        await other.close();
      }
    },
  );
});

describe("POST /api/team/transfer-ownership under guesses", () => {
  it("throttles the owner's password check like a sign-in: parallel and one at a time", async () => {
    const people = await buildFirmWithPeople(t);
    const transfer = (password: string) =>
      people.as.owner.post("/api/team/transfer-ownership", {
        id_team: people.teamId,
        id_user: people.ids.alice,
        password,
      });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => transfer(`guess ${i}`)));
    const counts = tally(replies);
    expect(counts[400]).toBe(LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
    expect(counts[429]).toBe(40 - LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS);
    expect(replies.find((r) => r.statusCode === 400)?.json().message).toBe(OWNER_PASSWORD_INCORRECT);
    // Even the right password waits, and the firm is unchanged.
    const right = await transfer(TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().data.retry_after_seconds).toBe(30);
    t.clock.advance(30_000);
    expect((await transfer(TEST_PASSWORD)).statusCode).toBe(200);
  });
});
