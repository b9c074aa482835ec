import { expect, type Page, test } from "@playwright/test";
import { templateCard } from "./catalogue-support";
import { consoleSessionThroughApi } from "./console-support";
import { DEMO_PASSWORD, dismissAnnouncement, expectAccessible, OTHER_OWNER } from "./support";

/**
 * The console's Catalogue area (issue 37 items 3 and 4): the demo administrator finds a product
 * by keyboard, changes its price, and a firm on the Lite plan (which buys each template) is
 * offered it at the new price at once, and its order is priced with it. At both widths, with axe
 * on the product list and the editor. The product is one no other browser test prices.
 */
const ADMINISTRATOR = "admin@console.test";
const PRODUCT = "Deed of Settlement and Release";

const consoleSignIn = (page: Page) => consoleSessionThroughApi(page, ADMINISTRATOR);

// Both widths change the same product's price: one after the other.
test.describe.configure({ mode: "serial" });

for (const [width, dollars] of [
  [1366, "141.00"],
  [375, "142.00"],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an administrator changes a price and a firm's next order uses it", async ({ page, browser }) => {
      await consoleSignIn(page);
      await page.goto("/console?tab=catalogue");
      const search = page.getByLabel("Find a product by name or SKU");
      await expect(search).toBeVisible({ timeout: 60_000 });

      // By keyboard: type part of the name, Enter, then the product's button and Enter.
      await search.focus();
      await page.keyboard.type("Settlement");
      await page.keyboard.press("Enter");
      const open = page.getByRole("button", { name: PRODUCT });
      await expect(open).toBeVisible();
      await expectAccessible(page, "catalogue products");
      await open.focus();
      await page.keyboard.press("Enter");

      await expect(page.getByRole("heading", { name: PRODUCT })).toBeVisible();
      const price = page.getByLabel("Price (AUD, GST included)");
      await expect(price).toBeEnabled();
      await expectAccessible(page, "product editor");
      // The new price typed over the old one; Enter in the form saves it.
      await price.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(dollars);
      await page.keyboard.press("Enter");
      await expect(page.getByText(`${PRODUCT} was saved.`)).toBeVisible();
      await expect(page.getByText(`now $${dollars} inc. GST`)).toBeVisible();
      const history = page.getByRole("region", { name: `History of ${PRODUCT}` });
      await expect(history.getByRole("row", { name: /product\.price_changed/ }).first()).toContainText(
        `"price_cents":${Number(dollars) * 100}`,
      );
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-catalogue-product-${width}.png`,
        fullPage: true,
      });

      // A firm on the Lite plan sees the new price at once and its order is priced with it (the
      // firm's pages at their own widths are the catalogue specs'; this one tests the console's).
      const firm = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const firmPage = await firm.newPage();
      // Signed in through the API with the catalogue as the first page; the shell's own checks
      // are the account specs' (on a loaded machine its first paint took longer than they wait).
      const login = await firmPage.request.post("/api/auth/login", {
        data: { email: OTHER_OWNER.email, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      await dismissAnnouncement(firmPage);
      await firmPage.goto("/my-account/templates");
      const card = templateCard(firmPage, PRODUCT);
      await expect(card.getByText(`$${dollars} inc. GST`)).toBeVisible({ timeout: 60_000 });
      await card.getByRole("button", { name: `Preview ${PRODUCT}` }).click();
      await firmPage.getByRole("dialog", { name: PRODUCT }).getByRole("button", { name: "Purchase" }).click();
      const purchase = firmPage.getByRole("dialog", { name: "Purchase item" });
      await expect(purchase.getByTestId("order-total")).toHaveText(`$${dollars}`);
      await purchase.getByRole("button", { name: "Pay now" }).click();
      await expect(firmPage).toHaveURL(/\/checkout\//);
      await expect(firmPage.getByRole("button", { name: `Pay $${dollars} AUD` })).toBeVisible();
      await firm.close();
    });
  });
}
