import { expect, type Locator, type Page } from "@playwright/test";
import { type DemoUser, signIn } from "./support";

/** Signs in with the API call the form makes and opens the catalogue page. */
export const openCatalogue = (page: Page, user: DemoUser) => signIn(page, user, "/my-account/templates");

/** A template card, found by the product's name. */
export const templateCard = (scope: Page | Locator, name: string) =>
  scope.getByRole("article", { name, exact: true });

/** A product's id, looked up by name through the catalogue API. */
export async function productIdByName(page: Page, name: string): Promise<number> {
  const reply = await page.request.get(`/api/products?search=${encodeURIComponent(name)}`);
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { rows: { id: number; name: string }[] } }).data.rows;
  const product = rows.find((row) => row.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  return product.id;
}

/** Opens a template's preview from the catalogue page. */
export async function openPreview(page: Page, product: string) {
  await templateCard(page, product)
    .getByRole("button", { name: `Preview ${product}` })
    .click();
  const preview = page.getByRole("dialog", { name: product });
  await expect(preview.getByRole("button", { name: "About Product" })).toBeVisible();
  return preview;
}

/**
 * Chooses a folder in the start wizard's Folder picker by typing its name and pressing Enter, as a
 * keyboard user does. Clicking a node of the open tree was unreliable: the demo firms' trees grow
 * with every spec, and a click on a node of the opening list now and then selected nothing.
 */
export async function chooseFolder(wizard: Locator, title: string) {
  const picker = wizard.getByRole("combobox", { name: "Folder" });
  await picker.click();
  await picker.fill(title);
  // Enter picks the first node the filtered tree shows: pressed before the tree shows the folder
  // (a folder made moments before, on a busy machine), it picked nothing and the default stayed.
  await expect(wizard.page().locator(".ant-select-tree").getByTitle(title, { exact: true })).toBeVisible();
  await picker.press("Enter");
  await expect(wizard.locator(".ant-select-content, .ant-select-selection-item").first()).toHaveText(title);
}
