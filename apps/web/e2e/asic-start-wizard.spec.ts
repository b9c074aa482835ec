import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  ASIC_ADDRESS_RESULT_TITLE,
  ASIC_PAYMENT_LEAVE_TITLE,
  ASIC_PAYMENT_READY_TITLE,
  ASIC_PAYMENT_SUCCESS_TITLE,
  ASIC_PROCEED_TO_PAYMENT,
  ASIC_SUBMIT_READY_TITLE,
  ASIC_SUBMITTED,
  asicApplicationNotLodgeable,
  isValidAcn,
  PUBLIC_COMPANY_DIRECTORS_REQUIRED,
  publicCompanyOfficeholdersNote,
  WIZARD_LEGAL_ELEMENTS,
} from "@precedent/contracts";
import { chooseFolder, openCatalogue, openPreview } from "./catalogue-support";
import { createFolderByApi, teamIdOf, uniqueName } from "./documents-support";
import { saveAnswersByApi, slowExpect } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

const REGISTRATION = "Company Registration (ASIC Form 201 Application)";
const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "test-results";

/** Opens the registration template's start wizard and fills its first step. */
async function openWizard(page: Page) {
  await openCatalogue(page, STRATEGIST_OWNER);
  const folder = uniqueName("Registrations");
  await createFolderByApi(page, folder);
  await page.reload();
  await (await openPreview(page, REGISTRATION)).getByRole("button", { name: "Start Document" }).click();
  // A registration document's important notice, with its video and the video's captions (documents spec §4).
  const notice = page.getByRole("dialog", { name: "Important notice" });
  await expect(notice).toContainText("This document is an application to ASIC.");
  await expect(notice.locator("video")).toHaveAttribute("src", "/media/company-registration-steps.webm");
  await expect(notice.locator('video track[kind="captions"]')).toHaveAttribute(
    "src",
    "/media/company-registration-steps.vtt",
  );
  const captions = await page.request.get("/media/company-registration-steps.vtt");
  expect(await captions.text()).toMatch(/^WEBVTT/);
  await expectAccessible(page, "Registration important notice", { include: ".ant-modal" });
  await notice.getByRole("button", { name: "Continue" }).click();
  const wizard = page.getByRole("dialog", { name: `Start ${REGISTRATION}` });
  await wizard.getByLabel("Document name").fill(uniqueName("Registration"));
  await chooseFolder(wizard, folder);
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByLabel("Proposed company name")).toBeVisible();
  if ((page.viewportSize()?.width ?? 0) > 600)
    await expect(wizard.getByText("Check Company Name Availability", { exact: true })).toBeVisible();
  return wizard;
}

/**
 * Chooses a legal element (PTY LTD unless told) in the legal element's list. On two busy cores a
 * click on the option while the list was still being laid out was now and then lost (CI: the list
 * left open, nothing chosen, and the next click landing on an option): the choice is made again
 * until the list has closed on it.
 */
