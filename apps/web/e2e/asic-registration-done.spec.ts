import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { registeredCompanyByApi } from "./asic-support";
import { documentRows, openDocuments } from "./documents-support";
import { connectByApi } from "./integrations-support";
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

// Spec D2-19: the top bar's CAS 360 action. The certificate goes to CAS 360 by itself on
// registration when CAS 360 is connected; connected only afterwards (or after a failed upload),
// the person sends it from the registered company's interview.
test("a registered company's certificate is sent to CAS 360 from the top bar, by keyboard at 1366 and 375 px", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registeredCompanyByApi(page);
  const scope = `id_team=${doc.teamId}`;
  const send = "Send certificate to CAS 360";
  const uploaded = page.getByText("The Certificate of Registration was uploaded to CAS360.");
  const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
  const casEntries = async () =>
    (
      (await (await page.request.get(`/api/log?id=${doc.docId}&${scope}`)).json()).data.rows as {
        type: string;
        is_success: boolean;
      }[]
    ).filter((row) => row.type === "CAS");

  // Without CAS 360 connected there is no such action.
  await page.goto(interviewUrl(doc.docId, doc.folderId));
  await slowExpect(toolbar.getByRole("link", { name: "Certificate of Registration" })).toBeVisible();
  await expect(toolbar.getByRole("button", { name: send })).toHaveCount(0);

  await connectByApi(page, doc.teamId, "bglcas360");
  try {
    await page.reload();
    const button = toolbar.getByRole("button", { name: send });
    await slowExpect(button).toBeVisible();
    // CAS 360 is also a client app, but nothing is imported into answers lodged with ASIC; and
    // nothing is saved there, so the bar says nothing of saving.
    await expect(page.getByRole("button", { name: "Import Client" })).toHaveCount(0);
    await expect(toolbar.getByText("No changes yet")).toHaveCount(0);
    // Tab from the certificate's download reaches it (the kit's button may stand between).
    await toolbar.getByRole("link", { name: "Certificate of Registration" }).focus();
    await expect(async () => {
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("tooltip", { name: send })).toBeVisible();
    await page.keyboard.press("Enter");
    await slowExpect(uploaded).toBeVisible();
    expect((await casEntries()).map((entry) => entry.is_success)).toEqual([true]);
    await expectAccessible(page, "registered company's interview with the CAS 360 action");
    await page.screenshot({ path: "/tmp/shots-asic/cas360-sent-1366.png" });

    // On a small screen it is in the bar's More actions menu.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const more = toolbar.getByRole("button", { name: "More actions" });
    await slowExpect(more).toBeVisible();
    await expect(toolbar.getByRole("button", { name: send })).toHaveCount(0);
    await more.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: send });
    await expect(item).toBeVisible();
    await page.screenshot({ path: "/tmp/shots-asic/cas360-more-actions-375.png" });
    await expect(async () => {
      await page.keyboard.press("ArrowDown");
      await expect(item).toHaveClass(/ant-dropdown-menu-item-active/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("Enter");
    await slowExpect(uploaded).toBeVisible();
    expect((await casEntries()).map((entry) => entry.is_success)).toEqual([true, true]);
  } finally {
    // Other tests of this firm register companies: they must not upload to a CAS 360 left connected.
    await page.request.get(`/api/bglcas360/auth/disconnect?${scope}`);
  }
});
