import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD, type DemoUser, dismissAnnouncement, expectShell } from "./support";

/** A name no other test (or run) uses, so specs running side by side never meet. */
export const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const teamIds = new WeakMap<Page, number>();

export async function teamIdOf(page: Page): Promise<number> {
  const known = teamIds.get(page);
  if (known !== undefined) return known;
  const reply = await page.request.get("/api/users/me");
  expect(reply.status()).toBe(200);
  const body = (await reply.json()) as { data: { teams: { id: number }[] } };
  const team = body.data.teams[0];
  if (!team) throw new Error("the demo user has no firm");
  teamIds.set(page, team.id);
  return team.id;
}

/** Creates a folder through the API (1: My Documents, 2: Shared Folders) and returns its id. */
export async function createFolderByApi(page: Page, name: string, type: 1 | 2 = 1, parentId?: number) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.post(`/api/folder?id_team=${teamId}`, {
    data: { name, type, folder_parent_id: parentId ?? null },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

/** Creates a draft document through the API and returns its id. */
export async function createDraftByApi(page: Page, name: string, folderId?: number) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.post(`/api/doc/draft?id_team=${teamId}`, {
    data: { name, folder_id: folderId ?? null, is_asic_document: 0 },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

/** Adds documents to a shared folder through the API. */
export async function shareDocumentsByApi(page: Page, docIds: number[], folderId: number) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.put(`/api/doc/share-doc?id_team=${teamId}`, {
    data: { list_doc: docIds, folder_id: folderId },
  });
  expect(reply.status()).toBe(200);
}

export async function renameDocumentByApi(page: Page, docId: number, name: string) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.put(`/api/doc/rename/${docId}?id_team=${teamId}`, {
    data: { new_name: name },
  });
  expect(reply.status()).toBe(200);
}

export async function deleteDocumentByApi(page: Page, docId: number) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.delete(`/api/doc?id_team=${teamId}`, {
    data: { type: 1, list_doc: [docId] },
  });
  expect(reply.status()).toBe(200);
}

/** Signs in and opens the document list, optionally with query parameters. */
export async function openDocuments(page: Page, user: DemoUser, query = "") {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  // The announcement toast would lie over the rows' menus for its first minute (see support.ts).
  await dismissAnnouncement(page);
  await page.goto(`/my-account/my-document${query}`);
  await expectShell(page, user);
  await expect(page.getByRole("heading", { name: "My Documents", level: 1 })).toBeVisible();
}

/** These specs create their own folders and documents; on a busy machine that takes a while. */
export const DOCUMENT_SPEC_TIMEOUT_MS = 90_000;

export const documentList = (page: Page) => page.getByRole("list", { name: "Documents" });
export const documentRows = (page: Page) => documentList(page).getByRole("listitem");
export const folderTree = (page: Page) => page.getByRole("navigation", { name: "Folders" });

/** Opens a folder by typing its name in the tree's search box and choosing it. */
export async function openFolder(page: Page, name: string) {
  const tree = folderTree(page);
  await tree.getByRole("textbox", { name: "Search folders" }).fill(name);
  await tree.getByText(name, { exact: true }).click();
  await tree.getByRole("textbox", { name: "Search folders" }).fill("");
}

/** Chooses a menu item; under load a click can land while the menu is still animating in. */
async function chooseMenuItem(page: Page, action: string) {
  const item = page.getByRole("menuitem", { name: action, exact: true });
  await expect(item).toBeVisible();
  // Without waiting for it to hold still: on a loaded machine the list behind it re-rendered the
  // menu between Playwright's frames for the whole click timeout, so the item never read as stable.
  await item.click({ force: true });
  await item.waitFor({ state: "hidden", timeout: 3000 }).catch(() => item.click({ force: true }));
}

export async function folderAction(page: Page, folder: string, action: string) {
  await folderTree(page)
    .getByRole("button", { name: `Actions for folder ${folder}` })
    .click();
  await chooseMenuItem(page, action);
}

export async function documentAction(page: Page, document: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${document}`, exact: true }).click();
  await chooseMenuItem(page, action);
}
