import { expect, test } from "@playwright/test";
import { createDraftByApi, createFolderByApi, documentRows, uniqueName } from "./documents-support";
import { DEMO_PASSWORD, MEMBER } from "./support";

test.describe("selecting documents", () => {
  test.describe.configure({ timeout: 120_000 });

  test("Select All takes every match beyond the loaded page; unavailable bulk buttons say why on focus; Search is named", async ({
    page,
  }) => {
    const reply = await page.request.post("/api/auth/login", {
      data: { email: MEMBER.email, password: DEMO_PASSWORD },
    });
    expect(reply.status()).toBe(200);
    const folderId = await createFolderByApi(page, uniqueName("Select all"));
    // One page holds 10: twelve need a second page.
    for (let i = 1; i <= 12; i += 1) await createDraftByApi(page, uniqueName(`Draft ${i}`), folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(documentRows(page).first()).toBeVisible({ timeout: 30_000 });

    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Select", exact: true }).click();
    const bar = page.getByRole("toolbar", { name: "Selection" });
    // Nothing selected yet: Move To can still be reached by Tab, and says why it does nothing.
    const moveTo = bar.getByRole("button", { name: "Move To" });
    await moveTo.focus();
    await expect(page.getByRole("tooltip")).toHaveText("Select one or more documents first");
    await expect(moveTo).toHaveAccessibleDescription(/Select one or more documents first/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await bar.getByRole("button", { name: "Select All" }).click();
    await expect(bar.getByText("12 selected")).toBeVisible();
    await expect(moveTo).not.toHaveAttribute("aria-disabled", "true");
  });
});
