import { expect, test } from "@playwright/test";
import { signInToConsole } from "./console-support";
import { expectAccessible } from "./support";

/**
 * The console's "Money" area (issue 37 item 6): the demo support staff member signs in, finds a
 * demo order paid through the sandbox by its customer's email, refunds it in full with a reason
 * by keyboard, and sees it refunded with the refund listed. At both widths (each refunds its own
 * demo order), with axe on the list, the order and the refund dialog.
 */
const SUPPORT = "support@console.test";

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("support refunds an order through the sandbox", async ({ page }) => {
      await signInToConsole(page, SUPPORT, "/console?tab=money");
      await page.getByRole("tab", { name: "Money" }).click();
      const search = page.getByLabel("Find orders by firm name, order number or customer email");
      await expect(search).toBeVisible();
      await expect(page.getByRole("region", { name: "A day's takings" })).toContainText("Net");

      // By keyboard: the customer's email, Enter, then the order.
      await search.focus();
      await page.keyboard.type(`refunds.${width}@wattlegrove.test`);
      await page.keyboard.press("Enter");
      const row = page.getByRole("row", { name: new RegExp(`refunds\\.${width}@`) });
      await expect(row).toContainText("Paid");
      await expectAccessible(page, "money orders");
      const open = row.getByRole("button", { name: /INV-\d{6}/ });
      await open.focus();
      await page.keyboard.press("Enter");

      await expect(page.getByRole("heading", { name: /Order INV-\d{6}/ })).toBeVisible();
      await expect(page.getByRole("region", { name: "Payments" })).toContainText("sandbox");
      await expectAccessible(page, "money order");
      const refund = page.getByRole("button", { name: "Refund", exact: true });
      await refund.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: /Refund INV-\d{6}/ });
      await expect(dialog).toBeVisible();
      // No reason: refused in the dialog, nothing sent.
      await dialog.getByRole("button", { name: "Refund through the provider" }).click();
      await expect(dialog.getByText("Give a reason of at least 5 characters")).toBeVisible();
      await expectAccessible(page, "refund dialog", { include: ".ant-modal" });
      await dialog.getByLabel("Reason").focus();
      await page.keyboard.type(`Customer bought the wrong template (${width} px)`);
      await dialog.getByRole("button", { name: "Refund through the provider" }).focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);

      await expect(page.getByRole("region", { name: "Refunds" })).toContainText(
        `Customer bought the wrong template (${width} px)`,
      );
      await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
      await expect(page.getByText("This order has been refunded in full.")).toBeVisible();
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-money-refunded-${width}.png`,
        fullPage: true,
      });
    });
  });
}
