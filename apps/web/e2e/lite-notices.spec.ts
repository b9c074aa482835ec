import { expect, type Page, test } from "@playwright/test";
import {
  createDraftByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentRows,
  openDocuments,
  teamIdOf,
  uniqueName,
} from "./documents-support";
import { expectAccessible, OTHER_OWNER } from "./support";

/**
 * The Lite plan's upgrade notice (documents spec §6, interview-signing spec §6): Copy, Add to a
 * shared folder and Sign document open it, with the sales phone and e-mail, exactly where a paid
 * plan would be offered the action (a draft offers no signing, so no notice for it), at both widths,
 * by keyboard and checked with axe.
 */

/** The row menu's items for a document, then the menu closed again. */
async function rowMenu(page: Page, name: string) {
  await expect(documentRows(page).filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const offered = await items.allInnerTexts();
  await page.keyboard.press("Escape");
  await expect(items.first()).toBeHidden();
  return offered;
}

/** Opens a row menu's item by keyboard alone, as someone without a mouse would. */
async function chooseByKeyboard(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: action, exact: true });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press("Enter");
}

async function expectNotice(page: Page, label: string) {
  const notice = page.getByRole("dialog", { name: "Upgrade your plan" });
  await expect(notice.getByText("This feature is not available for Lite Plan.")).toBeVisible();
  await expect(notice.getByRole("link", { name: "1800 160 401" })).toHaveAttribute("href", "tel:1800160401");
  await expect(notice.getByRole("link", { name: "sales@precedent.com.au" })).toBeVisible();
  await expectAccessible(page, label, { include: ".ant-modal" });
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.setTimeout(DOCUMENT_SPEC_TIMEOUT_MS);

    test("Lite gets the upgrade notice for Copy, sharing and signing, only where they would be offered", async ({
      page,
    }) => {
      await openDocuments(page, OTHER_OWNER);
      const name = uniqueName("Lite notice deed");
      const docId = await createDraftByApi(page, name);
      await page.reload();

      // A draft: Copy and Add to a shared folder stand as the notice; signing is not offered at all.
      const draftMenu = await rowMenu(page, name);
      expect(draftMenu).toEqual(expect.arrayContaining(["Copy", "Add to a shared folder"]));
      expect(draftMenu).not.toContain("Sign document");
      await chooseByKeyboard(page, name, "Copy");
      await expectNotice(page, "Lite notice for Copy");
      await chooseByKeyboard(page, name, "Add to a shared folder");
      await expectNotice(page, "Lite notice for sharing");

      // Completed: Sign document is offered, as the notice.
      const teamId = await teamIdOf(page);
      const done = await page.request.put(`/api/doc/status/${docId}?id_team=${teamId}`, {
        data: { status: 5 },
      });
      expect(done.status()).toBe(200);
      await page.reload();
      expect(await rowMenu(page, name)).toContain("Sign document");
      await chooseByKeyboard(page, name, "Sign document");
      await expectNotice(page, "Lite notice for signing");
    });
  });
}
