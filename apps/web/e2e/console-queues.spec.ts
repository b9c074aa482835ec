import { expect, test } from "@playwright/test";
import { signInToConsole } from "./console-support";
import { expectAccessible } from "./support";

/**
 * The operator console's queues (issue 37 item 7): the demo support worker signs in by keyboard,
 * finds the failed background jobs with their last error, opens one's details and retries it by
 * keyboard; it leaves the list. At both widths, with axe on each screen. The demo data holds
 * undelivered mail whose delivery jobs failed (apps/server/src/demo/failed-work.ts).
 */
const SUPPORT = { email: "support@console.test", name: "Sasha Support" };

// One demo account works the queue at both widths, in order (each retries a job the other sees).
test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 180_000 });

    test("support sees a failed job's error and retries it by keyboard", async ({ page }) => {
      await signInToConsole(page, SUPPORT.email, "/console?tab=queues");
      await expect(page.getByRole("tab", { name: "Queues" })).toBeVisible();
      // Support works the queues only: no staff, audit or fulfilment areas.
      await expect(page.getByRole("tab", { name: "Staff" })).toHaveCount(0);
      await expect(page.getByRole("tab", { name: "Requests" })).toHaveCount(0);
      await expect(page.getByRole("tab", { name: "Failed jobs" })).toHaveAttribute("aria-selected", "true");

      const retry = page.getByRole("button", { name: /^Retry job \d+$/ }).first();
      await expect(retry).toBeVisible();
      const jobId = Number(((await retry.textContent()) ?? "").replace(/\D+/g, ""));
      const row = page.getByRole("row", { name: new RegExp(`^(Expand row )?${jobId} · mail\\.deliver`) });
      await expect(row).toContainText("5 of 5");
      await expect(row).toContainText(/Mailbox|Try again later|timeout/);
      await expectAccessible(page, "failed jobs");

      // The job's details (its payload and times), opened by keyboard.
      const expand = row.getByRole("button", { name: "Expand row" });
      await expand.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText('{"mailId":')).toBeVisible();
      await expectAccessible(page, "failed job details");

      const button = page.getByRole("button", { name: `Retry job ${jobId}`, exact: true });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(`Job ${jobId} will run once more now.`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Retry job ${jobId}`, exact: true })).toHaveCount(0);
      await page.screenshot({ path: `${test.info().outputDir}/console-queues-${width}.png`, fullPage: true });

      // The other queues are a tab away.
      await page.getByRole("tab", { name: "Undelivered mail" }).click();
      await expect(page.getByRole("button", { name: /^Send mail \d+ again$/ }).first()).toBeVisible();
      await expectAccessible(page, "undelivered mail");
      await page.getByRole("tab", { name: "ASIC lodgements" }).click();
      await expect(page.getByLabel("Show")).toBeVisible();
      await expectAccessible(page, "lodgements");
    });
  });
}
