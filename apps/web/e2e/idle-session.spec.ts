import { expect, type Page, test } from "@playwright/test";
import { loginUrl, MEMBER, OWNER, SHORT_IDLE_TIMEOUT_MS, SHORT_KEEP_ALIVE_MS, signIn } from "./support";

// Runs against the server with short session timeouts (see playwright.config.ts).

/** Counts keep-alive calls (the auth check) from now on. */
function countKeepAlives(page: Page) {
  const counter = { calls: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/check") counter.calls += 1;
  });
  return counter;
}

test.describe("idle session", () => {
  test("an idle user is signed out and told so", async ({ page }) => {
    // The page starts watching for activity after this moment, so it must not time out sooner.
    const openedAt = Date.now();
    await signIn(page, MEMBER);
    const keepAlives = countKeepAlives(page);

    const dialog = page.getByRole("dialog", { name: "Session expired" });
    await expect(dialog).toBeVisible({ timeout: SHORT_IDLE_TIMEOUT_MS + 5000 });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(SHORT_IDLE_TIMEOUT_MS);
    await expect(dialog).toContainText(
      "You have been signed out after 6 seconds of inactivity. Please sign in again.",
    );
    // No activity, so no keep-alive was sent, and the firm's data is no longer on screen.
    expect(keepAlives.calls).toBe(0);
    await expect(page.getByRole("heading", { name: "My Company" })).toBeHidden();

    await dialog.getByRole("button", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(loginUrl);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    // The server session has ended too.
    await page.goto("/my-account/my-company");
    await expect(page).toHaveURL("/login?redirect=%2Fmy-account%2Fmy-company");
  });

  test("an active user stays signed in past the idle timeout", async ({ page }) => {
    await signIn(page, OWNER);
    const keepAlives = countKeepAlives(page);

    // Keep using the page for well past the idle timeout.
    const until = Date.now() + SHORT_IDLE_TIMEOUT_MS + 3 * SHORT_KEEP_ALIVE_MS;
    for (let step = 0; Date.now() < until; step++) {
      await page.mouse.move(200 + (step % 2) * 300, 300 + (step % 3) * 40);
      await page.waitForTimeout(400);
    }

    await expect(page.getByRole("dialog", { name: "Session expired" })).toBeHidden();
    expect(keepAlives.calls).toBeGreaterThanOrEqual(2);
    // The server kept the session: a fresh page load is still signed in.
    await page.reload();
    await expect(page).toHaveURL("/my-account/my-company");
    await expect(page.getByRole("banner").getByText(OWNER.name)).toBeVisible();
  });
});
