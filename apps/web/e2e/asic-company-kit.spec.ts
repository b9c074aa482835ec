import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { productIdByName } from "./catalogue-support";
import { createFolderByApi, documentRows, openDocuments, teamIdOf, uniqueName } from "./documents-support";
import { saveAnswersByApi } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

const REGISTRATION = "Company Registration (ASIC Form 201 Application)";
const KIT_TEMPLATES = [
  "Proprietary Company Constitution",
  "Consent to Act as Director and Secretary",
  "Minutes of the First Meeting of Directors",
  "Share Certificates and Registers",
];

const sample = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, "../../../templates/company-registration/sample-answers.json"),
    "utf8",
  ),
) as Record<string, unknown>;

/**
 * A company registered by the sandbox regulator (COMP, with its ACN), through the API as the
 * wizard, the interview, the gateway and 'Submit to ASIC' make one.
 */
async function registeredCompanyByApi(page: Page) {
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
  await saveAnswersByApi(page, { id: docId, teamId }, { ...sample, proposed_name: proposed });
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
  return { docId, name, folderId, proposed };
}

test("a registered company's kit: made from the row menu by keyboard, confirmed, then named and listed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registeredCompanyByApi(page);
  await openDocuments(page, STRATEGIST_OWNER, `?folderId=${doc.folderId}`);
  await expect(documentRows(page)).toHaveCount(1);

  // The row menu by keyboard: 'Create company kit'.
  const trigger = page.getByRole("button", { name: `Actions for ${doc.name}`, exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "Create company kit", exact: true });
  await expect(item).toBeVisible();
  for (let step = 0; step < 20; step++) {
    await page.keyboard.press("ArrowDown");
    if (await item.evaluate((node) => node.classList.contains("ant-dropdown-menu-item-active"))) break;
  }
  await page.keyboard.press("Enter");

  const confirm = page.getByRole("dialog").filter({ hasText: "Create company kit?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("the company constitution");
  await expectAccessible(page, "Create company kit confirmation", { include: ".ant-modal" });
  const ok = confirm.getByRole("button", { name: "Create company kit" });
  // A refusal is shown, and the kit is still offered.
  await page.route("**/api/asic/company-kit**", (route) =>
    route.fulfill({ status: 409, json: { message: "The kit cannot be made just now.", data: null } }),
  );
  await ok.focus();
  await page.keyboard.press("Enter");
  const refused = page.getByRole("dialog").filter({ hasText: "The company kit was not created" });
  await expect(refused).toContainText("The kit cannot be made just now.");
  await expectAccessible(page, "Company kit refused", { include: ".ant-modal" });
  await page.keyboard.press("Enter");
  await expect(refused).toBeHidden();
  await page.unrouteAll();

  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(item).toBeVisible();
  for (let step = 0; step < 20; step++) {
    await page.keyboard.press("ArrowDown");
    if (await item.evaluate((node) => node.classList.contains("ant-dropdown-menu-item-active"))) break;
  }
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await ok.focus();
  await page.keyboard.press("Enter");

  const done = page.getByRole("dialog").filter({ hasText: "Company kit created" });
  await expect(done).toBeVisible({ timeout: 60_000 });
  const made = done.getByRole("list", { name: "Documents created" }).getByRole("listitem");
  await expect(made).toHaveCount(4);
  for (const [index, template] of KIT_TEMPLATES.entries()) {
    await expect(made.nth(index)).toContainText(`${template} - ${doc.proposed} Pty Ltd`);
    await expect(made.nth(index)).toContainText("ready for signing");
  }
  await expectAccessible(page, "Company kit created", { include: ".ant-modal" });
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/asic-company-kit-1366.png`,
  });
  await page.keyboard.press("Enter");
  await expect(done).toBeHidden();

  // The kit's four documents are in the registration's folder; the kit is not offered again.
  await expect(documentRows(page)).toHaveCount(5);
  await expect(documentRows(page).filter({ hasText: doc.name })).toContainText("company kit made");
  await trigger.click();
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Create company kit", exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
});
