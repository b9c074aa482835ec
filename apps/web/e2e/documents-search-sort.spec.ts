import { expect, test } from "@playwright/test";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentList,
  documentRows,
  openDocuments,
  uniqueName,
} from "./documents-support";
import { MANAGER, MEMBER, OWNER } from "./support";

test.describe("search, sort, status counts and paging", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("search is trimmed and counts its results; sort options reorder the list", async ({ page }) => {
    await openDocuments(page, MEMBER);
    const folderId = await createFolderByApi(page, uniqueName("Sorting"));
    const token = uniqueName("zq").replace(" ", "");
    // Created in this order: the default sort (creation date, newest first) shows them reversed.
    for (const name of [`Bravo ${token}`, `Alpha ${token}`, `Charlie ${token}`])
      await createDraftByApi(page, name, folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    const names = documentList(page).locator(".doc-row__name");
    await expect(names).toHaveText([`Charlie ${token}`, `Alpha ${token}`, `Bravo ${token}`]);
    await expect(page.getByRole("combobox", { name: "Sort documents" })).toBeVisible();
    await expect(page.locator(".doc-toolbar__sort")).toContainText("Creation date newest to oldest");

    await page.getByRole("combobox", { name: "Sort documents" }).click();
    await page.getByTitle("Title A-Z").click();
    await expect(names).toHaveText([`Alpha ${token}`, `Bravo ${token}`, `Charlie ${token}`]);
    await page.getByRole("combobox", { name: "Sort documents" }).click();
    await page.getByTitle("Title Z-A").click();
    await expect(names).toHaveText([`Charlie ${token}`, `Bravo ${token}`, `Alpha ${token}`]);

    await page.goto("/my-account/my-document");
    await page.getByRole("searchbox", { name: "Search documents" }).fill(`  alpha ${token} `);
    await expect(page.getByText("1 Result(s) Found")).toBeVisible();
    await expect(documentRows(page)).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search documents" }).fill(token);
    await expect(page.getByText("3 Result(s) Found")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search documents" }).fill(`${token}-nothing`);
    await expect(page.getByText("0 Result(s) Found")).toBeVisible();
    await expect(page.getByText("No documents found.")).toBeVisible();
  });

  test("status tabs show counts and filter the list", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folderId = await createFolderByApi(page, uniqueName("Counts"));
    for (const label of ["A", "B"]) await createDraftByApi(page, uniqueName(label), folderId);
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(page.getByRole("tab", { name: "All (2)" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Draft (2)" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Completed (0)" })).toBeVisible();
    await page.getByRole("tab", { name: "Completed (0)" }).click();
    await expect(page.getByText("No documents found.")).toBeVisible();
    await page.getByRole("tab", { name: "Draft (2)" }).click();
    await expect(documentRows(page)).toHaveCount(2);
  });

  test("infinite scroll loads the second page near the bottom", async ({ page }) => {
    await openDocuments(page, MANAGER);
    const folderId = await createFolderByApi(page, uniqueName("Paging"));
    for (let i = 1; i <= 13; i += 1)
      await createDraftByApi(page, `Page doc ${i} ${uniqueName("p")}`, folderId);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(documentRows(page)).toHaveCount(10);
    await page.getByTestId("document-list").evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(documentRows(page)).toHaveCount(13);
  });
});
