import { expect, test } from "@playwright/test";
import { chooseFolder, openCatalogue, openPreview } from "./catalogue-support";
import { createFolderByApi, uniqueName } from "./documents-support";
import { STRATEGIST_OWNER } from "./support";

const UNIT_TRUST_DEED = "Unit Trust Deed";

test("a template with an acknowledgement asks for it before the interview starts", async ({ page }) => {
  test.setTimeout(120_000);
  await openCatalogue(page, STRATEGIST_OWNER);
  const folder = uniqueName("Unit trusts");
  await createFolderByApi(page, folder);
  await page.reload();

  await (await openPreview(page, UNIT_TRUST_DEED)).getByRole("button", { name: "Start Document" }).click();
  // A unit trust deed is a trust template and a special document: the trust notice, then the
  // information dialog (startNotices' order). Each closes before the next opens: clicked while
  // the first still faded out, a "first dialog" locator hit its Continue twice on CI.
  for (const name of ["Attention: trust deed", "Important information"]) {
    const notice = page.getByRole("dialog", { name });
    await notice.getByRole("button", { name: "Continue" }).click();
    await expect(notice).toBeHidden();
  }

  const wizard = page.getByRole("dialog", { name: `Start ${UNIT_TRUST_DEED}` });
  await expect(wizard.getByText("Acknowledgement", { exact: true })).toBeVisible();
  await wizard.getByLabel("Document name").fill(uniqueName("Harbour Unit Trust"));
  await chooseFolder(wizard, folder);
  await wizard.getByRole("button", { name: "Next" }).click();

  await expect(wizard.getByText(/stamp duty or a lodgement requirement may apply/)).toBeVisible();
  const start = wizard.getByRole("button", { name: "Start Interview" });
  await expect(start).toBeDisabled();
  await wizard.getByRole("checkbox", { name: "Yes - I/we accept" }).check();
  const date = wizard.getByLabel("Date (DD/MM/YYYY)");
  await date.fill("31/02/2026");
  await date.blur();
  await expect(wizard.getByText("Please enter the acknowledgement date as DD/MM/YYYY.")).toBeVisible();
  await expect(start).toBeDisabled();
  await date.fill("20/11/2026");
  await expect(start).toBeEnabled();
  await start.click();

  await expect(
    page.getByText("Your document has been created. Please complete the interview to fulfill it"),
  ).toBeVisible();
  await expect(page).toHaveURL(
    /\/my-account\/my-document\/template\?docId=\d+&templateIdentifier=unit-trust-deed/,
  );
});
