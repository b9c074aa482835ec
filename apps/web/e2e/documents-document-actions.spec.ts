import { expect, test } from "@playwright/test";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentAction,
  documentRows,
  openDocuments,
  openFolder,
  shareDocumentsByApi,
  uniqueName,
} from "./documents-support";
import { MANAGER, MEMBER, OWNER } from "./support";

test.describe("document actions", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("rename with the 'Doc ID' prefix, then read the change log", async ({ page }) => {
    await openDocuments(page, MEMBER);
    const folderId = await createFolderByApi(page, uniqueName("Rename folder"));
    const name = uniqueName("Will draft");
    const docId = await createDraftByApi(page, name, folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);

    await documentAction(page, name, "Rename");
    const dialog = page.getByRole("dialog", { name: "Rename document" });
    await expect(dialog.getByText(`Doc ID ${docId} -`)).toBeVisible();
    const input = dialog.getByRole("textbox", { name: "Document name" });
    await input.fill("");
    await expect(dialog.getByText("Document name is required")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "OK" })).toBeDisabled();
    await input.fill(name);
    await expect(dialog.getByText("Document name is duplicated")).toBeVisible();
    const renamed = `${name} (final)`;
    await input.fill(renamed);
    await input.press("Enter");
    await expect(page.getByText("Your document has been renamed.")).toBeVisible();
    await expect(documentRows(page)).toHaveCount(1);
    await expect(documentRows(page).first()).toContainText(renamed);

    await documentAction(page, renamed, "Data Change Logs Record");
    const log = page.getByRole("dialog", { name: "Data Change Logs Record" });
    await expect(log.getByText(/\d\d:\d\d (am|pm) - \d\d \w{3} \d{4}/).first()).toBeVisible();
    // Newest first: the rename, then the creation.
    await log.getByRole("button", { name: "View Detail" }).first().click();
    await expect(log.getByText(`${name} → ${renamed}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(log).toBeHidden();
  });

  test("copy: default name, validated on opening, refused while it equals the original", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folderId = await createFolderByApi(page, uniqueName("Copy folder"));
    const name = uniqueName("Deed");
    await createDraftByApi(page, name, folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);

    await documentAction(page, name, "Copy");
    const dialog = page.getByRole("dialog", { name: "Copy document" });
    const input = dialog.getByRole("textbox", { name: "Document name" });
    await expect(input).toHaveValue(`Copy of ${name}`);
    await input.fill(name);
    await expect(
      dialog.getByText("This document name already exists. Please enter a new document name."),
    ).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeDisabled();
    await input.fill("");
    await expect(dialog.getByText("Document name is required")).toBeVisible();
    await input.fill(`Copy of ${name}`);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Your document has been copied.")).toBeVisible();
    await expect(page.getByRole("button", { name: `Copy of ${name}`, exact: true })).toBeVisible();
  });

  test("move a document to another folder", async ({ page }) => {
    await openDocuments(page, MANAGER);
    const from = uniqueName("From");
    const to = uniqueName("To");
    const fromId = await createFolderByApi(page, from);
    const toId = await createFolderByApi(page, to);
    const name = uniqueName("Engagement letter");
    await createDraftByApi(page, name, fromId);
    await page.goto(`/my-account/my-document?folderId=${fromId}`);

    await documentAction(page, name, "Move to");
    const dialog = page.getByRole("dialog", { name: "Move document to" });
    await expect(dialog.getByRole("button", { name: "Move here" })).toBeDisabled();
    await dialog.getByText(to, { exact: true }).click();
    await dialog.getByRole("button", { name: "Move here" }).click();
    await expect(page.getByText("Your document has been moved.")).toBeVisible();
    await expect(page.getByText("No documents found.")).toBeVisible();

    await page.goto(`/my-account/my-document?folderId=${toId}`);
    await expect(documentRows(page)).toHaveCount(1);
    await expect(documentRows(page).first()).toContainText(name);
  });

  test("add to a shared folder, then remove it from Shared Folders", async ({ page }) => {
    await openDocuments(page, MEMBER);
    const shared = uniqueName("Team share");
    await createFolderByApi(page, shared, 2);
    const name = uniqueName("Shared NDA");
    const docId = await createDraftByApi(page, name);
    await page.goto("/my-account/my-document");

    await documentAction(page, name, "Add to a shared folder");
    const dialog = page.getByRole("dialog", { name: "Add to a shared folder" });
    await expect(dialog.getByRole("button", { name: "Move here" })).toBeDisabled();
    await dialog.getByText(shared, { exact: true }).click();
    await dialog.getByRole("button", { name: "Move here" }).click();
    await expect(
      page.getByText("Your document has been added to the share folder successfully."),
    ).toBeVisible();

    await page.getByRole("tab", { name: "Shared Folders" }).click();
    await page.getByRole("navigation", { name: "Folders" }).getByText(shared, { exact: true }).click();
    await expect(documentRows(page)).toHaveCount(1);
    await expect(documentRows(page).first()).toContainText(`Doc ID ${docId}`);

    await page.getByRole("tab", { name: "My Documents" }).click();
    await documentAction(page, name, "Remove from Shared Folders");
    const remove = page.getByRole("dialog", { name: "Remove from Shared Folders" });
    await expect(remove.getByRole("button", { name: "Remove" })).toBeDisabled();
    await remove.getByRole("checkbox", { name: shared }).check();
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(
      page.getByText("Your document was removed from the shared folders successfully."),
    ).toBeVisible();
  });

  test("someone who may not remove a shared document sees its shared folders read-only", async ({ page }) => {
    await openDocuments(page, OWNER);
    const first = uniqueName("Board share");
    const second = uniqueName("Audit share");
    const firstId = await createFolderByApi(page, first, 2);
    const secondId = await createFolderByApi(page, second, 2);
    const name = uniqueName("Owner's shared deed");
    const docId = await createDraftByApi(page, name);
    await shareDocumentsByApi(page, [docId], firstId);
    await shareDocumentsByApi(page, [docId], secondId);

    // The member neither created the document nor added it: the shared folders, but no Remove.
    await openDocuments(page, MEMBER, "?tab=shared-folder");
    await openFolder(page, first);
    await documentAction(page, name, "Shared in folders");
    const dialog = page.getByRole("dialog", { name: "Shared document was in folders:" });
    await expect(dialog.getByRole("listitem")).toHaveCount(2);
    await expect(dialog.getByRole("listitem").filter({ hasText: first })).toHaveCount(1);
    await expect(dialog.getByRole("listitem").filter({ hasText: second })).toHaveCount(1);
    await expect(dialog.getByRole("checkbox")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Remove" })).toHaveCount(0);
    // The footer's Close (the title bar's close icon has the same name).
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("delete warns it cannot be recovered, then removes the document", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folderId = await createFolderByApi(page, uniqueName("Delete folder"));
    const name = uniqueName("Doomed draft");
    await createDraftByApi(page, name, folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);

    await documentAction(page, name, "Delete");
    const dialog = page.getByRole("dialog", { name: "Delete document?" });
    await expect(dialog).toContainText("cannot be recovered");
    await expect(dialog).toContainText("removed from all shared folders");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Your document has been deleted.")).toBeVisible();
    await expect(page.getByText("No documents found.")).toBeVisible();
  });
});
