import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  INTERVIEW_ALLOW_POPUPS,
  INTERVIEW_CANNOT_UPDATE,
  INTERVIEW_COMPLETED_DOCUMENT,
  INTERVIEW_INCOMPLETE,
  INTERVIEW_INVALID_DOCUMENT,
  INTERVIEW_LOADING,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  INTERVIEW_SAVED,
} from "@precedent/contracts";
import { MESSAGES } from "@precedent/docgen/forms";
import { openDocuments } from "./documents-support";
import {
  chooseFromList,
  chooseRadio,
  expectInterviewShown,
  FIRST_MINUTES,
  INTERVIEW_SPEC_TIMEOUT_MS,
  interviewUrl,
  openInterview,
  sampleAnswers,
  saveAnswersByApi,
  savedAnswers,
  section,
  setCount,
  slowExpect,
  startDocumentByApi,
  typeAnswer,
  typeDate,
} from "./interview-support";
import { chooseMenuItem, OWNER } from "./support";

test.describe.configure({ timeout: INTERVIEW_SPEC_TIMEOUT_MS });

/** Signs in as the owner, starts a first-meeting document and opens its interview. */
async function openNewInterview(page: Page) {
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  await openInterview(page, doc);
  return doc;
}

/** Saves with the Save button and waits for the confirmation. */
async function saveInterview(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(INTERVIEW_SAVED)).toBeVisible();
}

/** Fills an address in New South Wales: the company's and the chair's in these tests. */
async function typeNswAddress(scope: Locator, street: string, suburb: string, postcode: string) {
  await typeAnswer(scope, "Street address", street);
  await typeAnswer(scope, "Suburb", suburb);
  await chooseFromList(scope, "State or territory", "New South", "New South Wales");
  await typeAnswer(scope, "Postcode", postcode);
}

/** The company of the first-meeting minutes, with its two directors (a repeatable group). */
async function fillCompany(page: Page) {
  const company = section(page, "The company");
  await typeAnswer(company, "Company name (without the legal element)", "Coastline Joinery");
  await chooseFromList(company, "Legal element", "PTY LTD", "PTY LTD");
  await typeAnswer(company, "ACN", "623 456 780");
  await typeNswAddress(company, "Suite 2, 45 Example Road", "Wollongong", "2500");
  await chooseRadio(company, "Director type", "2+ Directors");
  const directors = section(company, "Directors");
  await setCount(directors, "How many directors?", 2);
  await typeAnswer(
    directors.getByRole("region", { name: "Director 1" }),
    "Director's full name",
    "Tamsin Rowe",
  );
  await typeAnswer(
    directors.getByRole("region", { name: "Director 2" }),
    "Director's full name",
    "Marcus Adeyemi",
  );
}

async function fillRest(page: Page) {
  await typeDate(page, "Date of the meeting", "10/02/2025");
  await typeAnswer(page, "Time the meeting opened", "9.30 am");
  await typeAnswer(page, "Place of the meeting", "Suite 2, 45 Example Road, Wollongong NSW 2500");
  const chair = section(page, "Chair of the meeting");
  await typeAnswer(chair, "First name", "Tamsin");
  await typeAnswer(chair, "Last name", "Rowe");
  await typeAnswer(chair, "Email", "tamsin.rowe@example.com");
  await typeNswAddress(chair, "14 Example Parade", "Wollongong", "2500");
  await typeDate(page, "Date the company was registered", "07/02/2025");
  await chooseRadio(page, "Is the principal place of business the same as the registered office?", "Yes");
  await chooseRadio(page, "How is the company governed?", "By a constitution adopted on registration");
  await chooseRadio(page, "Was any contract made on the company's behalf before it was registered?", "No");
  await chooseRadio(page, "Did someone pay the costs of incorporating the company, to be reimbursed?", "No");
  await chooseRadio(
    page,
    "Will the company have a common seal?",
    "No: it signs under s127(1) without a seal",
  );
  await chooseRadio(page, "Does the company have a company secretary?", "No");
  const shareholders = section(page, "Shares issued on registration");
  await setCount(shareholders, "How many shareholders?", 1);
  const holder = shareholders.getByRole("region", { name: "Shareholder 1" });
  await typeAnswer(holder, "Shareholder's full name (or company name)", "Tamsin Rowe");
  await typeAnswer(holder, "Class of shares", "Ordinary");
  await typeAnswer(holder, "Number of shares", "100");
  await typeAnswer(holder, "Amount paid per share (AUD)", "1");
  await chooseRadio(holder, "Does the shareholder hold the shares beneficially (for itself)?", "Yes");
  await chooseRadio(page, "Financial year ends on", "30 June");
  await typeAnswer(page, "Bank with which the company's account will be opened", "Example Bank Limited");
  await chooseRadio(page, "Who may operate the account?", "Any one signatory");
  const signatories = section(page, "Account signatories");
  await setCount(signatories, "How many signatories?", 1);
  await typeAnswer(signatories.getByRole("region", { name: "Signatory 1" }), "Full name", "Tamsin Rowe");
  await typeAnswer(page, "Public officer for the Income Tax Assessment Act 1936", "Tamsin Rowe");
  await chooseRadio(page, "Apply for an Australian Business Number?", "Yes");
  await chooseRadio(page, "Apply for a tax file number?", "Yes");
  await chooseRadio(page, "Register for GST?", "No");
  await chooseRadio(page, "Register for PAYG withholding (the company will employ staff)?", "No");
  await typeAnswer(page, "Accountant or tax agent to be engaged", "Harbourside Accounting");
}

