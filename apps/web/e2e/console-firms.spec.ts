import { expect, type Page, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { DEMO_PASSWORD, expectAccessible } from "./support";

/**
 * The console's "Firms and people" area (issue 37 item 5): the demo administrator finds the
 * demo firm kept for this (Wattle Grove), opens it, locks it with a reason by keyboard (its owner
 * can then not sign in), sees the entry in the audit log, and unlocks it; then changes its plan
 * and hands its ownership to its manager and back. At both widths, with axe on the search, the
 * firm and the dialogs.
 */
const ADMINISTRATOR = "admin@console.test";
const FIRM = { name: "Wattle Grove Pty Ltd", owner: "owner@wattlegrove.test" };

const consoleSignIn = (page: Page) => consoleSessionThroughApi(page, ADMINISTRATOR);

const ownerSignIn = (page: Page) =>
  page.request.post("/api/auth/token", { data: { email: FIRM.owner, password: DEMO_PASSWORD } });

// Both widths lock the same firm: one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an administrator finds a firm, locks it with a reason and unlocks it", async ({ page }) => {
      await consoleSignIn(page);
      await page.goto("/console?tab=firms");
      const search = page.getByLabel("Find a firm by name, owner's email or ABN");
      await expect(search).toBeVisible({ timeout: 60_000 });

      // By keyboard: type the owner's email, Enter, then Tab to the firm and open it.
      // Typed again if a keystroke was lost (CI once searched without the firm showing, 10 s on);
      // the search itself is given the slow wait of a loaded machine.
      await expect(async () => {
        await search.fill("");
        await search.focus();
        await page.keyboard.type(FIRM.owner);
        await expect(search).toHaveValue(FIRM.owner, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await page.keyboard.press("Enter");
      const open = page.getByRole("button", { name: FIRM.name });
      await expect(open).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, "firm search");
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-firms-search-${width}.png`,
        fullPage: true,
      });
      await open.focus();
      await page.keyboard.press("Enter");

      await expect(page.getByRole("heading", { name: FIRM.name })).toBeVisible();
      const people = page.getByRole("region", { name: `People of ${FIRM.name}` });
      await expect(people.getByRole("row", { name: /Wendy Wattle/ })).toContainText("Owner");
      // 40 left and 160 used as seeded; the plan test below starts the allowance again.
      await expect(page.getByText(/^(\d+ left|No limit), \d+ used$/)).toBeVisible();
      await expectAccessible(page, "firm view");

      const lock = page.getByRole("button", { name: "Lock firm", exact: true });
      await lock.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Lock ${FIRM.name}` });
      const reason = dialog.getByLabel("Reason (kept in the audit log)");
      await expect(reason).toBeFocused();
      // A reason too short is refused in the dialog, and nothing changes.
      await page.keyboard.type("no");
      await dialog.getByRole("button", { name: "Lock firm", exact: true }).click();
      await expect(dialog.getByText("Give a reason of at least 5 characters")).toBeVisible();
      await expectAccessible(page, "lock dialog", { include: ".ant-modal" });
      await reason.fill(`Chargebacks on three orders (${width} px)`);
      await reason.focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Lock firm", exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(`Chargebacks on three orders (${width} px)`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Unlock firm", exact: true })).toBeVisible();
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-firms-locked-${width}.png`,
        fullPage: true,
      });

      // The firm's owner cannot sign in while it is locked.
      const refused = await ownerSignIn(page);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain("is locked");

      await page.getByRole("tab", { name: "Audit log" }).click();
      await expect(page.getByRole("row", { name: /firm\.locked/ }).first()).toContainText(
        `Chargebacks on three orders (${width} px)`,
      );

      await page.getByRole("tab", { name: "Firms and people" }).click();
      await search.fill("Wattle Grove");
      await search.press("Enter");
      await expect(page.getByRole("row", { name: new RegExp(FIRM.name) })).toContainText("Locked");
      await page.getByRole("button", { name: FIRM.name }).click();
      await page.getByRole("button", { name: "Unlock firm", exact: true }).click();
      const unlock = page.getByRole("dialog", { name: `Unlock ${FIRM.name}` });
      await unlock.getByLabel("Reason (kept in the audit log)").fill("The bank withdrew the chargebacks");
      await unlock.getByRole("button", { name: "Unlock firm", exact: true }).click();
      await expect(unlock).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Lock firm", exact: true })).toBeVisible();
      expect((await ownerSignIn(page)).status()).toBe(200);
    });

    test("an administrator changes the firm's plan and hands its ownership to its manager and back", async ({
      page,
    }) => {
      await consoleSignIn(page);
      await page.goto("/console?tab=firms");
      const search = page.getByLabel("Find a firm by name, owner's email or ABN");
      await search.fill("Wattle Grove");
      await search.press("Enter");
      await page.getByRole("button", { name: FIRM.name }).click();
      await expect(page.getByRole("heading", { name: FIRM.name })).toBeVisible();

      // The plan: whichever of the two it is not on now (the widths take turns).
      const details = page.locator(".ant-descriptions");
      await expect(details).toContainText("Plan");
      const target = ((await details.textContent()) ?? "").includes("Strategist (")
        ? "Best Practice"
        : "Strategist";
      const change = page.getByRole("button", { name: "Change plan", exact: true });
      await change.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Change the plan of ${FIRM.name}` });
      await expect(dialog).toContainText("its document allowance started again");
      await expect(dialog.getByRole("combobox", { name: "New plan" })).toBeFocused();
      // The plan chosen, and seen chosen: once, beside another spec at 375 px, the option's click
      // left "Choose a plan" in the field and the dialog refused to close.
      const newPlan = dialog.getByRole("combobox", { name: "New plan" });
      await expect(async () => {
        if ((await page.locator(`.ant-select-item-option[title="${target}"]`).count()) === 0) {
          await newPlan.focus();
          await page.keyboard.press("Enter");
        }
        await page.locator(`.ant-select-item-option[title="${target}"]`).click({ timeout: 2_000 });
        await expect(dialog.locator(".ant-select")).toContainText(target, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await dialog
        .getByLabel("Reason (kept in the audit log)")
        .fill(`Upgrade agreed with the owner (${width} px)`);
      await expectAccessible(page, "change plan dialog", { include: ".ant-modal" });
      await dialog.getByRole("button", { name: "Change plan", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(details).toContainText(`${target} (active`);

      // The ownership: to the manager, then back to the owner, each asked with a reason.
      const people = page.getByRole("region", { name: `People of ${FIRM.name}` });
      const handTo = async (name: string, previous: string) => {
        await people.getByRole("button", { name: `Make ${name} owner` }).click();
        const handOver = page.getByRole("dialog", { name: `Make ${name} the owner of ${FIRM.name}` });
        await expect(handOver).toContainText(`${previous}, the owner now, stays on as a manager.`);
        await handOver
          .getByLabel("Reason (kept in the audit log)")
          .fill(`The owner asked in writing (${width} px)`);
        await handOver.getByRole("button", { name: "Make owner", exact: true }).click();
        // CI once still showed the dialog 10 s after this (a loaded machine; no cause found).
        await expect(handOver).toHaveCount(0, { timeout: 30_000 });
        await expect(people.getByRole("row", { name: new RegExp(name) })).toContainText("Owner");
        await expect(people.getByRole("row", { name: new RegExp(previous) })).toContainText("Manager");
      };
      await handTo("Willa Banks", "Wendy Wattle");
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-firms-owner-${width}.png`,
        fullPage: true,
      });
      // The manager, now owner, acts as one at once in the product.
      const manager = await page.request.post("/api/auth/token", {
        data: { email: "manager@wattlegrove.test", password: DEMO_PASSWORD },
      });
      expect(manager.status()).toBe(200);
      await handTo("Wendy Wattle", "Willa Banks");
      await page.getByRole("tab", { name: "Audit log" }).click();
      await expect(page.getByRole("row", { name: /firm\.plan_changed/ }).first()).toContainText(
        `Upgrade agreed with the owner (${width} px)`,
      );
      await expect(page.getByRole("row", { name: /firm\.ownership_transferred/ }).first()).toBeVisible();
    });
  });
}
