import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentList,
  uniqueName,
} from "./documents-support";
import { DEMO_PASSWORD, OWNER } from "./support";

/** Signs in and opens the document list; patient, as the account loads slowly on a busy machine. */
async function openDocuments(page: Page, query = "") {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await page.goto(`/my-account/my-document${query}`);
  await expect(page.getByRole("heading", { name: "My Documents", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

/** Focus has moved into the dialog, where a keyboard user's next key goes. */
async function expectFocusIn(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: "focus is inside the dialog",
    })
    .toBe(true);
}

/** Opens a document's ⋮ menu with Enter and walks down to the item with ArrowDown, as a keyboard user does. */
async function chooseFromRowMenu(page: Page, document: string, item: string) {
  const trigger = documentList(page).getByRole("button", { name: `Actions for ${document}` });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const labels = await menu.getByRole("menuitem").allInnerTexts();
  const index = labels.findIndex((label) => label.trim() === item);
  expect(index, `"${item}" is in the menu (${labels.join(", ")})`).toBeGreaterThanOrEqual(0);
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  for (let i = 0; i < index; i += 1) await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: item, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  return trigger;
}

test.describe("keyboard use of menus and dialogs", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS * 2 });

  test("every item of a document's menu opens its dialog by keyboard, and Esc returns to ⋮", async ({
    page,
  }) => {
    await openDocuments(page);
    const folderId = await createFolderByApi(page, uniqueName("Keyboard docs"));
    const name = uniqueName("Keyboard deed");
    await createDraftByApi(page, name, folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(documentList(page).getByText(name)).toBeVisible({ timeout: 30_000 });

    const dialogs: [string, string][] = [
      ["Rename", "Rename document"],
      ["Copy", "Copy document"],
      ["Move to", "Move document to"],
      ["Add to a shared folder", "Add to a shared folder"],
      ["Data Change Logs Record", "Data Change Logs Record"],
      ["Delete", "Delete document?"],
    ];
    for (const [item, title] of dialogs) {
      const trigger = await chooseFromRowMenu(page, name, item);
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog, `${item} opens "${title}"`).toBeVisible();
      await expectFocusIn(dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger, `focus is back on ⋮ after ${item}`).toBeFocused();
    }
    // Nothing was changed on the way.
    await expect(documentList(page).getByText(name)).toBeVisible();
  });

  test("Create New → From Template opens the catalogue by keyboard, and Esc returns to Create New", async ({
    page,
  }) => {
    await openDocuments(page);
    const createNew = page.getByRole("button", { name: "Create New" });
    for (const [item, title] of [
      ["New Folder", "New Folder"],
      ["New Document", "New Document"],
      ["From Template", "Create a new document"],
    ] as const) {
      await createNew.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem").first()).toBeFocused();
      const labels = await menu.getByRole("menuitem").allInnerTexts();
      const index = labels.findIndex((label) => label.trim() === item);
      for (let i = 0; i < index; i += 1) await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: item })).toBeFocused();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog, `${item} opens "${title}"`).toBeVisible();
      await expectFocusIn(dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(createNew, `focus is back on Create New after ${item}`).toBeFocused();
    }
  });
});
