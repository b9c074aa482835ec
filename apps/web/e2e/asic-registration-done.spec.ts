import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { registeredCompanyByApi } from "./asic-support";
import { documentRows, openDocuments } from "./documents-support";
import { interviewUrl, slowExpect } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

// Issue 29: the name checked in the wizard is the one registered, certified and used by the kit,
// and a registered company's application cannot be edited or deleted afterwards.

test("a registered company: one name on the certificate, application and kit; no edit, no delete", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  // The interview is sent another name than the one checked: the application keeps the checked one.
  const doc = await registeredCompanyByApi(page, {
    answers: (answers) => ({ ...answers, proposed_name: "Harbour Bakery" }),
  });
  const fullName = `${doc.proposed} PTY LTD`;
  const api = (path: string, data: object) => page.request.post(`${path}?id_team=${doc.teamId}`, { data });

  const application = (await (await api("/api/asic/application", { doc_id: doc.docId })).json()).data;
  expect(application).toMatchObject({ asic_status: "COMP", read_only: true });
  const certificate = await page.request.get(`${application.certificate_download_url}&id_team=${doc.teamId}`);
  expect(certificate.status()).toBe(200);
  expect((await PDFDocument.load(await certificate.body())).getTitle()).toBe(
    `Certificate of Registration — ${fullName}`,
  );
  const kit = await api("/api/asic/company-kit", { doc_id: doc.docId });
  expect(kit.status(), await kit.text()).toBe(200);
  for (const made of (await kit.json()).data.documents as { name: string }[]) {
    expect(made.name).toContain(`${doc.proposed} Pty Ltd`);
  }

  // The list: Registered, its ACN spaced, and no Delete in the row's menu (by keyboard).
  await openDocuments(page, STRATEGIST_OWNER, `?folderId=${doc.folderId}`);
  const row = documentRows(page).filter({ hasText: doc.name });
  await expect(row).toContainText("Registered");
  await expect(row).toContainText(/ACN \d{3} \d{3} \d{3}\)/);
  const trigger = page.getByRole("button", { name: `Actions for ${doc.name}`, exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Delete", exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  const deleted = await page.request.delete(`/api/doc?id_team=${doc.teamId}`, {
    data: { type: 1, list_doc: [doc.docId] },
  });
  expect(deleted.status()).toBe(409);
  expect((await deleted.json()).message).toContain("cannot be deleted");

  // The interview: read only, with the checked name, no Save or Assemble.
  await page.goto(interviewUrl(doc.docId, doc.folderId));
  const readOnly = page.getByRole("alert").filter({ hasText: "has been lodged with ASIC" });
  await slowExpect(readOnly).toBeVisible();
  const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
  await expect(toolbar.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(toolbar.getByRole("button", { name: "Assemble" })).toHaveCount(0);
  const nameField = page.getByLabel("Proposed name, without its legal element");
  await expect(nameField).toHaveValue(doc.proposed);
  await expect(nameField).toBeDisabled();
  await expect(toolbar).toContainText("Registered");
  await expectAccessible(page, "Registered company's read-only interview");
  // A save sent anyway is refused, and the answers stay as they were.
  const token = (
    await (await page.request.get(`/api/get-action-token/${doc.docId}?id_team=${doc.teamId}`)).json()
  ).data.action_token as string;
  const saved = await page.request.put(`/api/xpressdox/update-xml/${doc.docId}?id_team=${doc.teamId}`, {
    data: { xml: { proposed_name: "Harbour Bakery" }, action_token: token },
  });
  expect(saved.status()).toBe(409);
});
