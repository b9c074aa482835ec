import { expect, test } from "@playwright/test";
import { openCatalogue, openPreview } from "./catalogue-support";
import { createDraftByApi, documentRows, openDocuments, uniqueName } from "./documents-support";
import { INTERVIEW_SPEC_TIMEOUT_MS, openInterview, startDocumentByApi } from "./interview-support";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * axe on the main pages and states, at both widths the product supports: no serious or critical
 * violation (contrast, names, landmarks, focusable scrolling regions, heading order).
 */

// Each test signs in, loads a page and runs axe over its whole DOM two or three times, which
// takes several seconds apiece on a busy machine: more than the default 30 s in all.
const AXE_SPEC_TIMEOUT_MS = 90_000;

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: AXE_SPEC_TIMEOUT_MS });

    test("sign-in page", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectAccessible(page, "sign-in page");
      // A refused sign-in shows its message in the form.
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectAccessible(page, "sign-in page with its error");
    });

    test("a page that does not exist, outside the account area and inside it", async ({ page }) => {
      // Outside the account area no layout gives the page its main landmark (it had none).
      await page.goto("/no-such-page");
      await expect(page.getByText("Page not found", { exact: true })).toBeVisible();
      await expectAccessible(page, "not-found page");
      await signIn(page, OWNER, "/my-account/no-such-page");
      await expect(page.getByText("Page not found", { exact: true })).toBeVisible();
      await expectAccessible(page, "not-found page in the account area");
    });

    test("document list", async ({ page }) => {
      await openDocuments(page, OWNER);
      // A document at the top level, so the list has a row whatever other specs have done.
      await createDraftByApi(page, uniqueName("Accessible"));
      await page.reload();
      await expect(documentRows(page).first()).toBeVisible();
      await expectAccessible(page, "document list");
    });

    test("catalogue and the preview modal", async ({ page }) => {
      await openCatalogue(page, OWNER);
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectAccessible(page, "catalogue");
      const preview = await openPreview(page, "Mutual Non-Disclosure Agreement");
      // The preview's first page is a PDF drawn in the browser: allow it the time a slow machine needs.
      await expect(preview.getByRole("img", { name: "Page 1", exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expectAccessible(page, "preview modal");
      await preview.getByRole("button", { name: "FAQ" }).click();
      await expectAccessible(page, "preview modal's FAQ");
    });

    test("interview page", async ({ page }) => {
      test.setTimeout(INTERVIEW_SPEC_TIMEOUT_MS);
      await openDocuments(page, OWNER);
      const doc = await startDocumentByApi(page);
      await openInterview(page, doc);
      await expectAccessible(page, "interview page");
    });

    test("My Company", async ({ page }) => {
      await signIn(page, OWNER, "/my-account/my-company");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("table").first()).toBeVisible();
      await expectAccessible(page, "My Company");
    });

    test("My Orders", async ({ page }) => {
      await signIn(page, OWNER, "/my-account/my-orders");
      await expect(page.getByRole("heading", { name: "My Orders", level: 1 })).toBeVisible();
      await expectAccessible(page, "My Orders");
    });
  });
}
