// Registrations made through the API, as the wizard, the interview, the gateway and 'Submit to
// ASIC' make them, for the ASIC browser tests.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { productIdByName } from "./catalogue-support";
import { createFolderByApi, teamIdOf, uniqueName } from "./documents-support";
import { saveAnswersByApi } from "./interview-support";

export const REGISTRATION = "Company Registration (ASIC Form 201 Application)";

const sample = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, "../../../templates/company-registration/sample-answers.json"),
    "utf8",
  ),
) as Record<string, unknown>;

type AnswersOption = { answers?: (answers: Record<string, unknown>) => Record<string, unknown> };

/**
 * A registration In Progress, through the API as the wizard and the interview make one: its name
 * checked and applied for with the consents, then the template's sample answers saved.
 */
export async function registrationByApi(page: Page, options: AnswersOption = {}) {
  const teamId = await teamIdOf(page);
  const folderId = await createFolderByApi(page, uniqueName("Kit"));
  const name = uniqueName("Registration");
  const started = await page.request.post(`/api/doc/start?id_team=${teamId}`, {
    data: { product_id: await productIdByName(page, REGISTRATION), name, folder_id: folderId, is_asic: 1 },
  });
  expect(started.status(), await started.text()).toBe(200);
  const docId = (await started.json()).data.id as number;
  const proposed = `Numbat Flat Growers ${name.split(" ").at(-1)}`;
  const applied = await page.request.post(`/api/asic/apply-proposed-name?id_team=${teamId}`, {
    data: {
      doc_id: docId,
      proposed_name: proposed,
      legal_element: "PTY LTD",
      pre_registration_consent: true,
      pre_director_read: true,
      pre_director_offences: true,
      pre_director_requirement: true,
    },
  });
  expect((await applied.json()).data.applied).toBe(true);
  const answers = { ...sample, proposed_name: proposed };
  await saveAnswersByApi(page, { id: docId, teamId }, options.answers?.(answers) ?? answers);
  return { docId, name, folderId, proposed, teamId };
}

/**
 * A company registered by the sandbox regulator (COMP, with its ACN), through the API as the
 * wizard, the interview, the gateway and 'Submit to ASIC' make one.
 */
export async function registeredCompanyByApi(page: Page, options: AnswersOption = {}) {
  const registration = await registrationByApi(page, options);
  const { docId, teamId } = registration;
  const payment = await page.request.post(`/api/asic/init-payment?id_team=${teamId}`, {
    data: {
      doc_id: docId,
      redirect_url: `/my-account/my-document?docId=${docId}&action=get_transaction_status`,
    },
  });
  const paymentUrl = (await payment.json()).data.payment.paymentURL as string;
  const paid = await page.request.post(paymentUrl, {
    form: { card_number: "4242 4242 4242 4242" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await page.request.post(`/api/asic/get-transaction-status?id_team=${teamId}`, { data: { doc_id: docId } });
  const lodged = await page.request.post(`/api/asic/registration-company-lodgement?id_team=${teamId}`, {
    data: { doc_id: docId },
  });
  expect(lodged.status(), await lodged.text()).toBe(200);
  // The sandbox decides in 1.5 s here (playwright.config.ts), polled each second.
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.post(`/api/asic/application?id_team=${teamId}`, { data: { doc_id: docId } })
          ).json()
        ).data.asic_status,
      { timeout: 30_000 },
    )
    .toBe("COMP");
  return registration;
}

/**
 * Opens a document row's menu and chooses `itemName` by keyboard alone (Enter on the row's
 * actions button, ArrowDown to the item, Enter). Each key waits until the menu has moved its
 * highlight: read too early, the highlight was one item behind, the loop pressed once more and
 * Enter chose the item after it ('Delete', 'Document Logs').
 */
export async function chooseRowMenuItemByKeyboard(page: Page, documentName: string, itemName: string) {
  const trigger = page.getByRole("button", { name: `Actions for ${documentName}`, exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: itemName, exact: true });
  await expect(item).toBeVisible();
  const active = page.locator(".ant-dropdown-menu-item-active");
  const activeText = async () =>
    (await active.count()) > 0 ? ((await active.first().textContent()) ?? "").trim() : "";
  let previous = await activeText();
  for (let step = 0; step < 30 && previous !== itemName; step++) {
    await page.keyboard.press("ArrowDown");
    await expect.poll(activeText).not.toBe(previous);
    previous = await activeText();
  }
  await expect(item).toHaveClass(/ant-dropdown-menu-item-active/);
  await page.keyboard.press("Enter");
}
