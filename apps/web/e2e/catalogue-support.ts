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
