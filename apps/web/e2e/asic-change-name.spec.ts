import { expect, test } from "@playwright/test";
import { registrationByApi } from "./asic-support";
import { openDocuments } from "./documents-support";
import { expectInterviewShown, interviewUrl, savedAnswers } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

// Issue 29 item 2: the Form 201 interview shows the application's name read only; 'Change name'
// checks a new one through the server before the interview carries it.

test("the company's name is read only in the interview and changed only by checking a new one", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registrationByApi(page);
  await page.goto(interviewUrl(doc.docId, doc.folderId));
  await expectInterviewShown(page, { id: doc.docId, name: doc.name });

  const nameField = page.getByLabel("Proposed name, without its legal element");
  await expect(nameField).toHaveValue(doc.proposed);
  await expect(nameField).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Legal element of the name")).toHaveValue("PTY LTD");
  // Typing does not change it.
  await nameField.focus();
  await page.keyboard.type("Harbour Bakery");
  await expect(nameField).toHaveValue(doc.proposed);

  // 'Change name' by keyboard: a doubled legal element is refused with the reason, then a new name
  // is checked and used.
  const change = page.getByRole("button", { name: "Change name" });
  await change.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change the company's name" });
  await expect(dialog).toBeVisible();
  const newName = dialog.getByLabel("Proposed company name");
  await expect(newName).toHaveValue(doc.proposed);
  await expectAccessible(page, "Change name dialog");
  const use = dialog.getByRole("button", { name: "Use this name" });
  await expect(use).toBeDisabled();
  await newName.fill(`${doc.proposed} Pty Ltd`);
  await newName.press("Enter");
  await expect(dialog.getByRole("alert")).toContainText("is not available");
  await expect(dialog.getByRole("alert")).toContainText("ends with a legal element");
  await expect(use).toBeDisabled();
  const renamed = `Bilby Ridge Orchards ${doc.name.split(" ").at(-1)}`;
  await newName.fill(renamed);
  await newName.press("Enter");
  await expect(dialog.getByRole("alert")).toContainText(`${renamed} PTY LTD is available.`);
  await use.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(nameField).toHaveValue(renamed);
  await expect(page.getByText(`The company's name is now ${renamed} PTY LTD.`)).toBeVisible();

  // The server holds the new name: applied for the document and saved in its answers.
  await expect
    .poll(async () => (await savedAnswers(page, doc.teamId, doc.docId)).proposed_name, { timeout: 15_000 })
    .toBe(renamed);
  const consent = await page.request.post(`/api/asic/check-pre-consent?id_team=${doc.teamId}`, {
    data: { doc_id: doc.docId },
  });
  expect((await consent.json()).data).toMatchObject({ proposed_name: renamed, legal_element: "PTY LTD" });
});
