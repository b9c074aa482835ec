import { expect, type Locator, type Page, test } from "@playwright/test";
import { INTERVIEW_SAVED } from "@precedent/contracts";
import { MESSAGES } from "@precedent/docgen/forms";
import { readPdf } from "@precedent/docgen/testing";
import {
  chooseRadio,
  INTERVIEW_SPEC_TIMEOUT_MS,
  openInterview,
  saveAnswersByApi,
  savedAnswers,
  section,
  slowExpect,
  startDocumentByApi,
  typeAnswer,
  typeDate,
} from "./interview-support";
import { DEMO_PASSWORD, OWNER } from "./support";

/**
 * What the interview must not do behind the user's back: clear a party's answers on a change of
 * type, refuse a preview, keep an impossible date without a word, or hide its own header.
 */
test.describe.configure({ timeout: INTERVIEW_SPEC_TIMEOUT_MS });

const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };

/** Signs in as the owner and waits for the document list (slowly: the machine is shared). */
async function openDocuments(page: Page, user = OWNER) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await page.goto("/my-account/my-document");
  await slowExpect(page.getByRole("heading", { name: "My Documents", level: 1 })).toBeVisible();
}

/** The update-xml requests the page sends from now on. */
function recordSaves(page: Page, docId: number) {
  const saves: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes(`/api/xpressdox/update-xml/${docId}`))
      saves.push((request.postDataJSON() as { xml: Record<string, unknown> }).xml);
  });
  return saves;
}

/** Clicks a party type: `check()` would insist the radio changes, which a confirmation may refuse. */
async function clickType(party: Locator, option: string) {
  await party
    .getByRole("radiogroup", { name: "Type of party", exact: true })
    .getByLabel(option, { exact: true })
    .click();
}

/**
 * Saves with the Save button and waits for that save's own answer: the toast of an earlier save
 * can still be showing (3 s), and a test that read the saved answers on seeing it once read them
 * before this save had reached the server (CI, twice).
 */
async function save(page: Page) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "PUT" && response.url().includes("/api/xpressdox/update-xml/"),
  );
  await page.getByRole("button", { name: "Save" }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(INTERVIEW_SAVED).last()).toBeVisible();
}