/** Clicks a download link and gives the downloaded file's bytes. */
async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await file.path();
  return readFile(path);
}

test("an interview filled end to end assembles; both files download; the document relaunches", async ({
  page,
}) => {
  const doc = await openNewInterview(page);
  await expect(page.getByText(FIRST_MINUTES.name, { exact: true })).toBeVisible();

  await fillCompany(page);
  // Every shown director entry is asked; removing one drops it.
  await expect(section(page, "Directors").getByRole("region")).toHaveCount(2);
  await fillRest(page);

  await saveInterview(page);
  const saved = await savedAnswers(page, doc.teamId, doc.id);
  expect(saved.company).toMatchObject({
    acn: "623 456 780",
    director_type: "multiple",
    directors: [{ name: "Tamsin Rowe" }, { name: "Marcus Adeyemi" }],
  });
  expect(saved.meeting_date).toBe("10/02/2025");

  await page.getByRole("button", { name: "Assemble" }).click();
  const results = page.getByRole("dialog", { name: "Assemble Results" });
  await slowExpect(results).toBeVisible();
  const pdf = await download(page, results.getByRole("link", { name: /Download PDF/ }));
  expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
  const word = await download(page, results.getByRole("link", { name: /Download Word/ }));
  expect(word.subarray(0, 2).toString("latin1")).toBe("PK");
  await results.getByRole("button", { name: "Continue" }).click();

  const next = page.getByRole("dialog", { name: "What would you like to do next?" });
  await expect(next.getByRole("button", { name: "Move to" })).toBeVisible();
  // Both files were downloaded above: the server says so, and offers them again.
  await expect(next.getByText("PDF downloaded", { exact: true })).toBeVisible();
  await expect(next.getByText("Word downloaded", { exact: true })).toBeVisible();
  // Each link says which file it downloads again.
  await expect(next.getByRole("link", { name: /Download Word again$/ })).toBeVisible();
  const again = await download(page, next.getByRole("link", { name: /Download PDF again$/ }));
  expect(again.subarray(0, 4).toString("latin1")).toBe("%PDF");

  // Move to is the document list's own dialog; the suggestions come back after it.
  await next.getByRole("button", { name: "Move to" }).click();
  const move = page.getByRole("dialog", { name: "Move document to" });
  await move.getByText("My Documents", { exact: true }).click();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(page.getByText("Your document has been moved.")).toBeVisible();
  await expect(next).toBeVisible();
  await next.getByRole("button", { name: "Close" }).first().click();

  // A completed document cannot be interviewed until it is relaunched.
  const downloadView = page.url();
  await page.goto(interviewUrl(doc.id, doc.folderId));
  await expect(page.getByText(INTERVIEW_COMPLETED_DOCUMENT)).toBeVisible();
  await page.goto(downloadView);
  await page.getByRole("button", { name: "What next?" }).click();
  await next.getByRole("button", { name: "Relaunch" }).click();
  await expectInterviewShown(page, doc);
  await expect(section(page, "The company").getByLabel("ACN", { exact: true })).toHaveValue("623 456 780");
  await expect(section(page, "Directors").getByLabel("Director's full name").nth(1)).toHaveValue(
    "Marcus Adeyemi",
  );
});

