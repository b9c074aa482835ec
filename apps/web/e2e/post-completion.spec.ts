import { expect, type Page, test } from "@playwright/test";
import { DOCUMENT_SPEC_TIMEOUT_MS, openDocuments, teamIdOf } from "./documents-support";
import { expectAccessible, OWNER } from "./support";

/**
 * The post-completion dialog and the document panel (issue 33 item 2), at both widths: every
 * action the server's abilities and next-step flags offer on a completed trust deed, and none it
 * does not (a trust deed grants no security interest: no PPSR), with axe on each.
 */

const DEED = "Discretionary Trust Deed – Smith Family Trust";
const SHOTS = process.env.E2E_OUTPUT_DIR ?? "/tmp";

type Row = {
  id: number;
  name: string;
  proceed_abn_tfn_link?: string | null;
  trust_deed_stamping_link?: string | null;
  protector_link?: string | null;
  may_legal_review?: boolean;
};

async function deedRow(page: Page): Promise<Row> {
  const teamId = await teamIdOf(page);
  const reply = await page.request.get(
    `/api/doc?id_team=${teamId}&type=1&length=100&name=${encodeURIComponent("Smith Family Trust")}`,
  );
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { rows: Row[] } }).data.rows;
  const row = rows.find((r) => r.name === DEED);
  if (!row) throw new Error(`no document ${DEED}`);
  return row;
}

/** The next steps the server flags on the deed, each a link to the settings' address. */
async function expectNextSteps(scope: ReturnType<Page["getByRole"]>, row: Row) {
  const links: [string, string | null | undefined][] = [
    ["Proceed to ABN/TFN", row.proceed_abn_tfn_link],
    ["Trust deed stamping", row.trust_deed_stamping_link],
    ["Protector next steps", row.protector_link],
  ];
  for (const [label, href] of links) {
    expect(href, label).toBeTruthy();
    await expect(
      scope.getByRole("link", { name: new RegExp(`^${label}( \\(opens in a new tab\\))?$`) }),
    ).toHaveAttribute("href", href as string);
  }
  await expect(scope.getByRole("link", { name: /Register on the PPSR/ })).toHaveCount(0);
  await expect(scope.getByRole("link", { name: /CAS 360|Simple Fund 360/ })).toHaveCount(0);
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 812 } });
    test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS * 2 });

    test("the document panel offers Move to, review, hard copy and the deed's next steps", async ({
      page,
    }) => {
      await openDocuments(page, OWNER);
      const row = await deedRow(page);
      expect(row.may_legal_review).toBe(true);
      await page.goto(`/my-account/my-document?docId=${row.id}`);
      const panel = page.getByRole("dialog", { name: new RegExp(`^Doc ID ${row.id} - `) });
      await expect(panel.getByRole("button", { name: "Move to" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Legal review" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Order hard copy" })).toBeVisible();
      await expectNextSteps(panel, row);
      await expectAccessible(page, "document panel with next steps", { include: ".ant-drawer" });
      await page.screenshot({ path: `${SHOTS}/post-completion-panel-${width}.png`, fullPage: false });

      // Move to opens the list's own move dialog from the panel.
      await panel.getByRole("button", { name: "Move to" }).click();
      await expect(page.getByRole("dialog", { name: "Move document to" })).toBeVisible();
      await page.keyboard.press("Escape");
    });

    test("the post-completion dialog offers the same, with the downloads", async ({ page }) => {
      await openDocuments(page, OWNER);
      const row = await deedRow(page);
      // The download view of the deed's assembled files: "What next?" opens the suggestions.
      const teamId = await teamIdOf(page);
      const files = await page.request.get(`/api/xpressdox/get-download-ids/${row.id}?id_team=${teamId}`);
      expect(files.status()).toBe(200);
      const list = ((await files.json()) as { data: { files: { id: number; name: string }[] } }).data.files;
      const query = list
        .map((f) => `&download_id[]=${f.id}&filename[]=${encodeURIComponent(f.name)}`)
        .join("");
      await page.goto(
        `/my-account/my-document/template?docId=${row.id}&templateIdentifier=discretionary-trust-deed&tab=my-document${query}`,
      );
      await page.getByRole("button", { name: "What next?" }).click();
      const next = page.getByRole("dialog", { name: "What would you like to do next?" });
      await expect(next.getByRole("button", { name: "Move to" })).toBeVisible();
      await expect(next.getByRole("button", { name: "Relaunch" })).toBeVisible();
      await expect(next.getByRole("button", { name: "Legal review" })).toBeVisible();
      await expect(next.getByRole("button", { name: "Order hard copy" })).toBeVisible();
      await expectNextSteps(next, row);
      await expectAccessible(page, "post-completion dialog", { include: ".ant-modal" });
      await page.screenshot({ path: `${SHOTS}/post-completion-dialog-${width}.png`, fullPage: false });

      // The address's actions list decides what is offered: without XD_Download, no downloads.
      const viewHref = `/my-account/my-document/template?docId=${row.id}&templateIdentifier=discretionary-trust-deed&tab=my-document${query}`;
      await page.goto(`${viewHref}&actions=XD_Assemble,SignFS`);
      await expect(
        page.getByRole("heading", { level: 1, name: new RegExp(`^Doc ID ${row.id}`) }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /^Download (PDF|Word)/ })).toHaveCount(0);
      await page.getByRole("button", { name: "What next?" }).click();
      await expect(next.getByRole("button", { name: "Move to" })).toBeVisible();
      await expect(next.getByRole("link", { name: /^Download (PDF|Word)/ })).toHaveCount(0);
      await page.goto(viewHref);
      await expect(page.getByRole("link", { name: /^Download PDF/ }).first()).toBeVisible();
      await page.getByRole("button", { name: "What next?" }).click();

      // 'Exit and return to my documents' leads to the list, on the document's tab.
      await next.getByRole("link", { name: "Exit and return to my documents" }).click();
      await expect(page).toHaveURL("/my-account/my-document?tab=my-document");
      await expect(page.getByRole("tab", { name: "My Documents", selected: true }).first()).toBeVisible();
    });
  });
}
