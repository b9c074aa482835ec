import { expect, type Page, test } from "@playwright/test";
import { signInToConsole } from "./console-support";
import { expectAccessible } from "./support";

/**
 * The console queues' filters and assignment (issue 37 item 7): the demo support worker filters
 * the ASIC lodgements by firm and by "assigned to me" (the filters are in the address, so the
 * view reloads as it was shared), takes a lodgement and gives it back, by keyboard; then opens the
 * integrations queue at its failed imports, takes one and retries it by keyboard: it is queued
 * to be imported again and leaves the list. The demo data holds Wattle Grove's rejected and
 * manual-review lodgements (apps/server/src/demo/queued-lodgements.ts) and two failed Xero
 * imports of the demo firm (apps/server/src/demo/failing-integrations.ts): one per width.
 */
const SUPPORT = { email: "support@console.test", name: "Sasha Support" };

test.describe.configure({ mode: "serial" });

/** Presses a button by keyboard, as a person tabbing to it would. */
async function press(page: Page, name: string | RegExp) {
  const button = page.getByRole("button", { name, exact: typeof name === "string" });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
}

/** Chooses an option of an antd select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  const item = page.locator(".ant-select-item-option").filter({ hasText: option });
  await expect(item.first()).toBeVisible();
  await item.first().click();
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 180_000 });

    test("support filters the lodgements by firm and by assignee, takes one and gives it back", async ({
      page,
    }) => {
      await signInToConsole(page, SUPPORT.email, "/console?tab=queues&queue=lodgements");
      await expect(page.getByRole("tab", { name: "ASIC lodgements" })).toHaveAttribute(
        "aria-selected",
        "true",
      );

      // The firm filter, by keyboard: typed and sent with Enter, then in the address.
      const firm = page.getByRole("searchbox", { name: "Firm" }).or(page.getByLabel("Firm", { exact: true }));
      await firm.first().focus();
      await expect(firm.first()).toBeFocused();
      await page.keyboard.type("wattle");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/[?&]firm=wattle/);
      const take = page.getByRole("button", { name: /^Take lodgement \d+$/ }).first();
      await expect(take).toBeVisible();
      const docId = Number(((await take.textContent()) ?? "").replace(/\D+/g, ""));
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: `Take lodgement ${docId}` }) });
      await expect(row).toContainText("Wattle Grove Pty Ltd");
      await expect(row).toContainText("Form 201");
      await expect(row).toContainText("Nobody");
      await expectAccessible(page, "lodgements filtered by firm");

      await press(page, `Take lodgement ${docId}`);
      await expect(page.getByText(`Document ${docId}'s lodgement is now ${SUPPORT.name}'s.`)).toBeVisible();
      const taken = page.getByRole("row").filter({
        has: page.getByRole("button", { name: `Unassign lodgement ${docId}`, exact: true }),
      });
      await expect(taken).toContainText(SUPPORT.name);

      // "Assigned to me", from the address as a shared link would open it.
      await choose(page, "Assigned", "Assigned to me");
      await expect(page).toHaveURL(/[?&]assigned=me/);
      await expect(page).toHaveURL(/[?&]firm=wattle/);
      await page.reload();
      await expect(
        page.getByRole("button", { name: `Unassign lodgement ${docId}`, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: /^Unassign lodgement \d+$/ })).toHaveCount(1);
      await expect(page.getByLabel("Firm", { exact: true })).toHaveValue("wattle");
      await expectAccessible(page, "lodgements assigned to me");
      await page.screenshot({
        path: `${test.info().outputDir}/console-lodgements-assigned-${width}.png`,
        fullPage: true,
      });

      // Given back: the row leaves "assigned to me".
      await press(page, `Unassign lodgement ${docId}`);
      await expect(page.getByText(`Document ${docId}'s lodgement is unassigned.`)).toBeVisible();
      await expect(
        page.getByRole("button", { name: `Unassign lodgement ${docId}`, exact: true }),
      ).toHaveCount(0);
      await expect(page.getByText("No lodgement needs a person.")).toBeVisible();
    });

    test("support takes a failed import and retries it by keyboard", async ({ page }) => {
      await signInToConsole(
        page,
        SUPPORT.email,
        "/console?tab=queues&queue=integrations&problem=import_failed",
      );
      await expect(page.getByRole("tab", { name: "Integrations failing" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      const take = page.getByRole("button", { name: /^Take Xero import \d+$/ }).first();
      await expect(take).toBeVisible();
      const name = ((await take.textContent()) ?? "").replace(/^Take /, "");
      // Only failed imports: no connection or sync row under this filter.
      await expect(page.getByRole("button", { name: /^Take .* (connection|sync) \d+$/ })).toHaveCount(0);
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: `Take ${name}`, exact: true }) });
      await expect(row).toContainText("Demo Advisory Pty Ltd");
      await expect(row).toContainText("Client data not imported");
      await expect(row).toContainText(/Import client \(Xero\): client xero-000[15]/);
      await expect(row).toContainText("Xero did not answer (503 Service Unavailable)");
      await expectAccessible(page, "failed imports");

      await press(page, `Take ${name}`);
      await expect(page.getByText(`${name} is now ${SUPPORT.name}'s.`)).toBeVisible();
      const mine = page
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: `Retry ${name}`, exact: true }) });
      await expect(mine).toContainText(SUPPORT.name);

      await expect(mine).toContainText("A retry that works emails");
      await expect(mine).toContainText("a link to import it in the interview");
      await press(page, `Retry ${name}`);
      await expect(
        page.getByText(
          new RegExp(
            `^${name}: queued to be tried again\\. If Xero answers, .+ is emailed a link to import it in the interview\\.$`,
          ),
        ),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: `Retry ${name}`, exact: true })).toHaveCount(0);
      await page.screenshot({
        path: `${test.info().outputDir}/console-failed-imports-${width}.png`,
        fullPage: true,
      });
      await expectAccessible(page, "failed imports after a retry");
    });
  });
}
