import { expect, test } from "@playwright/test";
import { chooseFolder } from "./catalogue-support";
import { consoleSignInThroughApi } from "./console-support";
import { createFolderByApi, uniqueName } from "./documents-support";
import { expectAccessible, OTHER_OWNER, signIn } from "./support";

// Issue 37, loose end 2: a template the firm paid for and staff withdrew from sale since is still
// started from My Orders, by keyboard; the catalogue no longer offers it. Everything made here is
// this spec's own (a product of its own, ordered and paid on the sandbox checkout).

const ADMINISTRATOR = "admin@console.test";

test("My Orders starts a paid order whose template was withdrawn from sale since", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = uniqueName("Withdrawn Minutes");
  const staff = await browser.newContext();
  await consoleSignInThroughApi(staff.request, ADMINISTRATOR);
  const categories = (await (await staff.request.get("/api/console/catalogue/categories")).json()) as {
    data: { rows: { id: number }[] };
  };
  const made = await staff.request.post("/api/console/catalogue/products", {
    data: {
      name,
      sku: `E2E-WD-${Date.now()}`,
      price_cents: 4_400,
      category_ids: [categories.data.rows[0]?.id],
      template: "first-directors-minutes",
      published: true,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const productId = ((await made.json()) as { data: { id: number } }).data.id;

  await signIn(page, OTHER_OWNER, "/my-account/my-orders");
  const me = (await (await page.request.get("/api/users/me")).json()) as {
    data: { teams: { id: number }[] };
  };
  const teamId = me.data.teams[0]?.id;
  const folder = uniqueName("Withdrawn but paid");
  await createFolderByApi(page, folder);
  const ordered = await page.request.post(`/api/orders?id_team=${teamId}`, {
    data: {
      line_items: [{ product_id: productId, quantity: 1 }],
      coupon_lines: [],
      billing: { first_name: "Oscar", last_name: "Other", email: OTHER_OWNER.email },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const orderId = ((await ordered.json()) as { data: { id: number } }).data.id;
  const checkout = await page.request.post(`/api/stripe/checkout?id_team=${teamId}`, {
    data: { order_id: orderId },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await page.goto(((await checkout.json()) as { data: { url: string } }).data.url);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay $44.00 AUD" }).click();
  await expect(page.getByRole("dialog", { name: "Payment Confirmed" })).toBeVisible();

  // Withdrawn: the order points at it, so it is kept but no longer sold.
  const removed = await staff.request.delete(`/api/console/catalogue/products/${productId}`);
  expect(((await removed.json()) as { data: { outcome: string } }).data.outcome).toBe("withdrawn");
  await staff.close();
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);

  await page.goto("/my-account/my-orders");
  await expect(page.getByRole("heading", { name: "My Orders", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name }).first();
  await expect(row).toContainText("Paid");
  await expectAccessible(page, "My Orders with a withdrawn template's paid order");
  const start = row.getByRole("button", { name: new RegExp(`^Start ${name}`) });
  await start.focus();
  await page.keyboard.press("Enter");
  const wizard = page.getByRole("dialog", { name: `Start ${name}` });
  await wizard.getByLabel("Document name").fill(uniqueName("Paid before it was withdrawn"));
  await chooseFolder(wizard, folder);
  await wizard.getByRole("button", { name: "Start Interview" }).click();
  await expect(page).toHaveURL(/\/my-account\/my-document\/template\?docId=\d+/);

  await page.goto("/my-account/my-orders");
  await expect(page.getByRole("row").filter({ hasText: name }).first()).toContainText("Used");
});
