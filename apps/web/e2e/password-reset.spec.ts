import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { serverWithMailSink } from "./mail-server";
import { DEMO_PASSWORD, expectAccessible, MEMBER } from "./support";

/**
 * "Forgot password?": a person who cannot sign in asks for a link, opens it from the mail, chooses
 * a new password and signs in with it. The link reaches the person by mail, so this spec runs a
 * server of its own that sends mail by SMTP to a sink in the spec, on a database of its own (the
 * demo member's password changes here, which other specs sign in with).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const spec = serverWithMailSink({ port: PORT, name: "password-reset" });
const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: spec.baseUrl });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The reset link in the latest mail to `email`, once it has arrived (and is not `other`). */
async function resetLink(email: string, other?: string) {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(
          spec.mail().latestTo(email) ?? "",
        )?.[0];
        return link && link !== other ? link : undefined;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return link ?? "";
}

async function askForLink(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "If an account uses that email" })).toBeVisible();
}

for (const { width, height, suffix, password } of [
  { width: 1366, height: 900, suffix: "1366", password: "a new long secret for 1366" },
  { width: 375, height: 812, suffix: "375", password: "a new long secret for 375" },
]) {
  test(`a member who forgot the password resets it by the emailed link and signs in (${suffix} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const previous = spec.mail().latestTo(MEMBER.email);
    await askForLink(page, MEMBER.email);
    await expectAccessible(page, `forgot password sent ${suffix}`);
    await shot(page, `forgot-password-sent-${suffix}`);
    const link = await resetLink(
      MEMBER.email,
      previous ? /\S+reset-password\/\S{43}/.exec(previous)?.[0] : undefined,
    );

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(`For the account ${MEMBER.email.slice(0, 1)}•••@`)).toBeVisible();
    await expect(page.getByLabel("New password")).toBeFocused();
    await expectAccessible(page, `choose password ${suffix}`);
    await shot(page, `choose-password-${suffix}`);

    // A short password and a confirmation that differs are refused on the form, by keyboard.
    await page.keyboard.type("short");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("something else");
    await page.keyboard.press("Enter");
    await expect(page.getByText("The password should be at least 12 characters long")).toBeVisible();
    await expect(page.getByText("Confirm password did not match")).toBeVisible();

    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText("Your password has been changed. Please sign in with your new password."),
    ).toBeVisible();

    // The link is used up.
    await page.goto(link);
    await expect(page.getByText("This link cannot be used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
    await expectAccessible(page, `used link ${suffix}`);

    // The old password no longer signs in; the new one does.
    await page.goto("/login");
    await page.getByLabel("Email").fill(MEMBER.email);
    const passwordField = page.getByLabel("Password", { exact: true });
    await passwordField.fill(suffix === "1366" ? DEMO_PASSWORD : "a new long secret for 1366");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("The email or password you entered is incorrect.")).toBeVisible();
    await passwordField.fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/my-account\//);
  });
}

test("an address with no account gets the same answer, and no mail", async ({ page }) => {
  await askForLink(page, "nobody-at-all@nowhere.test");
  // Given time to arrive, had the server sent one.
  await page.waitForTimeout(2000);
  expect(spec.mail().latestTo("nobody-at-all@nowhere.test")).toBeUndefined();
});
