import { expect, test } from "@playwright/test";
import {
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentRows,
  folderAction,
  folderTree,
  openDocuments,
  uniqueName,
} from "./documents-support";
import { MANAGER, OWNER } from "./support";

test.describe("sharing folders, new drafts and the owner filter", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("add a folder to Shared Folders, then remove it again", async ({ page }) => {
    await openDocuments(page, MANAGER);
    const name = uniqueName("Shared precedents");
    await createFolderByApi(page, name);
    await page.reload();

    await folderAction(page, name, "Add to Shared Folders");
    await expect(page.getByText("Your folder has been shared successfully.")).toBeVisible();

    await page.getByRole("tab", { name: "Shared Folders" }).click();
    await expect(folderTree(page).getByText(name, { exact: true })).toBeVisible();
    await folderAction(page, name, "Remove from Shared Folders");
    const confirm = page.getByRole("dialog", { name: `Remove "${name}" from Shared Folders?` });
    // A click on a dialog that has only just opened was now and then lost on two busy cores (CI:
    // the dialog still open, nothing removed): pressed again until the dialog closes on it.
    await expect(async () => {
      await confirm.getByRole("button", { name: "Remove" }).click({ timeout: 3_000 });
      await expect(confirm).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(`Folder "${name}" was removed from Shared Folders.`)).toBeVisible();
    await expect(folderTree(page).getByText(name, { exact: true })).toHaveCount(0);
  });

  test("Create New > New Document creates a draft in the open folder", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folderId = await createFolderByApi(page, uniqueName("Drafts here"));
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(page.getByText("No documents found.")).toBeVisible();

    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("menuitem", { name: "New Document" }).click();
    const dialog = page.getByRole("dialog", { name: "New Document" });
    await expect(dialog.getByRole("button", { name: "Create draft" })).toBeDisabled();
    const name = uniqueName("Letter of advice");
    await dialog.getByRole("textbox", { name: "Document name" }).fill(name);
    await dialog.getByRole("textbox", { name: "Document name" }).press("Enter");
    await expect(
      page.getByText("Your document has been created. Please complete the interview to fulfill it"),
    ).toBeVisible();
    await expect(documentRows(page)).toHaveCount(1);
    await expect(documentRows(page).first()).toContainText(name);
    await expect(documentRows(page).first()).toContainText("Draft");
    await expect(page.getByRole("tab", { name: "Draft (1)" })).toBeVisible();
  });

  test("Organisation Documents filter by owner, with select all and clear", async ({ page }) => {
    await openDocuments(page, OWNER, "?tab=organisation-document");
    await expect(documentRows(page).first()).toBeVisible();
    await page.getByRole("combobox", { name: "Filter by owner" }).click();
    await page.getByTitle("Mia Member", { exact: true }).click();
    await page.keyboard.press("Escape");
    const metas = documentRows(page).locator(".doc-row__meta");
    await expect(metas.first()).toContainText("Mia Member");
    for (const meta of await metas.all()) await expect(meta).toContainText("Mia Member");

    await page.getByRole("combobox", { name: "Filter by owner" }).click();
    // The filter's own list holds Select all and Clear (the field also has its clear icon).
    const popup = page.locator(".ant-select-dropdown");
    await popup.getByRole("button", { name: "Clear", exact: true }).click();
    await popup.getByRole("button", { name: "Select all", exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(page.locator(".doc-toolbar__owner")).toContainText("Mason Manager");
    await expect(metas.first()).toBeVisible();
  });
});
