import { expect, test } from "@playwright/test";
import { expectShell, loginUrl, MANAGER, OWNER, signIn } from "./support";

test.describe("sign-out", () => {
  test("Cancel, or Escape, keeps you signed in", async ({ page }) => {
    await signIn(page, OWNER);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out", exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Are you sure you want to sign out?")).toBeVisible();
    // Ending every session is offered beside it (the server side is tested in auth.test.ts; a
    // browser test would sign out the demo users the other specs are using at the same time).
    await expect(dialog.getByRole("button", { name: "Sign out on every device" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expectShell(page, OWNER);

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Still signed in on the server: a reload shows the shell again.
    await page.reload();
    await expectShell(page, OWNER);
  });

  test("confirming signs out, and the account pages then ask for sign-in", async ({ page }) => {
    await signIn(page, MANAGER);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Sign out", exact: true })
      .getByRole("button", { name: "Sign out", exact: true })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    await page.goto("/my-account/my-company");
    await expect(page).toHaveURL("/login?redirect=%2Fmy-account%2Fmy-company");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("the sign-out button works from the keyboard", async ({ page }) => {
    await signIn(page, OWNER);
    await page.getByRole("button", { name: "Sign out", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Sign out", exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sign out", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(loginUrl);
  });
});
