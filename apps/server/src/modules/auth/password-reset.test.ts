import {
  CONFIRM_PASSWORD_MISMATCH,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_VALID_MINUTES,
  PASSWORD_TOO_SHORT,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../test/harness.ts";
import { mailOutbox } from "../mail/index.ts";

let t: TestApp;
let person: { id: number; email: string };

const NEW_PASSWORD = "a brand new long secret";
const HOUR_MS = 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test its own person, and an hour on so that no request counts against another test's.
  t.clock.advance(HOUR_MS + 1);
  person = await t.buildUser();
});

const ask = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { email }, headers });
const look = (token: string) => t.app.inject({ method: "GET", url: `/api/auth/password-reset/${token}` });
const choose = (token: string, password = NEW_PASSWORD, confirm = password) =>
  t.app.inject({
    method: "POST",
    url: `/api/auth/password-reset/${token}`,
    payload: { password, confirm_password: confirm },
  });
const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: "POST", url: "/api/auth/token", payload: { email, password } })).statusCode;

/** The reset mails to `email`, once the background job has run. */
async function mailsTo(email: string) {
  await t.services.jobs.runDue();
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The token of the latest reset mail to `email`, read from the outbox as a developer would. */
async function tokenFor(email: string) {
  const text = (await mailsTo(email)).at(-1)?.text ?? "";
  const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no reset mail to ${email}`);
  return token;
}

describe("asking for a reset link", () => {
  it("answers an unknown address exactly as a known one, and mails only the known one", async () => {
    const known = await ask(person.email);
    const unknown = await ask("nobody-here@firm.test");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(PASSWORD_RESET_MESSAGES.sent);
    expect(await mailsTo("nobody-here@firm.test")).toHaveLength(0);
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Choose a new password for Precedent");
  });

  it("builds the link on the configured public address, whatever Host the request names", async () => {
    await ask(person.email, { host: "evil.example", "x-forwarded-host": "evil.example" });
    const text = (await mailsTo(person.email))[0]?.text ?? "";
    const link = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(text)?.[1] ?? "";
    expect(new URL(link).origin).toBe(t.services.publicUrl);
    expect(text).not.toContain("evil.example");
  });

  it("refuses a fourth request for one address in an hour with 429, then allows it an hour later", async () => {
    for (let i = 0; i < 3; i++) expect((await ask(person.email)).statusCode).toBe(200);
    const refused = await ask(person.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PASSWORD_RESET_MESSAGES.tooMany);
    expect(refused.json().data.retry_after_seconds).toBeGreaterThan(0);
    t.clock.advance(HOUR_MS + 1);
    expect((await ask(person.email)).statusCode).toBe(200);
  });

  it("refuses an address that is not an email, and queues nothing", async () => {
    await t.services.jobs.runDue(); // what earlier tests left
    const res = await ask("not an email");
    expect(res.statusCode).toBe(400);
    const ran = await t.services.jobs.runDue();
    expect(ran.filter((job) => job.name === "auth.password-reset-mail")).toHaveLength(0);
  });
});

describe("using a reset link", () => {
  it("shows whose link it is, sets the password, ends every session, and works once", async () => {
    const session = await signIn(t, person.email);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(session) })).statusCode,
    ).toBe(200);
    await ask(person.email);
    const token = await tokenFor(person.email);

    const shown = await look(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.email_hint).toBe(`u•••@${person.email.split("@")[1]}`);

    const changed = await choose(token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(PASSWORD_RESET_MESSAGES.changed);
    expect(await signInStatus(person.email, TEST_PASSWORD)).toBe(401);
    expect(await signInStatus(person.email, NEW_PASSWORD)).toBe(200);
    // Whoever was signed in with the old password is out.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(session) })).statusCode,
    ).toBe(401);

    expect((await look(token)).statusCode).toBe(410);
    const again = await choose(token, "yet another long secret");
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.linkUsedOrExpired);
    expect(await signInStatus(person.email, NEW_PASSWORD)).toBe(200);
  });

  it("changes only its own person's password", async () => {
    const colleague = await t.buildUser();
    await ask(person.email);
    expect((await choose(await tokenFor(person.email))).statusCode).toBe(200);
    expect(await signInStatus(colleague.email, TEST_PASSWORD)).toBe(200);
    expect(await signInStatus(colleague.email, NEW_PASSWORD)).toBe(401);
  });

  it("stops working after its hour, changing nothing", async () => {
    await ask(person.email);
    const token = await tokenFor(person.email);
    t.clock.advance(PASSWORD_RESET_VALID_MINUTES * 60_000 + 1);
    expect((await look(token)).statusCode).toBe(410);
    expect((await choose(token)).statusCode).toBe(410);
    expect(await signInStatus(person.email, TEST_PASSWORD)).toBe(200);
  });

  it("stops working when a newer link is sent", async () => {
    await ask(person.email);
    const first = await tokenFor(person.email);
    await ask(person.email);
    const second = await tokenFor(person.email);
    expect(second).not.toBe(first);
    expect((await choose(first)).statusCode).toBe(410);
    expect((await choose(second)).statusCode).toBe(200);
  });

  it("refuses a short or unconfirmed password with the form's words, and the link still works", async () => {
    await ask(person.email);
    const token = await tokenFor(person.email);
    const short = await choose(token, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PASSWORD_TOO_SHORT);
    const mismatch = await choose(token, NEW_PASSWORD, "something else entirely");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(CONFIRM_PASSWORD_MISMATCH);
    expect(await signInStatus(person.email, TEST_PASSWORD)).toBe(200);
    expect((await choose(token)).statusCode).toBe(200);
  });

  it("sets the password once when the same link is used five times at once", async () => {
    await ask(person.email);
    const token = await tokenFor(person.email);
    const passwords = [
      "first long secret 1",
      "second long secret 2",
      "third long secret 3",
      "fourth long secret 4",
      "fifth long secret 5",
    ];
    const replies = await Promise.all(passwords.map((password) => choose(token, password)));
    const won = replies.flatMap((reply, i) => (reply.statusCode === 200 ? [passwords[i] ?? ""] : []));
    expect(won).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 410)).toHaveLength(4);
    for (const password of passwords)
      expect(await signInStatus(person.email, password)).toBe(password === won[0] ? 200 : 401);
  });

  it("refuses a token that is not a link's shape with 400", async () => {
    const res = await look("not-a-token");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.linkNotValid);
  });
});