async function chooseLegalElement(page: Page, legal: Locator, element = "PTY LTD") {
  await expect(async () => {
    if ((await legal.getAttribute("aria-expanded")) !== "true") await legal.click();
    await page.locator(`.ant-select-item-option[title="${element}"]`).click({ timeout: 3_000 });
    await expect(legal).toHaveAttribute("aria-expanded", "false", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test("the start wizard checks the company name, takes the consents and Director ID, and starts the interview", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const wizard = await openWizard(page);
  const next = wizard.getByRole("button", { name: "Next" });
  const check = wizard.getByRole("button", { name: "Check availability" });

  await check.click();
  await expect(wizard.getByText("Please input your company name!")).toBeVisible();
  await expect(wizard.getByText("Please select your legal!")).toBeVisible();
  await expect(next).toBeDisabled();

  // A name on the register (identical under rule 6101 to 'Harbour Bakery Pty Ltd').
  await wizard.getByLabel("Proposed company name").fill("The Harbour Bakeries");
  const legal = wizard.getByRole("combobox", { name: "Legal element" });
  await chooseLegalElement(page, legal);
  await check.click();
  await expect(wizard.getByText("The Harbour Bakeries PTY LTD is not available.")).toBeVisible();
  await expect(
    wizard.getByText(/^Reason: It is identical to the registered company name Harbour Bakery/),
  ).toBeVisible();
  await expect(next).toBeDisabled();
  await expectAccessible(page, "ASIC name check (not available)", { include: ".ant-modal" });
  await page.screenshot({ path: `${SCREENSHOTS}/asic-name-error-1366.png` });

  // A restricted word: available after ASIC's manual review, once the box is ticked.
  const name = uniqueName("Riverside Bank Holdings");
  await wizard.getByLabel("Proposed company name").fill(name);
  await check.click();
  await expect(
    wizard.getByText(`${name} PTY LTD is available, but needs ASIC's manual review.`),
  ).toBeVisible();
  await expect(wizard.getByText(/Banking Act 1959 \(Cth\) s66/)).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByRole("checkbox", { name: /ASIC will review this name manually/ }).check();
  await expect(next).toBeEnabled();
  await next.click();

  await expect(wizard.getByText(/section 201D of the Corporations Act 2001/)).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByRole("checkbox", { name: /consents have been obtained/ }).check();
  await next.click();

  const start = wizard.getByRole("button", { name: "Start Interview" });
  const confirmations = wizard.getByRole("checkbox");
  await expect(confirmations).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(start).toBeDisabled();
    await confirmations.nth(i).check();
  }
  await expectAccessible(page, "ASIC Director ID step", { include: ".ant-modal" });
  await expect(start).toBeEnabled();
  await start.click();

  await expect(
    page.getByText("Your document has been created. Please complete the interview to fulfill it"),
  ).toBeVisible();
  await expect(page).toHaveURL(/docId=\d+&templateIdentifier=company-registration/);
  const docId = Number(new URL(page.url()).searchParams.get("docId"));

  // The server has the name applied for the document and the consents recorded.
  const teamId = await teamIdOf(page);
  const reply = await page.request.post(`/api/asic/check-pre-consent?id_team=${teamId}`, {
    data: { doc_id: docId },
  });
  expect(reply.status()).toBe(200);
  expect((await reply.json()).data).toMatchObject({
    is_pre_consent: true,
    proposed_name: name,
    legal_element: "PTY LTD",
  });
  // …so the same name is now taken for anyone.
  const again = await page.request.post(`/api/asic/check-company-name?id_team=${teamId}`, {
    data: { company_name: name, legal_element: "PTY. LIMITED" },
  });
  expect((await again.json()).data.is_available).toBe(false);
});

test("the start wizard offers the ten legal elements, LTD. among them for a public company, whose fee the server refuses without three directors", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const wizard = await openWizard(page);
  const legal = wizard.getByRole("combobox", { name: "Legal element" });
  await legal.click();
  // The documents spec's ten, in its order: the nine proprietary ones, then LTD.
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  // Read again until it holds: the dropdown's list can be redrawn between two reads (seen in CI:
  // ten counted, then none found by the next read of the same list).
  await expect
    .poll(() => options.evaluateAll((items) => items.map((item) => item.getAttribute("title"))))
    .toEqual([...WIZARD_LEGAL_ELEMENTS]);
  await page.keyboard.press("Escape");
  await expect(legal).toHaveAttribute("aria-expanded", "false");

  const name = uniqueName("Wattle Ridge Holdings");
  await wizard.getByLabel("Proposed company name").fill(name);
  await chooseLegalElement(page, legal, "LTD.");
  // What a public company needs is said under the choice.
  await expect(wizard.getByText(publicCompanyOfficeholdersNote("LTD."))).toBeVisible();
  await wizard.getByRole("button", { name: "Check availability" }).click();
  await expect(wizard.getByText(`${name} LTD. is available.`)).toBeVisible();
  await expectAccessible(page, "ASIC name check (LTD.)", { include: ".ant-modal" });
  await page.screenshot({ path: `${SCREENSHOTS}/asic-name-ltd-1366.png` });
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("checkbox", { name: /consents have been obtained/ }).check();
  await wizard.getByRole("button", { name: "Next" }).click();
  for (const box of await wizard.getByRole("checkbox").all()) await box.check();
  await wizard.getByRole("button", { name: "Start Interview" }).click();
  await expect(page).toHaveURL(/docId=\d+&templateIdentifier=company-registration/);
  const docId = Number(new URL(page.url()).searchParams.get("docId"));
  const teamId = await teamIdOf(page);
  const pre = await page.request.post(`/api/asic/check-pre-consent?id_team=${teamId}`, {
    data: { doc_id: docId },
  });
  expect((await pre.json()).data).toMatchObject({ proposed_name: name, legal_element: "LTD." });

  // A public company limited by shares with the sample's two directors: ASIC's fee is refused.
  const sample = JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, "../../../templates/company-registration/sample-answers.json"),
      "utf8",
    ),
  );
  const { legal_element: _proprietary, pty_subclass: _subclass, ...rest } = sample;
  await slowExpect(
    page.getByRole("toolbar", { name: "Interview actions" }).getByRole("button", { name: "Assemble" }),
  ).toBeVisible();
  await saveAnswersByApi(
    page,
    { id: docId, teamId },
    {
      ...rest,
      proposed_name: name,
      company_kind: "pub_shares",
      pub_subclass: "ULST",
      public_element: "LTD.",
    },
  );
  const payment = await page.request.post(`/api/asic/init-payment?id_team=${teamId}`, {
    data: { doc_id: docId, redirect_url: "/my-account/my-document" },
  });
  expect(payment.status()).toBe(409);
  expect((await payment.json()).message).toBe(asicApplicationNotLodgeable(PUBLIC_COMPANY_DIRECTORS_REQUIRED));
});

