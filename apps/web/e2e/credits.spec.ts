import { expect, type Page, test } from "@playwright/test";
import { type DemoUser, expectAccessible, MEMBER, signIn } from "./support";

/** The demo firm whose balance only these tests change: Best Practice, 8 credits left. */
const CREDIT_OWNER: DemoUser = {
  email: "owner@creditwise.test",
  name: "Carla Credit",
  firm: "Credit Wise Advisory Pty Ltd",
  role: "Owner",
};

const SHOTS = "/tmp/shots-credits";

const badge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /Credit remaining/ });

async function remainingOnBadge(page: Page) {
  const text = (await badge(page).textContent()) ?? "";
  return Number(/^\s*(\d+)/.exec(text)?.[1] ?? Number.NaN);
}

test.describe("credits", () => {
  test.describe.configure({ timeout: 120_000 });

  test("buying credit through the sandbox checkout raises the badge and shows in the logs", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, CREDIT_OWNER);
    await expect(badge(page)).toBeVisible();
    const before = await remainingOnBadge(page);
    expect(before).toBeGreaterThan(0);
    if (before <= 10) await expect(badge(page)).toContainText("Run out!");
    await expectAccessible(page, "company page with the credit badge");
    await page.screenshot({ path: `${SHOTS}/badge-1366.png` });

    await page.getByRole("banner").getByRole("button", { name: "Get more" }).click();
    const modal = page.getByRole("dialog", { name: "Buying Credit" });
    const packages = modal.getByRole("radio");
    await expect(packages).toHaveCount(3);
    const buy = modal.getByRole("button", { name: "Buy" });
    await expect(buy).toBeDisabled();
    // Arrows step by three: the fourth package is on the next page.
    await modal.getByRole("button", { name: "Next packages" }).click();
    await expect(packages).toHaveCount(1);
    await expect(modal.getByText("100 Credits")).toBeVisible();
    await modal.getByRole("button", { name: "Previous packages" }).click();
    await expect(packages).toHaveCount(3);
    await modal.getByText("10 Credits").click();
    await expect(modal.getByText(`Credit remaining after purchase: ${before + 10}`)).toBeVisible();
    await expect(buy).toBeEnabled();
    await expectAccessible(page, "Buying Credit modal", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/buy-1366.png` });

    await buy.click();
    await expect(page.getByText("Processing to payment page...")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\//);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $220.00 AUD" }).click();

    await expect(page).toHaveURL(/\/my-account\/my-company\?order_id=\d+$/);
    const returnUrl = page.url();
    const confirmed = page.getByRole("dialog", { name: "Payment Confirmed" });
    await expect(confirmed.getByText("10 credits added")).toBeVisible();
    await expect(confirmed.getByText(`Credit remaining: ${before + 10}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/confirmed-1366.png` });
    await confirmed.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL("/my-account/my-company");
    await expect(badge(page)).toContainText(String(before + 10));
    if (before + 10 > 10) await expect(badge(page)).not.toContainText("Run out!");

    // Coming back to the return address (a reload, the history) adds nothing more.
    await page.goto(returnUrl);
    await expect(page.getByRole("dialog", { name: "Payment Confirmed" })).toBeVisible();
    await page.getByRole("dialog", { name: "Payment Confirmed" }).getByRole("button", { name: "OK" }).click();
    await expect(badge(page)).toContainText(String(before + 10));

    await page.getByRole("button", { name: "Credit logs" }).click();
    const logs = page.getByRole("dialog", { name: "Credit Logs" });
    await expect(logs.getByRole("tab", { name: "Credit Spending History", selected: true })).toBeVisible();
    await logs.getByRole("tab", { name: "Credit Buying History" }).click();
    const purchase = logs.getByRole("row").filter({ hasText: "10 Credits" }).first();
    await expect(purchase).toContainText("Carla Credit");
    await expect(purchase).toContainText("220.00");
    await expectAccessible(page, "Credit Logs modal", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/logs-1366.png` });
    // Sorting by package asks the server again and keeps the rows.
    await logs.getByRole("columnheader", { name: "Package" }).click();
    await expect(logs.getByRole("row").filter({ hasText: "10 Credits" }).first()).toBeVisible();
    // A period with no purchases, then Reset.
    await logs.getByRole("combobox", { name: "Buying period" }).click();
    // Ant Design's visible option is not the one carrying role="option": pick it by its text.
    await page.locator(".ant-select-item-option", { hasText: "Last financial year" }).click();
    // The spending tab, hidden behind this one, has its own (empty) table: look in this tab only.
    await expect(
      logs.getByRole("tabpanel", { name: "Credit Buying History" }).getByText("No records found"),
    ).toBeVisible();
    await logs.getByRole("button", { name: "Reset" }).click();
    await expect(logs.getByRole("row").filter({ hasText: "10 Credits" }).first()).toBeVisible();
    await logs.getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("button", { name: "Credit logs" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Credit Logs" })
        .getByRole("tab", { name: "Credit Spending History", selected: true }),
    ).toBeVisible();
  });

  test("on a phone: the badge, a vertical list of packages and the logs as a list", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, CREDIT_OWNER);
    await expect(badge(page)).toBeVisible();
    await expectAccessible(page, "company page with the credit badge");
    await page.screenshot({ path: `${SHOTS}/badge-375.png` });

    await page.getByRole("banner").getByRole("button", { name: "Get more" }).click();
    const modal = page.getByRole("dialog", { name: "Buying Credit" });
    await expect(modal.getByRole("radio")).toHaveCount(4);
    await expect(modal.getByRole("button", { name: "Next packages" })).toHaveCount(0);
    await expectAccessible(page, "Buying Credit modal", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/buy-375.png` });
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();

    await page.getByRole("button", { name: "Credit logs" }).click();
    const logs = page.getByRole("dialog", { name: "Credit Logs" });
    // Both tabs in full view, not one behind the tab bar's overflow menu (asked again until the
    // modal's opening animation has ended).
    for (const name of ["Credit Spending History", "Credit Buying History"]) {
      await expect
        .poll(async () => {
          const bar = await logs.locator(".ant-tabs-nav-wrap").first().boundingBox();
          const tab = await logs.getByRole("tab", { name }).boundingBox();
          if (!bar || !tab) return `${name} not laid out`;
          const inside = tab.x >= bar.x - 0.5 && tab.x + tab.width <= bar.x + bar.width + 0.5;
          return inside ? "in view" : `${name} at ${tab.x}+${tab.width} in a bar at ${bar.x}+${bar.width}`;
        })
        .toBe("in view");
    }
    await logs.getByRole("tab", { name: "Credit Buying History" }).click();
    // A list rather than a table on a phone.
    await expect(logs.getByRole("listitem").filter({ hasText: "10 Credits" }).first()).toBeVisible();
    await expect(logs.getByRole("table")).toHaveCount(0);
    await expectAccessible(page, "Credit Logs modal", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/logs-375.png` });
  });

  test("by keyboard: Get more, choose a package, close; the page index resets", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, CREDIT_OWNER);
    const getMore = page.getByRole("banner").getByRole("button", { name: "Get more" });
    await getMore.focus();
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: "Buying Credit" });
    await expect(modal.getByRole("radio")).toHaveCount(3);
    await modal.getByRole("button", { name: "Next packages" }).click();
    await expect(modal.getByRole("radio")).toHaveCount(1);
    await modal.getByRole("radio").focus();
    await page.keyboard.press("Space");
    await expect(modal.getByRole("button", { name: "Buy" })).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await getMore.click();
    await expect(modal.getByRole("button", { name: "Previous packages" })).toBeDisabled();
    await expect(modal.getByRole("radio")).toHaveCount(3);
  });

  test("a member sees the badge but not Get more or the credit logs", async ({ page }) => {
    await signIn(page, MEMBER);
    await expect(badge(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Get more" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Credit logs" })).toHaveCount(0);
  });

  test("when the credit status cannot be read the company page says so and tries again", async ({ page }) => {
    let failing = true;
    await page.route("**/api/credits/status?*", (route) =>
      failing
        ? route.fulfill({ status: 503, json: { message: "Service Unavailable", data: null } })
        : route.fallback(),
    );
    await signIn(page, CREDIT_OWNER);
    const warning = page.getByRole("alert").filter({ hasText: "Cannot get used credit data" });
    await expect(warning).toBeVisible({ timeout: 30_000 });
    failing = false;
    await warning.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "Credit logs" })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
