import { expect, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { expectAccessible } from "./support";

/**
 * Coupon terms in the console (issue 37 item 4): the demo administrator creates a coupon for one
 * product, then changes its terms by keyboard before anyone uses it; the list follows. A used
 * coupon (the demo's USEDUP) keeps its terms: its edit button is off and says why. At both widths,
 * with axe on the list and the dialog.
 */
const ADMINISTRATOR = "admin@console.test";
const PRODUCT = "Mutual Non-Disclosure Agreement";

for (const width of [1366, 375] as const) {
  test(`an administrator sets a new coupon's terms, then changes them, at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
    await consoleSessionThroughApi(page, ADMINISTRATOR);
    await page.goto("/console?tab=catalogue&part=coupons");
    const list = page.getByRole("region", { name: "Coupons" });
    const used = list.getByRole("row", { name: /USEDUP/ });
    await expect(used).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, "coupons");

    // A used coupon's terms are fixed: the button says so rather than opening a form.
    const fixed = used.getByRole("button", { name: "Edit terms of USEDUP" });
    await expect(fixed).toHaveAttribute("aria-disabled", "true");
    await expect(fixed).toHaveAccessibleDescription(/keeps its terms/);
    await fixed.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/A coupon that has been used keeps its terms/).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const code = `TERMS${width}${Date.now() % 100_000}`;
    await page.getByRole("button", { name: "Create a coupon" }).click();
    const create = page.getByRole("dialog", { name: "Create a coupon" });
    await create.getByLabel("Code").fill(code);
    await create.getByLabel(/^Discount/).fill("10");
    const products = create.getByLabel(/^Applies to/);
    await products.click();
    await products.fill("Mutual Non-Disclosure");
    // Ant Design's list keeps an unseen copy of each option for screen readers: pick the one shown.
    await page.locator(".ant-select-item-option", { hasText: PRODUCT }).click();
    await page.keyboard.press("Escape");
    await expectAccessible(page, "coupon dialog");
    await create.getByRole("button", { name: "Create coupon" }).click();
    await expect(page.getByText(`${code} was created.`)).toBeVisible();
    const row = list.getByRole("row", { name: new RegExp(code) });
    await expect(row.getByRole("cell", { name: "10%", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "1 product", exact: true })).toBeVisible();

    // Unused, so its terms may change: by keyboard, the form opens on its own terms.
    const edit = row.getByRole("button", { name: `Edit terms of ${code}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    const terms = page.getByRole("dialog", { name: `Terms of ${code}` });
    const discount = terms.getByLabel(/^Discount/);
    await expect(discount).toHaveValue("10.00");
    await expect(terms.getByText(PRODUCT)).toBeVisible();
    await expect(discount).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("15");
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${code}'s terms were saved.`)).toBeVisible();
    await expect(terms).toHaveCount(0);
    await expect(row.getByRole("cell", { name: "15%", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "1 product", exact: true })).toBeVisible();
  });
}
