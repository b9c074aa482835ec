import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import {
  DEMO_PASSWORD,
  type DemoUser,
  expectAccessible,
  expectShell,
  loginUrl,
  submitSignIn,
} from "./support";

/** A demo firm of its own: turning two-factor on here asks no other spec's sign-in for a code. */
const SECURE_OWNER: DemoUser = {
  email: "owner@secure.test",
  name: "Sam Secure",
  firm: "Secure Wealth Pty Ltd",
  role: "Owner",
};

const SHOTS = "/tmp/shots-two-factor";
/** The authenticator key the README publishes for the demo firm (apps/server/src/demo/two-factor.ts). */
const DEMO_TWO_FACTOR_KEY = "DEMO2FAPRECEDENTSECUREWEALTH2345";
const STEP_MS = 30_000;

/** The code an authenticator app shows now (or `offsetMs` later). */
const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

/**
 * Where an attempt writes the key it turned two-factor on with. A retried attempt finds the firm as
 * the failed one left it: with the demo's key, off, or on with that attempt's own key, which only
 * this file knows. (The project's output folder is emptied once per run, not per attempt.)
 */
const keyLeftFile = () => path.join(test.info().project.outputDir, "two-factor-key-left.txt");
const keyToSignInWith = () =>
  test.info().retry > 0 && existsSync(keyLeftFile())
    ? readFileSync(keyLeftFile(), "utf8").trim()
    : DEMO_TWO_FACTOR_KEY;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test.describe("two-factor sign-in", () => {
  test("the demo's published key signs in; turn it off, on again with the QR code's secret, sign in with a code", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const card = page.locator(".two-factor-card");

    // The demo firm has two-factor on with the key the README publishes. (A retried attempt finds
    // it as the failed attempt left it, so only the first insists on the code step.)
    await page.goto("/login");
    await submitSignIn(page, SECURE_OWNER.email, DEMO_PASSWORD);
    const codeStep = page.getByRole("heading", { name: "Two-factor authentication", level: 1 });
    await expect(codeStep.or(page.getByRole("banner").getByText(SECURE_OWNER.firm))).toBeVisible();
    const demoKeyOn = await codeStep.isVisible();
    if (test.info().retry === 0) expect(demoKeyOn, "the demo firm's two-factor sign-in is on").toBe(true);
    if (demoKeyOn) {
      // A retry's code is the next step's, in case the failed attempt spent this step's code.
      const offset = test.info().retry > 0 ? STEP_MS : 0;
      await page.getByLabel("Authentication code").fill(codeOf(keyToSignInWith(), offset));
      await page.getByLabel("Authentication code").press("Enter");
    }
    await expect(page).toHaveURL(/\/my-account\/my-document$/);
    await expectShell(page, SECURE_OWNER);

    // Off first (with the password), so it can be turned on with a key of the person's own.
    await page.goto("/my-account/security");
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
    await expect(card.getByRole("heading", { name: "Manage Two-Factor Authentication" })).toBeVisible();
    if (demoKeyOn) {
      await expect(card.getByText("On", { exact: true })).toBeVisible();
      await card.getByRole("button", { name: "Turn off two-factor authentication" }).click();
      const off = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
      await off.getByLabel("Current password").fill(DEMO_PASSWORD);
      await off.getByLabel("Current password").press("Enter");
      await expect(page.getByText("Two-factor authentication has been turned off.")).toBeVisible();
    }
    await expect(card.getByText("Off", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, "security page");
    await shot(page, "security-off");

    // Turn it on: the QR code, its key typed in by hand (here: read), and a code from it.
    await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    const enable = page.getByRole("dialog", { name: "Turn on two-factor authentication" });
    await expect(enable.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = ((await enable.locator(".totp-setup__secret").textContent()) ?? "").replace(
      /[^A-Z2-7]/g,
      "",
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    mkdirSync(path.dirname(keyLeftFile()), { recursive: true });
    writeFileSync(keyLeftFile(), secret);
    await expectAccessible(page, "turn-on dialog", { include: ".ant-modal" });
    await shot(page, "enable-dialog");

    const codeField = enable.getByLabel("Then enter the 6-digit code the app shows");
    await codeField.fill("12");
    await codeField.press("Enter");
    await expect(enable.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
    await codeField.fill(codeOf(secret));
    await codeField.press("Enter");

    const saved = page.getByRole("dialog", { name: "Save your recovery codes" });
    await expect(saved).toBeVisible();
    const codes = saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await expect(saved.getByRole("button", { name: "Copy codes" })).toBeVisible();
    const download = page.waitForEvent("download");
    await saved.getByRole("button", { name: "Download codes" }).click();
    expect((await download).suggestedFilename()).toBe("precedent-recovery-codes.txt");
    await expectAccessible(page, "recovery codes dialog", { include: ".ant-modal" });
    await shot(page, "recovery-codes");
    await saved.getByRole("button", { name: "Done" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expect(card.getByText("Recovery codes left: 10")).toBeVisible();

    // Sign out, and sign in again: the password, then the code step.
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Sign out", exact: true })
      .getByRole("button", { name: "Sign out", exact: true })
      .click();
    await expect(page).toHaveURL(loginUrl);
    await submitSignIn(page, SECURE_OWNER.email, DEMO_PASSWORD);
    await expect(page.getByRole("heading", { name: "Two-factor authentication", level: 1 })).toBeVisible();
    const signInCode = page.getByLabel("Authentication code");
    await expect(signInCode).toBeFocused();
    await expect(signInCode).toHaveAttribute("autocomplete", "one-time-code");
    await expectAccessible(page, "sign-in code step");
    await shot(page, "sign-in-code");

    // The recovery-code way is one keyboard step away, and back.
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect(page.getByLabel("Recovery code")).toBeFocused();
    await page.getByRole("button", { name: "Use your authenticator app" }).click();

    // A wrong code is refused with a clear message, and the field is ready for another.
    const wrong = codeOf(secret, 10 * STEP_MS);
    await page.getByLabel("Authentication code").fill(wrong);
    await page.getByLabel("Authentication code").press("Enter");
    await expect(page.getByRole("alert").getByText("That code is not right")).toBeVisible();
    await expect(page.getByLabel("Authentication code")).toBeFocused();

    // The confirmation used this step's code: the app's next code (one step ahead is accepted).
    await page.getByLabel("Authentication code").fill(codeOf(secret, STEP_MS));
    await page.getByLabel("Authentication code").press("Enter");
    await expect(page).toHaveURL(/\/my-account\/my-document$/);
    await expectShell(page, SECURE_OWNER);

    // On a phone: the card, and turning it off with the password (the page reloads, as the spec says).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/my-account/security");
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expectAccessible(page, "security page, on");
    await shot(page, "security-on");
    await card.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    const disable = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
    await expect(disable.getByLabel("Current password")).toBeFocused();
    await disable.getByLabel("Current password").fill("not the password");
    await disable.getByLabel("Current password").press("Enter");
    await expect(disable.getByText("The password is not right.")).toBeVisible();
    await expectAccessible(page, "turn-off dialog", { include: ".ant-modal" });
    await shot(page, "disable-dialog");
    await disable.getByLabel("Current password").fill(DEMO_PASSWORD);
    await disable.getByLabel("Current password").press("Enter");
    await expect(page.getByText("Two-factor authentication has been turned off.")).toBeVisible();
    await expect(card.getByText("Off", { exact: true })).toBeVisible({ timeout: 15_000 });
  });

  test("the sign-in code step at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // The layout of the step without turning anything on: the sign-in page answers the step the
    // server sends, so a reply with a step is enough to show it.
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        json: {
          message: "",
          data: { two_factor: { step: "code", challenge: "c", expires_at: new Date().toISOString() } },
        },
      }),
    );
    await page.goto("/login");
    await submitSignIn(page, SECURE_OWNER.email, DEMO_PASSWORD);
    await expect(page.getByRole("heading", { name: "Two-factor authentication", level: 1 })).toBeVisible();
    await expectAccessible(page, "sign-in code step");
    await shot(page, "sign-in-code");
    // An ended sign-in says so and leads back to the password.
    await page.getByLabel("Authentication code").fill("123456");
    await page.getByLabel("Authentication code").press("Enter");
    await expect(
      page.getByRole("alert").getByText("This sign-in has ended. Please sign in again."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Sign in again" }).click();
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  });
});
