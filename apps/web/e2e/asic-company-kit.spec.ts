import { expect, test } from "@playwright/test";
import { chooseRowMenuItemByKeyboard, registeredCompanyByApi } from "./asic-support";
import { documentRows, openDocuments } from "./documents-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

const KIT_TEMPLATES = [
  "Proprietary Company Constitution",
  "Consent to Act as Director and Secretary",
  "Minutes of the First Meeting of Directors",
  "Share Certificates and Registers",
];

// The page fixture is set up under this limit too: at the start of a full run, with the servers
// still warming up, setting up the page once took past the default 30 s.
test.describe.configure({ timeout: 180_000 });

test("a registered company's kit: made from the row menu by keyboard, confirmed, then named and listed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registeredCompanyByApi(page);
  await openDocuments(page, STRATEGIST_OWNER, `?folderId=${doc.folderId}`);
  await expect(documentRows(page)).toHaveCount(1);

  // The row menu by keyboard: 'Create company kit'.
  const trigger = page.getByRole("button", { name: `Actions for ${doc.name}`, exact: true });
  await chooseRowMenuItemByKeyboard(page, doc.name, "Create company kit");

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

  await chooseRowMenuItemByKeyboard(page, doc.name, "Create company kit");
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
