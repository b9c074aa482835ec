import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { INTERVIEW_COMPLETED_DOCUMENT } from "@precedent/contracts";
import { unzipSync } from "fflate";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentAction,
  documentRows,
  openDocuments,
  openFolder,
  shareDocumentsByApi,
  teamIdOf,
  uniqueName,
} from "./documents-support";
import { interviewUrl, sampleAnswers, saveAnswersByApi, startDocumentByApi } from "./interview-support";
import { MEMBER, OWNER } from "./support";

test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

/** A document started from the catalogue, answered and assembled through the API: Completed, with both files. */
async function completedDocumentByApi(page: Page) {
  const doc = await startDocumentByApi(page);
  const scope = `id_team=${doc.teamId}`;
  const action_token = await saveAnswersByApi(page, doc, await sampleAnswers("first-directors-minutes"));
  const assembled = await page.request.post(`/api/xpressdox/assemble/${doc.id}?${scope}`, {
    data: { action_token },
  });
  expect(assembled.status(), await assembled.text()).toBe(200);
  return doc;
}

/** Clicks what starts a download and gives the downloaded file's name and bytes. */
async function download(page: Page, trigger: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const drawer = (page: Page) => page.getByRole("dialog").filter({ hasText: "Doc ID" });
/** The value beside a label of the detail panel ('Template', 'Created'). */
const panelValue = (panel: Locator, label: string) =>
  panel
    .locator(".ant-descriptions-row")
    .filter({ has: panel.page().locator(".ant-descriptions-item-label").getByText(label, { exact: true }) })
    .locator(".ant-descriptions-item-content");

test("a completed document downloads its PDF and Word from its row menu and its detail panel", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const doc = await completedDocumentByApi(page);
  await page.reload();
  await openFolder(page, doc.folderName);
  await expect(documentRows(page).filter({ hasText: doc.name })).toContainText("Completed");

  const pdf = await download(page, () => documentAction(page, doc.name, "Download PDF"));
  expect(pdf.name).toBe(`${doc.name}.pdf`);
  expect(pdf.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  const word = await download(page, () => documentAction(page, doc.name, "Download Word"));
  expect(word.name).toBe(`${doc.name}.docx`);
  expect(word.bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  await page.getByRole("button", { name: doc.name, exact: true }).click();
  const panel = drawer(page);
  await expect(panel.getByText(`Doc ID ${doc.id} - ${doc.name}`)).toBeVisible();
  const panelPdf = await download(page, () =>
    panel.getByRole("region", { name: "Downloads" }).getByRole("link", { name: "Download PDF" }).click(),
  );
  expect(panelPdf.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  const panelWord = await download(page, () =>
    panel.getByRole("region", { name: "Downloads" }).getByRole("link", { name: "Download Word" }).click(),
  );
  expect(panelWord.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  // Its creator may relaunch it.
  await expect(panel.getByRole("button", { name: "Relaunch" })).toBeVisible();

  // Opened for interview, it offers its downloads and Relaunch, not only a refusal.
  await page.goto(interviewUrl(doc.id, doc.folderId));
  await expect(page.getByText(INTERVIEW_COMPLETED_DOCUMENT)).toBeVisible();
  const fromInterview = await download(page, () => page.getByRole("link", { name: "Download PDF" }).click());
  expect(fromInterview.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  await expect(page.getByRole("link", { name: "Download Word" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Relaunch" })).toBeVisible();
});

test("Download in the selection bar sends the selected documents as one zip; drafts cannot be", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const first = await completedDocumentByApi(page);
  const second = await completedDocumentByApi(page);
  // Both in the first one's folder, with a draft beside them.
  const teamId = await teamIdOf(page);
  const moved = await page.request.put(`/api/doc/move-doc?id_team=${teamId}`, {
    data: { type: 1, list_doc: [second.id], folder_id: first.folderId },
  });
  expect(moved.status()).toBe(200);
  const draftName = uniqueName("Draft beside");
  await createDraftByApi(page, draftName, first.folderId);
  await page.reload();
  await openFolder(page, first.folderName);

  await page.getByRole("checkbox", { name: `Select ${first.name}` }).check();
  await page.getByRole("checkbox", { name: `Select ${second.name}` }).check();
  const bar = page.getByRole("toolbar", { name: "Selection" });
  const zip = await download(page, () => bar.getByRole("button", { name: "Download" }).click());
  expect(zip.name).toBe("Documents.zip");
  const files = unzipSync(new Uint8Array(zip.bytes));
  expect(Object.keys(files).sort()).toEqual(
    [`${first.name}.pdf`, `${first.name}.docx`, `${second.name}.pdf`, `${second.name}.docx`].sort(),
  );
  expect(
    Buffer.from(files[`${first.name}.pdf`] ?? [])
      .subarray(0, 4)
      .toString("latin1"),
  ).toBe("%PDF");

  // A draft has nothing to download: with it selected, Download is not offered.
  await page.getByRole("checkbox", { name: `Select ${draftName}` }).check();
  await expect(bar.getByRole("button", { name: "Download" })).toBeDisabled();
});

test("a member sees another's completed document in a shared folder with its downloads but no Relaunch", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const doc = await completedDocumentByApi(page);
  const shared = uniqueName("Shared downloads");
  const sharedId = await createFolderByApi(page, shared, 2);
  await shareDocumentsByApi(page, [doc.id], sharedId);

  await openDocuments(page, MEMBER, `?tab=shared-folder&docId=${doc.id}`);
  const panel = drawer(page);
  await expect(panel.getByText(`Doc ID ${doc.id} - ${doc.name}`)).toBeVisible();
  await expect(
    panel.getByRole("region", { name: "Downloads" }).getByRole("link", { name: "Download PDF" }),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Relaunch" })).toHaveCount(0);
  // Its row menu offers the downloads and nothing the server would refuse.
  await panel.getByRole("button", { name: "Close" }).click();
  await openFolder(page, shared);
  await page.getByRole("button", { name: `Actions for ${doc.name}`, exact: true }).click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const offered = await items.allInnerTexts();
  expect(offered).toContain("Download PDF");
  expect(offered).not.toContain("Rename");
  expect(offered).not.toContain("Relaunch");
  await page.keyboard.press("Escape");

  // The interview page of it says it is completed, offers the downloads, and no Relaunch.
  await page.goto(`/my-account/my-document/template?docId=${doc.id}&tab=shared-folder`);
  await expect(page.getByText(INTERVIEW_COMPLETED_DOCUMENT)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Relaunch" })).toHaveCount(0);
});

test.describe("what the detail panel states", () => {
  // A browser far from Sydney: its own day differs from Sydney's for 23 hours of every 24.
  test.use({ timezoneId: "Etc/GMT+12" });

  test("a demo document's template is named, not 'None yet'", async ({ page }) => {
    await openDocuments(page, OWNER);
    const teamId = await teamIdOf(page);
    const name = "Discretionary Trust Deed – Smith Family Trust";
    const reply = await page.request.get(
      `/api/doc?id_team=${teamId}&type=1&name=${encodeURIComponent(name)}`,
    );
    const rows = (
      (await reply.json()) as { data: { rows: { id: number; name: string; x_template_id: string | null }[] } }
    ).data.rows;
    // The deed itself: the trust's other demo documents (its deed of variation) have templates too.
    const demo = rows.find((row) => row.name === name && row.x_template_id !== null);
    if (!demo) throw new Error("the demo owner has no document made from a template");
    await page.goto(`/my-account/my-document?docId=${demo.id}`);
    const template = panelValue(drawer(page), "Template");
    await expect(template).toHaveText("Discretionary Trust Deed");
  });

  test("a document in a shared folder is said to be there, in the panel and in 'Shared in folders'", async ({
    page,
  }) => {
    await openDocuments(page, OWNER);
    const folder = uniqueName("Shared home");
    // A folder of My Documents, then shared: the document sits in a shared folder.
    const folderId = await createFolderByApi(page, folder);
    const name = uniqueName("Sits in shared");
    const docId = await createDraftByApi(page, name, folderId);
    const shared = await page.request.post(`/api/folder-share?id_team=${await teamIdOf(page)}`, {
      data: { folder_ids: [folderId] },
    });
    expect(shared.status()).toBe(200);
    await page.goto(`/my-account/my-document?tab=shared-folder&folderId=${folderId}&docId=${docId}`);
    await expect(panelValue(drawer(page), "Shared folders")).toHaveText(folder);
    await drawer(page).getByRole("button", { name: "Close" }).click();
    await documentAction(page, name, "Shared in folders");
    const dialog = page.getByRole("dialog", { name: "Shared document was in folders:" });
    await expect(dialog.getByText(folder)).toBeVisible();
    await expect(dialog.getByText("No shared folders hold this document.")).toHaveCount(0);
  });

  // The list and the panel give Sydney's day; the change log, by the spec, reads times at a fixed
  // UTC+10, so from 13:00 to 14:00 UTC in daylight saving its day is the day before Sydney's.
  test("the list and the panel give Sydney's day, the change log the day at UTC+10", async ({ page }) => {
    await openDocuments(page, OWNER);
    const folder = uniqueName("Dates");
    const folderId = await createFolderByApi(page, folder);
    const name = uniqueName("Dated");
    const docId = await createDraftByApi(page, name, folderId);
    const teamId = await teamIdOf(page);
    const detail = await page.request.get(`/api/doc/${docId}?id_team=${teamId}`);
    const createdAt = ((await detail.json()) as { data: { created_at: string } }).data.created_at;
    const sydneyDay = dayIn("Australia/Sydney", createdAt);
    const logDay = dayIn("Etc/GMT-10", createdAt); // 'Etc/GMT-10' is UTC+10

    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await expect(documentRows(page).filter({ hasText: name })).toContainText(`Created ${sydneyDay}`);
    await page.getByRole("button", { name, exact: true }).click();
    await expect(panelValue(drawer(page), "Created")).toHaveText(sydneyDay);
    await drawer(page).getByRole("button", { name: "Close" }).click();
    await documentAction(page, name, "Data Change Logs Record");
    await expect(
      page
        .getByRole("dialog")
        .getByText(new RegExp(`- ${logDay}$`))
        .first(),
    ).toBeVisible();
  });
});

test.describe("the address", () => {
  test("an unknown tab falls back to My Documents and leaves the address", async ({ page }) => {
    await openDocuments(page, OWNER, "?tab=bogus");
    await expect(page.getByRole("tab", { name: "My Documents", selected: true })).toBeVisible();
    await expect(page).not.toHaveURL(/tab=bogus/);
    // Corrected in place: going back does not return to the bogus address.
    await page.goBack();
    await expect(page).not.toHaveURL(/tab=bogus/);
  });

  test("a docId that is not an ID is reported and removed from the address", async ({ page }) => {
    await openDocuments(page, OWNER, "?tab=my-document&docId=abc");
    await expect(page.getByText("The link names no document ('abc' is not a Doc ID).")).toBeVisible();
    await expect(page).toHaveURL(/tab=my-document/);
    await expect(page).not.toHaveURL(/docId=/);
  });

  test("a document that does not exist is said to be not found, with no Try again", async ({ page }) => {
    await openDocuments(page, OWNER, "?docId=2000000000");
    const panel = drawer(page);
    await expect(panel.getByText("Doc ID 2000000000 was not found")).toBeVisible();
    await expect(panel.getByText("It does not exist, or you do not have access to it.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await panel.getByRole("button", { name: "Back to list" }).click();
    await expect(page).not.toHaveURL(/docId=/);
  });

  test("an organisation document opened by its address shows at once, without a confirmation", async ({
    page,
  }) => {
    await openDocuments(page, MEMBER);
    const name = uniqueName("Member's draft");
    const docId = await createDraftByApi(page, name);

    await openDocuments(page, OWNER, `?tab=organisation-document&docId=${docId}`);
    await expect(drawer(page).getByText(`Doc ID ${docId} - ${name}`)).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Changes need to be notified" })).toHaveCount(0);
  });
});

/** The day of an instant in a time zone, as the app writes it: '26 Nov 2026'. */
function dayIn(timeZone: string, iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, day: "2-digit", month: "short", year: "numeric" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}`;
}
