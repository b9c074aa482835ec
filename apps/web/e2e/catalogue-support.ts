import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD, type DemoUser, expectShell } from "./support";

/** Signs in with the API call the form makes and opens the catalogue page. */
export async function openCatalogue(page: Page, user: DemoUser) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await page.goto("/my-account/templates");
  await expectShell(page, user);
}

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

/** Demo firm on the Strategist plan: every category, no limit. */
export const STRATEGIST_OWNER: DemoUser = {
  email: "owner@strategist.test",
  name: "Stella Strategist",
  firm: "Strategist Partners Pty Ltd",
  role: "Owner",
};

/** Demo firm on Best Practice with one document use left. */
export const LAST_CREDIT_OWNER: DemoUser = {
  email: "owner@lastcredit.test",
  name: "Liam Lastcredit",
  firm: "Last Credit Advisory Pty Ltd",
  role: "Owner",
};

/** Opens a template's preview from the catalogue page. */
export async function openPreview(page: Page, product: string) {
  await templateCard(page, product)
    .getByRole("button", { name: `Preview ${product}` })
    .click();
  const preview = page.getByRole("dialog", { name: product });
  await expect(preview.getByRole("tab", { name: "About Product" })).toBeVisible();
  return preview;
}
