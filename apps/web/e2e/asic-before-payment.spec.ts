import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  ADDRESS_NOT_VALIDATED,
  ASIC_ADDRESS_CHECK_UNCLEAR,
  ASIC_ADDRESS_RESULT_TITLE,
  ASIC_PAYMENT_READY_TITLE,
} from "@precedent/contracts";
import { chooseRowMenuItemByKeyboard } from "./asic-support";
import { productIdByName } from "./catalogue-support";
import { createFolderByApi, documentRows, openDocuments, teamIdOf, uniqueName } from "./documents-support";
import { saveAnswersByApi } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

const REGISTRATION = "Company Registration (ASIC Form 201 Application)";
const CARD = "4242 4242 4242 4242";

const sample = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, "../../../templates/company-registration/sample-answers.json"),
    "utf8",
  ),
) as Record<string, unknown>;

/**
 * A company registration In Progress, through the API as the wizard and the interview make one:
 * the name applied with the consents, then the template's sample answers saved (the first save
 * makes it In Progress, so the list offers 'Make ASIC payment').
 */
async function registrationByApi(page: Page, answers: Record<string, unknown> = {}) {
  const teamId = await teamIdOf(page);
  const folderName = uniqueName("Registrations");
  const folderId = await createFolderByApi(page, folderName);
  const name = uniqueName("Registration");
  // As the start wizard starts a template with ASIC steps.
  const started = await page.request.post(`/api/doc/start?id_team=${teamId}`, {
    data: { product_id: await productIdByName(page, REGISTRATION), name, folder_id: folderId, is_asic: 1 },
  });
  expect(started.status(), await started.text()).toBe(200);
  const doc = { id: (await started.json()).data.id as number, name, folderId, teamId };
  const proposed = `Quokka Bay Traders ${doc.name.split(" ").at(-1)}`;
  const applied = await page.request.post(`/api/asic/apply-proposed-name?id_team=${doc.teamId}`, {
    data: {
      doc_id: doc.id,
      proposed_name: proposed,
      legal_element: "PTY LTD",
      pre_registration_consent: true,
      pre_director_read: true,
      pre_director_offences: true,
      pre_director_requirement: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  expect((await applied.json()).data.applied).toBe(true);
  await saveAnswersByApi(page, doc, { ...sample, proposed_name: proposed, ...answers });
  return doc;
}

/** Pays ASIC's fee on the sandbox gateway as its form does, and reads the result as the return page does. */
async function payByApi(page: Page, doc: { id: number; teamId: number }) {
  const started = await page.request.post(`/api/asic/init-payment?id_team=${doc.teamId}`, {
    data: {
      doc_id: doc.id,
      redirect_url: `/my-account/my-document?docId=${doc.id}&action=get_transaction_status`,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const paymentUrl = (await started.json()).data.payment.paymentURL as string;
  const paid = await page.request.post(paymentUrl, { form: { card_number: CARD }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const result = await page.request.post(`/api/asic/get-transaction-status?id_team=${doc.teamId}`, {
    data: { doc_id: doc.id },
  });
  expect((await result.json()).data.businessDocumentBody.feePayment.declinedCode).toBeNull();
}

/** The row menu's items for a document of the open list, then the menu closed again. */
async function rowMenu(page: Page, name: string) {
  await expect(documentRows(page).filter({ hasText: name })).toHaveCount(1);
  const trigger = page.getByRole("button", { name: `Actions for ${name}`, exact: true });
  await trigger.click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const offered = await items.allInnerTexts();
  await page.keyboard.press("Escape");
  await expect(items.first()).toBeHidden();
  return offered;
}

/** Opens 'Make ASIC payment' from a row's menu by keyboard alone. */
const makeAsicPaymentByKeyboard = (page: Page, name: string) =>
  chooseRowMenuItemByKeyboard(page, name, "Make ASIC payment");

test("the address check runs before payment: each address's result, a warning that may go on, and errors that stop", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  // The principal place's street type is unknown to the check: a warning, not a refusal.
  const doc = await registrationByApi(page, { business_street: "7 Example Zigzag" });
  await openDocuments(page, STRATEGIST_OWNER, `?folderId=${doc.folderId}`);

  await makeAsicPaymentByKeyboard(page, doc.name);
  const result = page.getByRole("dialog").filter({ hasText: ASIC_ADDRESS_RESULT_TITLE });
  await expect(result).toBeVisible();
  const items = result.getByRole("listitem");
  await expect(items.filter({ hasText: "Registered office address: verified" })).toContainText(
    "Level 4, 120 Sample Street, Melbourne, VIC 3000",
  );
  const principal = items.filter({ hasText: "Principal place of business address: not validated" });
  await expect(principal).toContainText("7 Example Zigzag, Geelong, VIC 3220");
  await expect(principal).toContainText(ADDRESS_NOT_VALIDATED);
  await expect(principal).toContainText('"Zigzag" is not a known street type');
  await expectAccessible(page, "ASIC Address Verification Result", { include: ".ant-modal" });
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/asic-address-result-1366.png`,
  });
  // 'Done' has the focus: Enter goes on to the payment, the warning notwithstanding.
  await expect(result.getByRole("button", { name: "Done" })).toBeFocused();
  await page.keyboard.press("Enter");
  const ready = page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_READY_TITLE });
  await expect(ready).toBeVisible();
  await expect(result).toBeHidden();
  await ready.getByRole("button", { name: "Cancel" }).click();
  await expect(ready).toBeHidden();

  // A result neither true nor false is an error: shown, and no result or payment follows.
  await page.route("**/api/asic/check-address**", (route) =>
    route.fulfill({ json: { message: "", data: { isValid: "unknown", problems: [] } } }),
  );
  await makeAsicPaymentByKeyboard(page, doc.name);
  await expect(page.getByText(ASIC_ADDRESS_CHECK_UNCLEAR)).toBeVisible();
  await expect(result).toBeHidden();
  await expect(ready).toBeHidden();

  // A failed check shows its message, and stops there too.
  await page.unrouteAll();
  await page.route("**/api/asic/check-address**", (route) =>
    route.fulfill({ status: 503, json: { message: "The address service is unavailable.", data: null } }),
  );
  await makeAsicPaymentByKeyboard(page, doc.name);
  await expect(page.getByText("The address service is unavailable.")).toBeVisible();
  await expect(result).toBeHidden();
  await expect(ready).toBeHidden();
});

test("the row menu offers Copy on a registration only where the server's copy rule allows it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registrationByApi(page);
  await openDocuments(page, STRATEGIST_OWNER, `?folderId=${doc.folderId}`);
  // No payment or status yet: copied freely.
  expect(await rowMenu(page, doc.name)).toEqual(expect.arrayContaining(["Copy", "Make ASIC payment"]));

  // Paid and not yet lodged: a copy would put one fee behind two applications.
  await payByApi(page, doc);
  await page.reload();
  const offered = await rowMenu(page, doc.name);
  expect(offered).not.toContain("Copy");
  expect(offered).not.toContain("Make ASIC payment");
  expect(offered).toContain("Rename");
  const copy = await page.request.put(`/api/doc/duplicate-doc?id_team=${doc.teamId}`, {
    data: { doc_id: doc.id, name: `Copy of ${doc.name}` },
  });
  expect(copy.status()).toBe(409);
});
