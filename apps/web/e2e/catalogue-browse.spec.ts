import { expect, test } from "@playwright/test";
import { chooseFolder, openCatalogue, openPreview, productIdByName, templateCard } from "./catalogue-support";
import { openDocuments, uniqueName } from "./documents-support";
import { OWNER } from "./support";

test.describe("template catalogue", () => {
  test.describe.configure({ timeout: 90_000 });

  test("browse by category, search, and find nothing", async ({ page }) => {
    await openCatalogue(page, OWNER);
    await expect(page.getByRole("heading", { name: "Our Templates", level: 1 })).toBeVisible();

    // The carousel opens a top-level category; its sub categories become sections.
    await page.locator(".category-carousel").getByRole("button", { name: "Trusts" }).first().click();
    await expect(page.getByRole("heading", { name: "Discretionary Trusts", level: 4 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unit Trusts", level: 4 })).toBeVisible();
    await expect(templateCard(page, "Discretionary Trust Deed")).toBeVisible();
    await expect(templateCard(page, "Simple Will")).toHaveCount(0);
    // Badges say what the interview does with the firm's apps: a trust's client comes from the
    // accounting file (Import Client); only a fund's templates take their fund from Simple Fund 360.
    const trustBadges = templateCard(page, "Discretionary Trust Deed").locator(".product-card__badges");
    await expect(trustBadges.getByText("Accounting integration", { exact: true })).toBeVisible();
    await expect(trustBadges.getByText("Simple Fund", { exact: true })).toHaveCount(0);
    await expect(page.locator(".catalogue-breadcrumb")).toContainText("Our Templates");
    await expect(page.locator(".catalogue-breadcrumb")).toContainText("Trusts");

    // Back to the whole catalogue through the breadcrumb, then search.
    await page.locator(".catalogue-breadcrumb").getByText("Our Templates").click();
    await page.getByRole("searchbox", { name: "Search templates" }).fill("  will ");
    await expect(templateCard(page, "Simple Will")).toBeVisible();
    await expect(templateCard(page, "Discretionary Trust Deed")).toHaveCount(0);
    // A will's testator is a person, not a client entity: no badge.
    await expect(templateCard(page, "Simple Will").locator(".product-card__badges")).toHaveCount(0);

    await page
      .getByRole("searchbox", { name: "Search templates" })
      .fill("self managed superannuation fund trust deed");
    const fundBadges = templateCard(page, "Self Managed Superannuation Fund Trust Deed").locator(
      ".product-card__badges",
    );
    await expect(fundBadges.getByText("Simple Fund", { exact: true })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search templates" }).fill("no such template zq");
    await expect(page.getByText("No documents found.")).toBeVisible();
  });

  test("preview a template: the PDF page is drawn, FAQ and Start Document are offered", async ({ page }) => {
    await openCatalogue(page, OWNER);
    await templateCard(page, "Mutual Non-Disclosure Agreement")
      .getByRole("button", { name: "Preview Mutual Non-Disclosure Agreement" })
      .click();
    const preview = page.getByRole("dialog", { name: "Mutual Non-Disclosure Agreement" });
    await expect(preview.getByRole("img", { name: "Page 1", exact: true })).toHaveAttribute(
      "data-rendered",
      "true",
      { timeout: 30_000 },
    );
    // The page is really drawn: the canvas holds non-white pixels.
    const inked = await preview.getByRole("img", { name: "Page 1", exact: true }).evaluate((node) => {
      const canvas = node as HTMLCanvasElement;
      const context = canvas.getContext("2d");
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await expect(preview.getByRole("button", { name: "Page 2" })).toBeVisible();
    await preview.getByRole("button", { name: "Page 2" }).click();
    await expect(preview.getByText("Page 2 of")).toBeVisible();

    // The FAQ section lists the product's questions from GET /api/faq/get-faq.
    const productId = await productIdByName(page, "Mutual Non-Disclosure Agreement");
    const faq = await page.request.get(`/api/faq/get-faq?product_id=${productId}`);
    const questions = ((await faq.json()) as { data: { body: { question: string }[] } }).data.body;
    expect(questions.length).toBeGreaterThan(0);
    await preview.getByRole("button", { name: "FAQ" }).click();
    await expect(preview.getByText(questions[0]?.question ?? "", { exact: true })).toBeVisible();
    await expect(preview.getByRole("button", { name: "How To Video" })).toHaveCount(0);
    // Best Practice opens this category in full: no price, Start Document.
    await expect(preview.getByRole("button", { name: "Start Document" })).toBeVisible();
    await expect(preview.getByText("inc. GST")).toHaveCount(0);
  });

  test("Create New > From Template: search, start a document and land on its interview", async ({ page }) => {
    await openDocuments(page, OWNER);
    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("menuitem", { name: "From Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a new document" });
    await expect(dialog.getByText("Our Templates").first()).toBeVisible();

    await dialog.getByRole("searchbox", { name: "Search templates" }).fill("disclosure");
    const card = templateCard(dialog, "Mutual Non-Disclosure Agreement");
    await expect(card).toBeVisible();
    await expect(templateCard(dialog, "Simple Will")).toHaveCount(0);
    // Outside a category the card links to its category.
    await expect(card.getByText("Business & Commercial")).toBeVisible();
    // About opens the preview over the dialog.
    await card.getByRole("button", { name: "About Mutual Non-Disclosure Agreement" }).click();
    const about = page.getByRole("dialog", { name: "Mutual Non-Disclosure Agreement" });
    await expect(about.getByRole("button", { name: "About Product" })).toBeVisible();
    await about.getByRole("button", { name: "Close" }).click();
    await expect(about).toHaveCount(0);
    await card.getByRole("button", { name: "Start Document" }).click();

    const wizard = page.getByRole("dialog", { name: "Start Mutual Non-Disclosure Agreement" });
    await expect(wizard.getByText("Document Name & Folder Location")).toBeVisible();
    const name = wizard.getByLabel("Document name");
    await name.fill("");
    await wizard.getByRole("button", { name: "Start Interview" }).click();
    await expect(wizard.getByText("Please input your document name!")).toBeVisible();
    // The folder defaults to My Documents, so only the name is asked for.
    await expect(wizard.getByText("Please select folder!")).toHaveCount(0);

    const documentName = uniqueName("NDA with supplier");
    await name.fill(documentName);
    await chooseFolder(wizard, "Clients");
    await wizard.getByRole("button", { name: "Start Interview" }).click();

    await expect(
      page.getByText("Your document has been created. Please complete the interview to fulfill it"),
    ).toBeVisible();
    await expect(page).toHaveURL(
      /\/my-account\/my-document\/template\?docId=\d+&templateIdentifier=mutual-nda/,
    );
  });

  test("products page: 'Search templates' suggests templates and opens the chosen one", async ({ page }) => {
    await openCatalogue(page, OWNER);
    await page.goto("/my-account/products");
    await expect(
      page.getByRole("heading", { name: "Welcome to unlimited options for when you have limited time." }),
    ).toBeVisible();
    await page.getByRole("combobox", { name: "Search templates" }).fill("will");
    // The visible suggestions (the accessible listbox holds only the active one).
    await page.locator(".ant-select-item-option").filter({ hasText: "Simple Will" }).click();
    await expect(page.getByRole("dialog", { name: "Simple Will" })).toBeVisible();
  });

  test("small screens: the carousel shows 4 then 2 categories, and the tree becomes a dropdown", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await openCatalogue(page, OWNER);
    const visibleSlides = page.locator(".category-carousel .slick-slide.slick-active");
    await expect(visibleSlides).toHaveCount(4);
    await page.setViewportSize({ width: 420, height: 900 });
    await expect(visibleSlides).toHaveCount(2);

    await expect(page.getByRole("navigation", { name: "Categories" })).toHaveCount(0);
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.locator(".ant-select-tree").getByTitle("Wills", { exact: true }).click();
    await expect(templateCard(page, "Simple Will")).toBeVisible();
    await expect(templateCard(page, "Mutual Non-Disclosure Agreement")).toHaveCount(0);
  });
});

// Issue 13, access: descriptions were cleaned by a hand-made block list that let `javascript:`
// links through inside SVG; only the CSP stopped them. The description below is what a careless
// or compromised editor could save; the page must keep the formatting and nothing that runs.
test("a template description keeps its formatting and loses anything that could run", async ({ page }) => {
  const payload = [
    "<p><strong>Kept bold</strong> and <a href='https://example.org/terms'>a web link</a>.</p>",
    `<svg><a xlink:href="javascript:alert('svg')"><text x="20" y="20">svg link</text></a></svg>`,
    `<svg><a><animate attributeName="href" values="javascript:alert('animate')"/><text>animated</text></a></svg>`,
    `<math><mi xlink:href="javascript:alert('math')">math link</mi></math>`,
    `<a href=" javascript:alert('plain')">plain js link</a>`,
    `<img src="x" onerror="alert('img')">`,
    `<p style="position:fixed;inset:0">styled</p>`,
  ].join("");
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.route(
    (url) => url.pathname === "/api/products",
    async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as { data: { rows: { name: string; description: string }[] } };
      for (const row of body.data.rows) {
        if (row.name === "Mutual Non-Disclosure Agreement") row.description = payload;
      }
      await route.fulfill({ response: reply, json: body });
    },
  );
  await openCatalogue(page, OWNER);
  const preview = await openPreview(page, "Mutual Non-Disclosure Agreement");
  const html = preview.locator(".catalogue-html").first();
  await expect(html.getByText("Kept bold")).toBeVisible();
  const link = html.getByRole("link", { name: "a web link" });
  await expect(link).toHaveAttribute("href", "https://example.org/terms");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  const left = await html.evaluate((root) => ({
    svg: root.querySelectorAll("svg, math, animate").length,
    scriptLinks: [...root.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => /javascript:/i.test(attribute.value)),
    ).length,
    handlers: [...root.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith("on")),
    ).length,
    styled: root.querySelectorAll("[style]").length,
  }));
  expect(left).toEqual({ svg: 0, scriptLinks: 0, handlers: 0, styled: 0 });
  // Clicking what is left runs nothing.
  await html.getByText("plain js link").click();
  expect(dialogs).toBe(0);
});
