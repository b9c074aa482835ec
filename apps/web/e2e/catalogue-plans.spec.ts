import { expect, test } from "@playwright/test";
import { chooseFolder, openCatalogue, openPreview, templateCard } from "./catalogue-support";
import { createFolderByApi, uniqueName } from "./documents-support";
import { LAST_CREDIT_OWNER, NEW_OWNER, OTHER_OWNER, OWNER, STRATEGIST_OWNER } from "./support";

const SMSF_DEED = "Self Managed Superannuation Fund Trust Deed";

test.describe("what each plan may do with a template", () => {
  test.describe.configure({ timeout: 120_000 });

  test("Lite: Superannuation is Strategist-only; other templates are bought", async ({ page }) => {
    await openCatalogue(page, OTHER_OWNER);
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByText("Superannuation", { exact: true })
      .click();
    await expect(page.getByText("This category can only be purchased as Strategist")).toBeVisible();

    // Said up front on the card and in the preview: no price, no Purchase, an upgrade instead.
    const card = templateCard(page, SMSF_DEED);
    await expect(card.getByText("Strategist only")).toBeVisible();
    await expect(card.getByText("inc. GST")).toHaveCount(0);
    const preview = await openPreview(page, SMSF_DEED);
    await expect(preview.getByText("$275.00")).toHaveCount(0);
    await expect(preview.getByRole("button", { name: "Purchase" })).toHaveCount(0);
    await preview.getByRole("button", { name: "Upgrade" }).click();
    const refusal = page.getByRole("dialog", { name: "Strategist plan required" });
    await expect(refusal.getByText(/This category can only be purchased as Strategist/)).toBeVisible();
    await expect(refusal.getByRole("button", { name: "Talk to Sales" })).toBeVisible();
    await refusal.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Purchase item" })).toHaveCount(0);
  });

  test("Best Practice: the Strategist-only SMSF deed shows no price or Purchase", async ({ page }) => {
    await openCatalogue(page, OWNER);
    const card = templateCard(page, SMSF_DEED);
    await expect(card.getByText("Strategist only")).toBeVisible();
    await expect(card.getByText("inc. GST")).toHaveCount(0);
    const preview = await openPreview(page, SMSF_DEED);
    await expect(preview.getByRole("button", { name: "Purchase" })).toHaveCount(0);
    await expect(preview.getByRole("button", { name: "Upgrade" })).toBeVisible();
  });

  test("Best Practice firm that has just joined: Start Document opens the wizard, not the limit", async ({
    page,
  }) => {
    // owner@newpractice.test: a limited plan with nothing used yet (no balance recorded).
    await openCatalogue(page, NEW_OWNER);
    const preview = await openPreview(page, "Mutual Non-Disclosure Agreement");
    await preview.getByRole("button", { name: "Start Document" }).click();
    await expect(page.getByRole("dialog", { name: "Start Mutual Non-Disclosure Agreement" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Document limit usage has been reached" })).toHaveCount(0);
    // Nothing is started here: this firm stays the demo's first-use firm for other specs.
  });

  test("Strategist: every category starts without a price, Superannuation included", async ({ page }) => {
    await openCatalogue(page, STRATEGIST_OWNER);
    await expect(templateCard(page, SMSF_DEED).getByText("inc. GST")).toHaveCount(0);
    const preview = await openPreview(page, SMSF_DEED);
    await expect(preview.getByText("This category can only be purchased as Strategist")).toHaveCount(0);
    await preview.getByRole("button", { name: "Start Document" }).click();
    const wizard = page.getByRole("dialog", { name: `Start ${SMSF_DEED}` });
    await expect(wizard).toBeVisible();
    await wizard.getByRole("button", { name: "Cancel" }).click();

    // A will carries the special-document information dialog before the wizard; Cancel stops there.
    const will = await openPreview(page, "Simple Will");
    await will.getByRole("button", { name: "Start Document" }).click();
    const information = page.getByRole("dialog", { name: "Important information" });
    await information.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Start Simple Will" })).toHaveCount(0);
    await (await openPreview(page, "Simple Will")).getByRole("button", { name: "Start Document" }).click();
    await page
      .getByRole("dialog", { name: "Important information" })
      .getByRole("button", { name: "Continue" })
      .click();
    await expect(page.getByRole("dialog", { name: "Start Simple Will" })).toBeVisible();
  });

  test("Best Practice: the last use starts a document, then the limit dialog appears", async ({ page }) => {
    await openCatalogue(page, LAST_CREDIT_OWNER);
    const me = await page.request.get("/api/users/me");
    const teamId = ((await me.json()) as { data: { teams: { id: number }[] } }).data.teams[0]?.id;
    const membership = await page.request.get(`/api/membership/products?id_team=${teamId}`);
    const { limit } = ((await membership.json()) as { data: { body: { limit: number | null } } }).data.body;

    if ((limit ?? 0) >= 1) {
      // Spend the remaining use through the wizard.
      const folder = uniqueName("Last credit");
      await createFolderByApi(page, folder);
      await page.reload();
      const preview = await openPreview(page, "Mutual Non-Disclosure Agreement");
      await preview.getByRole("button", { name: "Start Document" }).click();
      const wizard = page.getByRole("dialog", { name: "Start Mutual Non-Disclosure Agreement" });
      await chooseFolder(wizard, folder);
      await wizard.getByRole("button", { name: "Start Interview" }).click();
      await expect(page).toHaveURL(/\/my-account\/my-document\/template\?docId=\d+/);
      await page.goto("/my-account/templates");
    }

    const preview = await openPreview(page, "Mutual Non-Disclosure Agreement");
    await preview.getByRole("button", { name: "Start Document" }).click();
    const limitDialog = page.getByRole("dialog", { name: "Document limit usage has been reached" });
    await expect(limitDialog.getByRole("button", { name: "Contact Support" })).toBeVisible();
    await limitDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(limitDialog).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Start Mutual Non-Disclosure Agreement" })).toHaveCount(0);
  });
});
