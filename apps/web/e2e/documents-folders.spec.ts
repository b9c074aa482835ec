import { expect, test } from "@playwright/test";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  folderAction,
  folderTree,
  openDocuments,
  openFolder,
  uniqueName,
} from "./documents-support";
import { MEMBER, OWNER } from "./support";

test.describe("folders", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("create, rename and create a subfolder from the Create New menu and the folder menu", async ({
    page,
  }) => {
    await openDocuments(page, MEMBER);
    const name = uniqueName("Client files");
    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("menuitem", { name: "New Folder" }).click();
    const dialog = page.getByRole("dialog", { name: "New Folder" });
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
    const input = dialog.getByRole("textbox", { name: "Folder name" });
    await input.fill("x");
    await input.fill("   ");
    await expect(dialog.getByText("Folder name is required")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await input.fill(name);
    await input.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Folder "${name}" was created.`)).toBeVisible();
    await expect(folderTree(page).getByText(name, { exact: true })).toBeVisible();
    // The new folder is opened.
    await expect(page.locator(".doc-panel__breadcrumb")).toContainText(name);

    const renamed = `${name} renamed`;
    await folderAction(page, name, "Rename");
    const rename = page.getByRole("dialog", { name: "Rename folder" });
    await expect(rename.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await rename.getByRole("textbox", { name: "Folder name" }).fill(renamed);
    await rename.getByRole("button", { name: "Confirm" }).click();
    await expect(folderTree(page).getByText(renamed, { exact: true })).toBeVisible();

    const sub = uniqueName("Sub");
    await folderAction(page, renamed, "New subfolder");
    const subDialog = page.getByRole("dialog", { name: `New subfolder in "${renamed}"` });
    await subDialog.getByRole("textbox", { name: "Folder name" }).fill(sub);
    await subDialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.locator(".doc-panel__breadcrumb")).toContainText(`${renamed}/${sub}`);
  });

  test("no New subfolder below the depth limit", async ({ page }) => {
    await openDocuments(page, OWNER);
    const top = uniqueName("Depth top");
    const topId = await createFolderByApi(page, top);
    const middleId = await createFolderByApi(page, `${top} middle`, 1, topId);
    await createFolderByApi(page, `${top} bottom`, 1, middleId);
    await page.reload();
    await openFolder(page, `${top} bottom`);
    await folderTree(page)
      .getByRole("button", { name: `Actions for folder ${top} bottom` })
      .click();
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "New subfolder" })).toHaveCount(0);
  });

  test("move a folder: 'Move here' is disabled until a folder is chosen", async ({ page }) => {
    await openDocuments(page, OWNER);
    const target = uniqueName("Move target");
    const moving = uniqueName("Moving");
    await createFolderByApi(page, target);
    await createFolderByApi(page, moving);
    await page.reload();

    await folderAction(page, moving, "Move to");
    const dialog = page.getByRole("dialog", { name: "Move folder to" });
    await expect(dialog.getByText("Choose a folder")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Move here" })).toBeDisabled();
    await dialog.getByText(target, { exact: true }).click();
    await expect(dialog.getByRole("button", { name: "Move here" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Move here" }).click();
    await expect(page.getByText(`Folder "${moving}" was moved.`)).toBeVisible();

    await openFolder(page, moving);
    await expect(page.locator(".doc-panel__breadcrumb")).toContainText(`${target}/${moving}`);
  });

  test("a folder holding a document cannot be deleted; an empty one can", async ({ page }) => {
    await openDocuments(page, MEMBER);
    const full = uniqueName("Full folder");
    const fullId = await createFolderByApi(page, full);
    await createDraftByApi(page, uniqueName("Inside"), fullId);
    const empty = uniqueName("Empty folder");
    await createFolderByApi(page, empty);
    await page.reload();

    // The server's refusal comes before any confirmation (issue 33 item 8): no "Delete folder?".
    await folderAction(page, full, "Delete");
    await expect(
      page.getByText("You cannot delete a folder which contains sub folder(s) or document(s)."),
    ).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(folderTree(page).getByText(full, { exact: true })).toBeVisible();

    await folderAction(page, empty, "Delete");
    const confirm = page.getByRole("dialog", { name: `Delete folder "${empty}"?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`Folder "${empty}" was deleted.`)).toBeVisible();
    // The confirmation stays (its button loading) until the lists are fresh, then closes.
    await expect(confirm).toBeHidden();
    await expect(folderTree(page).getByText(empty, { exact: true })).toHaveCount(0);
  });

  test("the folder menu and dialog work from the keyboard", async ({ page }) => {
    await openDocuments(page, MEMBER);
    const name = uniqueName("Keyboard folder");
    await createFolderByApi(page, name);
    await page.reload();
    const trigger = folderTree(page).getByRole("button", { name: `Actions for folder ${name}` });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "New subfolder" })).toBeFocused();
    // New subfolder, Add to Shared Folders, Move to, Rename.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Rename folder" });
    await expect(dialog.getByRole("textbox", { name: "Folder name" })).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.type(" kb");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(folderTree(page).getByText(`${name} kb`, { exact: true })).toBeVisible();

    // The same menu opened a second time takes focus again, on its first item.
    await folderTree(page)
      .getByRole("button", { name: `Actions for folder ${name} kb` })
      .focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "New subfolder" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeHidden();
  });
});
