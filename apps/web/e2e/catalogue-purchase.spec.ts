import { expect, type Page, test } from "@playwright/test";
import { chooseFolder, openCatalogue, templateCard } from "./catalogue-support";
import { createFolderByApi, uniqueName } from "./documents-support";
import { OTHER_OWNER } from "./support";

/** Pays on the server's sandbox checkout page with a test card. */
async function payOnSandboxCheckout(page: Page, cardNumber: string, amount: string) {
  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Pay ${amount} AUD` }).click();
}

/** Opens a template's preview from the catalogue page and chooses Purchase. */
async function openPurchase(page: Page, product: string, price: string) {
  const card = templateCard(page, product);
  // Lite buys each template: the card shows the price, GST included.
  await expect(card.getByText(`${price} inc. GST`)).toBeVisible();
  await card.getByRole("button", { name: `Preview ${product}` }).click();
  await page.getByRole("dialog", { name: product }).getByRole("button", { name: "Purchase" }).click();
  const purchase = page.getByRole("dialog", { name: "Purchase item" });
  await expect(purchase.getByText("Billing details")).toBeVisible();
  return purchase;
}

test.describe("buying a template (Lite plan)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("coupon, sandbox checkout, Payment Confirmed, then start the document", async ({ page }) => {
    await openCatalogue(page, OTHER_OWNER);
    const folder = uniqueName("Trust clients");
    await createFolderByApi(page, folder);
    const purchase = await openPurchase(page, "Discretionary Trust Deed", "$220.00");

    const coupon = purchase.getByRole("textbox", { name: "Coupon code" });
    const apply = purchase.getByRole("button", { name: "Apply" });
    await apply.click();
    await expect(purchase.getByText("Please input your coupon!")).toBeVisible();
    await coupon.fill("NOPE");
    await apply.click();
    await expect(purchase.getByText('The coupon code "NOPE" does not exist!')).toBeVisible();
    // Codes match in any case; the server prices the order: 15% off $220.00.
    await coupon.fill("trusts15");
    await apply.click();
    await expect(purchase.getByTestId("order-total")).toHaveText("$187.00");
    await expect(purchase.getByText("Coupon: TRUSTS15")).toBeVisible();
    await coupon.fill("TRUSTS15");
    await apply.click();
    await expect(purchase.getByText("Coupon code already applied!")).toBeVisible();

    await purchase.getByRole("button", { name: "Pay now" }).click();
    await payOnSandboxCheckout(page, "4242 4242 4242 4242", "$187.00");

    await expect(page).toHaveURL(/\/my-account\/my-document\?order_id=\d+/);
    const confirmed = page.getByRole("dialog", { name: "Payment Confirmed" });
    await expect(confirmed.getByText(/invoice has been emailed/)).toBeVisible();
    await confirmed.getByRole("button", { name: "Continue to interview" }).click();

    // A trust deed with a protector: both notices come before the wizard.
    await page
      .getByRole("dialog", { name: "Attention: protector" })
      .getByRole("button", { name: "Continue" })
      .click();
    await page
      .getByRole("dialog", { name: "Attention: trust deed" })
      .getByRole("button", { name: "Continue" })
      .click();

    const wizard = page.getByRole("dialog", { name: "Start Discretionary Trust Deed" });
    await wizard.getByLabel("Document name").fill(uniqueName("Smith Family Trust"));
    await chooseFolder(wizard, folder);
    await wizard.getByRole("button", { name: "Start Interview" }).click();
    await expect(
      page.getByText("Your document has been created. Please complete the interview to fulfill it"),
    ).toBeVisible();
    await expect(page).toHaveURL(
      /\/my-account\/my-document\/template\?docId=\d+&templateIdentifier=discretionary-trust-deed/,
    );
  });

  test("an individual-use coupon is removed with the mouse, then another applies", async ({ page }) => {
    await openCatalogue(page, OTHER_OWNER);
    const purchase = await openPurchase(page, "Unit Trust Deed", "$198.00");
    const coupon = purchase.getByRole("textbox", { name: "Coupon code" });
    const apply = purchase.getByRole("button", { name: "Apply" });
    await coupon.fill("SOLO25");
    await apply.click();
    await expect(purchase.getByTestId("order-total")).toHaveText("$148.50");
    // An individual-use coupon blocks every other one until it is taken off.
    await coupon.fill("WELCOME10");
    await apply.click();
    await expect(
      purchase.getByText('The coupon code "SOLO25" cannot be used in conjunction with other coupons.'),
    ).toBeVisible();

    const remove = purchase.getByRole("button", { name: "Remove coupon SOLO25" });
    const box = await remove.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    await remove.click();
    await expect(purchase.getByText("Coupon: SOLO25")).toHaveCount(0);
    await expect(purchase.getByTestId("order-total")).toHaveText("$198.00");

    await coupon.fill("WELCOME10");
    await apply.click();
    await expect(purchase.getByTestId("order-total")).toHaveText("$178.20");
    // The keyboard reaches it too: Tab from Apply lands on the remove button.
    const removeWelcome = purchase.getByRole("button", { name: "Remove coupon WELCOME10" });
    await apply.focus();
    await page.keyboard.press("Tab");
    await expect(removeWelcome).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(purchase.getByTestId("order-total")).toHaveText("$198.00");
    await purchase.getByRole("button", { name: "Cancel" }).click();
  });

  test("a declined card shows Payment Declined, and Retry returns to the checkout", async ({ page }) => {
    await openCatalogue(page, OTHER_OWNER);
    const purchase = await openPurchase(page, "Simple Will", "$99.00");
    await expect(purchase.getByTestId("order-total")).toHaveText("$99.00");
    await purchase.getByRole("button", { name: "Pay now" }).click();
    await payOnSandboxCheckout(page, "4000 0000 0000 0002", "$99.00");

    await expect(page).toHaveURL(/\/my-account\/my-document\?order_id=\d+&error=1/);
    const declined = page.getByRole("dialog", { name: "Payment Declined" });
    await expect(
      declined.getByText("Your payment has been declined. Please retry or contact us."),
    ).toBeVisible();
    await expect(declined.getByRole("button", { name: "Cancel" })).toBeVisible();
    await declined.getByRole("button", { name: "Retry" }).click();

    // Retry opens a new checkout for the same order; this time the card pays.
    await payOnSandboxCheckout(page, "4242 4242 4242 4242", "$99.00");
    const confirmed = page.getByRole("dialog", { name: "Payment Confirmed" });
    await expect(confirmed).toBeVisible();
    // The dialog says the invoice is loaded to My Orders: it leads there.
    await confirmed.getByRole("button", { name: "View My Orders" }).click();
    await expect(page).toHaveURL(/\/my-account\/my-orders$/);
    await expect(
      page.getByRole("row").filter({ hasText: "Simple Will" }).filter({ hasText: "Paid" }),
    ).not.toHaveCount(0);
  });
});
