import { expect, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { expectAccessible } from "./support";

/**
 * Membership plans in the console's Catalogue area (issue 37 item 4): the demo administrator
 * opens the Plans part, changes the Strategist plan's room for people by keyboard, sees the
 * table follow, and puts it back (other specs use the demo's plans as seeded). Lite's price is
 * fixed at $0.00 with the reason shown. At both widths, with axe on the table and the dialog.
 */
const ADMINISTRATOR = "admin@console.test";

// Both widths change the same plan: one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [1366, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an administrator changes a plan's room for people and puts it back", async ({ page }) => {
      await consoleSessionThroughApi(page, ADMINISTRATOR);
      await page.goto("/console?tab=catalogue&part=plans");
      const plans = page.getByRole("region", { name: "Membership plans" });
      const strategist = plans.getByRole("row", { name: /Strategist/ });
      await expect(strategist).toBeVisible({ timeout: 60_000 });
      await expectAccessible(page, "membership plans");

      const change = async (people: string) => {
        const open = page.getByRole("button", { name: "Change Strategist" });
        await open.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: "Change Strategist" });
        await expect(dialog.getByText(/A change reaches \d+ firms? on Strategist at once\./)).toBeVisible();
        const field = dialog.getByLabel("People in a firm");
        await field.focus();
        await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.type(people);
        await page.keyboard.press("Enter");
        // The first change's message may still be showing when the second is saved.
        await expect(page.getByText("Strategist was saved.").last()).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(strategist.getByRole("cell", { name: people, exact: true })).toBeVisible();
      };

      const before = (await strategist.getByRole("cell").nth(3).textContent()) ?? "";
      await change(String(Number(before) + 1));
      await page.keyboard.press("Escape");

      // Lite is free: its price cannot be made a charge, and the dialog says why.
      await page.getByRole("button", { name: "Change Lite" }).click();
      const lite = page.getByRole("dialog", { name: "Change Lite" });
      // Lite's own values, not those the Strategist dialog left behind.
      await expect(lite.getByLabel("Name")).toHaveValue("Lite");
      await expect(lite.getByLabel(/^Price/)).toHaveValue("0.00");
      await expect(lite.getByLabel(/^Price/)).toBeDisabled();
      await expect(
        lite.getByText("A free plan stays free: the firms on it joined without paying."),
      ).toBeVisible();
      await expectAccessible(page, "plan dialog");
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-plans-${width}.png`,
      });
      await lite.getByRole("button", { name: "Cancel" }).click();
      await expect(lite).toHaveCount(0);

      await change(before);
    });
  });
}

test("each credit package's dialog opens with that package's own values", async ({ page }) => {
  await consoleSessionThroughApi(page, ADMINISTRATOR);
  await page.goto("/console?tab=catalogue&part=packages");
  const packages = page.getByRole("region", { name: "Credit packages" });
  const changes = packages.getByRole("button", { name: /^Change / });
  await expect(changes.nth(1)).toBeVisible({ timeout: 60_000 });
  const rows = packages.getByRole("row").filter({ has: page.getByRole("button", { name: /^Change / }) });
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    const name = (await row.getByRole("cell").first().textContent()) ?? "";
    const price = ((await row.getByRole("cell").nth(1).textContent()) ?? "").replace(/[^0-9.]/g, "");
    await row.getByRole("button", { name: `Change ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Change ${name}` });
    await expect(dialog.getByLabel("Price (AUD, GST included)")).toHaveValue(Number(price).toFixed(2));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  }
});
