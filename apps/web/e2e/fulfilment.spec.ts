import { expect, type Page, test } from "@playwright/test";
import {
  createDraftByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  openDocuments,
  teamIdOf,
  uniqueName,
} from "./documents-support";
import { expectAccessible, OTHER_OWNER, OWNER } from "./support";

/**
 * Legal review and hard copy (issue 33 item 1), at both widths: the dialogs priced by the server,
 * their fields (keyboard and the server's own field errors), the existing checkout, the request's
 * state on the document afterwards, and the Lite plan's notice with a real sales contact.
 */

/** The demo owner's completed trust deeds: one per width, so the two runs do not share a review. */
const TRUST_DEEDS: Record<number, string> = {
  1366: "Discretionary Trust Deed – Smith Family Trust",
  375: "Unit Trust Deed – Bayside Property Trust",
};

async function docIdByName(page: Page, name: string) {
  const teamId = await teamIdOf(page);
  const reply = await page.request.get(
    `/api/doc?id_team=${teamId}&type=1&length=100&search=${encodeURIComponent(name)}`,
  );
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { rows: { id: number; name: string }[] } }).data.rows;
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no document ${name}`);
  return row.id;
}

const panelOf = (page: Page, docId: number) =>
  page.getByRole("dialog", { name: new RegExp(`^Doc ID ${docId} - `) });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS * 2 });

    test("legal review of a trust deed, paid at the checkout, then shown on the document", async ({
      page,
    }) => {
      await openDocuments(page, OWNER);
      const name = TRUST_DEEDS[width] as string;
      const docId = await docIdByName(page, name);
      await page.goto(`/my-account/my-document?docId=${docId}`);
      await panelOf(page, docId).getByRole("button", { name: "Legal review" }).click();

      const dialog = page.getByRole("dialog", { name: `Legal review: Doc ID ${docId}` });
      await expect(dialog.getByText("$220.00")).toBeVisible();
      const note = dialog.getByLabel("What should the lawyer look at?");
      await note.focus();
      await page.keyboard.type("Please check the appointor clauses.");
      await expectAccessible(page, "legal review dialog", { include: ".ant-modal" });
      await dialog.getByRole("button", { name: "Continue to payment" }).click();

      await expect(page).toHaveURL(/\/checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay \$220\.00/ }).click();

      // Back on the document: its panel shows the review paid, and a second one is not offered.
      await expect(page).toHaveURL(new RegExp(`/my-account/my-document\\?docId=${docId}`));
      const panel = panelOf(page, docId);
      await expect(panel.getByRole("row", { name: /Legal review/ }).getByText("Paid")).toBeVisible();
      await panel.getByRole("button", { name: "Legal review" }).click();
      await expect(
        page.getByText(
          "A legal review of this document is already under way. You will hear from the review team by email.",
        ),
      ).toBeVisible();
      await page.keyboard.press("Escape");
    });

    test("hard copy: address checked by the server, then left unpaid and cancelled", async ({ page }) => {
      await openDocuments(page, OWNER);
      const docId = await createDraftByApi(page, uniqueName("Hard copy"));
      const teamId = await teamIdOf(page);
      expect(
        (
          await page.request.put(`/api/doc/status/${docId}?id_team=${teamId}`, { data: { status: 5 } })
        ).status(),
      ).toBe(200);
      await page.goto(`/my-account/my-document?docId=${docId}`);
      await panelOf(page, docId).getByRole("button", { name: "Order hard copy" }).click();

      const dialog = page.getByRole("dialog", { name: `Order hard copy: Doc ID ${docId}` });
      // One copy at $55.00 and the first shipping option ($12.50): $67.50.
      await expect(dialog.getByText("$67.50")).toBeVisible();
      await dialog.getByRole("radio", { name: /Express/ }).check();
      await dialog.getByLabel("Copies").fill("2");
      await expect(dialog.getByText("$129.95")).toBeVisible();
      await dialog.getByLabel("Street address").fill("1 George Street");
      await dialog.getByLabel("Suburb").fill("Sydney");
      // The state by keyboard: focus, type, Enter.
      await dialog.getByLabel("State").focus();
      await page.keyboard.type("NSW");
      await page.keyboard.press("Enter");
      await dialog.getByLabel("Postcode").fill("6000");
      await expectAccessible(page, "hard copy dialog", { include: ".ant-modal" });
      await dialog.getByRole("button", { name: "Continue to payment" }).click();
      await expect(
        dialog.getByText("Postcode 6000 is not a postcode of NSW.", { exact: false }).first(),
      ).toBeVisible();
      await expectAccessible(page, "hard copy dialog with the server's error", {
        include: ".ant-modal",
      });
      await dialog.getByLabel("Postcode").fill("2000");
      await dialog.getByRole("button", { name: "Continue to payment" }).click();

      await expect(page).toHaveURL(/\/checkout\//);
      await page.getByRole("button", { name: "Cancel and return" }).click();
      await expect(page).toHaveURL(new RegExp(`docId=${docId}`));
      const panel = panelOf(page, docId);
      await expect(panel.getByRole("row", { name: /Hard copy/ }).getByText("Awaiting payment")).toBeVisible();
      await panel.getByRole("button", { name: "Order hard copy" }).click();
      const again = page.getByRole("dialog", { name: `Order hard copy: Doc ID ${docId}` });
      await expect(again.getByText("is awaiting payment")).toBeVisible();
      await again.getByRole("button", { name: "Cancel request" }).click();
      await expect(page.getByText("The request was cancelled.")).toBeVisible();
      // Cancelled: a new order may be made.
      await expect(again.getByRole("button", { name: "Continue to payment" })).toBeVisible();
    });

    test("the Lite plan's notice names the sales phone and e-mail", async ({ page }) => {
      await openDocuments(page, OTHER_OWNER);
      const docId = await createDraftByApi(page, uniqueName("Lite deed"));
      const teamId = await teamIdOf(page);
      expect(
        (
          await page.request.put(`/api/doc/status/${docId}?id_team=${teamId}`, { data: { status: 5 } })
        ).status(),
      ).toBe(200);
      await page.goto(`/my-account/my-document?docId=${docId}`);
      await panelOf(page, docId).getByRole("button", { name: "Legal review" }).click();
      const notice = page.getByRole("dialog", { name: "Upgrade your plan" });
      await expect(notice.getByText("This feature is not available for Lite Plan.")).toBeVisible();
      await expect(notice.getByRole("link", { name: "1800 160 401" })).toHaveAttribute(
        "href",
        "tel:1800160401",
      );
      await expect(notice.getByRole("link", { name: "sales@precedent.com.au" })).toBeVisible();
      await expect(notice.getByText("...")).toHaveCount(0);
      await expectAccessible(page, "Lite notice", { include: ".ant-modal" });
      await page.keyboard.press("Escape");
      await expect(notice).toBeHidden();
    });
  });
}
