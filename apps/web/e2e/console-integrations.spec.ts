import { expect, test } from "@playwright/test";
import { signInToConsole } from "./console-support";
import { expectAccessible } from "./support";

/**
 * The console's "integrations failing" queue (issue 37 item 7): the demo support worker opens it,
 * sees a firm's connection the app could not renew (firm, app, since when, the error in plain
 * words), notes that the firm was contacted, and retries it by keyboard: the sandbox app renews
 * it for real and it leaves the list. The demo data connects Wattle Grove's owner to HubSpot and
 * to CAS 360 through the sandbox's consent and records each as failing to renew
 * (apps/server/src/demo/failing-integrations.ts): one per width.
 */
const SUPPORT = { email: "support@console.test" };
const APP_AT: Record<number, string> = { 1366: "HubSpot", 375: "BGL CAS 360" };

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 180_000 });

    test("support sees a failing connection, notes the call and retries it by keyboard", async ({ page }) => {
      const app = APP_AT[width] as string;
      await signInToConsole(page, SUPPORT.email, "/console?tab=queues&queue=integrations");
      await expect(page.getByRole("tab", { name: "Integrations failing" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      const retry = page.getByRole("button", { name: new RegExp(`^Retry ${app} connection \\d+$`) });
      await expect(retry).toBeVisible();
      const name = ((await retry.textContent()) ?? "").replace(/^Retry /, "");
      const row = page.getByRole("row").filter({ has: retry });
      await expect(row).toContainText("Wattle Grove Pty Ltd");
      await expect(row).toContainText("Connection could not be renewed");
      await expect(row).toContainText(
        `${app} could not renew the connection's access (503 Service Unavailable).`,
      );
      await expectAccessible(page, "integrations failing");

      // A note that the firm was contacted, by keyboard.
      const addNote = page.getByRole("button", { name: `Add note (${name})`, exact: true });
      await addNote.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Note on ${name}` });
      await expect(dialog).toBeVisible();
      // A person types once the caret is in the note.
      await expect(dialog.getByRole("textbox", { name: "Note" })).toBeFocused();
      await page.keyboard.type("Rang Wendy: she knows the app was down.");
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("checkbox", { name: "The firm was contacted about it" })).toBeFocused();
      await page.keyboard.press("Space");
      await expectAccessible(page, "integration note dialog");
      await dialog.getByRole("button", { name: "Add note" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(`Note added to ${name}.`)).toBeVisible();
      await expect(row).toContainText("Rang Wendy: she knows the app was down.");
      await expect(row).toContainText("Contacted");
      // The dialog closes and gives the caret back to the button that opened it; a key pressed
      // before then (CI's loaded machine was that quick) would land on that button and open the
      // note again.
      await expect(dialog).toBeHidden();
      await expect(addNote).toBeFocused();

      // The retry asks the sandbox app to renew the connection: it does, and the row leaves.
      const button = page.getByRole("button", { name: `Retry ${name}`, exact: true });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(`${name}: renewed, working again.`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Retry ${name}`, exact: true })).toHaveCount(0);
      await page.screenshot({
        path: `${test.info().outputDir}/console-integrations-${width}.png`,
        fullPage: true,
      });
      await expectAccessible(page, "integrations failing after a retry");
    });
  });
}
