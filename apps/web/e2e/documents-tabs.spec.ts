import { expect, test } from "@playwright/test";
import { ASIC_ADDRESS_RESULT_TITLE } from "@precedent/contracts";
import { registrationByApi } from "./asic-support";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentRows,
  folderTree,
  openDocuments,
  uniqueName,
} from "./documents-support";
import { DEMO_PASSWORD, MANAGER, MEMBER, NEW_OWNER, OWNER } from "./support";

test.describe("document list tabs", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("owners and managers see three tabs; Organisation Documents lists every member's documents", async ({
    page,
  }) => {
    await openDocuments(page, MANAGER);
    const tabs = page.getByRole("tablist").first().getByRole("tab");
    await expect(tabs).toHaveText(["My Documents", "Shared Folders", "Organisation Documents"]);
    await page.getByRole("tab", { name: "Organisation Documents" }).click();
    await expect(page).toHaveURL(/tab=organisation-document/);
    await expect(page.getByRole("combobox", { name: "Filter by owner" })).toBeVisible();
    // No Create New in the organisation tab.
    await expect(page.getByRole("button", { name: "Create New" })).toHaveCount(0);
    await expect(documentRows(page).first()).toBeVisible();
  });

  test("the tabs work from the keyboard: the arrows, Home and End move along them, Enter chooses", async ({
    page,
  }) => {
    await openDocuments(page, MANAGER);
    const sections = page.getByRole("tablist", { name: "Document sections" });
    const mine = sections.getByRole("tab", { name: "My Documents" });
    const shared = sections.getByRole("tab", { name: "Shared Folders" });
    const organisation = sections.getByRole("tab", { name: "Organisation Documents" });
    // Only the chosen tab is in the page's tab order.
    await expect(mine).toHaveAttribute("aria-selected", "true");
    await expect(mine).toHaveAttribute("tabindex", "0");
    await expect(shared).toHaveAttribute("tabindex", "-1");

    await mine.focus();
    await page.keyboard.press("ArrowRight");
    await expect(shared).toBeFocused();
    // Moving along is not choosing.
    await expect(mine).toHaveAttribute("aria-selected", "true");
    await expect(page).not.toHaveURL(/tab=shared-folder/);
    await page.keyboard.press("End");
    await expect(organisation).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(mine).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(organisation).toBeFocused();
    await page.keyboard.press("Home");
    await expect(mine).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tab=shared-folder/);
    await expect(shared).toHaveAttribute("aria-selected", "true");
    await expect(shared).toHaveAttribute("tabindex", "0");
    await expect(mine).toHaveAttribute("tabindex", "-1");

    // The status tabs, the same way, with Space.
    await page.getByRole("tab", { name: "My Documents" }).click();
    // The status tabs of My Documents' own panel. The page shows each section in a panel of its
    // own, rendered from a deferred copy: for a moment after the click the Shared Folders panel,
    // with status tabs of its own (All chosen too), is still there. Tabs found page-wide could be
    // that panel's, and the focus would go with it when My Documents' panel replaces it.
    const statuses = page
      .getByRole("region", { name: "My Documents", exact: true })
      .getByRole("tablist", { name: "Document status" });
    await expect(statuses.getByRole("tab", { name: /^All/ })).toHaveAttribute("aria-selected", "true");
    await statuses.getByRole("tab", { name: /^All/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(statuses.getByRole("tab", { name: /^Draft/ })).toBeFocused();
    await page.keyboard.press(" ");
    await expect(statuses.getByRole("tab", { name: /^Draft/ })).toHaveAttribute("aria-selected", "true");
    await expect(statuses.getByRole("tab", { name: /^All/ })).toHaveAttribute("aria-selected", "false");
  });

  test("a member has no Organisation tab and is sent to My Documents with the spec's message", async ({
    page,
  }) => {
    await openDocuments(page, MEMBER, "?tab=organisation-document");
    await expect(
      page.getByText(
        "You are not allowed to view this information. Please contact your manager or owner of the company.",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/tab=my-document/);
    await expect(page.getByRole("tab", { name: "Organisation Documents" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "My Documents", selected: true })).toBeVisible();
  });

  test("the address keeps tab, folder and search across a reload", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folder = uniqueName("Reload folder");
    const folderId = await createFolderByApi(page, folder);
    const token = uniqueName("reloadable").replace(" ", "-");
    await createDraftByApi(page, `Lease ${token}`, folderId);
    await createDraftByApi(page, `Other draft ${uniqueName("x")}`, folderId);

    await page.goto(`/my-account/my-document?tab=my-document&folderId=${folderId}`);
    await expect(page.locator(".doc-panel__breadcrumb")).toContainText(folder);
    await expect(documentRows(page)).toHaveCount(2);
    await page.getByRole("searchbox", { name: "Search documents" }).fill(`  ${token}  `);
    await expect(page).toHaveURL(new RegExp(`search=${token}(&|$)`));
    await expect(page.getByText("1 Result(s) Found")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("tab", { name: "My Documents", selected: true })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search documents" })).toHaveValue(token);
    await expect(documentRows(page)).toHaveCount(1);
    await expect(documentRows(page).first()).toContainText(`Lease ${token}`);
    await expect(folderTree(page).locator(".ant-tree-treenode-selected")).toContainText(folder);

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(documentRows(page)).toHaveCount(2);
    await expect(page).not.toHaveURL(/search=/);
  });

  test("another user's organisation document opens at once, and asks 'Changes need to be notified' before it is launched", async ({
    page,
  }) => {
    await openDocuments(page, MANAGER, "?tab=organisation-document");
    await page.getByRole("searchbox", { name: "Search documents" }).fill("Coastal Foods");
    await expect(page.getByText("1 Result(s) Found")).toBeVisible();
    await page
      .getByRole("button", { name: "Share Sale Agreement – Coastal Foods Pty Ltd", exact: true })
      .click();
    // Reading its details changes nothing: no confirmation before the panel (issue 33 item 8).
    const drawer = page.getByRole("dialog", { name: /Doc ID \d+ - Share Sale Agreement/ });
    await expect(drawer).toContainText("Olivia Owner");
    await expect(page).toHaveURL(/docId=\d+/);
    const confirm = page.getByRole("dialog", { name: "Changes need to be notified" });
    await expect(confirm).toHaveCount(0);
    // Launching it is a change: asked first (documents spec: "before launch").
    await drawer.getByRole("button", { name: "Relaunch Document" }).click();
    await expect(confirm).toContainText("Olivia Owner");
    // Declined, the document is not launched: its panel stays open on the list.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/my-document.*docId=\d+/);
    await expect(drawer).toBeVisible();
  });

  test("paying ASIC's fee on another user's organisation document asks 'Changes need to be notified' first", async ({
    page,
    browser,
  }) => {
    // The owner's registration, In Progress and unpaid (the list offers 'Make ASIC payment').
    const ownerPage = await browser.newPage();
    const signedIn = await ownerPage.request.post("/api/auth/login", {
      data: { email: OWNER.email, password: DEMO_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const { name } = await registrationByApi(ownerPage);
    await ownerPage.close();

    await openDocuments(page, MANAGER, "?tab=organisation-document");
    // The searched list replaces the rows when it arrives: a menu opened on the first list's row
    // before then is taken away with it, so the search's own reply is awaited.
    const searched = page.waitForResponse(
      (reply) => reply.url().includes("/api/doc/list-for-owner") && reply.url().includes("name="),
    );
    await page.getByRole("searchbox", { name: "Search documents" }).fill(name);
    await searched;
    await expect(page.getByText("1 Result(s) Found")).toBeVisible();
    await expect(documentRows(page).filter({ hasText: name })).toHaveCount(1);
    const chooseMakeAsicPayment = async () => {
      await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
      await page.getByRole("menuitem", { name: "Make ASIC payment" }).click();
    };
    await chooseMakeAsicPayment();
    const confirm = page.getByRole("dialog", { name: "Changes need to be notified" });
    await expect(confirm).toContainText("This document belongs to Olivia Owner");
    await expect(confirm).toContainText("Paying ASIC's fee for it will be notified to them.");
    // Declined: nothing is checked or paid.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Confirmed: the payment's own steps begin (the address check's result first).
    await chooseMakeAsicPayment();
    await confirm.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("dialog").filter({ hasText: ASIC_ADDRESS_RESULT_TITLE })).toBeVisible();
  });

  test("a firm with no documents or folders gets the first-use and empty shared states", async ({ page }) => {
    await openDocuments(page, NEW_OWNER);
    await expect(page.getByText("Get started with the product")).toBeVisible();
    await expect(folderTree(page).getByText("No Folders")).toBeVisible();
    await page.getByRole("button", { name: "Create a new folder" }).click();
    await expect(page.getByRole("dialog", { name: "New Folder" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "New Folder" })).toBeHidden();
    // A first draft starts from a template (issue 33 item 8), not as a blank, nameless document.
    await page.getByRole("button", { name: "Create a new draft" }).click();
    // Exact: the catalogue dialog's name, "Create a new document", holds "New Document" in any case.
    await expect(page.getByRole("dialog", { name: "New Document", exact: true })).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Create a new document" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Shared Folders" }).click();
    await expect(page.getByRole("button", { name: "Create new shared folder" })).toBeVisible();
  });

  test("on a phone a firm with no folders gets one line saying so, and the list's filters start higher", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openDocuments(page, NEW_OWNER);
    const empty = folderTree(page).getByText("No Folders");
    await expect(empty).toBeVisible();
    // The empty state's picture (about 60 px) is left out at this width: the whole folders panel,
    // its search box included, stays under 100 px.
    const panel = await folderTree(page).boundingBox();
    expect(panel?.height ?? 0).toBeLessThan(100);
  });
});
