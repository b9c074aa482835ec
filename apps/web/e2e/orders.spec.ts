import { expect, type Page, test } from "@playwright/test";
import { chooseFolder, openCatalogue, openPreview, templateCard } from "./catalogue-support";
import { createFolderByApi, uniqueName } from "./documents-support";
import { OTHER_OWNER } from "./support";

// Issue 11, item 3: what was paid for is never stranded. After paying, the catalogue offers Start
// Document for the template, and My Orders lists the order with its invoice and a Start action.

const MINUTES = "Minutes of the First Meeting of Directors";

async function payOnSandboxCheckout(page: Page, cardNumber: string, amount: string) {
  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Pay ${amount} AUD` }).click();
}

test.describe("a paid order (Lite plan)", () => {
  test.describe.configure({ timeout: 150_000 });

  test("after paying, the catalogue says Start Document and My Orders starts it", async ({ page }) => {
    await openCatalogue(page, OTHER_OWNER);
    const folder = uniqueName("Board minutes");
    await createFolderByApi(page, folder);

    // The demo's paid, unused order of the NDA ($88): offered to start, not sold again.
    const nda = templateCard(page, "Mutual Non-Disclosure Agreement");
    await expect(nda.getByText("Paid: ready to start")).toBeVisible();
    await expect(nda.getByText("$88.00")).toHaveCount(0);
    const ndaPreview = await openPreview(page, "Mutual Non-Disclosure Agreement");
    await expect(ndaPreview.getByRole("button", { name: "Start Document" })).toBeVisible();
    await expect(ndaPreview.getByRole("button", { name: "Purchase" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(ndaPreview).toHaveCount(0);

    await expect(templateCard(page, MINUTES).getByText("$33.00 inc. GST")).toBeVisible();
    await (await openPreview(page, MINUTES)).getByRole("button", { name: "Purchase" }).click();
    const purchase = page.getByRole("dialog", { name: "Purchase item" });
    await purchase.getByRole("button", { name: "Pay now" }).click();
    // The success toast shows while the browser is sent to the payment page (documents spec §8).
    await expect(page.getByText("Processing to payment page...")).toBeVisible();
    await payOnSandboxCheckout(page, "4242 4242 4242 4242", "$33.00");

    const confirmed = page.getByRole("dialog", { name: "Payment Confirmed" });
    await expect(confirmed.getByText(/loaded to My Orders/)).toBeVisible();
    // Said once: the dialog's title, not again in its body.
    await expect(page.getByText("Payment Confirmed", { exact: true })).toHaveCount(1);
    await confirmed.getByRole("button", { name: "Close" }).click();
    await expect(confirmed).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Our Templates" })
      .click();
    const card = templateCard(page, MINUTES);
    await expect(card.getByText("Paid: ready to start")).toBeVisible();
    await expect(card.getByText("$33.00")).toHaveCount(0);
    const paidPreview = await openPreview(page, MINUTES);
    await expect(paidPreview.getByRole("button", { name: "Start Document" })).toBeVisible();
    await expect(paidPreview.getByRole("button", { name: "Purchase" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/my-account\/my-orders/);
    await expect(page.getByRole("heading", { name: "My Orders", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: MINUTES }).filter({ hasText: "Paid" }).first();
    await expect(row.getByText("$33.00")).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /Download invoice INV-\d{6}/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);

    // Start, by keyboard: the normal start wizard, with this order.
    const start = row.getByRole("button", { name: new RegExp(`Start ${MINUTES}`) });
    await start.focus();
    await page.keyboard.press("Enter");
    const wizard = page.getByRole("dialog", { name: `Start ${MINUTES}` });
    await wizard.getByLabel("Document name").fill(uniqueName("First board meeting"));
    await chooseFolder(wizard, folder);
    await wizard.getByRole("button", { name: "Start Interview" }).click();
    await expect(page).toHaveURL(/\/my-account\/my-document\/template\?docId=\d+/);

    // Used now: My Orders says so, and the catalogue sells it again.
    await page.goto("/my-account/my-orders");
    await expect(page.getByRole("row").filter({ hasText: MINUTES }).first()).toContainText("Used");
    await page.goto("/my-account/templates");
    await expect(templateCard(page, MINUTES).getByText("$33.00 inc. GST")).toBeVisible();
  });

  test("My Orders lists the demo orders at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openCatalogue(page, OTHER_OWNER);
    await page.goto("/my-account/my-orders");
    await expect(page.getByRole("heading", { name: "My Orders", level: 1 })).toBeVisible();
    // The newest orders first, ten to a page: other specs order for this firm too, so the demo's
    // own (a paid NDA, an unpaid will, a used consent) may be on a later page. Whatever is on the
    // first: a paid order's card shows its start and invoice within the screen, and a used one
    // says so.
    const orders = page.getByRole("list", { name: "Orders" });
    const paid = orders
      .getByRole("listitem")
      // Case matters: "Unpaid" is not "Paid" (the name runs into the status in the text).
      .filter({ hasText: /Paid\s*\d/ })
      .filter({ has: page.getByRole("button", { name: /^Start / }) })
      .first();
    await expect(paid).toBeVisible();
    for (const control of [
      paid.getByRole("button", { name: /^Start / }),
      paid.getByRole("link", { name: /Download invoice/ }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
      const box = await control.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }
    await expect(
      orders
        .getByRole("listitem")
        .filter({ hasText: /Used\s*\d/ })
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: "/tmp/catalogue-my-orders-375.png", fullPage: true });
  });
});
