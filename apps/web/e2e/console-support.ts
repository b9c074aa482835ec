import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_PASSWORD } from "./support";

/** The demo staff's published authenticator key (README, demo data). */
export const CONSOLE_STAFF_KEY = "DEMOCONSOLEPRECEDENTSTAFF2345ABC";
const STEP_MS = 30_000;

/**
 * Which 30-second code step each staff account last signed in with, across the test workers
 * (separate processes) of one run: the console refuses a step no later than the last one used
 * (a replayed code), and accepts one step either side of its own. Two specs signing in as the
 * same account in the same step, or a retry in the step of the failed try, would otherwise be
 * refused. Kept in a folder per server port, so two runs on one machine keep apart.
 */
const ledger = path.join(os.tmpdir(), `precedent-e2e-console-steps-${process.env.E2E_PORT ?? 3100}`);
const lock = `${ledger}.lock`;
/** A lock left by a killed worker is taken over after this long (it is held for microseconds). */
const STALE_LOCK_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function underLock<T>(work: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
      }
      await sleep(25);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Gives the running test `ms` more time (outside a test, as in a global set-up, nothing to do). */
function extendTestTimeout(ms: number) {
  let info: ReturnType<typeof test.info>;
  try {
    info = test.info();
  } catch {
    return;
  }
  if (info.timeout > 0) info.setTimeout(info.timeout + ms);
}

/** A code of a step this account has not signed in with yet, waiting (at most a step) until the server accepts it. */
export async function consoleCode(email: string): Promise<string> {
  const step = await underLock(() => {
    mkdirSync(ledger, { recursive: true });
    const file = path.join(ledger, encodeURIComponent(email));
    const last = existsSync(file) ? Number(readFileSync(file, "utf8")) : 0;
    const chosen = Math.max(Math.floor(Date.now() / STEP_MS), last + 1);
    writeFileSync(file, String(chosen));
    return chosen;
  });
  // The server takes a code of the step after its own: wait until `step` is at most that far ahead.
  const wait = (step - 1) * STEP_MS + 1_000 - Date.now();
  if (wait > 0) {
    // The wait is the ledger's, not the test's: a worker started afresh (after another test failed)
    // has no kept session and may wait most of a step, or several when sign-ins of the account
    // queue up, which used up a 30 s test's whole time before it did anything.
    extendTestTimeout(wait);
    await sleep(wait);
  }
  return new TOTP({ secret: Secret.fromBase32(CONSOLE_STAFF_KEY) }).generate({
    timestamp: step * STEP_MS + 1,
  });
}

/** The console's session cookie (the server's `CONSOLE_COOKIE`). */
const CONSOLE_COOKIE = "precedent_console";
type Cookies = Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;

/**
 * The console sessions this test worker has signed in, by account. A new sign-in of an account
 * must wait for a code step none of its sign-ins used (above); with a dozen console tests signing
 * in as the demo administrator, one after another, that was up to 30 s of waiting each. A test
 * that only needs to be signed in takes this worker's session of the account instead. The sign-in
 * itself stays tested: the first test of each worker signs in in full, and the fulfilment spec's
 * keyboard sign-in always does.
 */
const keptSessions = new Map<string, Cookies>();

/** Puts this worker's session of `email` into the page's browser context, if it still stands. */
async function resumeConsoleSession(page: Page, email: string): Promise<boolean> {
  const kept = keptSessions.get(email);
  if (!kept) return false;
  await page.context().addCookies(kept);
  const reply = await page.request.get("/api/console/session");
  if (reply.ok()) {
    const session = ((await reply.json()) as { data: { step: string | null; staff: { email: string } } })
      .data;
    if (session.step === null && session.staff.email === email) return true;
  }
  // Ended (idle time, or a test ended it): sign in again.
  keptSessions.delete(email);
  await page.context().clearCookies({ name: CONSOLE_COOKIE });
  return false;
}

async function keepConsoleSession(page: Page, email: string) {
  const cookies = await page.context().cookies();
  keptSessions.set(
    email,
    cookies.filter((cookie) => cookie.name === CONSOLE_COOKIE),
  );
}

/** Signs `email` in to the console through the API: the password, then a fresh code step. */
export async function consoleSignInThroughApi(request: APIRequestContext, email: string) {
  const login = await request.post("/api/console/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const code = await consoleCode(email);
  expect((await request.post("/api/console/two-factor/code", { data: { code } })).status()).toBe(200);
}

/** A console session for `email` in the page's browser context: this worker's, or a new one. */
export async function consoleSessionThroughApi(page: Page, email: string) {
  if (await resumeConsoleSession(page, email)) return;
  await consoleSignInThroughApi(page.request, email);
  await keepConsoleSession(page, email);
}

/**
 * The console's sign-in, by keyboard only: the password, then the authenticator's code; or, when
 * this worker has a session of the account still standing, that session (see `keptSessions`).
 */
export async function signInToConsole(page: Page, email: string, address = "/console") {
  if (await resumeConsoleSession(page, email)) {
    await page.goto(address);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible({ timeout: 60_000 });
    return;
  }
  await page.goto(address);
  await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Email").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await page.keyboard.type(await consoleCode(email));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await keepConsoleSession(page, email);
}
