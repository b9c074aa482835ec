import { expect, type Page, test } from "@playwright/test";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentAction,
  openDocuments,
  renameDocumentByApi,
  teamIdOf,
  uniqueName,
} from "./documents-support";
import { MEMBER, OWNER } from "./support";

const TEN_HOURS_MS = 10 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'hh:mm a - DD MMM YYYY' at UTC+10, the fixed offset change-log times are shown at (account-area
 * §2, §9), worked out without the app's code.
 */
function atUtc10(iso: string) {
  const t = new Date(new Date(iso).getTime() + TEN_HOURS_MS);
  const hours = t.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(hour12)}:${pad(t.getUTCMinutes())} ${hours < 12 ? "am" : "pm"} - ${pad(t.getUTCDate())} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** Today at UTC+10 as DD/MM/YYYY, the day the server files entries made now under. */
function todayAt10() {
  const t = new Date(Date.now() + TEN_HOURS_MS);
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()}`;
}

async function newestEntryTime(page: Page, docId: number) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.get(`/api/log/log-changes?id_team=${teamId}&doc_id=${docId}&length=1`);
  expect(reply.status()).toBe(200);
  const body = (await reply.json()) as { data: { rows: { created_at: string }[] } };
  const newest = body.data.rows[0];
  if (!newest) throw new Error("the document has no change log");
  return newest.created_at;
}

test.describe("change log", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("pages of 15 by scrolling, details with previous/next, filters and Reset", async ({ page }) => {
    // 17 entries: created and 15 renames by the member, then one rename by the owner.
    await openDocuments(page, MEMBER);
    const folderId = await createFolderByApi(page, uniqueName("Log folder"));
    const name = uniqueName("Logged deed");
    const docId = await createDraftByApi(page, name, folderId);
    for (let i = 1; i <= 15; i += 1) await renameDocumentByApi(page, docId, `${name} v${i}`);
    await openDocuments(page, OWNER);
    const final = `${name} final`;
    await renameDocumentByApi(page, docId, final);
    const newest = await newestEntryTime(page, docId);

    await openDocuments(page, MEMBER, `?folderId=${folderId}`);
    await documentAction(page, final, "Data Change Logs Record");
    const log = page.getByRole("dialog", { name: "Data Change Logs Record" });
    const rows = log.getByRole("list", { name: "Changes" }).getByRole("listitem");
    await expect(rows).toHaveCount(15);
    await expect(rows.first()).toContainText(OWNER.name);
    await expect(rows.first()).toContainText(atUtc10(newest));
    await expect(rows.nth(1)).toContainText(MEMBER.name);

    // The 15th entry's next is the first of page 2.
    await rows.nth(14).getByRole("button", { name: "View Detail" }).click();
    await expect(log.getByText("15 of 17")).toBeVisible();
    await expect(log.getByText(`${name} v1 → ${name} v2`, { exact: true })).toBeVisible();
    await log.getByRole("button", { name: "Next entry" }).click();
    await expect(log.getByText("16 of 17")).toBeVisible();
    await expect(log.getByText(`${name} → ${name} v1`, { exact: true })).toBeVisible();
    await log.getByRole("button", { name: "Next entry" }).click();
    await expect(log.getByText("17 of 17")).toBeVisible();
    await expect(log.getByText(`— → ${name}`, { exact: true })).toBeVisible();
    await expect(log.getByRole("button", { name: "Next entry" })).toBeDisabled();
    await log.getByRole("button", { name: "Previous entry" }).click();
    await expect(log.getByText("16 of 17")).toBeVisible();
    await log.getByRole("button", { name: "Back" }).click();
    await expect(rows).toHaveCount(17);

    await rows.first().getByRole("button", { name: "View Detail" }).click();
    await expect(log.getByText(`${name} v15 → ${final}`, { exact: true })).toBeVisible();
    await expect(log.getByText(atUtc10(newest), { exact: true })).toBeVisible();
    await expect(log.getByRole("button", { name: "Previous entry" })).toBeDisabled();
    await log.getByRole("button", { name: "Back" }).click();

    const closePopup = () => log.getByText(`Doc ID ${docId} -`).click();
    await log.getByRole("combobox", { name: "Updated by" }).click();
    await page.getByTitle(OWNER.name, { exact: true }).click();
    await closePopup();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(OWNER.name);

    // The member's 16 entries: 15, and scrolling to the bottom loads the next page.
    await log.getByRole("button", { name: "Reset" }).click();
    await expect(rows).toHaveCount(17);
    await log.getByRole("combobox", { name: "Updated by" }).click();
    await page.getByTitle(MEMBER.name, { exact: true }).click();
    await closePopup();
    await expect(rows).toHaveCount(15);
    await expect(log.getByText(OWNER.name)).toHaveCount(0);
    await log.getByTestId("change-log").evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(rows).toHaveCount(16);
    await log.getByRole("button", { name: "Reset" }).click();
    await expect(rows).toHaveCount(17);

    await log.getByRole("combobox", { name: "Changes" }).click();
    await page.getByTitle("Created", { exact: true }).click();
    await closePopup();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(MEMBER.name);
    await log.getByRole("button", { name: "Reset" }).click();

    // A period with no changes, then today (days are counted at UTC+10).
    await log.getByPlaceholder("From").click();
    await log.getByPlaceholder("From").fill("01/01/2020");
    await log.getByPlaceholder("From").press("Enter");
    await log.getByPlaceholder("To").fill("31/01/2020");
    await log.getByPlaceholder("To").press("Enter");
    await expect(log.getByText("No records found")).toBeVisible();
    await log.getByPlaceholder("From").click();
    await log.getByPlaceholder("From").fill(todayAt10());
    await log.getByPlaceholder("From").press("Enter");
    await log.getByPlaceholder("To").fill(todayAt10());
    await log.getByPlaceholder("To").press("Enter");
    await expect(rows).toHaveCount(15);
  });
});