test("bad postcode and ACN and missing answers show messages beside the fields; assembly lists them", async ({
  page,
}) => {
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  // Opened from the list: the document's drawer starts it.
  await page.goto(`/my-account/my-document?tab=my-document&folderId=${doc.folderId}&docId=${doc.id}`);
  await page.getByRole("button", { name: "Start Document" }).click();
  await expectInterviewShown(page, doc);

  const company = section(page, "The company");
  await typeAnswer(company, "Company name (without the legal element)", "Coastline Joinery");
  await typeAnswer(company, "ACN", "123456789");
  await expect(company.getByLabel("ACN", { exact: true })).toHaveAccessibleDescription(MESSAGES.acnCheck);
  await typeAnswer(company, "ACN", "12345");
  await expect(company.getByLabel("ACN", { exact: true })).toHaveAccessibleDescription(MESSAGES.acnLength);
  await typeAnswer(company, "Postcode", "25");
  await expect(company.getByLabel("Postcode", { exact: true })).toHaveAccessibleDescription(
    MESSAGES.postcode,
  );
  // A repeatable group: how many first, then one entry per director; too few says so.
  await chooseRadio(company, "Director type", "2+ Directors");
  const directors = section(company, "Directors");
  await setCount(directors, "How many directors?", 1);
  await expect(directors.getByRole("region")).toHaveCount(1);
  await expect(directors.getByLabel("How many directors?", { exact: true })).toHaveAccessibleDescription(
    MESSAGES.entriesAtLeast(2),
  );
  await setCount(directors, "How many directors?", 3);
  await expect(directors.getByRole("region")).toHaveCount(3);
  await setCount(directors, "How many directors?", 0);
  await expect(directors.getByRole("region")).toHaveCount(0);
  // A required field left blank says so when left.
  await company.getByLabel("Street address", { exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(company.getByLabel("Street address", { exact: true })).toHaveAccessibleDescription(
    MESSAGES.blank,
  );
  // Not yet visited: no message.
  await expect(company.getByLabel("Suburb", { exact: true })).not.toHaveAccessibleDescription(MESSAGES.blank);

  // Saving keeps the good answers and never sends the malformed ones.
  await saveInterview(page);
  await expect(
    page.getByText("2 answers were not saved because they are not valid:", { exact: false }),
  ).toBeVisible();
  const saved = await savedAnswers(page, doc.teamId, doc.id);
  expect(saved.company).toEqual({
    party_type: "company",
    name: "Coastline Joinery",
    director_type: "multiple",
    directors: [],
  });

  await page.getByRole("button", { name: "Assemble" }).click();
  const problems = page.getByRole("list", { name: "Missing or incorrect answers" });
  await expect(page.getByText(INTERVIEW_INCOMPLETE)).toBeVisible();
  await expect(problems.getByText("The company: Suburb")).toBeVisible();
  await expect(problems.getByText("Date of the meeting")).toBeVisible();
  // The fields are marked too, including ones never visited.
  await expect(company.getByLabel("Suburb", { exact: true })).toHaveAccessibleDescription(MESSAGES.blank);
  await expect(page.getByLabel("Time the meeting opened", { exact: true })).toHaveAccessibleDescription(
    MESSAGES.blank,
  );
  // The list leads to the field.
  await problems.getByRole("link", { name: "Time the meeting opened" }).click();
  await expect(page.getByLabel("Time the meeting opened", { exact: true })).toBeFocused();

  // Back to list keeps the tab and the folder.
  await page.getByRole("button", { name: "Back to list" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/my-account/my-document\\?tab=my-document&folderId=${doc.folderId}$`),
  );
});

test("autosave every 15 seconds, only when the answers changed", async ({ page }) => {
  await page.clock.install();
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  const saves: string[] = [];
  const asicAsks: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes(`/api/xpressdox/update-xml/${doc.id}`))
      saves.push(request.postData() ?? "");
    if (request.url().includes("/api/asic/")) asicAsks.push(request.url());
  });
  await openInterview(page, doc);

  // Nothing changed: the timer fires and nothing is sent.
  await page.clock.runFor(16_000);
  expect(saves).toHaveLength(0);

  await typeAnswer(page, "Place of the meeting", "By video conference");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_place).toBeUndefined();
  await page.clock.runFor(16_000);
  await expect(page.getByText(/^Saved at /)).toBeVisible();
  expect(saves).toHaveLength(1);
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_place).toBe("By video conference");

  // Unchanged since that save: the next period sends nothing.
  await page.clock.runFor(16_000);
  expect(saves).toHaveLength(1);
  // Not a company registration: the page asks nothing of ASIC (it would be refused every time).
  expect(asicAsks).toEqual([]);
});

test("a second tab takes the document: the first tab's save says so and returns to the list", async ({
  page,
  context,
}) => {
  const doc = await openNewInterview(page);
  await typeAnswer(page, "Place of the meeting", "Board room");
  await saveInterview(page);
  // A change this tab has yet to save when the other tab takes the document.
  await typeAnswer(page, "Time the meeting opened", "10.00 am");

  const second = await context.newPage();
  await openInterview(second, doc);

  // Whichever comes first, the autosave or this click, finds the document taken.
  await page
    .getByRole("button", { name: "Save" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  const alert = page.getByRole("dialog").filter({ hasText: INTERVIEW_OPENED_IN_ANOTHER_TAB });
  await expect(alert).toBeVisible();
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/my-account\/my-document\?tab=my-document/);
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_place).toBe("Board room");

  // The second tab holds the document and saves.
  await typeAnswer(second, "Place of the meeting", "Second tab");
  await saveInterview(second);
  expect((await savedAnswers(page, doc.teamId, doc.id)).meeting_place).toBe("Second tab");
  await second.close();
});

test("a bad or unknown document id is an invalid document", async ({ page }) => {
  await openDocuments(page, OWNER);
  await page.goto("/my-account/my-document/template?docId=abc");
  await expect(page.getByText(INTERVIEW_INVALID_DOCUMENT)).toBeVisible();
  await page.goto("/my-account/my-document/template?docId=987654321");
  await expect(page.getByText(INTERVIEW_INVALID_DOCUMENT)).toBeVisible();
  await expect(page.getByText(INTERVIEW_LOADING)).toBeHidden();
});

test("preview posts the answers to a named window; a blocked popup says so; small screens keep one column", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openDocuments(page, OWNER);
  const doc = await startDocumentByApi(page);
  // A preview prints every answer, so it needs a complete interview.
  await saveAnswersByApi(page, doc, await sampleAnswers(FIRST_MINUTES.identifier));
  await openInterview(page, doc);
  await typeAnswer(page, "Place of the meeting", "Board room");

  // Nothing wider than the screen: the form is one column at this width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // On a small screen Preview sits in the three-dot menu.
  const popupOpened = page.waitForEvent("popup");
  const previewReply = page
    .context()
    .waitForEvent("response", (response) => response.url().includes(`/api/xpressdox/preview/${doc.id}`));
  await chooseMenuItem(page, page.getByRole("button", { name: "More actions" }), /Preview document/);
  const popup = await popupOpened;
  const preview = await previewReply;
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-type"]).toContain("application/pdf");
  expect(preview.request().postData()).toContain("Board+room");
  await popup.close();

  // A browser that blocks the window: the user is told to allow popups.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await chooseMenuItem(page, page.getByRole("button", { name: "More actions" }), /Preview document/);
  await expect(page.getByText(INTERVIEW_ALLOW_POPUPS)).toBeVisible();
});

test("a save the server cannot make shows 'Can not update this document interview data' and returns to the list after 3 s", async ({
  page,
}) => {
  const doc = await openNewInterview(page);
  await page.route(`**/api/xpressdox/update-xml/${doc.id}?*`, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Internal Server Error", data: null }),
    }),
  );
  await typeAnswer(page, "Place of the meeting", "Board room");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(INTERVIEW_CANNOT_UPDATE)).toBeVisible();
  // Not at once: the message is read first.
  expect(new URL(page.url()).pathname).toBe("/my-account/my-document/template");
  await expect(page).toHaveURL(/\/my-account\/my-document\?tab=my-document/, { timeout: 15_000 });
});