test("changing a party's type asks first and names what is cleared; the answers come back until saved", async ({
  page,
}) => {
  await page.clock.install();
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page, NDA);
  await openInterview(page, doc);
  const party = section(page, "First party");
  await chooseRadio(party, "Type of party", "An Individual");
  await typeAnswer(party, "First name", "Jane");
  await typeAnswer(party, "Last name", "Citizen");
  await save(page);
  const saves = recordSaves(page, doc.id);

  // A Trust: asked first, naming the answers it would clear.
  await clickType(party, "A Trust");
  const dialog = page.getByRole("dialog", { name: "Change First party to A Trust?" });
  await expect(dialog).toBeVisible();
  const cleared = dialog.getByRole("list", { name: "Answers to be cleared" });
  await expect(cleared.getByRole("listitem")).toHaveText(["First name", "Last name"]);
  // Autosave (every 15 s) stores nothing while the question is open.
  await page.clock.fastForward(20_000);
  await page.waitForTimeout(300);
  expect(saves).toEqual([]);

  // Cancel (focused first, so Enter is the safe answer) keeps the individual and the answers.
  await expect(dialog.getByRole("button", { name: "Keep An Individual" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(party.getByRole("radio", { name: "An Individual" })).toBeChecked();
  await expect(party.getByLabel("First name", { exact: true })).toHaveValue("Jane");

  // Confirmed by keyboard: the trust's questions replace the individual's.
  await clickType(party, "A Trust");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Change to A Trust" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(party.getByLabel("First name", { exact: true })).toHaveCount(0);

  // Back to An Individual before any save: nothing to confirm, and the answers are back.
  await clickType(party, "An Individual");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(party.getByLabel("First name", { exact: true })).toHaveValue("Jane");
  await expect(party.getByLabel("Last name", { exact: true })).toHaveValue("Citizen");

  // A Trust again, then the save: stored as a trust, and the individual's answers are gone.
  await clickType(party, "A Trust");
  await dialog.getByRole("button", { name: "Change to A Trust" }).click();
  await save(page);
  const stored = (await savedAnswers(page, doc.teamId, doc.id)).first_party as Record<string, unknown>;
  expect(stored.party_type).toBe("trust");
  expect(stored.first_name).toBeUndefined();
  await clickType(party, "An Individual");
  await expect(party.getByLabel("First name", { exact: true })).toHaveValue("");
});

test("an incomplete interview previews as a DRAFT PDF, with the missing answers listed beside it", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  await openInterview(page, doc);
  await typeAnswer(page, "Place of the meeting", "Board room");

  const popupOpened = page.waitForEvent("popup");
  const previewReply = page
    .context()
    .waitForEvent("response", (response) => response.url().includes(`/api/xpressdox/preview/${doc.id}`));
  await page.getByRole("button", { name: "Preview document" }).click();
  const popup = await popupOpened;
  const preview = await previewReply;
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-type"]).toContain("application/pdf");
  expect(preview.headers()["content-disposition"]).toContain("draft preview");
  expect(Number(preview.headers()["x-missing-answers"])).toBeGreaterThan(0);
  await popup.close();
  // The window shows it in the browser's PDF viewer; the same post read here is the PDF itself.
  const again = await page.request.post(preview.url(), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: preview.request().postData() ?? "",
  });
  const text = readPdf(new Uint8Array(await again.body()))
    .pages.join("\n")
    .replace(/\s+/g, " ");
  expect(text).toContain("DRAFT");
  expect(text).toContain("[missing: Date of the meeting]");
  expect(text).toContain("Board room");

  const draft = page.getByRole("region", { name: "Draft preview" });
  await expect(draft.getByText(/The preview is a draft: \d+ answers are missing\./)).toBeVisible();
  const missing = draft.getByRole("list", { name: "Missing answers" });
  await expect(missing.getByRole("link", { name: "Date of the meeting", exact: true })).toBeVisible();
  await expect(missing.getByRole("link", { name: "Place of the meeting", exact: true })).toHaveCount(0);
  // Each names its field and takes the user there.
  await missing.getByRole("link", { name: "Date of the meeting", exact: true }).click();
  await expect(page.getByLabel("Date of the meeting", { exact: true })).toBeFocused();
});

test("an impossible date stays in its field with a message, and Save names it as not saved", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  await saveAnswersByApi(page, doc, { meeting_date: "01/03/2026" });
  await openInterview(page, doc);
  const date = page.getByLabel("Date of the meeting", { exact: true });
  await expect(date).toHaveValue("01/03/2026");

  await date.click();
  await date.fill("31/02/2026");
  await date.press("Tab");
  await expect(date).toHaveValue("31/02/2026");
  await expect(date).toHaveAccessibleDescription(MESSAGES.dateReal);

  await save(page);
  await expect(
    page.getByText("“Date of the meeting” was not saved because it is not valid.", { exact: false }),
  ).toBeVisible();
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_date).not.toBe("31/02/2026");

  // A real date (29 February of a leap year) is taken, and the message goes.
  await typeDate(page, "Date of the meeting", "29/02/2028");
  await expect(date).not.toHaveAccessibleDescription(MESSAGES.dateReal);
  await save(page);
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_date).toBe("29/02/2028");
});

for (const width of [1366, 375]) {
  test(`at ${width} px the sticky toolbar stays below the header when scrolled`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 700 ? 900 : 812 });
    await openDocuments(page, OWNER);
    const doc = await startDocumentByApi(page);
    await openInterview(page, doc);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 600);
    await page.waitForTimeout(200);
    const header = await page.locator("header.app-top").boundingBox();
    const toolbar = await page.getByRole("toolbar", { name: "Interview actions" }).boundingBox();
    if (!header || !toolbar) throw new Error("header or toolbar not shown");
    await page.screenshot({ path: `/tmp/interview-toolbar-${width}.png` });
    // Both stick: the toolbar sits right under the header, covering none of it.
    expect(toolbar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(toolbar.y).toBeLessThanOrEqual(header.y + header.height + 1);
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeInViewport();
  });
}
