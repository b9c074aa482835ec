import { expect, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { expectAccessible } from "./support";

/**
 * Adding a credit package in the console (issue 37 item 4): the demo administrator submits the
 * empty form and is told what each field needs, then fills it by keyboard; the new package is
 * listed as offered. Added withdrawn, so the demo firms' offer stays as seeded for other specs.
 * At both widths, with axe on the list and the dialog.
 */
const ADMINISTRATOR = "admin@console.test";

for (const width of [1366, 375] as const) {
  test(`an administrator adds a credit package by keyboard at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
    await consoleSessionThroughApi(page, ADMINISTRATOR);
    await page.goto("/console?tab=catalogue&part=packages");
    const list = page.getByRole("region", { name: "Credit packages" });
    await expect(list.getByRole("row", { name: /10 Credits/ })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, "credit packages");

    const add = page.getByRole("button", { name: "Add a credit package" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add a credit package" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    // Nothing filled in: each field says what it needs, and nothing is added.
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Enter a name", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Enter the price in dollars, such as 220.00")).toBeVisible();
    await expect(dialog.getByText("Enter a number of credits")).toBeVisible();
    await expectAccessible(page, "credit package dialog");

    const name = `Console bundle ${width} ${Date.now() % 100_000}`;
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel(/^Price/)).toBeFocused();
    await page.keyboard.type("120");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Credits it adds")).toBeFocused();
    await page.keyboard.type("6");
    // Withdrawn: the switch is the next field, turned off with the space bar.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("switch", { name: "Offered to firms" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("switch", { name: "Offered to firms" })).not.toBeChecked();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${name} was added.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = list.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("cell", { name: "$120.00", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "6", exact: true })).toBeVisible();
    await expect(row.getByText("Withdrawn")).toBeVisible();
  });
}
