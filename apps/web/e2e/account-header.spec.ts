import { expect, type Locator, type Page, test } from "@playwright/test";
import { documentRows } from "./documents-support";
import { expectAccessible, OWNER, signIn } from "./support";

// Issue 33 item 8: on a phone the header took 232 px (29 %) of a 375 × 812 screen and pushed the
// first document below the fold. It is now one row (the mark, Menu, Sign out) over the firm and
// the person; the links open under Menu, each label on one line.

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 768 };
const DOCUMENTS = "/my-account/my-document";

const navigation = (page: Page) => page.getByRole("navigation", { name: "Account" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()?.width}.png`) });

/** How many lines a control's label takes (1 unless it wraps): its text's boxes, by their tops. */
const labelLines = (control: Locator) =>
  control.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    // A new line starts more than half a line below the last.
    return tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > 8).length;
  });

/** A control that lies wholly on the screen, its label whole on one line (no word broken, none cut). */
async function expectWholeOnOneLine(control: Locator, screenWidth: number) {
  const name = await control.textContent();
  const box = await control.boundingBox();
  if (!box) throw new Error(`${name} is not laid out`);
  expect(box.x, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends on the screen`).toBeLessThanOrEqual(screenWidth);
  expect(await labelLines(control), `${name} on one line`).toBe(1);
  const spill = await control.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(spill, `${name} spills ${spill} px`).toBeLessThanOrEqual(0);
}

test.describe("account header on a phone", () => {
  test.use({ viewport: PHONE });
  test.describe.configure({ timeout: 120_000 });

  test("the header is one row over the firm and the person, and the first document shows above the fold", async ({
    page,
  }) => {
    await signIn(page, OWNER, DOCUMENTS);
    await expect(documentRows(page).first()).toBeVisible({ timeout: 30_000 });
    const header = page.locator("header.app-top");
    const height = (await header.boundingBox())?.height ?? Number.NaN;
    // 232 px (29 %) before; now the row of 56 px and the firm and the person in two short lines.
    expect(height, `the header takes ${height} px`).toBeLessThanOrEqual(PHONE.height * 0.16);
    const firstRow = await documentRows(page).first().boundingBox();
    expect((firstRow?.y ?? Number.NaN) + (firstRow?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);

    // The links wait behind Menu; Menu and Sign out sit on the first row, apart.
    await expect(navigation(page).getByRole("link", { name: "My Company" })).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    const signOut = page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true });
    for (const control of [menuButton(page), signOut]) await expectWholeOnOneLine(control, PHONE.width);
    const menuBox = await menuButton(page).boundingBox();
    const signOutBox = await signOut.boundingBox();
    expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(signOutBox?.x ?? 0);
    await shoot(page, "phone-header");
  });

  test("Menu opens the links by keyboard, each whole on one line; Escape closes it; a link followed closes it", async ({
    page,
  }) => {
    await signIn(page, OWNER, DOCUMENTS);
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    const links = navigation(page).getByRole("link");
    await expect(links).toHaveText([
      "My Documents",
      "Our Templates",
      "My Company",
      "My Orders",
      "My Account",
      "Activity Log",
      "My Integrations",
    ]);
    for (const link of await links.all()) await expectWholeOnOneLine(link, PHONE.width);
    await expectWholeOnOneLine(navigation(page).getByRole("button", { name: "Upgrade" }), PHONE.width);
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeFocused();
    await expectAccessible(page, "phone header with its menu open");
    await shoot(page, "phone-menu-open");

    await page.keyboard.press("Escape");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton(page)).toBeFocused();
    await expect(links.first()).toBeHidden();

    await page.keyboard.press("Enter");
    // A real tap at the link's centre: whatever lies on top there gets it.
    const myCompany = navigation(page).getByRole("link", { name: "My Company" });
    const box = await myCompany.boundingBox();
    if (!box) throw new Error("My Company is laid out");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/my-account\/my-company$/);
    await expect(page.getByRole("heading", { name: "My Company", level: 1 })).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(myCompany).toBeHidden();
  });

  test("the floating create buttons show their labels when open", async ({ page }) => {
    await signIn(page, OWNER, DOCUMENTS);
    // Names in the firm's bar whole, none cut short.
    for (const name of [OWNER.firm, OWNER.name])
      await expectWholeOnOneLine(page.locator(".context-bar").getByText(name, { exact: true }), PHONE.width);
    await expect(documentRows(page).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Create New" }).click();
    for (const label of ["New Folder", "New Document", "From Template"]) {
      const shown = page.getByRole("tooltip", { name: label });
      await expect(shown).toBeVisible();
      await expect(shown).toBeInViewport({ ratio: 1 });
    }
    await shoot(page, "phone-create-buttons");
    await page.getByRole("button", { name: "From Template" }).click();
    await expect(page.getByRole("tooltip", { name: "New Folder" })).toBeHidden();
    await expectTemplateDialogFits(page);
  });
});

test.describe("account header and template dialog on a wide screen", () => {
  test.use({ viewport: WIDE });
  test.describe.configure({ timeout: 120_000 });

  test("the links show in the header with no Menu, and the template dialog fits the screen", async ({
    page,
  }) => {
    await signIn(page, OWNER, DOCUMENTS);
    await expect(menuButton(page)).toBeHidden();
    await expect(navigation(page).getByRole("link", { name: "My Company" })).toBeVisible();
    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("menuitem", { name: "From Template" }).click();
    await expectTemplateDialogFits(page);
  });
});

/** The full-screen template dialog is the screen's size: title and close in view, its lists scroll inside. */
async function expectTemplateDialogFits(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Create a new document" });
  await expect(dialog.getByRole("heading", { name: "Categories" })).toBeVisible();
  await expect(dialog.locator(".product-grid > *").first()).toBeVisible({ timeout: 30_000 });
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await page.locator(".create-document-dialog .ant-modal-container").boundingBox();
  if (!box) throw new Error("the dialog is laid out");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, "no sideways scroll").toBeLessThanOrEqual(0);
  await expectAccessible(page, "template dialog", { include: ".create-document-dialog" });
  await shoot(page, "template-dialog");
  // Scrolled to its last template, the dialog keeps its title and close button in view.
  await page
    .locator(".create-document-dialog .ant-modal-body")
    .evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText("Create a new document", { exact: true })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}
