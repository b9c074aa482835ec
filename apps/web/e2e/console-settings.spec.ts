import { expect, type Page, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { createDraftByApi, DOCUMENT_SPEC_TIMEOUT_MS, teamIdOf, uniqueName } from "./documents-support";
import { DEMO_PASSWORD, dismissAnnouncement, expectAccessible, OWNER } from "./support";

/**
 * The console's Settings and Announcements areas (issue 37 item 4), at both widths: the demo
 * administrator changes the legal review fee of templates without a fee of their own, by keyboard,
 * and the demo firm's owner sees the new price in a document's legal review dialog at once (no
 * restart); then publishes an announcement, which the owner sees as the toast, and withdraws it.
 * The fee is put back afterwards, and the announcement withdrawn, so other specs meet the demo's
 * own values.
 */
const ADMINISTRATOR = "admin@console.test";

const consoleSignIn = (page: Page) => consoleSessionThroughApi(page, ADMINISTRATOR);

type Setting = { key: string; value: string; version: number };
async function feesSetting(page: Page) {
  const reply = await page.request.get("/api/console/settings");
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { rows: Setting[] } }).data.rows;
  return rows.find((row) => row.key === "legal_review_fees") as Setting;
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/${name}.png`, fullPage: true });

// Both widths change the same setting: one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS * 2 });

    test("an administrator changes the legal review fee and a firm sees the new price", async ({ page }) => {
      const dollars = width === 1366 ? 99 : 77;
      await consoleSignIn(page);
      const original = await feesSetting(page);
      try {
        await page.goto("/console?tab=settings");
        const change = page.getByRole("button", { name: "Change Legal review fees" });
        await expect(change).toBeVisible({ timeout: 60_000 });
        await expectAccessible(page, "settings");
        await shoot(page, `console-settings-${width}`);

        // By keyboard: open the dialog, where the value has the focus.
        await change.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: "Change Legal review fees" });
        const value = dialog.getByLabel("Value");
        await expect(value).toBeFocused();
        // A value the server's check refuses is shown on the field, and nothing changes.
        await value.fill("discretionary-trust-deed=lots");
        await dialog.getByLabel("Reason (kept in the setting's history)").fill("Checking the refusal");
        await dialog.getByRole("button", { name: "Save setting" }).click();
        await expect(dialog.getByText('LEGAL_REVIEW_FEES: "lots" is not an amount in dollars')).toBeVisible({
          timeout: 30_000,
        });
        expect((await feesSetting(page)).version).toBe(original.version);
        await expectAccessible(page, "change setting dialog", { include: ".ant-modal" });

        await value.fill(`${original.value},*=${dollars}`);
        const reason = dialog.getByLabel("Reason (kept in the setting's history)");
        await reason.fill(`Reviews of other templates at $${dollars} (${width} px)`);
        await reason.focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(dialog.getByRole("button", { name: "Save setting" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(dialog).toHaveCount(0);
        await expect(page.getByText(`*=${dollars}`).first()).toBeVisible();

        await page.getByRole("button", { name: "History of Legal review fees" }).click();
        const history = page.getByRole("dialog", { name: "History of Legal review fees" });
        await expect(
          history.getByText(`Reviews of other templates at $${dollars} (${width} px)`),
        ).toBeVisible();
        await expectAccessible(page, "setting history", { include: ".ant-modal" });
        await page.keyboard.press("Escape");
        await expect(history).toHaveCount(0);

        // The firm's owner: a completed document of no priced template is now priced at the new fee.
        // Signed in through the API, as openDocuments does, but waiting as long as a busy machine needs.
        const login = await page.request.post("/api/auth/login", {
          data: { email: OWNER.email, password: DEMO_PASSWORD },
        });
        expect(login.status()).toBe(200);
        await dismissAnnouncement(page);
        const docId = await createDraftByApi(page, uniqueName("Fee check"));
        const teamId = await teamIdOf(page);
        const done = await page.request.put(`/api/doc/status/${docId}?id_team=${teamId}`, {
          data: { status: 5 },
        });
        expect(done.status()).toBe(200);
        await page.goto(`/my-account/my-document?docId=${docId}`);
        const askReview = page
          .getByRole("dialog", { name: new RegExp(`^Doc ID ${docId} - `) })
          .getByRole("button", { name: "Legal review" });
        await expect(askReview).toBeVisible({ timeout: 60_000 });
        await askReview.click();
        const review = page.getByRole("dialog", { name: `Legal review: Doc ID ${docId}` });
        await expect(review.getByText(`$${dollars}.00`)).toBeVisible({ timeout: 30_000 });
      } finally {
        const now = await feesSetting(page);
        const restored = await page.request.put("/api/console/settings/legal_review_fees", {
          data: { value: original.value, version: now.version, reason: "Back to the demo's fees" },
        });
        expect(restored.status()).toBe(200);
      }
    });

    test("an administrator publishes an announcement, a firm sees it, and it is withdrawn", async ({
      page,
    }) => {
      const content = `Console announcement check at ${width} px (${Date.now()})`;
      await consoleSignIn(page);
      await page.goto("/console?tab=announcements");
      const create = page.getByRole("button", { name: "New announcement" });
      await expect(create).toBeVisible({ timeout: 60_000 });
      await create.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New announcement" });
      const text = dialog.getByLabel("Announcement");
      await expect(text).toBeFocused();
      await page.keyboard.type(content);
      await dialog.getByRole("checkbox", { name: "Published" }).check();
      await expectAccessible(page, "announcement dialog", { include: ".ant-modal" });
      await dialog.getByRole("button", { name: "Save announcement" }).click();
      await expect(dialog).toHaveCount(0);
      const row = page.getByRole("row", { name: new RegExp(content.replace(/[()]/g, "\\$&")) });
      await expect(row).toContainText("Shown now");
      await expectAccessible(page, "announcements");
      await shoot(page, `console-announcements-${width}`);
      try {
        const login = await page.request.post("/api/auth/login", {
          data: { email: OWNER.email, password: DEMO_PASSWORD },
        });
        expect(login.status()).toBe(200);
        await page.goto("/my-account/my-company");
        await expect(page.locator(".announcement-toast").getByText(content)).toBeVisible({ timeout: 60_000 });
      } finally {
        await page.goto("/console?tab=announcements");
        await page.getByRole("button", { name: `Withdraw: ${content}` }).click();
        await expect(
          page.getByRole("row", { name: new RegExp(content.replace(/[()]/g, "\\$&")) }),
        ).toContainText("Draft");
      }
      const active = await page.request.get("/api/announcement/active");
      expect(((await active.json()) as { data: { content: string } | null }).data?.content).not.toBe(content);
    });
  });
}
