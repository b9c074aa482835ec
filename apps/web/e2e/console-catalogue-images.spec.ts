import { crc32, deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { templateCard } from "./catalogue-support";
import { consoleSessionThroughApi } from "./console-support";
import { DEMO_PASSWORD, expectAccessible, OTHER_OWNER, OWNER, signIn } from "./support";

/**
 * Catalogue images and a withdrawn product back on sale (issue 37 item 3): the demo administrator
 * gives a product an image from the editor by keyboard (a PDF named .png refused under the
 * field, nothing changed), the firm's card shows it at once and holds its layout, the image is
 * removed; a category gets an image in its dialog; a withdrawn product is put back on sale and
 * firms see it again. At both widths, with axe on the editor, the dialog and the firm's page.
 * Everything made here is this spec's own.
 */
const ADMINISTRATOR = "admin@console.test";

test.describe.configure({ mode: "serial" });

/**
 * A retry runs against the same server, where the first try's product may already exist: each try
 * names its own (SKUs are unique, and a second card of the same name would confuse the search).
 */
const ofThisTry = (text: string) => {
  const retry = test.info().retry;
  return retry ? `${text} R${retry}` : text;
};

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-catalogue-images-${name}-${width}.png`,
    fullPage: true,
  });

/** A solid-colour PNG, written by hand (no image library in the browser tests). */
function png(width: number, height: number, rgb: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function newProduct(page: Page, name: string, sku: string) {
  const categories = (await (await page.request.get("/api/console/catalogue/categories")).json()) as {
    data: { rows: { id: number; name: string }[] };
  };
  const business = categories.data.rows.find((c) => c.name === "Business & Commercial")?.id;
  const made = await page.request.post("/api/console/catalogue/products", {
    data: {
      name,
      sku,
      price_cents: 4_500,
      category_ids: [business],
      template: "mutual-nda",
      published: true,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

async function openEditor(page: Page, sku: string, name: string) {
  await page.goto("/console?tab=catalogue");
  await expect(page.getByLabel("Find a product by name or SKU")).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Find a product by name or SKU").fill(sku);
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // The pointer left where the list's button was would hover the editor's Remove button there
  // (at 375 px), caught by axe mid-transition of its colour.
  await page.mouse.move(0, 0);
}

for (const width of [1366, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("a product's image is set by keyboard, checked by its bytes, shown on the firm's card, and removed", async ({
      page,
      browser,
    }) => {
      const name = ofThisTry(`Pictured Deed ${width}`);
      const sku = ofThisTry(`E2E-PIC-${width}`).replace(" ", "-");
      await consoleSessionThroughApi(page, ADMINISTRATOR);
      await newProduct(page, name, sku);
      await openEditor(page, sku, name);
      await expect(page.getByText("No image yet: firms see a plain card.")).toBeVisible();

      // The file input is reached by keyboard from the field before it.
      await page.getByLabel("Price (AUD, GST included)").focus();
      await page.keyboard.press("Tab");
      const file = page.getByLabel("Image", { exact: true });
      await expect(file).toBeFocused();

      // A PDF named .png with an image's declared type: refused under the field, nothing changed.
      await file.setInputFiles({
        name: "deed.png",
        mimeType: "image/png",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
      });
      await expect(
        page.getByRole("alert").filter({ hasText: "Upload a PNG, JPEG or WebP image." }),
      ).toBeVisible();
      await expect(file).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("No image yet: firms see a plain card.")).toBeVisible();
      await expectAccessible(page, "product editor with a refused image");

      await file.setInputFiles({
        name: "cover.png",
        mimeType: "image/png",
        buffer: png(640, 360, [31, 95, 139]),
      });
      const preview = page.getByRole("img", { name: `Image of ${name}` });
      await expect(preview).toBeVisible();
      // Visible is not loaded: the bytes arrive after the element shows.
      await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
      await expect(page.getByRole("region", { name: `History of ${name}` })).toContainText(
        "product.image_set",
      );
      await expectAccessible(page, "product editor with an image");
      await shot(page, "editor", width);

      // The firm's catalogue shows it at once on the card, which keeps its layout.
      const firm = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 740 } });
      await signIn(firm, OWNER, "/my-account/templates");
      await firm.getByRole("searchbox", { name: "Search templates" }).fill("Pictured Deed");
      const card = templateCard(firm, name);
      await expect(card).toBeVisible();
      const cover = card.locator("img.product-card__image");
      await expect(cover).toHaveAttribute("src", /^\/api\/catalogue\/images\/[0-9a-f]{64}$/);
      await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
      const [cardBox, imageBox] = [await card.boundingBox(), await cover.boundingBox()];
      expect(cardBox && imageBox).toBeTruthy();
      if (cardBox && imageBox) {
        expect(cardBox.x).toBeGreaterThanOrEqual(0);
        expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(width);
        expect(imageBox.width).toBeLessThanOrEqual(cardBox.width + 1);
        expect(imageBox.height).toBeLessThanOrEqual(130);
      }
      expect(await firm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(card.getByRole("button", { name: `Preview ${name}` })).toBeVisible();
      await expectAccessible(firm, "catalogue with a pictured card");
      await card.scrollIntoViewIfNeeded();
      await shot(firm, "firm-card", width);

      // Removed by keyboard; the firm's card is plain again.
      const remove = page.getByRole("button", { name: "Remove the image" });
      await remove.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("No image yet: firms see a plain card.")).toBeVisible();
      await firm.reload();
      await firm.getByRole("searchbox", { name: "Search templates" }).fill("Pictured Deed");
      await expect(templateCard(firm, name).locator(".product-card__placeholder")).toBeVisible();
      await firm.close();
    });

    test("a category's image is set in its dialog and the firms' carousel shows it", async ({
      page,
      browser,
    }) => {
      const category = ofThisTry(`Pictured Category ${width}`);
      await consoleSessionThroughApi(page, ADMINISTRATOR);
      const made = await page.request.post("/api/console/catalogue/categories", {
        data: { name: category, parent_id: null },
      });
      expect(made.status(), await made.text()).toBe(200);
      await page.goto("/console?tab=catalogue&part=categories");
      const open = page.getByRole("button", { name: `Rename or move ${category}` });
      await expect(open).toBeVisible({ timeout: 60_000 });
      await open.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Rename or move ${category}` });
      await expect(dialog.getByLabel("Name")).toBeFocused();
      const file = dialog.getByLabel("Image", { exact: true });
      await file.focus();
      await expect(file).toBeFocused();
      await file.setInputFiles({
        name: "c.png",
        mimeType: "image/png",
        buffer: png(200, 200, [180, 120, 20]),
      });
      await expect(dialog.getByRole("img", { name: `Image of the category ${category}` })).toBeVisible();
      await expectAccessible(page, "category dialog with an image");
      await shot(page, "category-dialog", width);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // A product in it, so firms see the category in the carousel.
      const categories = (await (await page.request.get("/api/console/catalogue/categories")).json()) as {
        data: { rows: { id: number; name: string }[] };
      };
      const id = categories.data.rows.find((c) => c.name === category)?.id;
      const product = await page.request.post("/api/console/catalogue/products", {
        data: {
          name: ofThisTry(`Carousel Deed ${width}`),
          sku: ofThisTry(`E2E-CAROUSEL-${width}`).replace(" ", "-"),
          price_cents: 1_000,
          category_ids: [id],
          template: "mutual-nda",
          published: true,
        },
      });
      expect(product.status(), await product.text()).toBe(200);
      const firm = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 740 } });
      await signIn(firm, OWNER, "/my-account/templates");
      // By its class, not its role: at 375 px its slide may lie out of view (hidden from the
      // accessibility tree until the arrows bring it in).
      const slide = firm.locator(".category-carousel__card", { hasText: category }).first();
      const picture = slide.locator("img.category-carousel__image");
      await expect(picture).toHaveAttribute("src", /^\/api\/catalogue\/images\/[0-9a-f]{64}$/);
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(200);
      await firm.close();
    });

    test("a withdrawn product is put back on sale by keyboard, and firms see it again", async ({
      page,
      browser,
    }) => {
      const name = ofThisTry(`Returning Deed ${width}`);
      const sku = ofThisTry(`E2E-BACK-${width}`).replace(" ", "-");
      await consoleSessionThroughApi(page, ADMINISTRATOR);
      const id = await newProduct(page, name, sku);
      // A firm orders it, so removing it withdraws it.
      const other = await browser.newContext();
      const login = await other.request.post("/api/auth/login", {
        data: { email: OTHER_OWNER.email, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const me = (await (await other.request.get("/api/users/me")).json()) as {
        data: { teams: { id: number }[] };
      };
      const ordered = await other.request.post(`/api/orders?id_team=${me.data.teams[0]?.id}`, {
        data: {
          line_items: [{ product_id: id, quantity: 1 }],
          coupon_lines: [],
          billing: { first_name: "Oscar", last_name: "Other", email: OTHER_OWNER.email },
        },
      });
      expect(ordered.status(), await ordered.text()).toBe(200);
      await other.close();
      const removed = await page.request.delete(`/api/console/catalogue/products/${id}`);
      expect(((await removed.json()) as { data: { outcome: string } }).data.outcome).toBe("withdrawn");

      await openEditor(page, sku, name);
      await expect(page.getByText(`SKU ${sku} · Withdrawn`)).toBeVisible();
      const back = page.getByRole("button", { name: "Put back on sale" });
      await back.focus();
      await expect(back).toBeFocused();
      await expectAccessible(page, "a withdrawn product with its way back");
      await page.keyboard.press("Enter");
      await expect(page.getByText(`SKU ${sku} · Published`)).toBeVisible();
      await expect(page.getByText("The product is back in the catalogue.")).toBeVisible();
      await expect(page.getByRole("region", { name: `History of ${name}` })).toContainText(
        "product.restored",
      );
      await expect(page.getByRole("button", { name: `Remove ${name}` })).toBeVisible();
      await shot(page, "restored", width);

      const firm = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 740 } });
      await signIn(firm, OWNER, "/my-account/templates");
      await firm.getByRole("searchbox", { name: "Search templates" }).fill("Returning Deed");
      await expect(templateCard(firm, name)).toBeVisible();
      await firm.close();
    });
  });
}