test("the name check works by keyboard and passes axe on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const wizard = await openWizard(page);
  const name = wizard.getByLabel("Proposed company name");
  await name.focus();
  await page.keyboard.type(uniqueName("Wombat Flat Orchards"));
  await page.keyboard.press("Tab");
  const legalElement = wizard.getByRole("combobox", { name: "Legal element" });
  await expect(legalElement).toBeFocused();
  // Each key waits for the list to answer: on a busy machine a key pressed before the list has
  // opened (or closed) goes elsewhere.
  await page.keyboard.press("ArrowDown");
  await expect(legalElement).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(legalElement).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Tab");
  await expect(wizard.getByRole("button", { name: "Check availability" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(wizard.getByText(/PTY LTD is available\.$/)).toBeVisible();
  await expect(wizard.getByRole("button", { name: "Next" })).toBeEnabled();
  await expectAccessible(page, "ASIC name check (available)", { include: ".ant-modal" });
  await page.screenshot({ path: `${SCREENSHOTS}/asic-name-available-375.png`, fullPage: true });
});

test("pays ASIC's fee on the gateway, lodges, and the company is registered with its ACN and certificate", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const wizard = await openWizard(page);
  const name = uniqueName("Kookaburra Ridge Orchards");
  await wizard.getByLabel("Proposed company name").fill(name);
  await chooseLegalElement(page, wizard.getByRole("combobox", { name: "Legal element" }));
  await wizard.getByRole("button", { name: "Check availability" }).click();
  await expect(wizard.getByText(/PTY LTD is available\.$/)).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("checkbox", { name: /consents have been obtained/ }).check();
  await wizard.getByRole("button", { name: "Next" }).click();
  for (const box of await wizard.getByRole("checkbox").all()) await box.check();
  await wizard.getByRole("button", { name: "Start Interview" }).click();
  await expect(page).toHaveURL(/docId=\d+&templateIdentifier=company-registration/);
  const interviewUrl = page.url();
  const docId = Number(new URL(interviewUrl).searchParams.get("docId"));
  const teamId = await teamIdOf(page);

  // The interview's answers (the template's sample, with this name), saved as the page saves them.
  const sample = JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, "../../../templates/company-registration/sample-answers.json"),
      "utf8",
    ),
  );
  // First the interview page takes the document's token as it opens: a token taken before that is
  // replaced by the page's, and a save with it is refused (this test once saved nothing so).
  await slowExpect(
    page.getByRole("toolbar", { name: "Interview actions" }).getByRole("button", { name: "Assemble" }),
  ).toBeVisible();
  await saveAnswersByApi(page, { id: docId, teamId }, { ...sample, proposed_name: name });
  await page.goto(interviewUrl);

  const bar = page.getByRole("toolbar", { name: "Interview actions" });
  // The interview page loads its definition first: allow it time on a busy machine.
  await expect(bar.getByText("Payment Required")).toBeVisible({ timeout: 30_000 });
  await bar.getByRole("button", { name: "Make ASIC payment" }).click();
  // The address check comes first: the sample's two addresses both pass it.
  const addresses = page.getByRole("dialog").filter({ hasText: ASIC_ADDRESS_RESULT_TITLE });
  await expect(addresses.getByText(/: verified$/)).toHaveCount(2);
  await addresses.getByRole("button", { name: "Done" }).click();
  const ready = page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_READY_TITLE });
  await expect(ready.getByText("$597.00")).toBeVisible();
  await expect(ready.getByRole("listitem")).toHaveCount(4);
  await ready.getByRole("button", { name: "Proceed" }).click();
  const leave = page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_LEAVE_TITLE });
  await expect(leave.getByText(/locked for 3 hours/)).toBeVisible();
  await leave.getByRole("button", { name: ASIC_PROCEED_TO_PAYMENT }).click();

  await expect(page).toHaveURL(/\/asic-gateway\/ASIC[0-9A-F]+$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $597.00" }).click();
  await expect(page).toHaveURL(new RegExp(`docId=${docId}&action=get_transaction_status`));
  const paid = page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_SUCCESS_TITLE });
  await expect(paid.getByText(/^Receipt number: R[0-9A-F]{10}$/)).toBeVisible();
  await paid.getByRole("button", { name: "OK" }).click();

  await page.goto(interviewUrl);
  await expect(bar.getByText("Paid", { exact: true })).toBeVisible({ timeout: 30_000 });
  await bar.getByRole("button", { name: "Submit to ASIC" }).click();
  await page
    .getByRole("dialog")
    .filter({ hasText: ASIC_SUBMIT_READY_TITLE })
    .getByRole("button", { name: "Proceed" })
    .click();
  await expect(page.getByText(ASIC_SUBMITTED)).toBeVisible();
  // The page reloads 3 s after submitting; ASIC's decision arrives through the job queue.
  await expect(async () => {
    await page.goto(interviewUrl);
    await expect(bar.getByText("Registered", { exact: true })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  const acn = (await bar.getByText(/^ACN \d{3} \d{3} \d{3}$/).textContent())?.replace(/\D/g, "") ?? "";
  expect(isValidAcn(acn)).toBe(true);
  const href = await bar.getByRole("link", { name: "Certificate of Registration" }).getAttribute("href");
  const certificate = await page.request.get(href ?? "");
  expect(certificate.headers()["content-type"]).toBe("application/pdf");
  expect((await certificate.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectAccessible(page, "ASIC registered (interview top bar)");
});
